/* predict_engine.c - the loggp engine of the fcollect and collect forms
 * (predict.h, ss_lg_*): each member's program played out on its own
 * clock, issues d = max(o, g) apart, links shared equally among the
 * messages passing them, signals applied in the simulator's order and
 * charged o_recv. predict_fcollect.c says what each cost is. */
#include "predict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define F 8.0

/* ---- loggp: costs, and the engine's helpers (predict.h) ------------------ */

int ss_lg_on(const ss_ab_t *ab)
{
    return ab->o > 0 || ab->g > 0 || ab->o_recv > 0;
}

double ss_lg_step(const ss_ab_t *ab)
{
    return ab->o > ab->g ? ab->o : ab->g;
}

/* The flag leaves d after the put: if the put is still passing it
 * shares the link and both are through at (m + F)beta, else it goes
 * alone. Signal mode: one message of m + F bytes. */
double ss_lg_pair(const ss_ab_t *ab, double m)
{
    double d = ss_lg_step(ab);
    if (ab->signal && m > 0)
        return ab->alpha + (m + F) * ab->beta;
    return ab->alpha + (m + F) * ab->beta +
           (d > m * ab->beta ? d - m * ab->beta : 0.0);
}

int ss_lg_grow(void *pp, int *cap, int n, size_t size)
{
    void **p = pp, *q;
    int c = *cap ? 2 * *cap : 8;
    if (n < *cap)
        return 0;
    while (c <= n)
        c *= 2;
    if (!(q = realloc(*p, (size_t)c * size)))
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int before(ss_lg_key_t a, ss_lg_key_t b)   /* ties: the lower x */
{
    return a.k < b.k || (a.k == b.k && a.x < b.x);
}

int ss_lg_append(ss_lg_vec_t *v, double k, int x)
{
    if (ss_lg_grow(&v->v, &v->cap, v->n, sizeof *v->v))
        return -1;
    v->v[v->n++] = (ss_lg_key_t){k, x};
    return 0;
}

int ss_lg_push(ss_lg_vec_t *h, double k, int x)
{
    ss_lg_key_t e = {k, x};
    int i = h->n;
    if (ss_lg_append(h, k, x))
        return -1;
    for (; i > 0 && before(e, h->v[(i - 1) / 2]); i = (i - 1) / 2)
        h->v[i] = h->v[(i - 1) / 2];
    h->v[i] = e;
    return 0;
}

ss_lg_key_t ss_lg_pop(ss_lg_vec_t *h)
{
    ss_lg_key_t top = h->v[0], last = h->v[--h->n];
    int i = 0;
    for (int c; (c = 2 * i + 1) < h->n; i = c) {
        c += c + 1 < h->n && before(h->v[c + 1], h->v[c]);
        if (!before(h->v[c], last))
            break;
        h->v[i] = h->v[c];
    }
    h->v[i] = last;
    return top;
}

static int by_key(const void *a, const void *b)
{
    double d = ((const ss_lg_key_t *)a)->k - ((const ss_lg_key_t *)b)->k;
    return (d > 0) - (d < 0);
}

void ss_lg_sort(ss_lg_key_t *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_key);
}

/* keys[i] with their index, sorted; NULL when out of memory. */
ss_lg_key_t *ss_lg_sorted(int m, const double *keys)
{
    ss_lg_key_t *o = malloc(((size_t)m + 1) * sizeof *o);
    for (int i = 0; o && i < m; i++)
        o[i] = (ss_lg_key_t){keys[i], i};
    if (o)
        ss_lg_sort(o, m);
    return o;
}

/* Processor sharing of a member's link in virtual time: v grows by dt/n
 * while n messages share it, and a message is through when v reaches its
 * tag (v at its arrival plus its transfer time alone). line: how many
 * shared it when. */
