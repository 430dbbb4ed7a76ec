/* predict_fcollect.c - closed forms of the fcollect algorithms (see
 * predict.h for the platform they assume). F is the wire size of a flag
 * or counter increment.
 *
 * The ring, Bruck and k-nomial forms take block sizes (sizes == NULL:
 * n each) because collect runs the same engines over uneven blocks;
 * predict_collect.c repeats their prototypes.
 *
 * loggp. The simulator charges, on top of alpha-beta (sim/engine/ss_send.c,
 * sim/engine/ss_progress.c):
 *   - every put, get or atomic: the PE is busy o (plus any debt, below)
 *     before the message leaves, and its NIC takes one message per g, so
 *     back-to-back issues leave d = max(o, g) apart. With an overhead a
 *     put and its fenced flag are two messages (no fusion): the flag
 *     leaves d after the put and counts once the put has landed;
 *   - every signal applied (a non-fetching atomic) costs its target
 *     o_recv of CPU, owed until the PE next issues, blocks or leaves the
 *     call. A PE applies messages only while it waits, one at a time, so
 *     a wait ends o_recv after the later of its last signal's landing
 *     and the end of the CPU time owed before it.
 * Where every member does the same at the same time (ring, neighbour
 * exchange, the scans) that adds terms per step. Where members drift
 * apart (a serial issue loop, extras, uneven blocks) the forms run each
 * member's program on an engine that follows its clock (ss_lg_run in
 * predict_engine.c): issues d apart, links shared equally among the
 * messages passing them, signals applied in the simulator's order. With
 * o = g = o_recv = 0 every form is the alpha-beta one, computed as
 * before.
 */
#include "predict.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

static size_t size_of(const size_t *sizes, size_t n, int r)
{
    return sizes ? sizes[r] : n;
}

/* One message of m bytes plus its flag. */
static double msg(const ss_ab_t *ab, double m)
{
    return ab->alpha + (m + F) * ab->beta;
}

/* ---- the forms ----------------------------------------------------------- */

/* loggp: the members put their block and flag o and o + d after the
 * start, all into the root's link, so the p-1 flags land together at
 *   G = o + alpha + max((p-1)(n+F)beta, d + (p-1)F beta);
 * the root handles them, puts p n and a flag to each member in turn
 * (2(p-1) issues d apart through its link, the last through at S) and
 * the last member handles its flag:
 *   T = G + (p-1)o_recv + o + S + o_recv. */
static int linear_prog(ss_lg_eng_t *e, int x, int step, void *arg)
{
    const ss_pred_in_t *in = arg;
    if (step == 0) {
        ss_lg_to_put(e, 0, x ? (double)in->n : 0);
        if (x)
            ss_lg_to_flag(e, 0, 0);
        ss_lg_wait(e, x > 0, x ? 1 : in->p - 1);
        return 1;
    }
    for (int r = 1; x == 0 && r < in->p; r++) {
        ss_lg_to_put(e, r, (double)in->p * (double)in->n);
        ss_lg_to_flag(e, r, 1);
    }
    return 0;
}

/* Gather: p-1 blocks and their increments share the root's link; then the
 * root's p-1 puts of p*n bytes (and flags) share its link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    if (ss_lg_on(ab))
        return ss_lg_run(ab, in->p, linear_prog, (void *)in, NULL, NULL);
    return 2 * ab->alpha + (p - 1) * (n + F) * ab->beta +
           (p - 1) * (p * n + F) * ab->beta;
}

/* loggp: p-1 puts, then p-1 flags: issue i leaves at o + i d, and the
 * 2(p-1) share every link alike; flag j lands at L_j, once it and put j
 * are through. From its last issue, at W = o + (2p-3)d, a member applies
 * what has landed, o_recv per flag:
 *   T = c_(p-1),  c_j = max(c_(j-1), L_j) + o_recv,  c_0 = W
 * (flags in the order the member applies them: ss_lg_run). */
static int direct_prog(ss_lg_eng_t *e, int x, int step, void *arg)
{
    const ss_pred_in_t *in = arg;
    if (step > 0)
        return 0;
    for (int i = 1; i < in->p; i++)
        ss_lg_to_put(e, (x + i) % in->p, (double)in->n);
    for (int i = 1; i < in->p; i++)
        ss_lg_to_flag(e, (x + i) % in->p, 0);
    ss_lg_wait(e, 0, in->p - 1);
    return 1;
}

