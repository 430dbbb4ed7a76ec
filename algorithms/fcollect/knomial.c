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
 * Shared with collect/recursive_doubling.c (blocks of any size, off
 * given): the same with each group's own block sizes, the pre-step the
 * largest extra block.
 *
 * psync: [0] counter of the slice, [1 + round] counter of the round's
 * peers, [1 + rounds] flag "whole result here" at an extra.
 * work: the padding (fcollect/bruck.c's helper), at most 64 KiB.
 */
#include <stdint.h>

#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_knomial);
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k);
void shcoll_fcollect_part(void *dst, const void *src, size_t n, int pe);
void shcoll_fcollect_pad(const shcoll_args_t *a, size_t pad, int pe);

enum { DEFAULT_RADIX = 4, MAX_ROUNDS = 64, PAD_CHUNK = 1 << 16 };

typedef struct plan {
    int p, pc, rem, rounds, k;
    int radix[MAX_ROUNDS], group[MAX_ROUNDS];   /* group: size before */
    size_t n;                                   /* block bytes if no off */
    const size_t *off;                          /* p+1 offsets, or NULL */
    size_t bmax;                                /* largest extra block */
} plan_t;

static void make_plan(plan_t *pl, int p, int k, size_t n, const size_t *off)
{
    int g = 1;
    pl->p = p;
    pl->n = n;
    pl->off = off;
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
    pl->bmax = off ? 0 : n;
    for (int e = g; off && e < p; e++)
        pl->bmax = off[e + 1] - off[e] > pl->bmax ? off[e + 1] - off[e] : pl->bmax;
}

static int radix_of(int k)
{
    return k >= 2 ? k : DEFAULT_RADIX;
}

/* Byte offset of block r in dest, and its length. */
static size_t at(const plan_t *pl, int r)
{
    return pl->off ? pl->off[r] : (size_t)r * pl->n;
}

static size_t len(const plan_t *pl, int r)
{
    return at(pl, r + 1) - at(pl, r);
}

/* Start of slice q of a b-byte block cut in m: floor(q b / m), without
 * overflow. */
static size_t cut(size_t b, long q, long m)
{
    return b / (size_t)m * (size_t)q + b % (size_t)m * (size_t)q / (size_t)m;
}

/* First core member of extra t's range (t = rem: pc). */
static int start_of(const plan_t *pl, int t)
{
    return (int)((long)t * pl->pc / pl->rem);
}

/* The extra whose range holds core member q. */
static int owner_of(const plan_t *pl, int q)
{
    return (int)((((long)q + 1) * pl->rem + pl->pc - 1) / pl->pc - 1);
}

/* Where in dest the slices held by core members q.. begin: the slices
 * of members below q come first (q = pc: the end of dest). */
static size_t pos(const plan_t *pl, int q)
{
    if (pl->rem == 0 || q == pl->pc)
        return at(pl, pl->p);
    int t = owner_of(pl, q), s = start_of(pl, t);
    return at(pl, pl->pc + t) +
           cut(len(pl, pl->pc + t), q - s, start_of(pl, t + 1) - s);
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
    if (!pl->off && pl->rem == 0) {
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

/* Every round's padded size, and the work the padding needs. With equal
 * blocks they depend on (p, k, n) only, and computing them costs O(p):
 * once per call on every member would be O(p^2) per call in all, so the
 * last few are kept, as a library keeps a team's schedules (per thread:
 * no locking). Blocks given by off (collect) are computed each call. */
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
    if (pl->off) {
        fill_volumes(pl, vol);
        return;
    }
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
    make_plan(&pl, npes, radix_of(radix), 0, NULL);
    return (size_t)pl.rounds + 2;
}

/* The largest padding any round sends with n-byte blocks (collect
 * passes its own scratch). */
size_t shcoll_fcollect_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    plan_t pl;
    volumes_t vol;
    make_plan(&pl, npes, radix_of(radix), nbytes, NULL);
    volumes(&pl, &vol);
    return vol.work;
}

