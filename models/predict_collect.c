/* predict_collect.c - closed forms of the collect algorithms (see
 * predict.h). N is the total of all members' bytes, F the wire size of a
 * flag or counter increment.
 *
 * loggp: predict_fcollect.c says what o, g and o_recv cost. The ring
 * and the scans keep in lock-step and take terms per step; the others
 * run their members' programs on the engine of predict_engine.c
 * (ss_lg_run), which follows each member's clock. */
#include "predict.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

/* collect/common.c's padding scratch: the most one padding put carries. */
static size_t scratch(int p)
{
    size_t s = (size_t)1 << 16;
    while (s > 4096 && s * (size_t)p > ((size_t)1 << 29))
        s /= 2;
    return s;
}

/* loggp: every member puts its size and a flag to the root (o, o + d),
 * the root handles the p-1 flags, landing together, and flags each
 * member its offset in turn (p-1 issues d apart); member r handles it
 * and puts its block and a flag, so the blocks reach the root's link
 * d apart and share it; the root handles their flags as they land and
 * puts N and a flag to each member in turn, and the last handles its
 * flag. Tags: sizes, offset, blocks, result. */
static int linear_prog(ss_lg_eng_t *e, int x, int step, void *arg)
{
    const ss_pred_in_t *in = arg;
    int p = in->p, root = x == 0;
    if (step == 2) {
        for (int r = 1; root && r < p; r++) {
            ss_lg_to_put(e, r, (double)ss_total_bytes(in));
            ss_lg_to_flag(e, r, 3);
        }
        return 0;
    }
    if (root) {
        for (int r = 1; step == 1 && r < p; r++)
            ss_lg_to_flag(e, r, 1);
        ss_lg_wait(e, 2 * step, p - 1);
        return 1;
    }
    ss_lg_to_put(e, 0, step ? (double)in->sizes[x] : 8.0);
    ss_lg_to_flag(e, 0, 2 * step);
    ss_lg_wait(e, 2 * step + 1, 1);
    return 1;
}

/* Four rounds through the root's link: sizes in (8-byte put + increment
 * each), offsets out, blocks in, the whole array out to each member. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, N = (double)ss_total_bytes(in);
    double n0 = (double)in->sizes[0];
    if (ss_lg_on(ab))
        return ss_lg_run(ab, in->p, linear_prog, (void *)in, NULL, NULL);
    return 4 * ab->alpha +
           ((p - 1) * 2 * F + (p - 1) * F + (N - n0 + (p - 1) * F) +
            (p - 1) * (N + F)) * ab->beta;
}

/* Two phases (algorithms/collect/ring.c): the ring over the 8-byte
 * sizes, then over the members' blocks. loggp: the first phase ends with
 * a flag to handle, which the second's first put pays for, as its
 * forms count; the second's first quiet has the first phase's last put
 * to complete, so it costs o_quiet where the first phase's did not. */
static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_ring_time(ab, in->p, 8, NULL) +
           (in->p > 1 ? ab->o_quiet : 0) +
           ss_fcollect_ring_time(ab, in->p, 0, in->sizes);
}

/* loggp, before the k-nomial rounds (tags: 0 sizes, 1 + j scan round
 * j, 1 + L place). Extra t flags its size to its range of core members
 * in turn and waits for its place; a core member handles its size flag
 * (p > pc), runs the scan rounds with me XOR 2^j (a put of j + 3 words
 * and a flag, then the partner's) and the first of a range puts its
 * extra the place (16 bytes) and a flag. */
typedef struct rdprog {
    int p, pc, L;
} rdprog_t;

static int rd_first(const rdprog_t *r, int t)   /* of extra t's range */
{
    return (int)((long)t * r->pc / (r->p - r->pc));
}

static int rd_extra(ss_lg_eng_t *e, const rdprog_t *r, int x, int step)
{
    int t = x - r->pc;
    for (int q = rd_first(r, t); step == 0 && q < rd_first(r, t + 1); q++)
        ss_lg_to_flag(e, q, 0);
    ss_lg_wait(e, 1 + r->L, step == 0);
    return step == 0;
}

static int rd_prog(ss_lg_eng_t *e, int x, int step, void *arg)
{
    const rdprog_t *r = arg;
    int rem = r->p - r->pc;
    if (x >= r->pc)
        return rd_extra(e, r, x, step);
    if (step == 0) {
        ss_lg_wait(e, 0, rem > 0);
        return 1;
    }
    if (step <= r->L) {
        ss_lg_to_put(e, x ^ (1 << (step - 1)), 8.0 * (step + 2));
        ss_lg_to_flag(e, x ^ (1 << (step - 1)), step);
        ss_lg_wait(e, step, 1);
        return 1;
    }
    int t = rem ? (int)((((long)x + 1) * rem + r->pc - 1) / r->pc - 1) : 0;
    if (rem && rd_first(r, t) == x) {
        ss_lg_to_put(e, r->pc + t, 16);
        ss_lg_to_flag(e, r->pc + t, 1 + r->L);
    }
    return 0;
}