int ss_lg_share(const ss_ab_t *ab, int m, const double *arrive,
                const double *bytes, double *done, ss_lg_vec_t *line)
{
    ss_lg_key_t *ord = ss_lg_sorted(m, arrive);
    ss_lg_vec_t h = {0};
    double t = 0, v = 0;
    int rc = ord ? 0 : -1;
    line->n = 0;
    for (int next = 0; rc == 0 && (next < m || h.n > 0);) {
        double ta = next < m ? ord[next].k : INFINITY;
        double tf = h.n ? t + (h.v[0].k - v) * h.n : INFINITY;
        if (tf <= ta) {
            v = h.v[0].k;
            t = tf;
            done[ss_lg_pop(&h).x] = t;
        } else {
            v += h.n ? (ta - t) / h.n : 0;
            t = ta;
            rc = ss_lg_push(&h, v + bytes[ord[next].x] * ab->beta, ord[next].x);
            next++;
        }
        if (line->n > 0 && line->v[line->n - 1].k >= t)
            line->v[line->n - 1].x = h.n;
        else
            rc |= ss_lg_append(line, t, h.n);
    }
    free(ord);
    free(h.v);
    return rc;
}

/* Where the link's busy period holding `from` began: the last arrival
 * at or before it that found every earlier piece through. What was
 * through by then shares nothing with what follows. */
double ss_lg_busy_since(int n, const double *arrive, const double *done,
                        double from)
{
    ss_lg_key_t *o = ss_lg_sorted(n, arrive);
    double cut = -INFINITY, busy = -INFINITY;
    for (int k = 0; o && k < n && o[k].k <= from; k++) {
        cut = busy <= o[k].k ? o[k].k : cut;
        busy = done[o[k].x] > busy ? done[o[k].x] : busy;
    }
    free(o);
    return cut;
}

/* ---- the loggp engine (predict.h), for the forms whose members drift ---- */

/* A piece on its way to a member: it reaches the member's link at
 * arrive; up: when it would be through on its sender's link alone. */
typedef struct lg_piece {
    double arrive, bytes, up, done;
    int from, seq, sig;   /* sig: its flag (set when that is issued) */
    int flag, applied;    /* flag: the flag itself */
} lg_piece_t;

typedef struct lg_sig {
    int tag, counted;
} lg_sig_t;

/* A piece a member issued, while it may share the member's link with
 * its next ones; seq names it at its target. */
typedef struct lg_out {
    double arrive, bytes, up;
    int to, seq;
} lg_out_t;

typedef struct lg_pe {
    double clock, debt, nic;   /* debt: CPU time owed from clock on */
    int step, tag, need, have, waiting, queued, dirty, ended;
    int np, cp, ns, cs, no, co, seq;
    lg_piece_t *in;
    lg_sig_t *sig;
    lg_out_t *out;
    ss_lg_vec_t line;   /* its link, as its last issues shared it */
} lg_pe_t;

typedef struct lg_issue {
    int to, tag;   /* tag >= 0: a flag */
    double bytes;
} lg_issue_t;

struct ss_lg_eng {
    const ss_ab_t *ab;
    int p, err, ntr, ctr, tag, need;
    lg_pe_t *pe;
    lg_issue_t *tr;   /* the issues of the member being stepped */
    ss_lg_vec_t heap; /* waiting members by (a bound on) when they are done */
    ss_lg_prog_t prog;
    void *arg;
};

static void lg_issue(ss_lg_eng_t *e, int to, double bytes, int tag)
{
    if (ss_lg_grow(&e->tr, &e->ctr, e->ntr, sizeof *e->tr))
        e->err = 1;
    else
        e->tr[e->ntr++] = (lg_issue_t){to, tag, bytes};
}

void ss_lg_to_put(ss_lg_eng_t *e, int to, double bytes)
{
    ss_lg_to_chunks(e, to, bytes, INFINITY);
}

void ss_lg_to_chunks(ss_lg_eng_t *e, int to, double bytes, double chunk)
{
    for (; bytes > 0; bytes -= chunk)
        lg_issue(e, to, bytes < chunk ? bytes : chunk, -1);
}

/* Signal mode: the last part put to `to` since its last flag carries
 * the flag instead (shcoll_put_flag's put with signal; the parts of
 * fcollect/engines.h hold it back so that it leaves where the flag
 * would have): it moves to the end, F bytes heavier. A flag with no part
 * before it is its own message, as in the simulator. */
void ss_lg_to_flag(ss_lg_eng_t *e, int to, int tag)
{
    int last = -1;
    for (int i = e->ntr - 1; e->ab->signal && i >= 0; i--)
        if (e->tr[i].to == to) {
            last = e->tr[i].tag < 0 ? i : -1;
            break;
        }
    if (last < 0) {
        lg_issue(e, to, F, tag);
        return;
    }
    lg_issue_t is = e->tr[last];
    memmove(&e->tr[last], &e->tr[last + 1],
            (size_t)(e->ntr - 1 - last) * sizeof *e->tr);
    e->tr[e->ntr - 1] = (lg_issue_t){to, tag, is.bytes + F};
}

