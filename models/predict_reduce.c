/* predict_reduce.c - closed forms of the reduction algorithms (see
 * predict.h). F is the wire size of a flag or counter increment;
 * gamma is charged per byte of each combine's input.
 *
 * Where an algorithm's messages differ in size between members (uneven
 * blocks, cut-short trees) the form follows each member's critical path
 * instead of assuming lockstep; each function says what it models.
 *
 * loggp: a member's puts and flags each take o of its time and leave
 * d = max(o, g) apart (a flag is its own message, d after its put); each
 * flag it consumes costs it o_recv, and a combine is CPU time as well, so
 * a member's CPU runs these one after another. A put of b bytes and its
 * flag, alone on the route, are applied
 *   flight(b) = alpha + max((b+F) beta, d + F beta)
 * after the put leaves (alpha + F beta for a bare flag), so a step of a
 * symmetric exchange costs o + flight(b) + o_recv (+ b gamma). In
 * signal mode (ss_ab_t.signal) the put carries its flag, one message:
 * flight(b) = alpha + (b+F) beta. */
#include "predict.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

static double max2(double x, double y)
{
    return x > y ? x : y;
}

static double elem_bytes(const ss_pred_in_t *in)
{
    return in->elem ? (double)in->elem : 1.0;
}

static double gap(const ss_ab_t *ab)
{
    return max2(ab->o, ab->g);
}

/* A put of b bytes (none for b = 0) and its fenced flag: from the put
 * leaving until the flag is applied, alone on the route. */
static double flight(const ss_ab_t *ab, double b)
{
    if (b <= 0)
        return ab->alpha + F * ab->beta;
    if (ab->signal)
        return ab->alpha + (b + F) * ab->beta;
    return ab->alpha + max2((b + F) * ab->beta, gap(ab) + F * ab->beta);
}

/* Gather into the root's work: p-1 puts and flags, d apart per member,
 * share its link; it consumes the p-1 flags, combines p-1 times, then
 * puts the result and a flag to each member, d apart, out of its link;
 * the last is applied once its link has drained:
 *   T = o + alpha + max((p-1)(n+F) beta, d + (p-1) F beta)
 *     + (p-1)(o_recv + n gamma) + o + alpha + o_recv
 *     + max((p-1)(n+F) beta, 2(p-2)d + (n+F) beta, (2p-3)d + F beta),
 * 2 alpha + 2(p-1)(n+F) beta + (p-1) n gamma under alpha-beta. In
 * signal mode (n > 0) every put carries its flag: the blocks in take
 * (p-1)(n+F) beta, and the root's p-1 messages leave d apart,
 *   out = max((p-1)(n+F) beta, (p-2)d + (n+F) beta). */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n, d = gap(ab);
    double in_ = max2((p - 1) * (n + F) * ab->beta, d + (p - 1) * F * ab->beta);
    double out = max2((p - 1) * (n + F) * ab->beta,
                      2 * (p - 2) * d + (n + F) * ab->beta);
    out = max2(out, (2 * p - 3) * d + F * ab->beta);
    if (ab->signal && n > 0) {
        in_ = (p - 1) * (n + F) * ab->beta;
        out = max2((p - 1) * (n + F) * ab->beta, (p - 2) * d + (n + F) * ab->beta);
    }
    return ab->o + ab->alpha + in_ + (p - 1) * (ab->o_recv + n * ab->gamma) +
           ab->o + ab->alpha + out + ab->o_recv;
}

/* ---- trees: binomial and k-nomial ------------------------------------ */

static int by_rel(const void *x, const void *y)
{
    double a = ((const ss_pred_flow_t *)x)->rel, b = ((const ss_pred_flow_t *)y)->rel;
    return a < b ? -1 : a > b;
}

/* shcoll_put_flag of n bytes as flows into f, tagged id: the put and the
 * flag, or one flow of n+F when neither o nor g splits them (the
 * simulator then sends them as one) or in signal mode (one put with
 * signal). Returns how many. */
static int put_flag(const ss_ab_t *ab, ss_pred_clk_t *c, double n, int id, ss_pred_flow_t *f)
{
    int nf = 0;
    if (n > 0) {
        int fused = (ab->o == 0 && ab->g == 0) || ab->signal;
        f[nf++] = (ss_pred_flow_t){ss_pred_issue(ab, c) + ab->alpha,
                                   (n + F * fused) * ab->beta, 0, id};
        if (fused)
            return nf;
    }
    f[nf++] = (ss_pred_flow_t){ss_pred_issue(ab, c) + ab->alpha, F * ab->beta,
                               0, id};
    return nf;
}

