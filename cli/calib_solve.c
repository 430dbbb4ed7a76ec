/* calib_solve.c - the loggp parameters from all the OSU outputs given to
 * `shmemsim calibrate` (calib_fit.h says what each figure measures).
 * Each parameter comes from the most direct figure available; where a
 * second figure gives it too, a note says what that one gives. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "calib_fit.h"

/* The files of one side (inter- or intra-node), by what they measure. */
typedef struct side {
    calib_input_t *put, *get, *mpi;    /* latency lines */
    calib_input_t *bw;                 /* osu_bw */
    calib_input_t *mr[2], *amo[2], *mbw[2];   /* rates: [0] one pair, [1] more */
    int unordered;   /* a quiet waits for acknowledgements (calib_opts_t) */
} side_t;

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void note(calib_result_t *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void note(calib_result_t *r, const char *fmt, ...)
{
    va_list ap;
    if (r->nnotes == CALIB_MAXNOTES)
        return;
    va_start(ap, fmt);
    vsnprintf(r->notes[r->nnotes++], sizeof r->notes[0], fmt, ap);
    va_end(ap);
}

static void nope(calib_est_t *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void nope(calib_est_t *e, const char *fmt, ...)
{
    va_list ap;
    memset(e, 0, sizeof *e);
    e->r2 = e->rms = NAN;
    va_start(ap, fmt);
    vsnprintf(e->why, sizeof e->why, fmt, ap);
    va_end(ap);
}

static void set(calib_est_t *e, double v, double half, double r2, double rms,
                size_t n)
{
    memset(e, 0, sizeof *e);
    e->ok = 1;
    e->v = v;
    e->lo = v - half;
    e->hi = v + half;
    e->r2 = r2;
    e->rms = rms;
    e->n = n;
}

static double half(const calib_est_t *e)
{
    return (e->hi - e->lo) / 2;
}

static int place(calib_input_t **slot, calib_input_t *in, const char *side,
                 char *err, size_t errlen)
{
    if (*slot) {
        snprintf(err, errlen, "%s:%d: a second %s %s output (the first is %s): "
                 "give one file per benchmark and pair count", in->path,
                 in->t.header_line, side, osu_kind_name(in->t.kind), (*slot)->path);
        return -1;
    }
    *slot = in;
    return 0;
}

static int sort(calib_input_t *in, size_t n, side_t s[2], char *err, size_t errlen)
{
    memset(s, 0, 2 * sizeof *s);
    for (size_t i = 0; i < n; i++) {
        side_t *d = &s[in[i].side];
        const char *where = in[i].side == CALIB_INTRA ? "intra-node" : "inter-node";
        int many = in[i].pairs > 1;
        calib_input_t **slot[OSU_NKINDS] = {
            [OSU_LATENCY] = &d->mpi, [OSU_BW] = &d->bw, [OSU_MBW_MR] = &d->mbw[many],
            [OSU_PUT] = &d->put, [OSU_GET] = &d->get, [OSU_PUT_MR] = &d->mr[many],
            [OSU_ATOMICS] = &d->amo[many]};
        if (place(slot[in[i].t.kind], &in[i], where, err, errlen))
            return -1;
    }
    return 0;
}

/* o from one pair's rate. osu_oshm_put_mr times CALIB_MR_WINDOW puts and
 * the quiet after them, which waits for the last put (a + m b - o after
 * its issue): 1/rate = o + (a + m b - o) / N. */
static void o_from_mr(const calib_input_t *mr, const calib_input_t *put,
                      calib_est_t *e)
{
    const double N = CALIB_MR_WINDOW;
    double v[64];
    size_t n = 0;
    memset(e, 0, sizeof *e);
    for (size_t i = 0; i < mr->t.n && n < 64; i++) {
        const osu_row_t *r = &mr->t.rows[i];
        if (r->bytes > CALIB_SMALL_BYTES)
            continue;
        double t = 1.0 / r->rate;
        v[n++] = put ? (t - (put->line.a + (double)r->bytes * put->line.b) / N) /
                       (1 - 1 / N) : t;
    }
    calib_mean(v, n, e);
    snprintf(e->from, sizeof e->from, "%.120s%s", mr->per_msg.from,
             put ? ", less the quiet's latency per 500 puts" : "");
}

/* The parameters' names on side k, for notes. */
static const char *const o_name[2] = {"o", "shm-o"}, *const l_name[2] = {"L", "shm-lat"};

static void overhead(const side_t *s, int k, calib_est_t *e, calib_result_t *r)
{
    if (s->mr[0])
        o_from_mr(s->mr[0], s->put, e);
    else if (s->amo[0])
        *e = s->amo[0]->per_msg;
    else if (s->put && s->get && !s->unordered) {
        /* a_put = o + L and a_get = o + 2L */
        const calib_line_t *p = &s->put->line, *g = &s->get->line;
        set(e, 2 * p->a - g->a, hypot(2 * p->ha, g->ha), NAN, NAN, p->n + g->n);
        snprintf(e->from, sizeof e->from, "2 a(%s) - a(%s)", base_name(s->put->path),
                 base_name(s->get->path));
        if (e->v <= 0)
            nope(e, "2 a(put) - a(get) = %.3g us is not positive", e->v * 1e6);
        return;
    } else if (s->mbw[0]) {
        *e = s->mbw[0]->per_msg;
        note(r, "%s comes from MPI's message rate (osu_mbw_mr): an MPI send's "
             "overhead, not a put's", o_name[k]);
    } else {
        nope(e, "no one-pair message rate (osu_oshm_put_mr or osu_oshm_atomics "
             "with one pair)%s", s->unordered ? " (with order=adaptive a put + "
             "quiet costs as much as a get: the two do not separate o)"
             : " and not both osu_oshm_put and osu_oshm_get");
        return;
    }
    if (s->put && s->get && !s->unordered) {
        double o2 = 2 * s->put->line.a - s->get->line.a;
        note(r, "%s from the put and get latencies (2 a_put - a_get): %.4g us "
             "(the rate gives %.4g us)", o_name[k], o2 * 1e6, e->v * 1e6);
    }
}

/* L = a - o, a = o + L from the put line (or the get's a = o + 2L, or
 * MPI's latency); a = o + 2L for a put when a quiet waits for the
 * acknowledgements. */
static void latency(const side_t *s, int k, const calib_est_t *o, calib_est_t *e,
                    calib_result_t *r)
{
    const calib_input_t *f = s->put ? s->put : s->get ? s->get : s->mpi;
    if (!f) {
        nope(e, "no latency figures (osu_oshm_put, osu_oshm_get or osu_latency)");
        return;
    }
    const calib_line_t *l = &f->line;
    int acks = f == s->put && s->unordered;
    double div = f == s->get || acks ? 2 : 1, ov = o->ok ? o->v : 0;
    set(e, (l->a - ov) / div, hypot(l->ha, o->ok ? half(o) : 0) / div, l->r2, l->rms, l->n);
    snprintf(e->from, sizeof e->from, "%sa(%s) - %s%s%s, a = %.4g us%s",
             div > 1 ? "(" : "", base_name(f->path), o_name[k], o->ok ? "" : " (= 0)",
             div > 1 ? ") / 2" : "", l->a * 1e6,
             acks ? " (order=adaptive: the quiet waits for the acks)" : "");
    if (!o->ok)
        note(r, "%s is not determined: %s is taken from the intercept a of %s "
             "as if %s were 0", o_name[k], l_name[k], base_name(f->path), o_name[k]);
    if (f == s->mpi)
        note(r, "%s comes from MPI's latency (osu_latency), which includes the "
             "receiver's overhead", l_name[k]);
    if (e->v <= 0)
        nope(e, "a - o = %.4g us is not positive: o (%.4g us) is not below the "
             "latency's intercept a (%.4g us)", e->v * 1e6, ov * 1e6, l->a * 1e6);
}

static void from_slope(const calib_input_t *f, calib_est_t *e)
{
    const calib_line_t *l = &f->line;
    if (l->b <= 0) {
        nope(e, "the latencies of %s do not grow with size", base_name(f->path));
        return;
    }
    set(e, 1 / l->b, 0, l->r2, l->rms, l->n);
    e->lo = 1 / (l->b + l->hb);
    e->hi = l->b > l->hb ? 1 / (l->b - l->hb) : INFINITY;
    snprintf(e->from, sizeof e->from, "%s: 1/slope", base_name(f->path));
}

static void bandwidth(const side_t *s, calib_est_t *e, calib_result_t *r)
{
    const calib_input_t *line = s->put ? s->put : s->get ? s->get : s->mpi;
    if (s->bw || s->mbw[0])
        *e = (s->bw ? s->bw : s->mbw[0])->plateau;
    else if (line)
        from_slope(line, e);
    else
        nope(e, "no latency or bandwidth figures");
    if (line && (s->bw || s->mbw[0]) && line->line.b > 0)
        note(r, "the slope of %s gives %.4g GB/s (the plateau %.4g GB/s)",
             base_name(line->path), 1e-9 / line->line.b, e->v * 1e-9);
}

/* The node's NIC: K pairs of one node together, against K times one. */
static void gap(const side_t *s, const calib_est_t *o, calib_est_t *e)
{
    const calib_input_t *f = s->mr[1] ? s->mr[1] : s->amo[1] ? s->amo[1] : s->mbw[1];
    if (!f) {
        nope(e, "no message rate with several pairs on a node (osu_oshm_put_mr or "
             "osu_oshm_atomics with --pairs K, K PEs per node); 0 = no separate gap");
        return;
    }
    if (!o->ok) {
        nope(e, "o is not determined, so whether %s saturates the node is not "
             "known", base_name(f->path));
        return;
    }
    double per_msg = f->per_msg.v, scale = o->v / per_msg;   /* rate / one PE's */
    if (per_msg < o->v / (CALIB_SATURATED * f->pairs)) {
        nope(e, "%d pairs reach %.2f x one pair's rate: the NIC did not saturate "
             "(gap <= %.4g ns; 0 = no separate gap)", f->pairs, scale, per_msg * 1e9);
        return;
    }
    *e = f->per_msg;
    snprintf(e->from, sizeof e->from, "%.150s, saturated (%.2f x one pair)",
             f->per_msg.from, scale);
}

/* MPI's 8-byte latency holds the receiver's matching of the message; a
 * put's does not (but holds the acknowledgement's route latency L when
 * unordered). */
static void o_recv(const side_t *s, int k, const calib_est_t *L, calib_est_t *e)
{
    if (!s->mpi || !s->put) {
        nope(e, "SHMEM's point-to-point figures do not show it (MPI's 8-byte "
             "latency - the put's: give osu_latency and osu_oshm_put of the "
             "same %s)", k ? "node" : "nodes");
        return;
    }
    const calib_line_t *m = &s->mpi->line, *p = &s->put->line;
    double x = CALIB_SMALL_BYTES, d = m->a + x * m->b - (p->a + x * p->b);
    if (s->unordered && !L->ok) {
        nope(e, "the put's acknowledgement (L) is not known");
        return;
    }
    d += s->unordered ? L->v : 0;
    if (d <= 0) {
        nope(e, "MPI's 8-byte latency is not above the put's (%.4g us less)",
             -d * 1e6);
        return;
    }
    set(e, d, hypot(calib_line_half(m, x), calib_line_half(p, x)), NAN, NAN,
        m->n + p->n);
    snprintf(e->from, sizeof e->from, "lat(8 B): %s - %s", base_name(s->mpi->path),
             base_name(s->put->path));
}

int calib_solve(calib_input_t *in, size_t n, const calib_opts_t *o,
                calib_result_t *r, char *err, size_t errlen)
{
    side_t s[2];
    memset(r, 0, sizeof *r);
    if (sort(in, n, s, err, errlen))
        return -1;
    /* Within a node a quiet waits for no acknowledgement: a store there
     * is complete once it has landed (sim/ss_order.c). */
    s[0].unordered = o->unordered;
    s[1].unordered = 0;
    overhead(&s[0], 0, &r->p[CALIB_O], r);
    latency(&s[0], 0, &r->p[CALIB_O], &r->p[CALIB_L], r);
    bandwidth(&s[0], &r->p[CALIB_BW], r);
    gap(&s[0], &r->p[CALIB_O], &r->p[CALIB_GAP]);
    o_recv(&s[0], 0, &r->p[CALIB_L], &r->p[CALIB_O_RECV]);
    int intra = 0;
    for (size_t i = 0; i < n; i++)
        intra |= in[i].side == CALIB_INTRA;
    if (!intra) {
        for (int k = CALIB_SHM_O; k <= CALIB_SHM_O_RECV; k++)
            nope(&r->p[k], "no intra-node figures (--intra FILE)");
        return 0;
    }
    overhead(&s[1], 1, &r->p[CALIB_SHM_O], r);
    latency(&s[1], 1, &r->p[CALIB_SHM_O], &r->p[CALIB_SHM_LAT], r);
    bandwidth(&s[1], &r->p[CALIB_SHM_BW], r);
    o_recv(&s[1], 1, &r->p[CALIB_SHM_LAT], &r->p[CALIB_SHM_O_RECV]);
    return 0;
}
