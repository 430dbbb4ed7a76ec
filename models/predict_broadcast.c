/* predict_broadcast.c - closed forms of the broadcast algorithms (see
 * predict.h). F is the wire size of a flag or counter increment.
 *
 * Notation: t(c, m) = alpha + c (m+F) beta, the time for a PE to put m
 * bytes (and a flag) to c PEs at once: the c puts share its link and all
 * finish together. Trees are drawn over ranks relative to the root, so
 * no form depends on the root.
 *
 * loggp adds to every put and atomic o of its PE's time, spaces a PE's
 * messages d = max(o, g) apart (a flag is its own message, d after its
 * put), and charges o_recv per increment to the PE that consumes it.
 * Linear keeps a closed form. The others no longer move in step: members
 * that get no payload run ahead, and whether an increment is consumed
 * while a member idles or while its next send waits decides the time.
 * So under loggp their forms play the algorithm's messages out in time
 * order (the replay below), each comment giving the lockstep cost it
 * refines; under alpha-beta they are the lockstep sums, as before.
 */
#include "predict.h"
#include "predict_replay.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

static double t(const ss_ab_t *ab, double c, double m)
{
    return ab->alpha + c * (m + F) * ab->beta;
}

static double max2(double x, double y)
{
    return x > y ? x : y;
}

static int loggp(const ss_ab_t *ab)
{
    return ss_lg_on(ab) || ab->o_quiet > 0;   /* a quiet alone: replayed too */
}

/* ---- linear ------------------------------------------------------------ */

/* Arrival increments into the root, consumed one by one, then p-1 puts
 * and flags out of its link, d = max(o, g) apart; the last flag is
 * applied when its link has drained (alpha-beta: 2 alpha + (p-1)(n+2F)
 * beta):
 *   T = o + alpha + (p-1)(F beta + o_recv) + o + alpha + o_recv
 *     + max((p-1)(n+F) beta, 2(p-2)d + (n+F) beta, (2p-3)d + F beta);
 * in signal mode (n > 0) the last term is max((p-1)(n+F) beta,
 * (p-2)d + (n+F) beta): each put carries its flag. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n, d = max2(ab->o, ab->g);
    double out = max2((p - 1) * (n + F) * ab->beta,
                      2 * (p - 2) * d + (n + F) * ab->beta);
    out = max2(out, (2 * p - 3) * d + F * ab->beta);
    if (ab->signal && n > 0)   /* each put carries its flag, d apart */
        out = max2((p - 1) * (n + F) * ab->beta, (p - 2) * d + (n + F) * ab->beta);
    return ab->o + ab->alpha + (p - 1) * (F * ab->beta + ab->o_recv) +
           ab->o + ab->alpha + out + ab->o_recv;
}

/* ---- round-synchronous trees ------------------------------------------- */

enum { LO, STEP, ROUND, PHASE, BUSY };

/* Member x's rounds (broadcast/common.c shcoll_bcast_rounds); k < 0
 * numbers a kary tree of radix -k. */
static int prog_rounds(des_t *s, int x)
{
    long *st = s->pe[x].st, p = s->p, k = labs(s->k), kary = s->k < 0;
    long width = kary ? k : k - 1;
    if (st[STEP] == 0)
        st[STEP] = 1;
    for (; st[LO] + st[STEP] < p; st[PHASE] = 0, st[ROUND]++) {
        long lo = st[LO], step = st[STEP];
        int sender = s->in->n > 0 && x >= lo && x < lo + step && x + step < p;
        if (st[PHASE] == 0 && sender && st[BUSY]) {
            st[PHASE] = 1;
            return QUIET;
        }
        if (st[PHASE] < 2) {
            for (long o = step; o <= width * step && o < p; o += step) {
                if (sender && x + o < p)
                    ss_rp_put_count(s, x, (int)(x + o), (double)s->in->n, (int)st[ROUND]);
                else
                    ss_rp_add_count(s, x, (int)((x + o) % p), (int)st[ROUND]);
            }
            st[BUSY] |= sender;
            st[PHASE] = 2;
        }
        long need = (p - 1) / step < width ? (p - 1) / step : width;
        if (ss_rp_count(s, x)[st[ROUND]] < need)
            return WAIT;
        st[LO] += kary ? step : 0;
        st[STEP] *= k;
    }
    return DONE;
}

