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
 *   - pre: scatter their block in pc slices, slice q to core member q
 *     (alpha + (n + 8 pc)beta);
 *   - core rounds: a group's data is its own blocks plus its slices of
 *     every extra block, so every core member carries the same load and
 *     the rounds stay in lockstep (folding an extra block into one core
 *     member instead would make its group heavier, it would fall behind
 *     and the others would put into its still busy link in later rounds);
 *   - post: core member t < rem puts the whole result to extra pc + t
 *     (alpha + (p n + 8)beta).
 * Slices differ by at most a byte, so every member pads its round put to
 * V = g n + rem ceil(g n / pc) bytes; a round costs
 * alpha + (r-1)(V + 8)beta with r its radix.
 *
 * Shared with collect/recursive_doubling.c (blocks of any size, off
 * given): the padding then makes rounds of uneven groups cost the same,
 * V = max over groups of its blocks + sum over extras ceil(g b_e / pc),
 * the pre-step the largest extra block.
 *
 * psync: [0] counter of slices, [1 + round] counter of the round's
 * peers, [1 + rounds] flag "whole result here" at an extra.
 * work: padding (fcollect/bruck.c's helper), at most rem < p bytes for
 * fcollect.
 */
#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_knomial);
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k);
void shcoll_fcollect_part(void *dst, const void *src, size_t n, int pe);
void shcoll_fcollect_pad(const shcoll_args_t *a, size_t pad, int pe);

enum { DEFAULT_RADIX = 4, MAX_ROUNDS = 64 };

typedef struct plan {
    int pc, rem, rounds;
    int radix[MAX_ROUNDS], group[MAX_ROUNDS];   /* group: size before */
} plan_t;

static void make_plan(plan_t *pl, int p, int k)
{
    int g = 1;
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
}

static int radix_of(int k)
{
    return k >= 2 ? k : DEFAULT_RADIX;
}

size_t shcoll_fcollect_knomial_psync_words(int npes, int radix)
{
    plan_t pl;
    make_plan(&pl, npes, radix_of(radix));
    return (size_t)pl.rounds + 2;
}

size_t shcoll_fcollect_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return (size_t)npes;
}

static size_t at(const shcoll_args_t *a, const size_t *off, int r)
{
    return off ? off[r] : (size_t)r * a->nbytes;
}

static size_t len(const shcoll_args_t *a, const size_t *off, int r)
{
    return at(a, off, r + 1) - at(a, off, r);
}

/* Start of slice q of a b-byte block cut in pc: floor(q b / pc), without
 * overflow. up: the ceiling instead. */
static size_t cut(size_t b, int q, int pc, int up)
{
    size_t r = b % (size_t)pc * (size_t)q;
    return b / (size_t)pc * (size_t)q + r / (size_t)pc +
           (size_t)(up && r % (size_t)pc);
}

/* What the group of g core members from base holds, in bytes. */
static size_t holding(const shcoll_args_t *a, const plan_t *pl,
                      const size_t *off, int base, int g)
{
    size_t v = at(a, off, base + g) - at(a, off, base);
    for (int e = pl->pc; e < pl->pc + pl->rem; e++)
        v += cut(len(a, off, e), base + g, pl->pc, 0) -
             cut(len(a, off, e), base, pl->pc, 0);
    return v;
}

/* The padded size of a round with groups of g: no group holds more. */
static size_t padded(const shcoll_args_t *a, const plan_t *pl,
                     const size_t *off, int g)
{
    size_t v = off ? 0 : (size_t)g * a->nbytes;
    for (int base = 0; off && base < pl->pc; base += g) {
        size_t w = at(a, off, base + g) - at(a, off, base);
        v = w > v ? w : v;
    }
    for (int e = pl->pc; e < pl->pc + pl->rem; e++)
        v += cut(len(a, off, e), g, pl->pc, 1);
    return v;
}

/* Our group's blocks, our slices of every extra block, the padding. */
static void send_group(const shcoll_args_t *a, const plan_t *pl,
                       const size_t *off, int base, int g, size_t pad,
                       long *counter, int pe)
{
    void *d = shcoll_at(a->dest, at(a, off, base));
    shcoll_fcollect_part(d, d, at(a, off, base + g) - at(a, off, base), pe);
    for (int e = pl->pc; e < pl->pc + pl->rem; e++) {
        size_t b = len(a, off, e), s = cut(b, base, pl->pc, 0);
        d = shcoll_at(a->dest, at(a, off, e) + s);
        shcoll_fcollect_part(d, d, cut(b, base + g, pl->pc, 0) - s, pe);
    }
    shcoll_fcollect_pad(a, pad, pe);
    shcoll_put_count(NULL, NULL, 0, counter, pe);
}

static void round_j(const shcoll_args_t *a, const plan_t *pl,
                    const size_t *off, int me, int j)
{
    int g = pl->group[j], r = pl->radix[j];
    int base = me - me % g, top = me - me % (g * r);
    int digit = (me - top) / g;
    size_t pad = padded(a, pl, off, g) - holding(a, pl, off, base, g);

    for (int i = 1; i < r; i++) {
        int peer = top + (digit + i) % r * g + me % g;
        send_group(a, pl, off, base, g, pad, &a->psync[1 + j],
                   shcoll_pe(&a->set, peer));
    }
    shcoll_wait_count(&a->psync[1 + j], r - 1);
}

/* An extra member: scatter, then wait for the whole result. */
static void extra(const shcoll_args_t *a, const plan_t *pl,
                  const size_t *off, int me)
{
    size_t o = at(a, off, me), b = a->nbytes;
    for (int q = 0; q < pl->pc; q++) {
        size_t s = cut(b, q, pl->pc, 0), e = cut(b, q + 1, pl->pc, 0);
        if (e > s)
            shmem_putmem(shcoll_at(a->dest, o + s),
                         (const char *)a->source + s, e - s,
                         shcoll_pe(&a->set, q));
    }
    shmem_fence();
    for (int q = 0; q < pl->pc; q++)
        shmem_long_atomic_inc(&a->psync[0], shcoll_pe(&a->set, q));
    shcoll_wait_flag(&a->psync[1 + pl->rounds]);
}

/* Recursive multiplying over blocks laid out by off (p+1 offsets; NULL:
 * a->nbytes each), radix k >= 2. The caller has checked me >= 0. */
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k)
{
    int p = a->set.size;
    plan_t pl;
    make_plan(&pl, p, k);
    if (me >= pl.pc) {
        extra(a, &pl, off, me);
        return;
    }
    shcoll_copy(shcoll_at(a->dest, at(a, off, me)), a->source, a->nbytes);
    shcoll_wait_count(&a->psync[0], pl.rem);
    for (int j = 0; j < pl.rounds; j++)
        round_j(a, &pl, off, me, j);
    if (me < pl.rem)
        shcoll_put_flag(a->dest, a->dest, at(a, off, p),
                        &a->psync[1 + pl.rounds], 0,
                        shcoll_pe(&a->set, pl.pc + me));
}

int shcoll_fcollect_knomial_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_knomial_blocks(a, me, NULL, radix_of(a->radix));
    return 0;
}