/* All p-1 puts and increments at once through each member's link. */
static double direct(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    if (ss_lg_on(ab))
        return ss_lg_run(ab, in->p, direct_prog, (void *)in, NULL, NULL);
    return ab->alpha + (in->p - 1) * ((double)in->n + F) * ab->beta;
}

/* p-1 steps; the largest block's chain of hops sets the pace. loggp: a
 * hop is o, the put and its flag (ss_lg_pair; a 0-byte block's flag
 * alone) and o_recv at the next member; every other block's chain is no
 * slower, so quieting the previous put never holds the largest one. The
 * quiet before each step but the first has that put to complete, so it
 * costs o_quiet once it has:
 *   T = (p-1)(o + pair(b_max) + o_recv) + (p-2) o_quiet. */
double ss_fcollect_ring_time(const ss_ab_t *ab, int p, size_t n,
                             const size_t *sizes)
{
    size_t big = 0;
    for (int r = 0; r < p; r++)
        big = size_of(sizes, n, r) > big ? size_of(sizes, n, r) : big;
    double quiets = p > 2 ? (p - 2) * ab->o_quiet : 0;
    if (ss_lg_on(ab))
        return (p - 1) * (ab->o + (big ? ss_lg_pair(ab, (double)big)
                                       : ab->alpha + F * ab->beta) +
                          ab->o_recv) + quiets;
    return (p - 1) * msg(ab, (double)big) + quiets;
}

static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_ring_time(ab, in->p, in->n, NULL);
}

/* Round k moves the widest window of cnt_k = min(2^k, p-2^k) cyclically
 * consecutive blocks (every member pads to it); the window slides.
 * loggp (ss_bruck_rounds): a round is o, the window's parts and the flag
 * d apart, and o_recv at the target,
 *   t_(k+1)(x) = max(W_k(x), t_k(x + 2^k) + o + P_k(x + 2^k)) + o_recv,
 * P_k(y) when y's last piece is through its link and W_k(x) when x has
 * issued; a window that wraps is one part more, so members drift by d. */
double ss_fcollect_bruck_time(const ss_ab_t *ab, int p, size_t n,
                              const size_t *sizes)
{
    if (ss_lg_on(ab))
        return ss_bruck_rounds(ab, p, n, sizes, 1 << 16, 0);
    double t = 0;
    for (int d = 1; d < p; d *= 2) {
        int cnt = d < p - d ? d : p - d;
        size_t w = 0, wide;
        for (int i = 0; i < cnt; i++)
            w += size_of(sizes, n, i);
        wide = w;
        for (int r = 1; sizes && r < p; r++) {
            w += sizes[(r + cnt - 1) % p] - sizes[r - 1];
            wide = w > wide ? w : wide;
        }
        t += msg(ab, (double)wide);
    }
    return t;
}

static double bruck(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_bruck_time(ab, in->p, in->n, NULL);
}

/* loggp Bruck: blocks' offsets (p+1) and every round's widest window. */
typedef struct bprog {
    int p, L, ride;
    size_t chunk, *off, wide[64];
} bprog_t;

static size_t bwin(const bprog_t *b, int x, int cnt)   /* wraps */
{
    if (x + cnt <= b->p)
        return b->off[x + cnt] - b->off[x];
    return b->off[b->p] - b->off[x] + b->off[x + cnt - b->p];
}

static int bcount(const bprog_t *b, int k)
{
    return (1 << k) < b->p - (1 << k) ? 1 << k : b->p - (1 << k);
}

/* Round k: member x puts its window (two parts when it wraps), pads to
 * the widest (collect: its first 64 bytes and the L-1-k maxima ride in
 * one put) and raises the flag at x - 2^k. */
static int bruck_prog(ss_lg_eng_t *e, int x, int k, void *arg)
{
    const bprog_t *b = arg;
    if (k == b->L)
        return 0;
    int to = (x - (1 << k) + b->p) % b->p;
    size_t win = bwin(b, x, bcount(b, k)), first = b->off[b->p] - b->off[x];
    size_t pad = b->wide[k] - win, ride = !b->ride ? 0 : pad < 64 ? pad : 64;
    first = win < first ? win : first;
    ss_lg_to_put(e, to, (double)first);
    ss_lg_to_put(e, to, (double)(win - first));
    ss_lg_to_chunks(e, to, (double)(pad - ride), (double)b->chunk);
    ss_lg_to_put(e, to, b->ride ? 8.0 * (b->L - 1 - k) + (double)ride : 0);
    ss_lg_to_flag(e, to, k);
    ss_lg_wait(e, k, 1);
    return 1;
}

