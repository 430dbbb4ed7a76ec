/* collect/bruck.c - a dissemination scan of the sizes, then the blocks by
 * the Bruck rounds of fcollect/bruck.c; the round volumes' maxima ride
 * on both.
 *
 * With L = ceil(log2 p), d = 2^(L-1) and cnt_k = min(2^k, p - 2^k):
 * T = sum over r < L of alpha + (8(r + 4) + 8)beta           scan
 *   + sum over k < L of alpha + (W_k + 8(L - 1 - k) + 8)beta   blocks
 * where W_k is the largest total of cnt_k cyclically consecutive blocks.
 *
 * A round needs the bytes of the member's window (its next cnt_k
 * blocks), where its block starts, where dest wraps, and the widest
 * window of the round: O(log p) numbers, where every size is p of them
 * (1.6 MB of work per member at 100,000). Scan round r brings, from
 * me + 2^r (the data rounds' direction), that member's
 *   - window: mine doubles, S(me, 2^(r+1)) = S(me, 2^r) + S(me + 2^r, 2^r);
 *   - tail: R(me), the bytes of blocks me .. min(me + 2^r, p) - 1, ends
 *     as the bytes from my block to the end of dest;
 *   - low window: U(me) = S(me, p mod 2^r) grows by the bits of p (if
 *     bit r is set, U(me) = S(me, 2^r) + U(me + 2^r)) and ends as N, all
 *     the bytes. Before the last round it is S(me, p - d), the last
 *     round's window. So my offset is N - R(me).
 *
 * The maxima (every round's widest window; for the last, the least
 * complement) are a dissemination max, one level per round: max is
 * idempotent, so it needs each distance 2^0 .. 2^(L-1) once, in any
 * order, and windows counted twice for p < 2^L do no harm. Level k's
 * value is known from scan round k on; it takes the distances 2^k ..
 * 2^(L-1) there and 2^0 .. 2^(k-1) in data rounds 0 .. k-1, and is
 * complete just when data round k needs it. So the maxima cost words,
 * not latencies: 2L rounds in all, where a separate max would take 3L.
 *
 * Windows differ in size, so every member pads its round put to W_k (the
 * padding lands in the target's scratch); else members with light
 * windows would run ahead and put into links still busy with heavy ones,
 * and the rounds would no longer be independent. Every member receives
 * O(log p) messages.
 *
 * psync: [0, L) scan flags, [L, 2L) data flags. work: the padding
 * scratch (collect/common.c), then scan round r's r + 4 words at word
 * r(r + 7)/2, and data round k's L - 1 - k maxima and 64 bytes where the
 * first of its padding rides with them (one put a round fewer).
 */
#include <stdint.h>

#include "common.h"

static int rounds(int p)
{
    int L = 0;
    for (long d = 1; d < p; d *= 2)
        L++;
    return L;
}

size_t shcoll_collect_bruck_psync_words(int npes, int radix)
{
    (void)radix;
    return 2 * (size_t)rounds(npes);
}

/* Word offsets in the slots after the scratch. */
static size_t scan_slot(int r)
{
    return (size_t)r * (size_t)(r + 7) / 2;
}

/* Data round k's slot: its L - 1 - k maxima and the first RIDE bytes of
 * its padding, which ride in the same put (one message fewer a round). */
enum { RIDE = 64 };

static size_t data_slot(int L, int k)
{
    return scan_slot(L) + (size_t)k * (size_t)(2 * L - 1 - k) / 2 +
           (size_t)k * RIDE / sizeof(size_t);
}

size_t shcoll_collect_bruck_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    int L = rounds(npes);
    return shcoll_collect_scratch(npes) + data_slot(L, L) * sizeof(size_t);
}

static size_t max_of(size_t x, size_t y)
{
    return x > y ? x : y;
}

typedef struct state {
    int me, p, L;
    size_t *slot;
    size_t m[SHCOLL_MAX_ROUNDS];   /* level k's max so far */
    shcoll_bruck_view_t v;         /* win[k]: S(me, 2^k), then cnt_k's */
} state_t;

/* Level k's value at me: the round-k window, or for the last round
 * SIZE_MAX - the d-block window (its max is then the least). */
