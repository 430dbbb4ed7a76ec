/* calib_solve.c - the loggp parameters from all the OSU outputs given to
 * `shmemsim calibrate` (calib_fit.h says what each figure measures).
 * Each parameter comes from the most direct figure available; where a
 * second figure gives it too, a note says what that one gives. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "calib_fit.h"

const char *const calib_param_names[CALIB_NPARAMS] = {
    "o", "o-get", "o-quiet", "L", "bw", "o-recv", "shm-o", "shm-o-get",
    "shm-o-quiet", "shm-lat", "shm-bw", "shm-o-recv", "gap"};

/* The files of one side (inter- or intra-node) that fit something. */
typedef struct side {
    calib_input_t *put, *get, *mpi;    /* latencies */
    calib_input_t *bw, *put_bw;        /* osu_bw, osu_oshm_put_bw */
    calib_input_t *mr[2], *amo[2], *mbw[2];   /* rates: [0] one pair, [1] more */
    int k;           /* route latencies a put + quiet waits: 2 when a quiet
                        waits for the acknowledgements (calib_opts_t) */
    int base;        /* 0, or CALIB_SIDE: the side's parameters */
} side_t;


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
    return e->ok ? (e->hi - e->lo) / 2 : 0;
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
            [OSU_ATOMICS] = &d->amo[many], [OSU_PUT_BW] = &d->put_bw};
        /* the others are checks (calib_check.c), not fitted */
        if (slot[in[i].t.kind] && place(slot[in[i].t.kind], &in[i], where, err, errlen))
            return -1;
    }
    return 0;
}

/* o from one pair's rate. osu_oshm_put_mr times CALIB_MR_WINDOW puts and
 * the quiet after them, which waits for the last put (its latency less
 * o after its issue): 1/rate = o + (lat - o) / N. */
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
        v[n++] = put && put->small.ok ? (t - put->small.v / N) / (1 - 1 / N) : t;
    }
    calib_mean(v, n, e);
    snprintf(e->from, sizeof e->from, "%.120s%s", mr->per_msg.from,
             put ? ", less the quiet's latency per 500 puts" : "");
}

/* o: the time per put of a stream of them, one pair. */
static void overhead(const side_t *s, calib_est_t *e, calib_result_t *r)
{
    const char *name = calib_param_names[s->base + CALIB_O];
    if (s->put_bw) {
        *e = s->put_bw->per_msg;
        snprintf(e->from + strlen(e->from), sizeof e->from - strlen(e->from),
                 " (the window's quiet left in)");
    } else if (s->mr[0]) {
        o_from_mr(s->mr[0], s->put, e);
    } else if (s->amo[0]) {
        *e = s->amo[0]->per_msg;
    } else if (s->mbw[0]) {
        *e = s->mbw[0]->per_msg;
        note(r, "%s comes from MPI's message rate (osu_mbw_mr): an MPI send's "
             "overhead, not a put's", name);
    } else {
        nope(e, "no one-pair rate of puts (osu_oshm_put_bw, osu_oshm_put_mr, or "
             "osu_oshm_atomics with one pair)");
    }
}

static void from_slope(const calib_input_t *f, calib_est_t *e)
{
    const calib_line_t *l = &f->line;
    if (l->b <= 0) {
        nope(e, "the latencies of %s do not grow with size", calib_base_name(f->path));
        return;
    }
    set(e, 1 / l->b, 0, l->r2, l->rms, l->n);
    e->lo = 1 / (l->b + l->hb);
    e->hi = l->b > l->hb ? 1 / (l->b - l->hb) : INFINITY;
    snprintf(e->from, sizeof e->from, "%s: 1/slope", calib_base_name(f->path));
}

static void bandwidth(const side_t *s, calib_est_t *e, calib_result_t *r)
{
    const calib_input_t *line = s->put ? s->put : s->get ? s->get : s->mpi;
    const calib_input_t *top = s->bw ? s->bw : s->mbw[0] ? s->mbw[0] : s->put_bw;
    if (top)
        *e = top->plateau;
    else if (line)
        from_slope(line, e);
    else
        nope(e, "no latency or bandwidth figures");
    if (line && top && line->line.b > 0)
        note(r, "the slope of %s gives %.4g GB/s (the plateau %.4g GB/s)",
             calib_base_name(line->path), 1e-9 / line->line.b, e->v * 1e-9);
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
             "known", calib_base_name(f->path));
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