void ss_lg_wait(ss_lg_eng_t *e, int tag, int need)
{
    e->tag = tag;
    e->need = need;
}

/* The most of a link piece q may take at t: its share of its sender's
 * link (one more sharer once that link had it through); *next: when
 * that may change. */
static double lg_cap(const ss_lg_eng_t *e, const lg_piece_t *q, double t,
                     double *next)
{
    const ss_lg_vec_t *l = &e->pe[q->from].line;
    int lo = 0, hi = l->n;   /* the first step after t */
    while (lo < hi)
        if (l->v[(lo + hi) / 2].k <= t)
            lo = (lo + hi) / 2 + 1;
        else
            hi = (lo + hi) / 2;
    int n = lo > 0 ? l->v[lo - 1].x : 0;
    *next = lo < l->n ? l->v[lo].k : INFINITY;
    if (t >= q->up)
        return 1.0 / (n + 1);
    *next = q->up < *next ? q->up : *next;
    return n > 0 ? 1.0 / n : 1.0;
}

/* The rates at t of the na pieces act[] on a member's link: each what
 * its cap allows, the rest shared equally (max-min over the two links a
 * piece crosses, its sender's seen through its cap); the next time one
 * is through or a cap changes (at most tn). */
static double lg_rates(const ss_lg_eng_t *e, const lg_pe_t *pe, int na,
                       const int *act, const double *left, ss_lg_key_t *cap,
                       double *rate, double t, double tn)
{
    double room = 1, nb;
    for (int k = 0; k < na; k++) {
        cap[k] = (ss_lg_key_t){lg_cap(e, &pe->in[act[k]], t, &nb), act[k]};
        tn = nb < tn ? nb : tn;
    }
    ss_lg_sort(cap, na);
    for (int j = 0; j < na; j++) {
        double fair = room / (na - j);
        rate[cap[j].x] = cap[j].k < fair ? cap[j].k : fair;
        room -= rate[cap[j].x];
    }
    for (int k = 0; k < na; k++)
        if (t + left[act[k]] / rate[act[k]] < tn)
            tn = t + left[act[k]] / rate[act[k]];
    return tn;
}

/* Many pieces on one link, or from a sender whose link many share (the
 * all-to-one and one-to-all patterns of linear and direct, where one of
 * the two links is the bottleneck throughout): equal shares, no piece
 * faster than its sender's link let it. Capping each piece over time
 * would cost O(pieces x the sender's sharing steps) there. */
static int lg_fill_many(const ss_lg_eng_t *e, lg_pe_t *pe)
{
    int n = pe->np, rc = -1;
    double *a = malloc((3 * (size_t)n + 1) * sizeof *a);
    ss_lg_vec_t line = {0};
    for (int i = 0; a && i < n; i++) {
        a[i] = pe->in[i].arrive;
        a[n + i] = pe->in[i].bytes;
    }
    if (a && !(rc = ss_lg_share(e->ab, n, a, a + n, a + 2 * n, &line)))
        for (int i = 0; i < n; i++)
            pe->in[i].done = a[2 * n + i] > pe->in[i].up ? a[2 * n + i]
                                                         : pe->in[i].up;
    free(a);
    free(line.v);
    return rc;
}

/* When each piece on its way to member pe is through its link. */
static int lg_fill(const ss_lg_eng_t *e, lg_pe_t *pe)
{
    int many = pe->np > 64;
    for (int i = 0; i < pe->np && !many; i++)
        many = e->pe[pe->in[i].from].line.n > 256;
    if (many)
        return lg_fill_many(e, pe);
    int n = pe->np, na = 0, next = 0;
    int *act = malloc(((size_t)n + 1) * sizeof *act);
    double *left = malloc((2 * (size_t)n + 1) * sizeof *left), t = -INFINITY;
    ss_lg_key_t *cap = malloc(((size_t)n + 1) * sizeof *cap), *ord = NULL;
    for (int i = 0; left && i < n; i++)
        left[i] = pe->in[i].arrive;
    if (act && left && cap)
        ord = ss_lg_sorted(n, left);
    while (ord && (next < n || na > 0)) {
        t = na == 0 && ord[next].k > t ? ord[next].k : t;
        for (; next < n && ord[next].k <= t; next++) {
            act[na++] = ord[next].x;
            left[ord[next].x] = pe->in[ord[next].x].bytes * e->ab->beta;
        }
        double *rate = left + n, tn = next < n ? ord[next].k : INFINITY;
        tn = lg_rates(e, pe, na, act, left, cap, rate, t, tn);
        for (int k = 0; k < na;) {   /* a millionth of a byte: rounding */
            left[act[k]] -= rate[act[k]] * (tn - t);
            if (left[act[k]] > 1e-6 * e->ab->beta)
                k++;
            else
                pe->in[act[k]].done = tn, act[k] = act[--na];
        }
        t = tn;
    }
    int rc = ord ? 0 : -1;
    free(act);
    free(left);
    free(cap);
    free(ord);
    return rc;
}