double ss_bruck_rounds(const ss_ab_t *ab, int p, size_t n,
                       const size_t *sizes, size_t chunk, int ride)
{
    bprog_t b = {p, ss_ceil_log(2, p), ride, chunk, NULL, {0}};
    if (!(b.off = malloc(((size_t)p + 1) * sizeof *b.off)))
        return NAN;
    b.off[0] = 0;
    for (int x = 0; x < p; x++)
        b.off[x + 1] = b.off[x] + size_of(sizes, n, x);
    for (int k = 0; k < b.L; k++)
        for (int x = 0; x < p; x++) {
            size_t w = bwin(&b, x, bcount(&b, k));
            b.wide[k] = w > b.wide[k] ? w : b.wide[k];
        }
    double t = ss_lg_run(ab, p, bruck_prog, &b, NULL, NULL);
    free(b.off);
    return t;
}

/* The slices of fcollect/knomial.c: extra t (of rem) cuts its block in
 * the len_t = start(t+1) - start(t) slices its range of core members
 * start(t) = floor(t pc / rem).. holds; the slices of core members
 * q.. start at pos(q) in dest. */
typedef struct kplan {
    int p, pc, rem;
    size_t n;
    const size_t *sizes;
    size_t *off;   /* sizes' prefix sums (p+1), or NULL */
} kplan_t;

static size_t kat(const kplan_t *k, int r)   /* offset of block r */
{
    return k->off ? k->off[r] : (size_t)r * k->n;
}

static int kstart(const kplan_t *k, int t)
{
    return (int)((long)t * k->pc / k->rem);
}

static size_t kcut(size_t b, long q, long m)
{
    return b / (size_t)m * (size_t)q + b % (size_t)m * (size_t)q / (size_t)m;
}

static size_t kpos(const kplan_t *k, int q)
{
    if (k->rem == 0 || q == k->pc)
        return kat(k, k->p);
    int t = (int)((((long)q + 1) * k->rem + k->pc - 1) / k->pc - 1);
    int s = kstart(k, t);
    return kat(k, k->pc + t) +
           kcut(size_of(k->sizes, k->n, k->pc + t), q - s, kstart(k, t + 1) - s);
}

/* What the group of g core members from base holds: blocks, slices. */
static size_t kheld(const kplan_t *k, int base, int g)
{
    return kat(k, base + g) - kat(k, base) + kpos(k, base + g) - kpos(k, base);
}

/* The padded group volume of a round with groups of g: the most any
 * group holds (its blocks and slices). */
static size_t kvol(const kplan_t *k, int g)
{
    size_t v = 0;
    for (int base = 0; base < k->pc; base += g) {
        size_t w = kheld(k, base, g);
        v = w > v ? w : v;
    }
    return v;
}

/* One round with groups of g and radix r: r-1 peers each get the padded
 * group volume, the largest a group of g holds (its blocks and slices). */
static double knomial_round(const ss_ab_t *ab, const kplan_t *k, int g, int r)
{
    return ab->alpha + (r - 1) * ((double)kvol(k, g) + F) * ab->beta;
}

/* Core pc = m k^j <= p (m < k): j rounds of radix k, then one of m. */
static int kshape(int p, int k, int *radix, int *group, int *nr)
{
    int g = 1;
    *nr = 0;
    for (; (long)g * k <= p; g *= k) {
        radix[*nr] = k;
        group[(*nr)++] = g;
    }
    if (p / g > 1) {
        radix[*nr] = p / g;
        group[(*nr)++] = g;
        g *= p / g;
    }
    return g;
}

/* The plan with its prefix sums (uneven blocks); -1 out of memory. */
static int kplan_init(kplan_t *kp, int p, int pc, size_t n, const size_t *sizes)
{
    *kp = (kplan_t){p, pc, p - pc, n, sizes, NULL};
    if (!sizes)
        return 0;
    if (!(kp->off = malloc(((size_t)p + 1) * sizeof *kp->off)))
        return -1;
    kp->off[0] = 0;
    for (int r = 0; r < p; r++)
        kp->off[r + 1] = kp->off[r] + sizes[r];
    return 0;
}

/* The largest extra block. */
static size_t kmost(const kplan_t *kp)
{
    size_t most = 0;
    for (int t = 0; t < kp->rem; t++) {
        size_t b = size_of(kp->sizes, kp->n, kp->pc + t);
        most = b > most ? b : most;
    }
    return most;
}