/* When each id's flag is applied: after its last flow (the put it is
 * fenced behind, or the flag). */
static void landings(const ss_pred_flow_t *f, int nf, double *at)
{
    for (int i = 0; i < nf; i++)
        at[f[i].id] = -1;
    for (int i = 0; i < nf; i++)
        at[f[i].id] = max2(at[f[i].id], f[i].done);
}

/* Level of r's lowest nonzero base-k digit (nlev for the root). */
static int top_level(int r, int k, int nlev)
{
    int j = 0;
    for (long span = 1; j < nlev && (r / span) % k == 0; j++, span *= k)
        ;
    return j;
}

typedef struct tree {
    int p, k, nlev;
    double n;
    ss_pred_flow_t *f;        /* a member's flows on one link, and sort space */
    int *h;
    double *at;       /* per member: when its flag is applied */
} tree_t;

static int by_done(const void *x, const void *y)
{
    const ss_pred_flow_t *a = x, *b = y;
    return a->done < b->done ? -1 : a->done > b->done ? 1 : a->id - b->id;
}

/* Member r's CPU over its children's flags (consumed in landing order,
 * o_recv each) and combines (in its program's order, each once its
 * child's flag is in). */
static double gather(const ss_ab_t *ab, const tree_t *t, int r, int top)
{
    int nc = 0, used = 0;
    long span = 1;
    for (int j = 0; j < top; j++, span *= t->k)
        for (int d = 1; d < t->k && r + d * span < t->p; d++, nc++)
            t->f[nc] = (ss_pred_flow_t){0, 0, t->at[r + d * span], nc};
    qsort(t->f, (size_t)nc, sizeof *t->f, by_done);
    for (int i = 0; i < nc; i++)
        t->h[t->f[i].id] = i;   /* its place in landing order */
    double cpu = 0;
    for (int c = 0; c < nc; c++) {
        for (; used <= t->h[c]; used++)
            cpu = max2(cpu, t->f[used].done) + ab->o_recv;
        cpu += t->n * ab->gamma;
    }
    return cpu;
}

/* Reduce phase: when member r has combined its subtree (ready[r]). Each
 * child (r + d k^j) sends its put and flag once its subtree is done; all
 * of them share r's link. Children are done before their parent, being
 * higher ranks. */
static void tree_reduce(const ss_ab_t *ab, tree_t *t, double *ready)
{
    for (int r = t->p - 1; r >= 0; r--) {
        int top = top_level(r, t->k, t->nlev), nf = 0;
        long span = 1;
        for (int j = 0; j < top; j++, span *= t->k)
            for (int d = 1; d < t->k && r + d * span < t->p; d++) {
                int c = (int)(r + d * span);
                ss_pred_clk_t ck = {ready[c], 0};
                nf += put_flag(ab, &ck, t->n, c, t->f + nf);
            }
        qsort(t->f, (size_t)nf, sizeof *t->f, by_rel);
        ss_pred_share(t->f, nf, t->h);
        landings(t->f, nf, t->at);
        ready[r] = gather(ab, t, r, top);
    }
}

/* Broadcast phase: member r consumes its parent's flag, then per level
 * puts the result and a flag to its children (they share its link),
 * waiting (quiet) for one level's before the next and then spending
 * o_quiet on that quiet. Returns the last member's exit. */
static double tree_broadcast(const ss_ab_t *ab, tree_t *t, const double *ready)
{
    double last = 0;
    for (int r = 0; r < t->p; r++) {
        int top = top_level(r, t->k, t->nlev);
        ss_pred_clk_t c = {ready[r], 0};
        ss_pred_flow_t up[2];
        if (r > 0) {   /* its put and flag up, then its parent's flag */
            put_flag(ab, &c, t->n, r, up);
            c.cpu = max2(c.cpu, t->at[r]) + ab->o_recv;
        }
        double sent = -1;   /* < 0: no level sent yet, no quiet */
        long span = 1;
        for (int j = 0; j < top - 1; j++)
            span *= t->k;
        for (int j = top - 1; j >= 0; j--, span /= t->k) {
            int nf = 0;
            if (sent >= 0 && r + span < t->p)   /* quiet: the last level's in */
                c.cpu = max2(c.cpu, sent) + ab->o_quiet;
            for (int d = 1; d < t->k && r + d * span < t->p; d++)
                nf += put_flag(ab, &c, t->n, (int)(r + d * span), t->f + nf);
            if (nf == 0)
                continue;
            ss_pred_share(t->f, nf, t->h);
            landings(t->f, nf, t->at);
            for (int i = 0; i < nf; i++)
                sent = max2(sent, t->f[i].done);
        }
        last = max2(last, c.cpu);
    }
    return last;
}

