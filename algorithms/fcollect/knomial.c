/* fcollect/knomial.c - recursive multiplying with radix k (default 4):
 * groups of g members merge k at a time; in each round a member puts its
 * group's blocks to the k-1 members at its position in the sibling groups.
 *
 * For p = k^L:  T = L alpha + ((p-1)n + 8(k-1)L) beta
 *
 * L = log_k p latencies; every member sends its group's data to k-1 peers
 * at once, which share its link, so a round costs alpha + (k-1)(g n+8)beta
 * and the bandwidth terms add up to the optimal (p-1)n. Larger k trades
 * bandwidth-parallel peers for fewer rounds. k = 2 is recursive doubling
 * (fcollect/recursive_doubling.c uses this engine).
 *
 * Any p (why it is shaped this way). The core is the largest
 * pc = m k^j <= p with m < k: j rounds of radix k, then one of radix m.
 * The rem = p - pc < k^j <= pc remaining "extra" members
 *   - pre: extra t cuts its block in len_t slices and puts slice i to core
 *     member start_t + i, start_t = floor(t pc / rem), len_t = start_(t+1)
 *     - start_t (1 or more, since rem < pc): the extras' ranges tile the
 *     core, so every core member receives exactly one slice and one
 *     increment. Slices are padded to ceil(b_max / len_t), b_max the
 *     largest extra block, so that all land together and the core starts
 *     round 0 in step: alpha + (len_t ceil(b_max / len_t) + 8 len_t)beta;
 *   - core rounds: a group's data is its own blocks plus the slices its
 *     members hold. Slices follow the extras' blocks in order, so the
 *     slices of any run of core members are one contiguous run of dest:
 *     a round's put to a peer is at most two parts, whatever rem is;
 *   - post: the first member of extra t's range puts the whole result to
 *     it (alpha + (p n + 8)beta).
 * Why not slice every extra block over the whole core (perfect balance,
 * as this engine once did): every core member then hears from every
 * extra, and every round's put splits into rem parts, so up to p/2
 * messages land on each member at p = 2^j + 2^j - 1. Why not hand each
 * extra block to one core member: without slices a group holding an
 * extra carries a whole extra block more than its peers, and every round
 * pads to it. Ranges of slices keep both bounded: every member receives
 * O(k log p) messages, and a group holds at most one slice more than its
 * share (a slice is at most b / floor(pc / rem)).
 * Groups hold uneven volumes, so every member pads its round put to the
 * largest group V_g (the padding lands in the target's work); else a
 * light group would run ahead into links still busy with a heavy one and
 * the rounds would no longer be independent. A round costs
 * alpha + (r-1)(V_g + 8)beta with r its radix; with equal blocks
 * V_g = g n + max over aligned groups of the bytes of its slices.
 *
 * Shared with collect/recursive_doubling.c (blocks of any size, given by
 * a view: fcollect/engines.h): the same with each group's own block
 * sizes, the pre-step the largest extra block.
 *
 * psync: [0] counter of the slice, [1 + round] counter of the round's
 * peers, [1 + rounds] flag "whole result here" at an extra.
 * work: the padding (fcollect/bruck.c's helper), at most 64 KiB.
 */
#include <stdint.h>

#include "engines.h"

enum { MAX_ROUNDS = SHCOLL_MAX_ROUNDS, PAD_CHUNK = 1 << 16 };

/* The shape, for equal n-byte blocks (the view carries the offsets). */
typedef struct plan {
    int p, pc, rem, rounds, k;
    int radix[MAX_ROUNDS], group[MAX_ROUNDS];   /* group: size before */
    size_t n;
} plan_t;

static void make_plan(plan_t *pl, int p, int k, size_t n)
{
    int g = 1;
    pl->p = p;
    pl->n = n;
    pl->rounds = 0;
    for (; (long)g * k <= p; g *= k) {
        pl->radix[pl->rounds] = k;
        pl->group[pl->rounds++] = g;
    }
    if (p / g > 1) {
        pl->radix[pl->rounds] = p / g;
        pl->group[pl->rounds++] = g;
        g *= p / g;
    }
    pl->pc = g;
    pl->rem = p - g;
    pl->k = k;
}

static int radix_of(int k)
{
    return k >= 2 ? k : SHCOLL_FCOLLECT_KNOMIAL_RADIX;
}

int shcoll_kn_core(int p, int k)
{
    plan_t pl;
    make_plan(&pl, p, k, 0);
    return pl.pc;
}

/* Start of slice q of a b-byte block cut in m: floor(q b / m), without
 * overflow. */
size_t shcoll_kn_cut(size_t b, long q, long m)
{
    return b / (size_t)m * (size_t)q + b % (size_t)m * (size_t)q / (size_t)m;
}

/* First core member of extra t's range (t = rem: pc). */
static int start_of(int p, int pc, int t)
{
    return (int)((long)t * pc / (p - pc));
}

void shcoll_kn_range(int p, int pc, int t, int *start, int *len)
{
    *start = start_of(p, pc, t);
    *len = start_of(p, pc, t + 1) - *start;
}