/* The 8-byte latency of f less its bandwidth term; NAN without one. */
static double at8(const calib_input_t *f, const calib_est_t *bw)
{
    if (!f || !f->small.ok)
        return NAN;
    return f->small.v - (bw->ok ? CALIB_SMALL_BYTES / bw->v : 0);
}

/* What the put and the get leave once o is known: o_get + 2L = get and
 * k L + o_quiet = put - o. o_get = o (a get is handed to the NIC as a
 * put is) gives L from the get; where that leaves L or o_quiet negative
 * (a get faster than a put's issue: within a node a get is the PE's own
 * load), L is the largest both allow and o_get, o_quiet what remains. */
typedef struct costs {
    double L, o_get, o_quiet;
    int assumed;   /* o_get = o was taken */
} costs_t;

static int split(double put, double get, double o, int k, costs_t *c)
{
    c->assumed = 1;
    c->o_get = o;
    c->L = (get - o) / 2;
    c->o_quiet = put - o - k * c->L;
    if (c->L > 0 && c->o_quiet >= 0)
        return 0;
    c->assumed = 0;
    c->L = fmin(get / 2, (put - o) / k);
    c->o_get = get - 2 * c->L;
    c->o_quiet = put - o - k * c->L;
    return c->L > 0 ? 0 : -1;
}

static void from(calib_est_t *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void from(calib_est_t *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->from, sizeof e->from, fmt, ap);
    va_end(ap);
}

/* L, o_get and o_quiet of a side from its 8-byte put and get. */
static void latencies(const side_t *s, calib_result_t *r)
{
    calib_est_t *p = &r->p[s->base], *o = &p[CALIB_O], *bw = &p[CALIB_BW];
    calib_est_t *L = &p[CALIB_L], *og = &p[CALIB_O_GET], *oq = &p[CALIB_O_QUIET];
    const char *const *nm = &calib_param_names[s->base];
    double put = at8(s->put, bw), get = at8(s->get, bw), ov = o->ok ? o->v : 0;
    double hp = s->put ? half(&s->put->small) : 0, hg = s->get ? half(&s->get->small) : 0;
    const char *acks = s->k > 1 ? ", a quiet waiting for the acks (order=adaptive)" : "";
    costs_t c;
    if (!o->ok)
        note(r, "%s is not determined: taken as 0 to split the latencies", nm[CALIB_O]);
    nope(og, "osu_oshm_get gives it with %s (o-get + 2 %s)", nm[CALIB_L], nm[CALIB_L]);
    nope(oq, "osu_oshm_put and osu_oshm_get together give it (put + quiet - "
         "o - %s, %s from the get)", nm[CALIB_L], nm[CALIB_L]);
    if (!isnan(put) && !isnan(get)) {
        if (split(put, get, ov, s->k, &c)) {
            nope(L, "put + quiet (%.4g us) is not above %s (%.4g us)", put * 1e6,
                 nm[CALIB_O], ov * 1e6);
            return;
        }
        set(L, c.L, hypot(hg, half(o)) / 2, NAN, NAN, s->get->small.n);
        from(L, "(get - %s) / 2, 8 B%s", c.assumed ? nm[CALIB_O] : nm[CALIB_O_GET],
             c.assumed ? "" : ": the most put and get allow");
        set(og, c.o_get, c.assumed ? half(o) : hg, NAN, NAN, s->get->small.n);
        from(og, c.assumed ? "taken as %s: the get's issue is the put's"
                           : "get - 2 %s, 8 B", c.assumed ? nm[CALIB_O] : nm[CALIB_L]);
        set(oq, c.o_quiet, hypot(hp, s->k * half(L)), NAN, NAN, s->put->small.n);
        from(oq, "put + quiet - %s - %d %s, 8 B%s", nm[CALIB_O], s->k, nm[CALIB_L], acks);
        if (!c.assumed)
            note(r, "%s = %s would leave %s negative (the get, %.4g us, is quicker "
                 "than the put's issue allows): %s is the most put and get allow",
                 nm[CALIB_O_GET], nm[CALIB_O], nm[CALIB_L], get * 1e6, nm[CALIB_L]);
        return;
    }
    const calib_input_t *f = s->put ? s->put : s->get ? s->get : s->mpi;
    if (!f || !f->small.ok) {
        nope(L, "no latency at 8 B or less (osu_oshm_put, osu_oshm_get or osu_latency)");
        return;
    }
    double a = at8(f, bw), div = f == s->get ? 2 : f == s->put ? s->k : 1;
    set(L, (a - ov) / div, hypot(half(&f->small), half(o)) / div, NAN, NAN, f->small.n);
    from(L, "(%s - %s) / %g, 8 B%s", calib_base_name(f->path), nm[CALIB_O], div,
         f == s->put ? acks : "");
    if (f == s->put)
        note(r, "%s is taken as 0: give osu_oshm_get to separate it from %s",
             nm[CALIB_O_QUIET], nm[CALIB_L]);
    if (f == s->mpi)
        note(r, "%s comes from MPI's latency (osu_latency), which includes the "
             "receiver's overhead", nm[CALIB_L]);
    if (L->v <= 0)
        nope(L, "%s's 8-byte latency (%.4g us) is not above %s (%.4g us)",
             calib_base_name(f->path), a * 1e6, nm[CALIB_O], ov * 1e6);
}