/* Full trees (p a power of k): L(alpha + (k-1)(n+F)beta + (k-1)n gamma)
 * up, L(alpha + (k-1)(n+F)beta) down; otherwise played out member by
 * member, since cut-short subtrees report early and share a link. loggp
 * plays out every tree: a member's 2(k-1) issues per level d apart,
 * its children's flags consumed in landing order. */
static double tree(const ss_ab_t *ab, int p, int k, double n)
{
    tree_t t = {p, k, 0, n, NULL, NULL, NULL};
    for (long span = 1; span < p; span *= k)
        t.nlev++;
    size_t nf = 2 * (size_t)t.nlev * (size_t)(k - 1) + 2;
    double *ready = malloc((size_t)p * sizeof *ready), r = NAN;
    t.f = malloc(nf * sizeof *t.f);
    t.h = malloc(nf * sizeof *t.h);
    t.at = malloc((size_t)p * sizeof *t.at);
    if (ready && t.f && t.h && t.at) {
        tree_reduce(ab, &t, ready);
        r = tree_broadcast(ab, &t, ready);
    }
    free(ready), free(t.f), free(t.h), free(t.at);
    return r;
}

static double binomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return tree(ab, in->p, 2, (double)in->n);
}

/* Radix as the algorithm takes it: its default, at most p. */
static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int k = in->radix < 2 ? SHCOLL_REDUCE_KNOMIAL_RADIX : in->radix;
    if (k > in->p)
        k = in->p;
    return tree(ab, in->p, k, (double)in->n);
}

/* ---- hypercube: recursive doubling and rabenseifner ------------------ */

/* The q = 2^L members of the hypercube (rank v: member 2v+1 for v below
 * the extras r = p - q, v + r above) take 'nsteps' steps; in step s rank
 * v swaps with v ^ dist(s), receiving bytes(s, v), and combines them if
 * step s reduces. */
typedef struct cube {
    int p, q, nlev;
    double n, es;
    size_t m;      /* elements */
    int halving;   /* rabenseifner: halving then doubling, on blocks */
} cube_t;

static int cube_dist(const cube_t *c, int s)
{
    if (!c->halving)
        return 1 << s;
    return s < c->nlev ? c->q >> (s + 1) : 1 << (s - c->nlev);
}

/* Bytes of the blocks [lo, lo + cnt) of q blocks of whole elements. */
static double range_bytes(const cube_t *c, int lo, int cnt)
{
    size_t per = c->m / (size_t)c->q, extra = c->m % (size_t)c->q;
    size_t a = (size_t)lo, b = (size_t)(lo + cnt);
    size_t e0 = a * per + (a < extra ? a : extra);
    size_t e1 = b * per + (b < extra ? b : extra);
    return (double)(e1 - e0) * c->es;
}

/* Halving: v receives the half it keeps; doubling: the partner's range. */
static double cube_bytes(const cube_t *c, int s, int v)
{
    if (!c->halving)
        return c->n;
    int d = cube_dist(c, s), owner = s < c->nlev ? v : v ^ d;
    return range_bytes(c, owner & ~(d - 1), d);
}

/* Step s's flag from v's partner u: when it can be applied at v, u's
 * put and flag leaving at tp and tf (tp < 0: no put). */
static double cube_land(const ss_ab_t *ab, const cube_t *c, int s, int v,
                        double tp, double tf)
{
    int extras = c->p - c->q, u = v ^ cube_dist(c, s);
    double b = cube_bytes(c, s, v);
    if (s == 0 && v < extras && u >= extras)   /* beside its extra's array */
        return tf + ab->alpha + max2(2 * (b + F) * ab->beta, F * ab->beta);
    if (tp < 0)
        return tf + ab->alpha + F * ab->beta;
    return tp + ab->alpha + max2((b + F) * ab->beta, tf - tp + F * ab->beta);
}

/* Consume v's flags in landing order (o_recv each) until flag k's is. */
static void consume_to(const ss_ab_t *ab, ss_pred_clk_t *ck, const double *lv,
                       const int *ord, char *used, int *next, int k)
{
    for (; !used[k]; ++*next) {
        used[ord[*next]] = 1;
        ck->cpu = max2(ck->cpu, lv[ord[*next]]) + ab->o_recv;
    }
}