/* Our group's blocks, the slices it holds, the padding, the counter. */
static void send_group(const shcoll_args_t *a, const plan_t *pl, int base,
                       int g, size_t pad, long *counter, int pe)
{
    void *d = shcoll_at(a->dest, at(pl, base));
    shcoll_fcollect_part(d, d, at(pl, base + g) - at(pl, base), pe);
    d = shcoll_at(a->dest, pos(pl, base));
    shcoll_fcollect_part(d, d, pos(pl, base + g) - pos(pl, base), pe);
    shcoll_fcollect_pad(a, pad, pe);
    shcoll_put_count(NULL, NULL, 0, counter, pe);
}

static void round_j(const shcoll_args_t *a, const plan_t *pl,
                    const volumes_t *vol, int me, int j)
{
    int g = pl->group[j], r = pl->radix[j];
    int base = me - me % g, top = me - me % (g * r);
    int digit = (me - top) / g;
    size_t pad = vol->v[j] - holding(pl, base, g);

    for (int i = 1; i < r; i++) {
        int peer = top + (digit + i) % r * g + me % g;
        send_group(a, pl, base, g, pad, &a->psync[1 + j],
                   shcoll_pe(&a->set, peer));
    }
    shcoll_wait_count(&a->psync[1 + j], r - 1);
}

/* The pre-step slice of extra t (of m) for its i-th core member, padded
 * to ceil(b_max / m): every extra's link then carries about b_max and
 * every slice lands at the same time, so the core starts in step. */
static size_t slice_pad(const plan_t *pl, int t, int i, int m)
{
    size_t b = len(pl, pl->pc + t);
    return (pl->bmax + (size_t)m - 1) / (size_t)m - (cut(b, i + 1, m) - cut(b, i, m));
}

/* An extra member: its slices to its range of the core, then wait for
 * the whole result. */
static void extra(const shcoll_args_t *a, const plan_t *pl, int me)
{
    int t = me - pl->pc, s = start_of(pl, t), m = start_of(pl, t + 1) - s;
    size_t o = at(pl, me), b = a->nbytes;

    for (int i = 0; i < m; i++) {
        size_t lo = cut(b, i, m), hi = cut(b, i + 1, m);
        int pe = shcoll_pe(&a->set, s + i);
        shcoll_fcollect_part(shcoll_at(a->dest, o + lo),
                             (const char *)a->source + lo, hi - lo, pe);
        shcoll_fcollect_pad(a, slice_pad(pl, t, i, m), pe);
        shmem_long_atomic_inc(&a->psync[0], pe);
    }
    shcoll_wait_flag(&a->psync[1 + pl->rounds]);
}

/* Recursive multiplying over blocks laid out by off (p+1 offsets; NULL:
 * a->nbytes each), radix k >= 2. The caller has checked me >= 0. */
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k)
{
    plan_t pl;
    make_plan(&pl, a->set.size, k, a->nbytes, off);
    if (me >= pl.pc) {
        extra(a, &pl, me);
        return;
    }
    shcoll_copy(shcoll_at(a->dest, at(&pl, me)), a->source, a->nbytes);
    volumes_t vol;
    volumes(&pl, &vol);
    shcoll_wait_count(&a->psync[0], pl.rem > 0);
    for (int j = 0; j < pl.rounds; j++)
        round_j(a, &pl, &vol, me, j);
    int t = pl.rem > 0 ? owner_of(&pl, me) : 0;
    if (pl.rem > 0 && start_of(&pl, t) == me)
        shcoll_put_flag(a->dest, a->dest, at(&pl, pl.p),
                        &a->psync[1 + pl.rounds], 0,
                        shcoll_pe(&a->set, pl.pc + t));
}

int shcoll_fcollect_knomial_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_knomial_blocks(a, me, NULL, radix_of(a->radix));
    return 0;
}
