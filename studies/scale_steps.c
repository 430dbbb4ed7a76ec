/* scale_steps.c - the rounds of a log-step algorithm that cross dragonfly
 * groups, for `shmemsim scale`'s fits (models/scale.h, the basis's
 * x_s, x_bytes, x_total): each round's messages as the algorithm sends
 * them at p PEs (PE i on node i / ppn, block placement), routed over the
 * cabling as the runtime routes them (platforms/crossing.h).
 *
 * Why: inside one group a round of a log-step algorithm costs
 * alpha + V beta, its bytes V at the node's share of the links the
 * closed form charges (the fit scales that). A round whose members talk
 * across groups is bound by other links as well: the group pair's
 * global bundle, which a whole group's bytes share (L x global-bw for
 * S PEs), and the local links that lead to the routers holding it. How
 * many rounds cross, and how much each puts on its busiest link, follows
 * from where the partners sit: recursive doubling and k-nomial (aligned
 * blocks of k^j) cross once a block spans a group boundary, a fraction
 * of the members at first and all of them from blocks of a whole group
 * up; Bruck (me - 2^k around the team) crosses at every boundary from the
 * first round, 2^k members each; a binomial tree's round k sends 2^k
 * messages 2^k away; Rabenseifner's halving starts with its widest
 * partners (q/2 away, n/2 bytes) and its doubling ends with them. The
 * round's busiest link (load / bandwidth, with the bytes each message
 * really carries) is its time when its members run in step; the
 * busiest link of all crossing rounds together is what the collective
 * cannot go below when they drift apart. models/scale.c takes each
 * round as the slower of its closed-form cost and its busiest link.
 *
 * Supported: fcollect and collect (recursive_doubling, knomial, bruck;
 * collect's blocks taken as the base size), broadcast binomial, reduce
 * recursive_doubling, binomial and rabenseifner. Others cross no round
 * here (their forms stay as they were). */
#include <stdlib.h>
#include <string.h>

#include "crossing.h"
#include "scale_cmd.h"
#include "shcoll_check.h"

/* One round's messages, PE to PE. */
typedef struct rounds {
    ss_crossing_t *x;
    int p, ppn;
    size_t gnodes;                 /* nodes per group */
    ss_crossing_msg_t *m;
    size_t n, cap;
    double most;                   /* the most bytes one member sends */
    double *sent;                  /* per PE, this round */
    ss_scale_basis_t *b;
} rounds_t;

static void put(rounds_t *r, long from, long to, double bytes)
{
    if (from == to || bytes <= 0 || r->n == r->cap)
        return;
    r->m[r->n++] = (ss_crossing_msg_t){(unsigned)(from / r->ppn), (unsigned)(to / r->ppn),
                                       bytes};
    r->sent[from] += bytes;
    if (r->sent[from] > r->most)
        r->most = r->sent[from];
}

/* Ends a round: kept when one of its messages crosses groups. */
static void end_round(rounds_t *r)
{
    int across = 0;
    for (size_t i = 0; i < r->n && !across; i++)
        across = r->m[i].s / r->gnodes != r->m[i].d / r->gnodes;
    if (across && r->b->nx < SS_SCALE_MAXX) {
        double t = ss_crossing_round(r->x, r->m, r->n);
        r->b->x_s[r->b->nx] = t;
        r->b->x_bytes[r->b->nx++] = r->most;
    }
    memset(r->sent, 0, (size_t)r->p * sizeof *r->sent);
    r->n = 0;
    r->most = 0;
}

/* The k-nomial engine of fcollect and collect (fcollect/knomial.c):
 * extras' slices to the core, the core's rounds of radix k (the last one
 * of radix pc / g), the whole result back to the extras. */
static void knomial_rounds(rounds_t *r, int k, double n)
{
    long p = r->p, g = 1, pc;
    int radix[64], group[64], nr = 0;
    for (; g * k <= p && nr < 63; g *= k) {
        radix[nr] = k;
        group[nr++] = (int)g;
    }
    if (p / g > 1) {
        radix[nr] = (int)(p / g);
        group[nr++] = (int)g;
        g *= p / g;
    }
    pc = g;
    long rem = p - pc;
    for (long t = 0; t < rem; t++) {
        long s = t * pc / rem, e = (t + 1) * pc / rem;
        for (long q = s; q < e; q++)
            put(r, pc + t, q, n / (double)(e - s));
    }
    if (rem)
        end_round(r);
    for (int j = 0; j < nr; j++) {
        long gs = group[j], rg = (long)radix[j] * gs;
        double v = (double)gs * n * (double)p / (double)pc;
        for (long me = 0; me < pc; me++)
            for (int q = 1; q < radix[j]; q++)
                put(r, me, me - me % rg + (me % rg / gs + q) % radix[j] * gs + me % gs, v);
        end_round(r);
    }
    for (long t = 0; t < rem; t++)
        put(r, t * pc / rem, pc + t, (double)p * n);
    if (rem)
        end_round(r);
}

static void bruck_rounds(rounds_t *r, double n)
{
    long p = r->p;
    for (long d = 1; d < p; d *= 2) {
        double v = (double)(d < p - d ? d : p - d) * n;
        for (long me = 0; me < p; me++)
            put(r, me, ((me - d) % p + p) % p, v);
        end_round(r);
    }
}

/* Binomial broadcast from root: in round k the 2^k holders pass n bytes
 * 2^k further on (relative to the root). */