/* Rank v's steps, its flags landing at in[s q + v] (a proxy's folded
 * flag from its extra at fold, else fold < 0): it consumes them in
 * landing order, whatever step they are for, while it waits for each;
 * out[s q + u] gets when its own land. Its end. */
static double cube_rank(const ss_ab_t *ab, const cube_t *c, int v, double fold,
                        const double *in, double *out)
{
    int nsteps = c->halving ? 2 * c->nlev : c->nlev, ord[65], next = 0;
    int nf = nsteps + (fold >= 0);
    double lv[65];
    char used[65] = {0};
    ss_pred_clk_t ck = {0, 0};
    for (int s = 0; s < nf; s++) {   /* by landing, stable */
        lv[s] = s < nsteps ? in[s * c->q + v] : fold;
        int j = s;
        for (; j > 0 && lv[ord[j - 1]] > lv[s]; j--)
            ord[j] = ord[j - 1];
        ord[j] = s;
    }
    if (fold >= 0) {
        consume_to(ab, &ck, lv, ord, used, &next, nsteps);
        ck.cpu += c->n * ab->gamma;
    }
    for (int s = 0; s < nsteps; s++) {
        int u = v ^ cube_dist(c, s);
        double tp = cube_bytes(c, s, u) > 0 ? ss_pred_issue(ab, &ck) : -1;
        /* signal mode: the flag leaves with its put */
        double tf = tp >= 0 && ab->signal ? tp : ss_pred_issue(ab, &ck);
        out[s * c->q + u] = cube_land(ab, c, s, u, tp, tf);
        consume_to(ab, &ck, lv, ord, used, &next, s);
        if (!c->halving || s < c->nlev)
            ck.cpu += cube_bytes(c, s, v) * ab->gamma;
    }
    return ck.cpu;
}

/* Each rank's time after a step is max(its own, the partner's send plus
 * the transfer), plus the combine. */
static double cube_lockstep(const ss_ab_t *ab, const cube_t *c,
                            const double *t0)
{
    int extras = c->p - c->q, nsteps = c->halving ? 2 * c->nlev : c->nlev;
    double *t = malloc((size_t)c->q * 2 * sizeof *t), *nt = t + c->q, last = 0;
    if (!t)
        return NAN;
    for (int v = 0; v < c->q; v++)
        t[v] = t0[v];
    for (int s = 0; s < nsteps; s++) {
        int combines = !c->halving || s < c->nlev;
        for (int v = 0; v < c->q; v++) {
            int u = v ^ cube_dist(c, s), put = cube_bytes(c, s, v) > 0;
            double tp = t[u] + ab->o;
            double tf = tp + (put && !ab->signal ? gap(ab) : 0);
            double at = cube_land(ab, c, s, v, put ? tp : -1, tf);
            nt[v] = max2(t[v] + ab->o, at) + ab->o_recv +
                    (combines ? cube_bytes(c, s, v) * ab->gamma : 0);
        }
        for (int v = 0; v < c->q; v++)
            t[v] = nt[v];
    }
    for (int v = 0; v < c->q; v++)
        last = max2(last, t[v] + (v < extras ? ab->o + flight(ab, c->n) + ab->o_recv : 0));
    free(t);
    return last;
}

/* Plays the hypercube out. Extras: a proxy whose step-0 partner is not
 * a proxy gets that partner's put while its extra's array is still
 * coming in, so the two share its link (the smaller lands first). Later
 * overlaps between unequal ranks are not modelled: exact for p = 2^L,
 * approximate otherwise. With o_recv, ranks consume flags in landing
 * order, so a partner of a later step that runs ahead costs o_recv in
 * an earlier wait: played out from every landing at 0, each pass taking
 * the landings the last one gave, until none moves (they only grow, so
 * the first fixed point is the simulator's). */