/* The rounds of broadcast/common.c: in round r every member sends one
 * message to each of the w_r = min(width, floor((p-1)/k^r)) members
 * k^r, 2 k^r, ... ahead, the busiest sender c_r of them with the payload;
 * members move from round to round together, so each round costs the
 * busiest link's bytes:
 *   T = sum_r alpha + (c_r n + w_r F) beta.
 * knomial (width k-1): rel 0 sends the payload on all its offsets, c_r =
 * w_r. kary (width k): the first member of depth r feeds positions i k^r
 * < (members of depth r+1). loggp, in lockstep: a round costs o + alpha
 * + o_recv more, the busiest sender's c_r + w_r issues taking
 * (c_r + w_r - 1) d; the replay lets members that get no payload run
 * ahead into the next rounds, their increments then costing o_recv to
 * members still waiting for theirs. */
static double rounds(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                     int kary)
{
    long p = in->p, width = kary ? k : k - 1, lo = 0, step = 1;
    double n = (double)in->n, total = 0;

    if (loggp(ab)) {
        long r = 0;
        for (long l = 0, st = 1; l + st < p; l += kary ? st : 0, st *= k)
            r++;
        des_t s = {.ab = ab, .in = in, .p = p, .k = kary ? -k : k,
                   .ntag = (int)r + 1, .prog = prog_rounds};
        return ss_rp_replay(&s);
    }
    while (lo + step < p) {
        long w = (p - 1) / step < width ? (p - 1) / step : width;
        long next = lo + step;   /* first member of depth r+1 (kary) */
        long c = kary ? (p - next + step - 1) / step : w;
        if (c > w)
            c = w;
        total += ab->alpha + ((double)c * n + (double)w * F) * ab->beta;
        lo += kary ? step : 0;
        step *= k;
    }
    return total;
}

static double binomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return rounds(ab, in, 2, 0);
}

static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return rounds(ab, in, in->radix ? in->radix : SHCOLL_BROADCAST_KNOMIAL_RADIX,
                  0);
}

/* ---- pipelines ---------------------------------------------------------- */

/* The barrier beside a pipeline (broadcast/common.c): R = max(1,
 * ceil(log2 p) - 1) rounds, one increment 2^r ahead in each but the last,
 * which sends d 2^(R-1) ahead for d = 1..3 (those within p). */
static int bar_rounds(long p)
{
    int l = ss_ceil_log(2, (int)p);
    return l <= 2 ? 1 : l - 1;
}

static long bar_width(long p, int r)
{
    long w = 0;
    for (long d = 1; d <= (r == bar_rounds(p) - 1 ? 3 : 1); d++)
        w += (d << r) < p;
    return w;
}

static double pipe_barrier(const ss_ab_t *ab, long p)
{
    double total = 0;
    for (int r = 0; r < bar_rounds(p); r++)
        total += ab->alpha + (double)bar_width(p, r) * F * ab->beta;
    return total;
}

enum { SEGS, BAR, STARTED };   /* segments sent, barrier rounds done */

static void bar_send(des_t *s, int x, int r)
{
    for (long d = 1; d <= bar_width(s->p, r); d++)
        ss_rp_add_count(s, x, (int)((x + (d << r)) % s->p), 1 + r);
}

/* The word as the member last read it (common.c's b->seen), after the
 * live counters. */
static long *seen(des_t *s, int x)
{
    return ss_rp_count(s, x) + s->ntag;
}

/* Barrier rounds whose increments it has seen, each sending the next
 * one's. */
static void bar_advance(des_t *s, int x)
{
    long *st = s->pe[x].st;
    while (st[BAR] < bar_rounds(s->p) &&
           seen(s, x)[1 + st[BAR]] == bar_width(s->p, (int)st[BAR]))
        if (++st[BAR] < bar_rounds(s->p))
            bar_send(s, x, (int)st[BAR]);
}

/* common.c pipe_wait: until `segs` segments are seen (segs < 0: the
 * barrier done); 0 when it must wait. What it consumed while it was in
 * a quiet it sees only once it reads the word again. */
static int pipe_wait(des_t *s, int x, long segs)
{
    for (;;) {
        bar_advance(s, x);
        if (segs >= 0 ? seen(s, x)[0] >= segs
                      : s->pe[x].st[BAR] == bar_rounds(s->p))
            return 1;
        int i = 0;
        while (i < s->ntag && seen(s, x)[i] == ss_rp_count(s, x)[i])
            i++;
        if (i == s->ntag)
            return 0;
        for (i = 0; i < s->ntag; i++)
            seen(s, x)[i] = ss_rp_count(s, x)[i];
    }
}

/* Member x of shcoll_bcast_pipeline: s->k children from k x + 1 on
 * (heap order; k = 1 the chain), segments of s->seg bytes. */
