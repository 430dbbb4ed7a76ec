/* broadcast/common.c - what the tree and chain broadcasts share: member
 * numbering relative to the root, and two data engines that each make
 * every exit depend on every entry (the invariant of internal.h) while no
 * member receives more than O(k log p) messages. Not an algorithm itself:
 * it has no registry row.
 *
 * Relative ranks: rel = (member - root) mod p, so the root is rel 0 and
 * every tree is drawn once, over 0..p-1.
 *
 * Why a barrier at all. Data flows one way, so without help a member
 * could leave before others have entered, run ahead two calls and write
 * into a psync (or dest) still in use by call k. Why not at one member:
 * counting p-1 arrivals at a leaf and releasing everyone from it (this
 * file's former handshake) puts p-1 messages through one link; at 32,768
 * PEs that alone was 100 us, linear in p under a log p tree. Why not only
 * local acks (each child tells its parent it entered, each parent's data
 * tells its children): that covers the writers of the next call only if
 * its tree is the same. The root may change from call to call, and then
 * the member writing into X in call k+2 may be a stranger to X in call
 * k+1. Moreover a team's calls alternate one pair of workspaces across
 * collective kinds (the simulator does), so a broadcast between two
 * fcollects must keep the fcollects' writers apart too. Only "every exit
 * depends on every entry" composes like that; a dissemination barrier
 * gives it in log rounds with a bounded number of messages per member.
 *
 * Round-synchronous trees (binomial, knomial, kary): the payload rides on
 * the barrier. In round r every member x sends one message to each
 * x + o (mod p), o in O_r = { (i+1) k^r < p : i < w }, and waits for the
 * |O_r| messages of round r addressed to it before round r+1. A message
 * is the payload (put, fence, increment) when x holds it and x + o < p is
 * x's child in round r, else a bare increment. After rounds 0..r, x has
 * heard, through chains of messages, from every x - m with m a sum of one
 * element of {0} u O_j per round j <= r: with w = k-1 that is every m <
 * k^(r+1), with w = k every m < S_(r+2), S_j = (k^j - 1)/(k - 1). The
 * rounds stop at the first r where that reaches p - 1, which is also when
 * the payload has reached everyone:
 *   knomial (w = k-1): holders are 0..k^r-1 and all of them send; rel y
 *     gets it in round floor(log_k y) from y minus its top base-k digit.
 *     R = ceil(log_k p) rounds.
 *   kary (w = k): only depth r, S_r .. S_r + k^r - 1, sends; its member
 *     at position j feeds positions j + i k^r of depth r+1, so the last,
 *     partial depth is spread over all parents instead of filling the
 *     first ones. R = the depth, the least R with S_(R+1) >= p.
 * A sender waits (shmem_quiet) for its payload puts of one round before
 * it puts again, so a round's puts never share its link with the next.
 * Cost: every member runs round r in step with its incoming messages, so
 *   T = sum over r < R of alpha + (c_r n + |O_r| F) beta,   F = 8,
 * c_r the payload copies of the busiest sender of round r (rel 0 for
 * knomial, the first member of depth r for kary): no more rounds than the
 * tree alone, and |O_r| F of increments per round. Messages into a
 * member: sum |O_r| <= w R increments and one payload put.
 *
 * Pipelines (pipelined_binary, pipelined_chain, kary with k = 1): the
 * payload moves in segments whenever they land, not in rounds, so the
 * barrier runs beside it. A member waiting for its next segment must
 * also forward barrier messages as they come, and OpenSHMEM 1.4 waits on
 * one word only: so one word counts both, segments in bits 0..31 (at
 * most 2^32 - 1 segments; larger payloads get larger segments) and the
 * barrier's round r in bit 32 + r. The barrier has R = max(1, ceil(log2
 * p) - 1) rounds: round r < R-1 goes to x + 2^r, the last to x + d 2^(R-1)
 * for d = 1, 2, 3 (two bits), so the sums cover 0..2^(R+1) - 1 >= p - 1
 * in one round fewer than the plain radix-2 barrier, and R + 1 <= 31
 * bits fit. Cost: R (alpha + F beta) + 2 F beta if nothing else ran; the
 * heap's path has floor(log2 p) >= R stages and the chain p - 1 >= R,
 * each at least alpha, and a member forwards tokens whenever it waits
 * (at worst one stage late, behind a shmem_quiet), so the barrier ends
 * before the data except for a few F beta at tiny p. Messages into a
 * member: R + 2 increments, and two per segment.
 *
 * Signal mode (internal.h): a payload put carries its increment (one put
 * with signal). Nothing else needs ordering: a round sends one message
 * to each target, on the round's own word, and a pipeline's parent, the
 * only writer of the segment count, quiets between segments, so no two
 * of its segments are in flight to a child at once.
 */
#include "common.h"

/* This PE's rank relative to the root, or -1 if it is not a member or
 * the root is not one. */
int shcoll_bcast_rel(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    int me = shcoll_my_index(s);
    if (me < 0 || a->root < 0 || a->root >= s->size)
        return -1;
    return (me - a->root + s->size) % s->size;
}

int shcoll_bcast_pe(const shcoll_args_t *a, int rel)
{
    const shcoll_set_t *s = &a->set;
    return shcoll_pe(s, (rel + a->root) % s->size);
}

/* ---- round-synchronous trees ------------------------------------------ */

/* Rounds while a member lies beyond the senders of this round: the
 * senders are [lo, lo + step), lo = 0 (knomial) or S_r (kary). */
size_t shcoll_bcast_rounds_words(int npes, int k, shcoll_bcast_tree_t t)
{
    size_t r = 0;
    for (long lo = 0, step = 1; lo + step < npes; r++) {
        lo += t == SHCOLL_BCAST_KARY ? step : 0;
        step *= k;
    }
    return r;
}