static double cube_time(const ss_ab_t *ab, const cube_t *c)
{
    int extras = c->p - c->q, nsteps = c->halving ? 2 * c->nlev : c->nlev;
    size_t nl = (size_t)nsteps * (size_t)c->q;
    double *fold = malloc((size_t)c->q * sizeof *fold), last = NAN;
    double *land = calloc(2 * nl + 1, sizeof *land), *next = land + nl;
    for (int v = 0; fold && v < c->q; v++) {   /* the extra's array in */
        int shared = nsteps > 0 && (v ^ cube_dist(c, 0)) >= extras;
        double b = nsteps > 0 ? cube_bytes(c, 0, v) + F : 0;
        double wire = (c->n + F + (shared ? b : 0)) * ab->beta;
        fold[v] = v >= extras ? -1
                : ab->o + ab->alpha +
                  (ab->signal && c->n > 0 ? wire : max2(wire, gap(ab) + F * ab->beta));
    }
    if (ab->o_recv == 0 && fold) {   /* order of consumption is free */
        for (int v = 0; v < extras; v++)
            fold[v] += c->n * ab->gamma;
        for (int v = extras; v < c->q; v++)
            fold[v] = 0;
        free(land);
        land = NULL;
        last = cube_lockstep(ab, c, fold);
    }
    for (int pass = 0, moved = 1; fold && land && moved && pass <= 2 * nsteps + 2;
         pass++) {
        last = 0;
        for (int v = 0; v < c->q; v++) {
            double end = cube_rank(ab, c, v, fold[v], land, next);
            if (v < extras)   /* the result back to its extra */
                end += ab->o + flight(ab, c->n) + ab->o_recv;
            last = max2(last, end);
        }
        moved = 0;
        for (size_t i = 0; i < nl; i++) {
            moved |= next[i] != land[i];
            land[i] = next[i];
        }
    }
    free(fold), free(land);
    return last;
}

static cube_t cube_of(const ss_pred_in_t *in, int halving)
{
    cube_t c = {in->p, 1, 0, (double)in->n, elem_bytes(in), 0, halving};
    while (c.nlev < 30 && (2L << c.nlev) <= in->p)
        c.nlev++;
    c.q = 1 << c.nlev;
    c.m = (size_t)(c.n / c.es);
    return c;
}

/* p = 2^L: L(alpha + (n+F)beta + n gamma), all ranks in lockstep;
 * loggp: L(o + flight(n) + o_recv + n gamma). */
static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    cube_t c = cube_of(in, 0);
    return cube_time(ab, &c);
}

/* p = 2^L, n a multiple of p elements:
 *   2L alpha + 2(p-1)/p n beta + 2L F beta + (p-1)/p n gamma.
 * Uneven blocks make the steps differ per rank (cube_time). loggp: each
 * of the 2L steps o + flight(b_s) + o_recv (+ b_s gamma halving). */
static double rabenseifner(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    cube_t c = cube_of(in, 1);
    return cube_time(ab, &c);
}

/* ---- ring ------------------------------------------------------------ */

/* Each member's last reduce-scatter step ends a chain of p-1 hops that
 * all carry its own block, and the longest allgather chain carries one
 * block p-1 hops: with b the largest block,
 *   (p-1)(alpha + (b+F)beta + b gamma) + (p-1)(alpha + (b+F)beta),
 * loggp: (p-1)(o + flight(b) + o_recv + b gamma) + (p-1)(o + flight(b)
 * + o_recv). */
static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, es = elem_bytes(in);
    size_t m = (size_t)((double)in->n / es);
    double b = (double)((m + (size_t)in->p - 1) / (size_t)in->p) * es;
    double hop = ab->o + flight(ab, b) + ab->o_recv;
    return (p - 1) * (2 * hop + b * ab->gamma);
}

/* ---- node_aware -------------------------------------------------------- */

static double node_bytes_n(void *arg, int first, int cnt)
{
    (void)first, (void)cnt;
    return *(const double *)arg;
}

/* reduce/node_aware.c: the k-nomial reduce in the node (each child's
 * array combined as it lands), the leaders' form at L = ceil(p/q), the
 * k-nomial broadcast; the full nodes and the partial last one, the
 * slower of each phase. q <= 1: the leaders' form alone. */
static double node_aware(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    ss_node_form_t f;
    ss_node_form(ab, in, SHCOLL_REDUCE, "recursive_doubling", "recursive_doubling",
                 &f);
    if (f.a < 0)
        return NAN;
    if (f.q <= 1)
        return ss_pred_reduce(f.a)(&f.net, &f.li);
    int k = ss_node_radix(in, SHCOLL_REDUCE_NODE_AWARE_RADIX, f.q);
    double n = (double)in->n;
    double up = fmax(ss_node_up(ab, f.q, k, node_bytes_n, &n, n),
                     ss_node_up(ab, f.last, k, node_bytes_n, &n, n));
    f.li.p = f.L;
    double lead = f.L > 1 ? ss_pred_reduce(f.a)(&f.net, &f.li) : 0;
    return up + lead + ss_node_down(ab, f.q, k, n, f.L > 1);
}

SS_PRED_FORMS(REDUCE, reduce)