static int prog_pipe(des_t *s, int x)
{
    long *st = s->pe[x].st, n = (long)s->in->n, seg = s->seg;
    if (st[STARTED] == 0) {
        bar_send(s, x, 0);
        st[STARTED] = 1;
    }
    for (long off; (off = st[SEGS] * seg) < n;) {
        long len = n - off < seg ? n - off : seg;
        if (x != 0 && !pipe_wait(s, x, st[SEGS] + 1))
            return WAIT;
        long first = s->k * x + 1, kids = 0;
        for (long c = first; c < s->p && c < first + s->k; c++, kids++)
            ss_rp_put_count(s, x, (int)c, (double)len, 0);
        st[SEGS]++;
        if (kids > 0 && off + len < n)
            return QUIET;
    }
    return pipe_wait(s, x, -1) ? DONE : WAIT;
}

static double pipe_replay(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                          size_t seg)
{
    des_t s = {.ab = ab, .in = in, .p = in->p, .k = k,
               .seg = (long)(seg ? seg : in->n / 0xffffffffUL + 1),
               .ntag = 1 + bar_rounds(in->p), .prog = prog_pipe};
    return ss_rp_replay(&s);
}

/* Number of children of heap rank r in a k-ary tree over p ranks. */
static double heap_kids(long r, long k, long p)
{
    long first = k * r + 1;
    return first >= p ? 0 : (double)(p - first < k ? p - first : k);
}

/* Pipelined push down a heap-numbered k-ary tree in segments of s bytes:
 * along each root-leaf path the senders form a row of stages, stage j
 * taking a_j per full segment and b_j for the last (r bytes). The last
 * segment reaches the leaf after
 *   max_m [ sum_{j<=m} a_j + (S-2) max_{j<=m} a_j + sum_{j>=m} b_j ]
 * (S >= 2; the sum of the b_j for S = 1), the longest path through the
 * stage x segment grid. k = 1 is the chain. The barrier runs beside.
 * loggp: per segment a stage also costs its member o_recv and o, and
 * its k puts and counters leave d apart, the quiet waiting for the last;
 * the barrier's increments cost o_recv to members forwarding segments at
 * the time: replayed, since where they fall decides the time at small p
 * and few segments. */
static double pipe_tree(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                        size_t s)
{
    long p = in->p;
    size_t n = in->n;
    double worst = 0;

    if (loggp(ab))
        return pipe_replay(ab, in, k, s);
    if (n == 0)
        return pipe_barrier(ab, p);
    if (s == 0 || s > n)
        s = n;
    size_t nseg = (n + s - 1) / s;
    double S = (double)nseg, last = (double)(n - (nseg - 1) * s);
    if (k == 1) {   /* the chain: p-1 equal stages */
        double a = t(ab, 1, (double)s), b = t(ab, 1, last);
        worst = S >= 2 ? (p + S - 3) * a + b : (p - 1) * b;
        return max2(worst, pipe_barrier(ab, p));
    }
    for (long leaf = p - 1; leaf > (p - 2) / k; leaf--) {
        double c[64];
        int d = 0;
        for (long v = leaf; v > 0; v = (v - 1) / k)   /* path, leaf upwards */
            c[d++] = heap_kids((v - 1) / k, k, p);
        double sum_a = 0, max_a = 0, best = 0;
        for (int m = d - 1; m >= 0; m--) {   /* stage m from the root */
            sum_a += t(ab, c[m], (double)s);
            max_a = max2(max_a, t(ab, c[m], (double)s));
            double tail = 0;
            for (int j = m; j >= 0; j--)
                tail += t(ab, c[j], last);
            best = max2(best, S >= 2 ? sum_a + (S - 2) * max_a + tail : tail);
        }
        worst = max2(worst, best);
    }
    return max2(worst, pipe_barrier(ab, p));
}

static double kary(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    long k = in->radix ? in->radix : SHCOLL_BROADCAST_KARY_RADIX;
    return k == 1 ? pipe_tree(ab, in, 1, in->n) : rounds(ab, in, k, 1);
}

static double pipelined_chain(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    size_t s = in->segment ? in->segment : SHCOLL_BROADCAST_PIPELINED_CHAIN_SEGMENT;
    return pipe_tree(ab, in, 1, s);
}

static double pipelined_binary(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    size_t s = in->segment ? in->segment : SHCOLL_BROADCAST_PIPELINED_BINARY_SEGMENT;
    return pipe_tree(ab, in, 2, s);
}