/* algorithms/collect/recursive_doubling.c: the scan (round j swaps
 * j + 3 words), the extras' sizes before it and places after it, then
 * the k-nomial engine's radix-2 rounds over the blocks. loggp: rd_prog,
 * then ss_knomial_rounds from where each member stands (its debt paid).
 * A scan round is o, the put and its flag, and o_recv while members keep
 * in step. With extras (p not a power of two) the core starts staggered
 * (the sizes, then the slices, leave an extra one after another) and the
 * blocks' rounds, padded in puts of 64 KiB, overlap on links where the
 * engine only approximates max-min sharing (predict_fcollect.c,
 * knprog_t): at p = 33, 0.8% to 1% off up to 256 KiB blocks, 1% to 5.7%
 * at 512 KiB and 1 MiB. */
static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int p = in->p, p2 = 1, L = 0;
    while (p2 * 2L <= p)
        p2 *= 2, L++;
    if (ss_lg_on(ab)) {
        rdprog_t r = {p, p2, L};
        double *at = malloc((size_t)p * sizeof *at), t = NAN;
        if (at && !isnan(ss_lg_run(ab, p, rd_prog, &r, NULL, at)))
            t = ss_knomial_rounds(ab, p, 2, 0, in->sizes, scratch(p), at);
        free(at);
        return t;
    }
    double t = 0;
    for (int j = 0; j < L; j++)
        t += ab->alpha + (8.0 * (j + 3) + F) * ab->beta;
    if (p > p2) {
        int len = (p2 + (p - p2) - 1) / (p - p2);
        t += ab->alpha + len * F * ab->beta + ab->alpha + (16 + F) * ab->beta;
    }
    return t + ss_fcollect_knomial_time(ab, p, 2, 0, in->sizes);
}

/* algorithms/collect/bruck.c: scan round r puts r + 4 words, then the
 * Bruck rounds over the blocks, round k adding the L - 1 - k maxima
 * still gathering. loggp: the scan is lock-step, a round o, the put and
 * its flag, and o_recv; the data rounds carry the maxima and ride
 * (ss_bruck_rounds). */
static double bruck(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int L = 0;
    for (long d = 1; d < in->p; d *= 2)
        L++;
    double t = 0;
    if (ss_lg_on(ab)) {
        for (int r = 0; r < L; r++)
            t += ab->o + ss_lg_pair(ab, 8.0 * (r + 4)) + ab->o_recv;
        return t + ss_bruck_rounds(ab, in->p, 0, in->sizes, scratch(in->p), 1);
    }
    for (int r = 0; r < L; r++)
        t += ab->alpha + (8.0 * (r + 4) + F) * ab->beta +
             8.0 * (L - 1 - r) * ab->beta;
    return t + ss_fcollect_bruck_time(ab, in->p, 0, in->sizes);
}

/* ---- node_aware -------------------------------------------------------- */

typedef struct node_sizes {
    const size_t *sizes;
    int base;
} node_sizes_t;

static double node_span(void *arg, int first, int cnt)
{
    const node_sizes_t *s = arg;
    double b = 0;
    for (int r = s->base + first; r < s->base + first + cnt; r++)
        b += (double)s->sizes[r];
    return b;
}

/* collect/node_aware.c, phase by phase, each ending with its slowest
 * node: sizes up and offsets down (bare flags), the leaders' two-way
 * scan (ceil(log2 L) rounds of a flag each way), the blocks up (a
 * subtree's bytes in one put), the leaders' form on the node totals,
 * the N-byte result down. q <= 1: the leaders' form alone. A leaders'
 * ring starts with a quiet that has the scan's flags to complete (at
 * o_quiet), where the ring alone starts with nothing to complete. */
static double node_aware(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    ss_node_form_t f;
    ss_node_form(ab, in, SHCOLL_COLLECT, "recursive_doubling", "bruck", &f);
    if (f.a < 0 || !in->sizes)
        return NAN;
    if (f.q <= 1)
        return ss_pred_collect(f.a)(&f.net, &f.li);
    int p = in->p, q = f.q, L = f.L, k = ss_node_radix(in, SHCOLL_COLLECT_NODE_AWARE_RADIX, q);
    size_t *tot = malloc((size_t)L * sizeof *tot);
    if (!tot)
        return NAN;
    double sizes_up = 0, offs_down = 0, blocks_up = 0, N = 0;
    for (int x = 0; x < L; x++) {
        int m = p - x * q < q ? p - x * q : q;
        node_sizes_t ns = {in->sizes, x * q};
        tot[x] = (size_t)node_span(&ns, 0, m);
        N += (double)tot[x];
        sizes_up = fmax(sizes_up, ss_node_up(ab, m, k, NULL, NULL, 0));
        offs_down = fmax(offs_down, ss_node_down(ab, m, k, 0, 0));
        blocks_up = fmax(blocks_up, ss_node_up(ab, m, k, node_span, &ns, 0));
    }
    double scan = ss_ceil_log(2, L) *
                  (ab->o + ab->alpha + F * ab->beta + ab->o_recv);
    f.li.p = L;
    f.li.sizes = tot;
    double lead = L > 1 ? ss_pred_collect(f.a)(&f.net, &f.li) : 0;
    if (L > 1 && f.a == SHCOLL_COLLECT_RING)
        lead += ab->o_quiet;
    free(tot);
    return sizes_up + scan + offs_down + blocks_up + lead +
           ss_node_down(ab, q, k, N, L > 1);
}

SS_PRED_FORMS(COLLECT, collect)