static void binomial_bcast(rounds_t *r, long root, double n, long top)
{
    long p = r->p;
    for (long d = top; d >= 1 && top; d /= 2) {   /* largest subtree first */
        for (long rel = 0; rel < p; rel += 2 * d)
            if (rel + d < p)
                put(r, (rel + root) % p, (rel + d + root) % p, n);
        end_round(r);
    }
    for (long d = 1; !top && d < p; d *= 2) {
        for (long rel = 0; rel < d && rel + d < p; rel++)
            put(r, (rel + root) % p, (rel + d + root) % p, n);
        end_round(r);
    }
}

/* Reduce's hypercube of q = 2^floor(log2 p) ranks; extras (the even ones
 * of the first 2(p - q)) fold into the member above first and get the
 * result back last. In hypercube round s ranks v and v ^ d(s) swap
 * bytes(s). */
static long member_of(long v, long extras)
{
    return v < extras ? 2 * v + 1 : v + extras;
}

static void hypercube(rounds_t *r, double n, int halving)
{
    long p = r->p, q = 1;
    while (2 * q <= p)
        q *= 2;
    long ex = p - q;
    for (long i = 0; i < ex; i++)
        put(r, 2 * i, 2 * i + 1, n);
    if (ex)
        end_round(r);
    int steps = 0;
    for (long d = 1; d < q; d *= 2)
        steps++;
    for (int s = 0; s < (halving ? 2 * steps : steps); s++) {
        /* recursive doubling: d = 1, 2, ...; Rabenseifner: q/2 .. 1 then
         * back, carrying d blocks of n / q */
        long d = !halving ? 1L << s : s < steps ? q >> (s + 1) : 1L << (s - steps);
        double v = halving ? n * (double)d / (double)q : n;
        for (long v0 = 0; v0 < q; v0++)
            put(r, member_of(v0, ex), member_of(v0 ^ d, ex), v);
        end_round(r);
    }
    for (long i = 0; i < ex; i++)
        put(r, 2 * i + 1, 2 * i, n);
    if (ex)
        end_round(r);
}

/* Reduce's binomial tree: up to member 0 (level j: member me + 2^j
 * hands its partial to me), then the result down, largest subtree
 * first. */
static void binomial_reduce(rounds_t *r, double n)
{
    long top = 1;
    while (2 * top < r->p)
        top *= 2;
    for (long d = 1; d < r->p; d *= 2) {
        for (long me = 0; me + d < r->p; me += 2 * d)
            put(r, me + d, me, n);
        end_round(r);
    }
    binomial_bcast(r, 0, n, top);
}

static int radix_of(const ss_scale_case_t *c)
{
    return c->radix >= 2 ? c->radix : SHCOLL_TREE_RADIX;
}

/* Is c one of the algorithms whose rounds are played here? */
static int known(const ss_scale_case_t *c)
{
    static const char *const algs[][2] = {
        {"fcollect", "recursive_doubling"}, {"fcollect", "knomial"}, {"fcollect", "bruck"},
        {"collect", "recursive_doubling"}, {"collect", "knomial"}, {"collect", "bruck"},
        {"broadcast", "binomial"}, {"reduce", "recursive_doubling"},
        {"reduce", "rabenseifner"}, {"reduce", "binomial"}};
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (!strcmp(c->kind, algs[i][0]) && !strcmp(c->alg, algs[i][1]))
            return 1;
    return 0;
}

/* The rounds of c (known) at r->p PEs. */
static void play(rounds_t *r, const ss_scale_case_t *c)
{
    double n = (double)c->bytes;
    int gather = !strcmp(c->kind, "fcollect") || !strcmp(c->kind, "collect");
    if (gather && !strcmp(c->alg, "recursive_doubling"))
        knomial_rounds(r, 2, n);
    else if (gather && !strcmp(c->alg, "knomial"))
        knomial_rounds(r, radix_of(c), n);
    else if (gather && !strcmp(c->alg, "bruck"))
        bruck_rounds(r, n);
    else if (!strcmp(c->kind, "broadcast") && !strcmp(c->alg, "binomial"))
        binomial_bcast(r, c->root, n, 0);
    else if (!strcmp(c->kind, "reduce") && !strcmp(c->alg, "recursive_doubling"))
        hypercube(r, n, 0);
    else if (!strcmp(c->kind, "reduce") && !strcmp(c->alg, "rabenseifner"))
        hypercube(r, n, 1);
    else
        binomial_reduce(r, n);
}

int ss_scale_cross(ss_crossing_t *x, const ss_scale_case_t *c, int p, int ppn,
                   ss_scale_basis_t *b)
{
    b->nx = 0;
    b->x_total = 0;
    if (!x || !known(c) || p < 2 || ppn < 1 ||
        (size_t)(p - 1) / (size_t)ppn >= ss_crossing_nodes(x) ||
        (size_t)(p - 1) / (size_t)ppn < ss_crossing_group_nodes(x))
        return 0;   /* the PEs fit in one group: no round crosses */
    int k = radix_of(c) > 2 ? radix_of(c) : 2;
    rounds_t r = {x, p, ppn, ss_crossing_group_nodes(x), NULL, 0,
                  2 * (size_t)p * (size_t)k, 0, calloc((size_t)p, sizeof(double)), b};
    r.m = malloc(r.cap * sizeof *r.m);
    if (!r.m || !r.sent) {
        free(r.m);
        free(r.sent);
        return -1;
    }
    ss_crossing_reset(x);
    play(&r, c);
    b->x_total = b->nx ? ss_crossing_total(x) : 0;
    free(r.m);
    free(r.sent);
    return 0;
}