/* ---- scatter and ring allgather ---------------------------------------- */

enum { SCATTER, RING };
enum { STAGE, RSTEP };

static size_t block_len(size_t n, long p, long j)
{
    return n / (size_t)p + ((size_t)j < n % (size_t)p);
}

/* Member x of broadcast/scatter_allgather.c. */
static int prog_sag(des_t *s, int x)
{
    long *st = s->pe[x].st, p = s->p;
    size_t n = s->in->n;
    if (st[STAGE] == 0) {
        st[STAGE] = 1;
        int sent = 0;
        for (long j = 1; x == 0 && j < p; j++)
            if (block_len(n, p, j) > 0) {
                ss_rp_put_count(s, x, (int)j, (double)block_len(n, p, j), SCATTER);
                sent = 1;
            }
        if (sent)
            return QUIET;
    }
    if (x != 0 && block_len(n, p, x) > 0 && ss_rp_count(s, x)[SCATTER] < 1)
        return WAIT;
    for (; st[RSTEP] < p - 1; st[RSTEP]++) {
        if (st[RSTEP] > 0 && ss_rp_count(s, x)[RING] < st[RSTEP])
            return WAIT;
        long j = ((x - st[RSTEP]) % p + p) % p;
        if (st[RSTEP] > 0 && s->ab->signal)   /* shcoll_signal_fence */
            s->pe[x].epoch++;
        ss_rp_put_count(s, x, (int)((x + 1) % p), (double)block_len(n, p, j), RING);
    }
    return ss_rp_count(s, x)[RING] < p - 1 ? WAIT : DONE;
}

/* Flat scatter of p blocks (the first n mod p one byte larger), the root
 * waiting for it to complete, then p-1 ring steps; the largest block,
 * which is the last to land, comes round all p-1 hops:
 *   T = alpha + sum_j (len_j + F) beta + (p-1)(alpha + (b+F) beta).
 * loggp: the scatter's 2(p-1) messages leave d apart and each ring hop
 * costs o + flight(b) + o_recv, flight(b) = alpha + max((b+F) beta,
 * d + F beta); members start the ring as their block lands and the root
 * takes the ring's increments while it waits for its scatter, so the
 * start that sets the end is replayed. Not followed: max-min lets a
 * ring put that shares a member's link with the scatter's slow one give
 * the scatter more of the root's link (0.7% high at 16 PEs, 1 MiB). */
static double scatter_allgather(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    long p = in->p;
    size_t q = in->n / (size_t)p, extra = in->n % (size_t)p;
    double scattered = 0;

    if (loggp(ab)) {
        des_t s = {.ab = ab, .in = in, .p = p, .ntag = 2, .prog = prog_sag};
        return ss_rp_replay(&s);
    }
    for (long j = 1; j < p; j++) {
        size_t len = q + ((size_t)j < extra);
        if (len > 0)
            scattered += (double)len + F;
    }
    double t0 = scattered > 0 ? ab->alpha + scattered * ab->beta : 0;
    return t0 + (double)(p - 1) * t(ab, 1, (double)(q + (extra > 0)));
}

/* ---- node_aware -------------------------------------------------------- */

/* broadcast/node_aware.c: arrivals up the node trees (bare flags) and,
 * beside them, the root's put to its node's leader when the root is not
 * one; the leaders' form at L = ceil(p/q) from leader root / q; the
 * k-nomial broadcast in the node. q <= 1: the leaders' form alone. */
static double node_aware(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    ss_node_form_t f;
    ss_node_form(ab, in, SHCOLL_BROADCAST, "binomial", "binomial", &f);
    if (f.a < 0)
        return NAN;
    if (f.q <= 1)
        return ss_pred_broadcast(f.a)(&f.net, &f.li);
    int k = ss_node_radix(in, SHCOLL_BROADCAST_NODE_AWARE_RADIX, f.q);
    double n = (double)in->n;
    double up = fmax(ss_node_up(ab, f.q, k, NULL, NULL, 0),
                     ss_node_up(ab, f.last, k, NULL, NULL, 0));
    if (in->root % f.q != 0)
        up = fmax(up, ab->shm_o + ab->shm_alpha + (n + F) * ab->shm_beta +
                          ab->shm_o_recv);
    f.li.p = f.L;
    f.li.root = in->root / f.q;
    double lead = f.L > 1 ? ss_pred_broadcast(f.a)(&f.net, &f.li) : 0;
    return up + lead + ss_node_down(ab, f.q, k, n, f.L > 1);
}

SS_PRED_FORMS(BROADCAST, broadcast)