int shcoll_kn_owner(int p, int pc, int q)
{
    long rem = p - pc;
    return (int)((((long)q + 1) * rem + pc - 1) / pc - 1);
}

/* Byte offset of block r in dest, equal blocks. */
static size_t at(const plan_t *pl, int r)
{
    return (size_t)r * pl->n;
}

/* Where in dest the slices held by core members q.. begin: the slices
 * of members below q come first (q = pc: the end of dest). */
static size_t pos(const plan_t *pl, int q)
{
    if (pl->rem == 0 || q == pl->pc)
        return at(pl, pl->p);
    int t = shcoll_kn_owner(pl->p, pl->pc, q), s, m;
    shcoll_kn_range(pl->p, pl->pc, t, &s, &m);
    return at(pl, pl->pc + t) + shcoll_kn_cut(pl->n, q - s, m);
}

/* What the group of g core members from base holds, in bytes. */
static size_t holding(const plan_t *pl, int base, int g)
{
    return at(pl, base + g) - at(pl, base) + pos(pl, base + g) -
           pos(pl, base);
}

/* The padded size of a round with groups of g (no group holds more) and
 * the most padding any of its groups sends: O(pc / g). */
static size_t padded(const plan_t *pl, int g, size_t *most_pad)
{
    size_t v = 0, lo = SIZE_MAX;
    if (pl->rem == 0) {
        *most_pad = 0;
        return (size_t)g * pl->n;
    }
    for (int base = 0; base < pl->pc; base += g) {
        size_t w = holding(pl, base, g);
        v = w > v ? w : v;
        lo = w < lo ? w : lo;
    }
    *most_pad = v - lo;
    return v;
}

/* Every round's padded size, and the work the padding needs. They depend
 * on (p, k, n) only, and computing them costs O(p): once per call on
 * every member would be O(p^2) per call in all, so the last few are
 * kept, as a library keeps a team's schedules (per thread: no locking). */
typedef struct volumes {
    int p, k;
    size_t n, work;
    size_t v[MAX_ROUNDS];
} volumes_t;

static void fill_volumes(const plan_t *pl, volumes_t *vol)
{
    size_t most = pl->rem > 0;   /* pre-step: ceil(n / m) over a slice cut in m */
    vol->p = pl->p;
    vol->k = pl->k;
    vol->n = pl->n;
    for (int j = 0; j < pl->rounds; j++) {
        size_t pad;
        vol->v[j] = padded(pl, pl->group[j], &pad);
        most = pad > most ? pad : most;
    }
    vol->work = most < PAD_CHUNK ? most : PAD_CHUNK;
}

/* Into *vol, a copy: other members (in a simulator, other PEs of this
 * thread) may replace a kept entry while this call runs. */
static void volumes(const plan_t *pl, volumes_t *vol)
{
    enum { KEPT = 4 };
    static _Thread_local volumes_t kept[KEPT];
    static _Thread_local unsigned next;
    for (unsigned i = 0; i < KEPT; i++)
        if (kept[i].p == pl->p && kept[i].k == pl->k && kept[i].n == pl->n) {
            *vol = kept[i];
            return;
        }
    fill_volumes(pl, vol);
    kept[next++ % KEPT] = *vol;
}

size_t shcoll_fcollect_knomial_psync_words(int npes, int radix)
{
    plan_t pl;
    make_plan(&pl, npes, radix_of(radix), 0);
    return (size_t)pl.rounds + 2;
}

/* The largest padding any round sends with n-byte blocks (collect
 * passes its own scratch). */
size_t shcoll_fcollect_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    plan_t pl;
    volumes_t vol;
    make_plan(&pl, npes, radix_of(radix), nbytes);
    volumes(&pl, &vol);
    return vol.work;
}

/* Our group's blocks, the slices it holds, the padding. */
static void send_group(const shcoll_args_t *a, const shcoll_kn_view_t *v,
                       int j, size_t pad, shcoll_parts_t *ps)
{
    void *d = shcoll_at(a->dest, v->blk[j][0]);
    shcoll_fcollect_part(ps, d, d, v->blk[j][1] - v->blk[j][0]);
    d = shcoll_at(a->dest, v->slc[j][0]);
    shcoll_fcollect_part(ps, d, d, v->slc[j][1] - v->slc[j][0]);
    shcoll_fcollect_pad(a, ps, pad, v->chunk);
}

/* Round j's i-th peer of me (1 <= i < r): my position in a sibling group. */
static int peer(const shcoll_args_t *a, const plan_t *pl, int me, int j, int i)
{
    int g = pl->group[j], r = pl->radix[j];
    int top = me - me % (g * r), digit = (me - top) / g;
    return shcoll_pe(&a->set, top + (digit + i) % r * g + me % g);
}

/* The data to every peer, one fence, then every peer's counter: one
 * round trip a round where a fence waits for acknowledgements. Signal
 * mode: every peer's last part carries its counter; the parts before
 * it (a group holding slices or padding: p not a power of k, collect's
 * uneven blocks) go out first to every peer, then one fence if there
 * were any, then the signalled puts. With equal blocks and p = k^L each
 * peer gets one part: one message, no fence. */