/* Round r of member rel: one message to each rel + o, o in O_r; the
 * payload where rel is a sender and rel + o < p. Returns whether any
 * payload went out. */
static int send_round(const shcoll_args_t *a, int rel, long *word,
                      long step, int width, int sender)
{
    int p = a->set.size, data = 0;
    for (long o = step; o <= width * step && o < p; o += step) {
        long y = rel + o;
        if (sender && y < p) {
            shcoll_put_count(a, a->dest, a->dest, a->nbytes, word,
                             shcoll_bcast_pe(a, (int)y));
            data = 1;
        } else {
            shmem_long_atomic_inc(word, shcoll_bcast_pe(a, (int)(y % p)));
        }
    }
    return data;
}

void shcoll_bcast_rounds(const shcoll_args_t *a, int rel, int k,
                         shcoll_bcast_tree_t t)
{
    int p = a->set.size, width = t == SHCOLL_BCAST_KARY ? k : k - 1;
    int busy = 0;   /* payload puts of an earlier round may be in flight */
    long lo = 0, step = 1;

    if (rel == 0)
        shcoll_copy(a->dest, a->source, a->nbytes);
    for (int r = 0; lo + step < p; r++) {
        int sender = a->nbytes > 0 && rel >= lo && rel < lo + step &&
                     rel + step < p;
        if (sender && busy)
            shmem_quiet();
        busy |= send_round(a, rel, &a->psync[r], step, width, sender);
        long in = (p - 1) / step;
        shcoll_wait_count(&a->psync[r], in < width ? in : width);
        lo += t == SHCOLL_BCAST_KARY ? step : 0;
        step *= k;
    }
}

/* ---- pipelines: segments and a barrier on one word -------------------- */

#define SEG_BITS 32
#define SEG_MASK ((1L << SEG_BITS) - 1)

typedef struct bar {
    int p, rel;
    int nrounds;   /* R */
    int done;      /* rounds whose messages have all landed here */
    long seen;     /* the word as last read */
} bar_t;

static int bar_rounds(int p)
{
    int l = 0;
    while ((1L << l) < p)
        l++;
    return l <= 2 ? 1 : l - 1;
}

/* Offsets of round r: 2^r, and d 2^r (d = 1..3) in the last round. */
static int bar_width(const bar_t *b, int r)
{
    int w = 0;
    for (long d = 1; d <= (r == b->nrounds - 1 ? 3 : 1); d++)
        w += (d << r) < b->p;
    return w;
}

static void bar_send(const shcoll_args_t *a, const bar_t *b, int r)
{
    for (long d = 1; d <= bar_width(b, r); d++)
        shmem_long_atomic_add(&a->psync[0], 1L << (SEG_BITS + r),
                              shcoll_bcast_pe(a, (int)((b->rel + (d << r)) %
                                                       b->p)));
}

/* Completes the rounds whose messages the last read shows, sending the
 * next round's each time (dissemination needs nothing else). */
static void bar_advance(const shcoll_args_t *a, bar_t *b)
{
    long sum = b->seen - SHMEM_SYNC_VALUE;
    while (b->done < b->nrounds) {
        long mask = b->done == b->nrounds - 1 ? 3 : 1;
        if (((sum >> (SEG_BITS + b->done)) & mask) != bar_width(b, b->done))
            return;
        if (++b->done < b->nrounds)
            bar_send(a, b, b->done);
    }
}

/* Wait until `segs` segments have landed (segs < 0: until the barrier is
 * complete), forwarding barrier messages meanwhile. */
static void pipe_wait(const shcoll_args_t *a, bar_t *b, long segs)
{
    for (;;) {
        bar_advance(a, b);
        long got = (b->seen - SHMEM_SYNC_VALUE) & SEG_MASK;
        if (segs >= 0 ? got >= segs : b->done == b->nrounds)
            return;
        shmem_long_wait_until(&a->psync[0], SHMEM_CMP_NE, b->seen);
        b->seen = a->psync[0];
    }
}

/* Push the payload down a tree (rel's kids are the nkids ranks from
 * `first` on) in segments of `seg` bytes: each segment goes to all kids
 * at once (they share this PE's link), and the next one waits for the
 * previous to complete, so segments follow each other down the tree
 * instead of splitting the link between them. The parent is the only
 * writer of the segment count. The wait for completion (shmem_quiet)
 * comes right after a segment's puts, not before the next: barrier
 * messages sent while waiting for the next segment would otherwise hold
 * the quiet back by up to alpha; this way they are done before the
 * segment the next quiet waits for. */
void shcoll_bcast_pipeline(const shcoll_args_t *a, int rel, int first,
                           int nkids, size_t seg)
{
    size_t n = a->nbytes;
    bar_t b = {a->set.size, rel, bar_rounds(a->set.size), 0,
               SHMEM_SYNC_VALUE};
    long i = 0;

    if (rel == 0)
        shcoll_copy(a->dest, a->source, n);
    if (b.p == 1)
        return;
    if (seg == 0 || n / seg >= (size_t)SEG_MASK)
        seg = n / (size_t)SEG_MASK + 1;
    bar_send(a, &b, 0);
    for (size_t off = 0; off < n; off += seg, i++) {
        size_t len = n - off < seg ? n - off : seg;
        void *at = shcoll_at(a->dest, off);
        if (rel != 0)
            pipe_wait(a, &b, i + 1);
        for (int c = 0; c < nkids; c++)
            shcoll_put_count(a, at, at, len, &a->psync[0],
                             shcoll_bcast_pe(a, first + c));
        if (nkids > 0 && off + len < n)
            shmem_quiet();
    }
    pipe_wait(a, &b, -1);
    a->psync[0] = SHMEM_SYNC_VALUE;
}
