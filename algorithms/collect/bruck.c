/* collect/bruck.c - a dissemination scan of the sizes, a dissemination
 * max of the round volumes, then the blocks by the Bruck rounds of
 * fcollect/bruck.c.
 *
 * With L = ceil(log2 p), d = 2^(L-1) and cnt_k = min(2^k, p - 2^k):
 * T = sum over k < L-1 of alpha + (16 + 8)beta             scan
 *   + alpha + (16 + 8 + 8 + 8)beta                         scan, last
 *   + L (alpha + (8(L + 1) + 8)beta)                       maxima
 *   + sum over k < L of alpha + (W_k + 8)beta              blocks
 * where W_k is the largest total of cnt_k cyclically consecutive blocks.
 *
 * A round needs the bytes of the member's window (its next cnt_k
 * blocks), where its block starts and the widest window of the round:
 * O(log p) numbers, where every size is p of them (1.6 MB of work per
 * member at 100,000). Scan round k (member me hears from me + 2^k, as in
 * the data rounds) doubles the member's window, S(me, 2^(k+1)) =
 * S(me, 2^k) + S(me + 2^k, 2^k), and its tail R(me) = the bytes of
 * blocks me .. min(me + 2^k, p) - 1, which ends as N - offset(me). The
 * last window, p - d blocks, is the complement of member me - d's
 * window of d blocks: N - S(me - d, d), which me - d sends in the last
 * scan round. The maxima over all members (every window of each round,
 * the least window of d blocks, and N as the largest tail) take L more
 * dissemination rounds; max is idempotent, so the windows of up to 2^L
 * members that overlap for p < 2^L do no harm.
 *
 * L latencies per phase for any p. Windows differ in size, so every
 * member pads its round put to W_k (the padding lands in the target's
 * scratch); else members with light windows would run ahead and put into
 * links still busy with heavy ones, and the rounds would no longer be
 * independent. Every member receives O(log p) messages.
 *
 * psync: [0, L) scan flags, [L] the window from me - d, [L+1, 2L+1) the
 * maxima's flags, then the L data flags. work: the padding scratch
 * (collect/common.c), then 2L scan words, 1, and L rounds of L + 1.
 */
#include <stdint.h>

#include "common.h"

SHCOLL_DECLARE_ALG(collect_bruck);

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
    return 3 * (size_t)rounds(npes) + 1;
}

static size_t meta_words(int L)
{
    return 2 * (size_t)L + 1 + (size_t)L * (size_t)(L + 1);
}

size_t shcoll_collect_bruck_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return shcoll_collect_scratch(npes) + meta_words(rounds(npes)) * sizeof(size_t);
}

static size_t max_of(size_t x, size_t y)
{
    return x > y ? x : y;
}

/* The scan: win[k] = S(me, 2^k) for k < L-1 and S(me, d) in win[L-1]
 * for now; *tail = R(me); *back = S(me - d, d). */
static void scan(const shcoll_args_t *a, int me, int L, size_t *slot,
                 shcoll_bruck_view_t *v, size_t *tail, size_t *back)
{
    int p = a->set.size;
    size_t s = a->nbytes, r = a->nbytes;
    for (int k = 0; k < L; k++) {
        long d = 1L << k;
        size_t out[2] = {s, r}, *in = slot + 2 * k;
        v->win[k] = s;
        shcoll_put_flag(in, out, sizeof out, &a->psync[k], 0,
                        shcoll_pe(&a->set, (int)((me - d + p) % p)));
        if (k == L - 1)   /* my d-block window to me + d */
            shcoll_put_flag(slot + 2 * L, &s, sizeof s, &a->psync[L], 0,
                            shcoll_pe(&a->set, (int)((me + d) % p)));
        shcoll_wait_flag(&a->psync[k]);
        s += in[0];
        r += me + d < p ? in[1] : 0;
    }
    shcoll_wait_flag(&a->psync[L]);
    *tail = r;
    *back = slot[2 * L];
}

/* The maxima by dissemination: the round windows, SIZE_MAX - the d-block
 * window (its least), and the tail (N). */
static void maxima(const shcoll_args_t *a, int me, int L, size_t *slot,
                   size_t *m)
{
    int p = a->set.size;
    for (int k = 0; k < L; k++) {
        size_t *in = slot + (size_t)k * (L + 1);
        shcoll_put_flag(in, m, (size_t)(L + 1) * sizeof *m,
                        &a->psync[L + 1 + k], 0,
                        shcoll_pe(&a->set, (int)((me - (1L << k) + p) % p)));
        shcoll_wait_flag(&a->psync[L + 1 + k]);
        for (int i = 0; i <= L; i++)
            m[i] = max_of(m[i], in[i]);
    }
}

int shcoll_collect_bruck_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size, L = rounds(p);
    if (me < 0)
        return -1;
    size_t *slot = shcoll_at(a->work, shcoll_collect_scratch(p));
    size_t tail = a->nbytes, back = 0, m[SHCOLL_MAX_ROUNDS + 1];
    shcoll_bruck_view_t v = {0, a->nbytes, shcoll_collect_scratch(p), {0}, {0}};
    shcoll_args_t data = *a;
    data.psync = a->psync + 2 * L + 1;

    if (L > 0) {
        scan(a, me, L, slot, &v, &tail, &back);
        for (int k = 0; k < L; k++)
            m[k] = v.win[k];
        m[L - 1] = SIZE_MAX - m[L - 1];
        m[L] = tail;
        maxima(a, me, L, slot + 2 * L + 1, m);
        v.total = m[L];
        for (int k = 0; k < L - 1; k++)
            v.wide[k] = m[k];
        v.wide[L - 1] = v.total - (SIZE_MAX - m[L - 1]);
        v.win[L - 1] = v.total - back;
        v.own = v.total - tail;
    }
    shcoll_fcollect_bruck_run_view(&data, me, &v);
    return 0;
}