static size_t level(const state_t *s, int k)
{
    return k == s->L - 1 ? SIZE_MAX - s->v.win[k] : s->v.win[k];
}

static int peer(const state_t *s, long dist)
{
    return (int)((s->me + dist + s->p) % s->p);
}

/* Scan round r; *tail and *low are R(me) and U(me). */
static void scan_round(const shcoll_args_t *a, state_t *s, int r,
                       size_t *tail, size_t *low)
{
    long dist = 1L << r;
    size_t out[SHCOLL_MAX_ROUNDS + 4], *in = s->slot + scan_slot(r);
    size_t win = s->v.win[r];

    s->m[r] = level(s, r);
    out[0] = win;
    out[1] = *tail;
    out[2] = *low;
    for (int k = 0; k <= r; k++)
        out[3 + k] = s->m[k];
    shcoll_put_flag(a, in, out, (size_t)(r + 4) * sizeof *out, &a->psync[r], 0,
                    shcoll_pe(&a->set, peer(s, -dist)));
    shcoll_wait_flag(&a->psync[r]);

    if (r + 1 < s->L)
        s->v.win[r + 1] = win + in[0];
    *tail += s->me + dist < s->p ? in[1] : 0;
    if (s->p >> r & 1)
        *low = win + in[2];
    if (r == s->L - 1 && s->p >> s->L & 1)   /* p = 2^L: N = S(me, 2^L) */
        *low = win + in[0];
    for (int k = 0; k <= r; k++)
        s->m[k] = max_of(s->m[k], in[3 + k]);
}

/* Data round k: the window, padded to the round's widest, with the
 * maxima of the levels still gathering; the padding's first RIDE bytes
 * go with them. In signal mode the last part (the maxima, or in the last
 * round the window) carries the flag, behind a fence when the window
 * went out before it: one message a round fewer, no round trip fewer
 * (the maxima go to work, not after the window in dest). */
static void data_round(const shcoll_args_t *a, state_t *s, int k)
{
    int L = s->L, pe = shcoll_pe(&a->set, peer(s, -(1L << k)));
    size_t wide = k == L - 1 ? s->v.total - (SIZE_MAX - s->m[k]) : s->m[k];
    size_t pad = wide - s->v.win[k], ride = pad < RIDE ? pad : RIDE;
    size_t out[SHCOLL_MAX_ROUNDS + RIDE / sizeof(size_t)] = {0};
    size_t *in = s->slot + data_slot(L, k), words = (size_t)(L - 1 - k);
    long *flag = &a->psync[L + k];

    memcpy(out, &s->m[k + 1], words * sizeof *out);
    shcoll_parts_t ps = shcoll_parts(a, pe);
    shcoll_fcollect_bruck_window(a, &s->v, s->v.win[k], pad - ride, &ps);
    shcoll_fcollect_part(&ps, in, out, words * sizeof *out + ride);
    shcoll_parts_flag(a, &ps, flag, 0);
    shcoll_wait_flag(flag);
    for (size_t j = 0; j < words; j++)
        s->m[k + 1 + j] = max_of(s->m[k + 1 + j], in[j]);
}

int shcoll_collect_bruck_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size, L = rounds(p);
    if (me < 0)
        return -1;
    state_t s = {me, p, L, shcoll_at(a->work, shcoll_collect_scratch(p)),
                 {0}, {0, a->nbytes, shcoll_collect_scratch(p), {0}, {0}}};
    size_t tail = a->nbytes, low = 0, last = 0;

    s.v.win[0] = a->nbytes;
    for (int r = 0; r < L; r++) {
        if (r == L - 1)   /* S(me, p - d); for p = 2^L, S(me, d) */
            last = p >> L & 1 ? s.v.win[r] : low;
        scan_round(a, &s, r, &tail, &low);
    }
    s.v.total = L > 0 ? low : a->nbytes;
    s.v.own = s.v.total - tail;
    if (L > 0)
        s.v.win[L - 1] = last;
    shcoll_copy(shcoll_at(a->dest, s.v.own), a->source, a->nbytes);
    for (int k = 0; k < L; k++)
        data_round(a, &s, k);
    return 0;
}