/* Core pc = m k^j <= p (m < k): j rounds of radix k and one of radix m,
 * each carrying the slices of the rem extra blocks that the group's
 * members hold; extra t puts its len_t slices, each padded to
 * ceil(b_max / len_t), and increments before, and gets the whole result
 * after. loggp: ss_knomial_rounds. */
double ss_fcollect_knomial_time(const ss_ab_t *ab, int p, int k, size_t n,
                                const size_t *sizes)
{
    int nr, radix[64], group[64], pc = kshape(p, k, radix, group, &nr);
    kplan_t kp;
    if (ss_lg_on(ab))
        return ss_knomial_rounds(ab, p, k, n, sizes, 1 << 16, NULL);
    if (kplan_init(&kp, p, pc, n, sizes))
        return NAN;
    size_t most = kmost(&kp);
    double pre = 0;
    for (int t = 0; t < kp.rem; t++) {   /* slices padded to ceil(most/m) */
        size_t m = (size_t)(kstart(&kp, t + 1) - kstart(&kp, t));
        double v = (double)(m * ((most + m - 1) / m)) + (double)m * F;
        pre = pre > v ? pre : v;
    }
    double t = kp.rem ? ab->alpha + pre * ab->beta +
                        msg(ab, (double)kat(&kp, p))
                      : 0;
    for (int j = 0; j < nr; j++)
        t += knomial_round(ab, &kp, group[j], radix[j]);
    free(kp.off);
    return t;
}

/* loggp k-nomial (ss_knomial_rounds): the shape and every round's
 * padded volume; tags 0 (slices), 1 + j (round j), 1 + nr (the result at
 * an extra). In round j member y issues its parts and padding to each
 * peer, then each peer's increment, d apart (o before the first) through
 * its link; member x handles the r-1 increments landing at L_1 <= .. from its last issue,
 * W_j(x), on:
 *   t_(j+1)(x) = c_(r-1),  c_i = max(c_(i-1), L_i) + o_recv,  c_0 = W_j(x).
 * With extras (p not m k^j) an extra's slices leave one after another,
 * so the core starts staggered by 2-3 d a member, later rounds overlap
 * on links, and a member may apply the next round's increment first.
 * The engine shares each link with every piece capped by its share of
 * its sender's link, which is max-min sharing only while the bottleneck
 * stays on one of the two: at p = 33 the form is 0.4% (o 0.3 us) to
 * 1.8% (o_recv 1 us) off, where the simulator is exactly max-min. */
typedef struct knprog {
    kplan_t kp;
    int nr, radix[64], group[64];
    size_t chunk, most, vol[64];
} knprog_t;

/* Extra x puts slice i, its padding and an increment to core member
 * start + i in turn, then waits for the whole result. */
static int kn_extra(ss_lg_eng_t *e, const knprog_t *k, int x, int step)
{
    const kplan_t *kp = &k->kp;
    int t = x - kp->pc, s = kstart(kp, t), m = kstart(kp, t + 1) - s;
    size_t b = size_of(kp->sizes, kp->n, x), each = (k->most + m - 1) / m;
    if (step > 0)
        return 0;
    for (int i = 0; i < m; i++) {
        size_t sl = kcut(b, i + 1, m) - kcut(b, i, m);
        ss_lg_to_put(e, s + i, (double)sl);
        ss_lg_to_chunks(e, s + i, (double)(each - sl), (double)k->chunk);
        ss_lg_to_flag(e, s + i, 0);
    }
    ss_lg_wait(e, 1 + k->nr, 1);
    return 1;
}

/* Round j: member y sends its group's blocks, slices and padding to
 * each of its r-1 peers in turn, then an increment to each, then waits
 * for theirs. */
static void kn_round(ss_lg_eng_t *e, const knprog_t *k, int y, int j)
{
    const kplan_t *kp = &k->kp;
    int g = k->group[j], r = k->radix[j], base = y - y % g;
    int top = y - y % (g * r), digit = (y - top) / g;
    size_t blk = kat(kp, base + g) - kat(kp, base);
    size_t slc = kpos(kp, base + g) - kpos(kp, base);
    for (int i = 1; i < r; i++) {
        int to = top + (digit + i) % r * g + y % g;
        ss_lg_to_put(e, to, (double)blk);
        ss_lg_to_put(e, to, (double)slc);
        ss_lg_to_chunks(e, to, (double)(k->vol[j] - blk - slc),
                        (double)k->chunk);
    }
    for (int i = 1; i < r; i++)
        ss_lg_to_flag(e, top + (digit + i) % r * g + y % g, 1 + j);
    ss_lg_wait(e, 1 + j, r - 1);
}