/* MPI's 8-byte latency is its send's cost (osu_bw's time per message at
 * the smallest sizes, else o), L and the receiver's handling: o_recv. */
static void o_recv(const side_t *s, calib_result_t *r)
{
    calib_est_t *p = &r->p[s->base], *e = &p[CALIB_O_RECV], *L = &p[CALIB_L];
    const calib_est_t *o = &p[CALIB_O];
    double mpi = at8(s->mpi, &p[CALIB_BW]);
    if (isnan(mpi) || !L->ok) {
        nope(e, "MPI's 8-byte latency less its send and %s: give osu_latency "
             "(and osu_bw) of the same %s", calib_param_names[s->base + CALIB_L],
             s->base ? "node" : "nodes");
        return;
    }
    int rate = s->bw && s->bw->per_msg.ok;
    const calib_est_t *send = rate ? &s->bw->per_msg : o;
    r->mpi_send[s->base ? 1 : 0] = send->ok ? send->v : 0;
    double d = mpi - (send->ok ? send->v : 0) - L->v;
    if (d <= 0) {
        nope(e, "MPI's 8-byte latency (%.4g us) is not above its send (%.4g us) "
             "and %s (%.4g us)", mpi * 1e6, send->ok ? send->v * 1e6 : 0,
             calib_param_names[s->base + CALIB_L], L->v * 1e6);
        return;
    }
    set(e, d, hypot(half(&s->mpi->small), hypot(half(send), half(L))), NAN, NAN,
        s->mpi->small.n);
    from(e, "%s - %s - %s, 8 B", calib_base_name(s->mpi->path),
         rate ? "1/rate of osu_bw" : calib_param_names[s->base + CALIB_O],
         calib_param_names[s->base + CALIB_L]);
}

static void solve_side(side_t *s, calib_result_t *r)
{
    calib_est_t *p = &r->p[s->base];
    bandwidth(s, &p[CALIB_BW], r);
    overhead(s, &p[CALIB_O], r);
    latencies(s, r);
    o_recv(s, r);
}

int calib_solve(calib_input_t *in, size_t n, const calib_opts_t *o,
                calib_result_t *r, char *err, size_t errlen)
{
    side_t s[2];
    memset(r, 0, sizeof *r);
    if (sort(in, n, s, err, errlen))
        return -1;
    /* Within a node a quiet waits for no acknowledgement: a store there
     * is complete once it has landed (sim/shmem/ss_order.c). */
    s[0].k = o->unordered ? 2 : 1;
    s[1].k = 1;
    s[1].base = CALIB_SIDE;
    solve_side(&s[0], r);
    gap(&s[0], &r->p[CALIB_O], &r->p[CALIB_GAP]);
    int intra = 0;
    for (size_t i = 0; i < n; i++)
        intra |= in[i].side == CALIB_INTRA;
    if (!intra) {
        for (int k = CALIB_SHM_O; k <= CALIB_SHM_O_RECV; k++)
            nope(&r->p[k], "no intra-node figures (--intra FILE)");
        return 0;
    }
    solve_side(&s[1], r);
    return 0;
}