/* Member x, blocked since its clock with its debt, looks for a message
 * then and again each time the CPU time of what it applied is paid: the
 * one sent first of those landed (receives match sends in order; ties
 * within SimGrid's 1 ns: the lower sender, then issue order), else the
 * first to land. A flag counts once it and its fenced puts are applied,
 * and costs o_recv. */
typedef struct lg_look {
    ss_lg_key_t *ord;   /* pieces by landing */
    ss_lg_vec_t cand;     /* those landed, by sending */
    int k, *app, *left, *flag, *counted;   /* per piece; per flag */
} lg_look_t;

/* What member pe applied so far: pieces, and per flag its pieces still
 * to apply, whether it is itself applied, whether it counted; how many
 * flags of its tag count already. */
static int lg_look_init(const lg_pe_t *pe, lg_look_t *l)
{
    int have = 0;
    l->left = l->app + pe->np;
    l->flag = l->left + pe->ns;
    l->counted = l->flag + pe->ns;
    for (int s = 0; s < pe->ns; s++) {
        l->left[s] = l->flag[s] = 0;
        l->counted[s] = pe->sig[s].counted;
        have += l->counted[s] && pe->sig[s].tag == pe->tag;
    }
    for (int i = 0; i < pe->np; i++) {
        const lg_piece_t *q = &pe->in[i];
        l->app[i] = q->applied;
        l->left[q->sig] += !q->applied;
        l->flag[q->sig] |= q->flag && q->applied;
    }
    return have;
}

/* The next message member pe applies when it looks at *t (moved to the
 * next landing if none has landed): -1 if none is left. */
static int lg_pick(ss_lg_eng_t *e, const lg_pe_t *pe, lg_look_t *l, double *t)
{
    for (int pass = 0; pass < 2 && l->cand.n == 0; pass++) {
        for (; l->k < pe->np && l->ord[l->k].k <= *t + 1e-9; l->k++) {
            const lg_piece_t *q = &pe->in[l->ord[l->k].x];
            double sent = rint((q->arrive - e->ab->alpha) * 1e9);   /* ns */
            if (!l->app[l->ord[l->k].x])
                e->err |= ss_lg_push(&l->cand, sent * e->p + q->from,
                                     l->ord[l->k].x);
        }
        while (l->k < pe->np && l->app[l->ord[l->k].x])
            l->k++;
        if (l->cand.n == 0 && l->k < pe->np)
            *t = l->ord[l->k].k;
    }
    return l->cand.n ? ss_lg_pop(&l->cand).x : -1;
}

/* When member x is done waiting: `need` flags of its tag count
 * (INFINITY: not all issued yet). commit: keep what it applied, and the
 * debt it leaves with. */