/* A core member: its slice, the rounds, and the first of an extra's
 * range puts it the whole result. */
static int kn_prog(ss_lg_eng_t *e, int x, int step, void *arg)
{
    const knprog_t *k = arg;
    const kplan_t *kp = &k->kp;
    if (x >= kp->pc)
        return kn_extra(e, k, x, step);
    if (step == 0 && kp->rem)
        ss_lg_wait(e, 0, 1);
    if (step > 0 && step <= k->nr)
        kn_round(e, k, x, step - 1);
    if (step <= k->nr)
        return 1;
    int t = kp->rem ? (int)((((long)x + 1) * kp->rem + kp->pc - 1) / kp->pc - 1)
                    : 0;   /* the extra whose range holds x */
    if (kp->rem && kstart(kp, t) == x) {
        ss_lg_to_put(e, kp->pc + t, (double)kat(kp, kp->p));
        ss_lg_to_flag(e, kp->pc + t, 1 + k->nr);
    }
    return 0;
}

double ss_knomial_rounds(const ss_ab_t *ab, int p, int k, size_t n,
                         const size_t *sizes, size_t chunk,
                         const double *start)
{
    knprog_t kn = {.chunk = chunk};
    int pc = kshape(p, k, kn.radix, kn.group, &kn.nr);
    if (kplan_init(&kn.kp, p, pc, n, sizes))
        return NAN;
    kn.most = kmost(&kn.kp);
    for (int j = 0; j < kn.nr; j++)
        kn.vol[j] = kvol(&kn.kp, kn.group[j]);
    double t = ss_lg_run(ab, p, kn_prog, &kn, start, NULL);
    free(kn.kp.off);
    return t;
}

static int radix_or_default(int k)
{
    return k >= 2 ? k : SHCOLL_FCOLLECT_KNOMIAL_RADIX;
}

static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_knomial_time(ab, in->p, radix_or_default(in->radix),
                                    in->n, NULL);
}

static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_knomial_time(ab, in->p, 2, in->n, NULL);
}

/* Even p: step 0 swaps one block, the p/2-1 others two. Odd p: ring.
 * loggp: a step is o, the put and its flag, and o_recv:
 *   T = (o + pair(n) + o_recv) + (p/2-1)(o + pair(2n) + o_recv). */
static double neighbor_exchange(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double n = (double)in->n;
    if (in->p % 2)
        return ring(ab, in);
    if (ss_lg_on(ab))
        return (ab->o + ss_lg_pair(ab, n) + ab->o_recv) +
               (in->p / 2 - 1) * (ab->o + ss_lg_pair(ab, 2 * n) + ab->o_recv);
    return msg(ab, n) + (in->p / 2 - 1) * msg(ab, 2 * n);
}

/* ---- node_aware -------------------------------------------------------- */

static double node_blocks(void *arg, int first, int cnt)
{
    (void)first;
    return *(const double *)arg * cnt;
}

/* fcollect/node_aware.c: the k-nomial gather in the node (a subtree's
 * blocks in one put), the leaders' form at L = ceil(p/q) on qn-byte
 * blocks (padded when q does not divide p), the k-nomial broadcast of
 * the pn-byte result. q <= 1: the leaders' form alone. */
static double node_aware(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    ss_node_form_t f;
    ss_node_form(ab, in, SHCOLL_FCOLLECT, "recursive_doubling", "bruck", &f);
    if (f.a < 0)
        return NAN;
    if (f.q <= 1)
        return ss_pred_fcollect(f.a)(&f.net, &f.li);
    int k = ss_node_radix(in, SHCOLL_FCOLLECT_NODE_AWARE_RADIX, f.q);
    double n = (double)in->n;
    double up = fmax(ss_node_up(ab, f.q, k, node_blocks, &n, 0),
                     ss_node_up(ab, f.last, k, node_blocks, &n, 0));
    f.li.p = f.L;
    f.li.n = (size_t)f.q * in->n;
    double lead = f.L > 1 ? ss_pred_fcollect(f.a)(&f.net, &f.li) : 0;
    return up + lead + ss_node_down(ab, f.q, k, n * in->p, f.L > 1);
}

SS_PRED_FORMS(FCOLLECT, fcollect)