static void round_j(const shcoll_args_t *a, const plan_t *pl,
                    const shcoll_kn_view_t *v, int me, int j)
{
    int r = pl->radix[j], early = 0;
    size_t pad = v->vol[j] - (v->blk[j][1] - v->blk[j][0]) -
                 (v->slc[j][1] - v->slc[j][0]);

    for (int i = 1; i < r; i++) {
        shcoll_parts_t ps = shcoll_parts(a, peer(a, pl, me, j, i));
        send_group(a, v, j, pad, &ps);
        early |= ps.sent;
    }
    if (!shcoll_signal(a)) {
        shmem_fence();
        for (int i = 1; i < r; i++)
            shmem_long_atomic_inc(&a->psync[1 + j], peer(a, pl, me, j, i));
    } else {
        if (early)
            shmem_fence();
        for (int i = 1; i < r; i++) {
            shcoll_parts_t ps = shcoll_parts(a, peer(a, pl, me, j, i));
            ps.mode = SHCOLL_PARTS_FIND;
            send_group(a, v, j, pad, &ps);
            shcoll_parts_flag(a, &ps, &a->psync[1 + j], 1);
        }
    }
    shcoll_wait_count(&a->psync[1 + j], r - 1);
}

/* An extra member: its slices to its range of the core, each padded to
 * ceil(b_max / m) (every extra's link then carries about b_max and every
 * slice lands at the same time, so the core starts in step) and followed
 * by its counter, then wait for the whole result. A fence per member (m
 * is 1 to 3): one after all slices would queue every counter behind
 * every slice, and the core members served first would wait for the
 * others' (5% slower at 6,000 PEs under alpha-beta). In signal mode
 * the last part (slice or padding) carries the counter, behind a fence
 * when padding went out before it. */
static void extra(const shcoll_args_t *a, const plan_t *pl,
                  const shcoll_kn_view_t *v, int me)
{
    int s, m;
    size_t o = v->own, b = a->nbytes;
    shcoll_kn_range(pl->p, pl->pc, me - pl->pc, &s, &m);

    for (int i = 0; i < m; i++) {
        size_t lo = shcoll_kn_cut(b, i, m), hi = shcoll_kn_cut(b, i + 1, m);
        shcoll_parts_t ps = shcoll_parts(a, shcoll_pe(&a->set, s + i));
        shcoll_fcollect_part(&ps, shcoll_at(a->dest, o + lo),
                             (const char *)a->source + lo, hi - lo);
        shcoll_fcollect_pad(a, &ps, (v->bmax + (size_t)m - 1) / (size_t)m -
                                        (hi - lo), v->chunk);
        shcoll_parts_flag(a, &ps, &a->psync[0], 1);
    }
    shcoll_wait_flag(&a->psync[1 + pl->rounds]);
}

/* Recursive multiplying, radix k >= 2, over the blocks a view describes
 * (an extra's view needs own, bmax and chunk only). The caller has
 * checked me >= 0. */
void shcoll_fcollect_knomial_run_view(const shcoll_args_t *a, int me, int k,
                                      const shcoll_kn_view_t *v)
{
    plan_t pl;
    make_plan(&pl, a->set.size, k, a->nbytes);
    if (me >= pl.pc) {
        extra(a, &pl, v, me);
        return;
    }
    shcoll_copy(shcoll_at(a->dest, v->own), a->source, a->nbytes);
    shcoll_wait_count(&a->psync[0], pl.rem > 0);
    for (int j = 0; j < pl.rounds; j++)
        round_j(a, &pl, v, me, j);
    int t = pl.rem > 0 ? shcoll_kn_owner(pl.p, pl.pc, me) : 0;
    if (pl.rem > 0 && start_of(pl.p, pl.pc, t) == me)
        shcoll_put_flag(a, a->dest, a->dest, v->total,
                        &a->psync[1 + pl.rounds], 0,
                        shcoll_pe(&a->set, pl.pc + t));
}

/* Equal blocks: the view from the shape, the volumes kept. */
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me, int k)
{
    plan_t pl;
    volumes_t vol;
    shcoll_kn_view_t v;
    make_plan(&pl, a->set.size, k, a->nbytes);
    v.own = at(&pl, me);
    v.total = at(&pl, pl.p);
    v.chunk = PAD_CHUNK;
    v.bmax = a->nbytes;
    if (me < pl.pc) {
        volumes(&pl, &vol);
        for (int j = 0; j < pl.rounds; j++) {
            int g = pl.group[j], base = me - me % g;
            v.blk[j][0] = at(&pl, base);
            v.blk[j][1] = at(&pl, base + g);
            v.slc[j][0] = pos(&pl, base);
            v.slc[j][1] = pos(&pl, base + g);
            v.vol[j] = vol.v[j];
        }
    }
    shcoll_fcollect_knomial_run_view(a, me, k, &v);
}

int shcoll_fcollect_knomial_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_knomial_blocks(a, me, radix_of(a->radix));
    return 0;
}