static double lg_eval(ss_lg_eng_t *e, int x, int commit)
{
    lg_pe_t *pe = &e->pe[x];
    double t = pe->clock, d = pe->debt;
    double *dn = calloc((size_t)pe->np + 1, sizeof *dn);
    size_t ints = (size_t)pe->np + 3 * (size_t)pe->ns + 1;
    lg_look_t l = {.app = malloc(ints * sizeof(int))};
    int need = pe->need;
    if (dn && l.app && !lg_fill(e, pe)) {
        need -= lg_look_init(pe, &l);
        for (int i = 0; i < pe->np; i++)
            dn[i] = pe->in[i].done;
        l.ord = ss_lg_sorted(pe->np, dn);
    }
    while (need > 0 && l.ord) {
        double at = t;
        int i = lg_pick(e, pe, &l, &at), s = i < 0 ? 0 : pe->in[i].sig;
        if (i < 0)
            break;
        l.app[i] = 1;
        l.left[s]--;
        l.flag[s] |= pe->in[i].flag;
        int counts = l.flag[s] && l.left[s] == 0 && !l.counted[s];
        l.counted[s] |= counts;
        need -= counts && pe->sig[s].tag == pe->tag;
        t = t + d > at ? t + d : at;   /* it looks again once d is paid */
        d = counts ? e->ab->o_recv : 0;
    }
    for (int i = 0; commit && l.ord && i < pe->np; i++)
        pe->in[i].applied = l.app[i];
    for (int s = 0; commit && l.ord && s < pe->ns; s++)
        pe->sig[s].counted = l.counted[s];
    pe->debt = commit ? d : pe->debt;
    e->err |= !l.ord;
    free(dn);
    free(l.app);
    free(l.ord);
    free(l.cand.v);
    return need > 0 ? INFINITY : t;
}

/* Forget the pieces through before the busy period of the first piece
 * still to apply. */
static void lg_prune(lg_pe_t *pe)
{
    double from = INFINITY, *a = malloc((2 * (size_t)pe->np + 1) * sizeof *a);
    int w = 0;
    for (int i = 0; a && i < pe->np; i++) {
        a[i] = pe->in[i].arrive;
        a[pe->np + i] = pe->in[i].done;
        from = !pe->in[i].applied && a[i] < from ? a[i] : from;
    }
    double cut = a ? ss_lg_busy_since(pe->np, a, a + pe->np, from) : -INFINITY;
    for (int i = 0; i < pe->np; i++)
        if (pe->in[i].arrive >= cut)
            pe->in[w++] = pe->in[i];
    pe->np = w;
    free(a);
}

/* Member x may be done waiting sooner than its turn says: time it (once
 * it has enough flags), or have it timed again when its turn comes. */
static void lg_touch(ss_lg_eng_t *e, int x)
{
    lg_pe_t *pe = &e->pe[x];
    if (!pe->waiting || pe->have < pe->need)
        return;
    pe->dirty = pe->queued;
    if (!pe->queued)
        e->err |= ss_lg_push(&e->heap, lg_eval(e, x, 0), x);
    pe->queued = 1;
}

/* A piece reaches member to; a flag takes the pieces its sender issued
 * to it since its last flag (its fence keeps it behind them). */
static void lg_deliver(ss_lg_eng_t *e, int from, const lg_issue_t *is,
                       const lg_out_t *o)
{
    lg_pe_t *t = &e->pe[is->to];
    if (ss_lg_grow(&t->in, &t->cp, t->np, sizeof *t->in) ||
        ss_lg_grow(&t->sig, &t->cs, t->ns, sizeof *t->sig)) {
        e->err = 1;
        return;
    }
    t->in[t->np++] = (lg_piece_t){o->arrive, is->bytes, o->up, 0, from,
                                  o->seq, -1, is->tag >= 0, 0};
    if (is->tag < 0)
        return;
    for (int i = t->np - 1;
         i >= 0 && t->in[i].from == from && t->in[i].sig < 0; i--)
        t->in[i].sig = t->ns;
    t->sig[t->ns++] = (lg_sig_t){is->tag, 0};
    t->have += is->tag == t->tag;
}

/* A piece member x issued earlier shares its link with the new ones:
 * its target learns its new time there. */
static void lg_reup(ss_lg_eng_t *e, int x, const lg_out_t *o)
{
    lg_pe_t *t = &e->pe[o->to];
    for (int i = t->np - 1; i >= 0; i--)
        if (t->in[i].from == x && t->in[i].seq == o->seq)
            t->in[i].up = o->up;
}

/* Member x's pieces still passing when its next ones arrive at `first`
 * (of the busy period they join), moved to the front: how many. */
static int lg_passing(lg_pe_t *pe, double first, double *at, double *up)
{
    int old = 0;
    for (int i = 0; i < pe->no; i++) {
        at[i] = pe->out[i].arrive;
        up[i] = pe->out[i].up;
    }
    double cut = ss_lg_busy_since(pe->no, at, up, first);
    for (int i = 0; i < pe->no; i++)
        if (pe->out[i].arrive >= cut)
            pe->out[old++] = pe->out[i];
    return old;
}

/* Member x's issues: back to back from its clock plus its debt and o
 * (its NIC takes one per g), sharing its link with each other and with
 * its earlier pieces still passing. */
static void lg_send(ss_lg_eng_t *e, int x)
{
    lg_pe_t *pe = &e->pe[x];
    int m = e->ntr, n = pe->no + m, old;
    double d = ss_lg_step(e->ab), ready = pe->clock + pe->debt + e->ab->o;
    double *at = malloc((3 * (size_t)n + 1) * sizeof *at);
    double *by = at + n, *up = by + n;
    ready = pe->nic > ready ? pe->nic : ready;
    if (m == 0 || !at || ss_lg_grow(&pe->out, &pe->co, n, sizeof *pe->out)) {
        e->err |= m > 0;
        free(at);
        return;
    }
    old = lg_passing(pe, ready + e->ab->alpha, at, up);
    for (int i = old; i < old + m; i++)
        pe->out[i] = (lg_out_t){ready + (i - old) * d + e->ab->alpha,
                                e->tr[i - old].bytes, 0, e->tr[i - old].to,
                                pe->seq++};
    for (int i = 0; i < old + m; i++) {
        at[i] = pe->out[i].arrive;
        by[i] = pe->out[i].bytes;
    }
    e->err |= ss_lg_share(e->ab, old + m, at, by, up, &pe->line);
    for (int i = 0; !e->err && i < old + m; i++) {
        pe->out[i].up = up[i];
        if (i < old)
            lg_reup(e, x, &pe->out[i]);
        else
            lg_deliver(e, x, &e->tr[i - old], &pe->out[i]);
        lg_touch(e, pe->out[i].to);
    }
    pe->no = old + m;
    pe->debt = 0;
    pe->clock = ready + (m - 1) * d;
    pe->nic = pe->clock + e->ab->g;
    e->ntr = 0;
    free(at);
}

/* Run member x's program from where it stands to its next wait. */
static void lg_advance(ss_lg_eng_t *e, int x)
{
    lg_pe_t *pe = &e->pe[x];
    for (int more = 1; more && !e->err;) {
        e->need = 0;
        more = e->prog(e, x, pe->step++, e->arg);
        lg_send(e, x);
        if (e->need > 0) {
            pe->tag = e->tag;
            pe->need = e->need;
            pe->have = 0;
            for (int s = 0; s < pe->ns; s++)
                pe->have += pe->sig[s].tag == pe->tag;
            pe->waiting = 1;
            lg_touch(e, x);
            return;
        }
    }
    pe->ended = 1;
    free(pe->out);   /* it issues nothing more; its line stays for caps */
    pe->out = NULL;
    pe->no = pe->co = 0;
}

/* Members finish their waits in time order: whatever can still reach a
 * member lands after the earliest pending end, so that one is final (a
 * member something reached since it was timed is timed again first). */
double ss_lg_run(const ss_ab_t *ab, int p, ss_lg_prog_t prog, void *arg,
                 const double *start, double *end)
{
    ss_lg_eng_t e = {.ab = ab, .p = p, .prog = prog, .arg = arg};
    double t = -INFINITY;
    if (!(e.pe = calloc((size_t)p, sizeof *e.pe)))
        return NAN;
    for (int x = 0; x < p; x++) {
        e.pe[x].clock = start ? start[x] : 0;
        e.pe[x].nic = -INFINITY;
    }
    for (int x = 0; x < p && !e.err; x++)
        lg_advance(&e, x);
    while (e.heap.n > 0 && !e.err) {
        int x = ss_lg_pop(&e.heap).x;
        lg_pe_t *pe = &e.pe[x];
        pe->queued = 0;
        if (pe->dirty) {
            lg_touch(&e, x);
            continue;
        }
        pe->clock = lg_eval(&e, x, 1);
        pe->waiting = 0;
        lg_prune(pe);
        lg_advance(&e, x);
    }
    for (int x = 0; x < p; x++) {
        double fin = e.pe[x].clock + e.pe[x].debt;   /* the call settles it */
        e.err |= !e.pe[x].ended;
        t = fin > t ? fin : t;
        if (end)
            end[x] = fin;
        free(e.pe[x].in);
        free(e.pe[x].sig);
        free(e.pe[x].out);
        free(e.pe[x].line.v);
    }
    free(e.pe);
    free(e.tr);
    free(e.heap.v);
    return e.err ? NAN : t;
}
