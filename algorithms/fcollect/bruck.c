/* fcollect/bruck.c - Bruck's dissemination allgather: in round k
 * (distance d = 2^k) a member holding the blocks me .. me+d-1 (mod p)
 * puts them to member me-d, and so holds me .. me+2d-1 afterwards.
 * The last round sends only the p-d blocks still missing.
 *
 * T = ceil(log2 p) alpha + ((p-1)n + 8 ceil(log2 p)) beta
 *
 * ceil(log2 p) latencies for any p (no pre/post step as recursive
 * doubling needs) and the optimal (p-1)n bandwidth term. Blocks are put
 * straight to their final offsets, so the rotation of textbook Bruck is
 * not needed; a window that wraps past member p-1 is two puts.
 *
 * Shared with collect/bruck.c (blocks of any size, off given). There the
 * windows differ in size, members would drift apart and a member already
 * in round k+1 would put into a link still busy with round k. So every
 * member pads its round-k put to the largest window of the round (the
 * padding lands in the target's work): rounds stay in lockstep and cost
 * alpha + (W_k + 8)beta, W_k the largest sum of cnt_k consecutive blocks.
 * With equal blocks the padding is 0. The padding goes out in puts of at
 * most 64 KiB, all to the start of the target's scratch, so work need
 * not grow with the blocks (the simulator sizes collect work from the
 * caller's own block). This file also exports the part/padding helpers
 * fcollect/knomial.c uses.
 *
 * psync: one flag per round (one writer each: me + 2^k). work: none for
 * fcollect (no padding); collect/common.c provides the scratch.
 */
#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_bruck);
void shcoll_fcollect_bruck_blocks(const shcoll_args_t *a, int me,
                                  const size_t *off);
void shcoll_fcollect_part(void *dst, const void *src, size_t n, int pe);
void shcoll_fcollect_pad(const shcoll_args_t *a, size_t pad, int pe);

/* Padding goes out in puts of at most this many bytes: the scratch that
 * collect/common.c reserves in work. */
enum { PAD_CHUNK = 1 << 16 };

size_t shcoll_fcollect_bruck_psync_words(int npes, int radix)
{
    (void)radix;
    size_t k = 1;
    for (long d = 2; d < npes; d *= 2)
        k++;
    return k;
}

size_t shcoll_fcollect_bruck_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

static size_t at(const shcoll_args_t *a, const size_t *off, int r)
{
    return off ? off[r] : (size_t)r * a->nbytes;
}

/* Bytes of the cnt blocks from block r on, wrapping past p-1. */
static size_t window(const shcoll_args_t *a, const size_t *off, int r,
                     int cnt)
{
    int p = a->set.size;
    if (r + cnt <= p)
        return at(a, off, r + cnt) - at(a, off, r);
    return at(a, off, p) - at(a, off, r) + at(a, off, r + cnt - p);
}

static size_t widest(const shcoll_args_t *a, const size_t *off, int cnt)
{
    size_t w = 0;
    for (int r = 0; off && r < a->set.size; r++) {
        size_t v = window(a, off, r, cnt);
        w = v > w ? v : w;
    }
    return off ? w : (size_t)cnt * a->nbytes;
}

/* Put one contiguous part (n may be 0). The fence chains the parts to
 * one member, so the flag after the last is applied only once all have
 * landed; a single fence after several puts would, in the simulator,
 * order the flag behind the newest one only. */
void shcoll_fcollect_part(void *dst, const void *src, size_t n, int pe)
{
    if (n == 0)
        return;
    shmem_putmem(dst, src, n, pe);
    shmem_fence();
}

/* pad bytes of filler into pe's work (its first min(pad, PAD_CHUNK)
 * bytes), in puts of at most PAD_CHUNK so that work needs no more. */
void shcoll_fcollect_pad(const shcoll_args_t *a, size_t pad, int pe)
{
    for (size_t c; pad > 0; pad -= c) {
        c = pad < PAD_CHUNK ? pad : PAD_CHUNK;
        shcoll_fcollect_part(a->work, a->work, c, pe);
    }
}

static void send_window(const shcoll_args_t *a, const size_t *off, int me,
                        int cnt, size_t pad, long *flag, int pe)
{
    int p = a->set.size, end = me + cnt;
    size_t lo = at(a, off, me);
    size_t hi = at(a, off, end <= p ? end : p);
    void *d = shcoll_at(a->dest, lo);

    shcoll_fcollect_part(d, d, hi - lo, pe);
    if (end > p)
        shcoll_fcollect_part(a->dest, a->dest, at(a, off, end - p), pe);
    shcoll_fcollect_pad(a, pad, pe);
    shcoll_put_flag(NULL, NULL, 0, flag, 0, pe);
}

/* Bruck over blocks laid out by off (p+1 offsets; NULL: a->nbytes each).
 * The caller has checked me >= 0. */
void shcoll_fcollect_bruck_blocks(const shcoll_args_t *a, int me,
                                  const size_t *off)
{
    int p = a->set.size;

    shcoll_copy(shcoll_at(a->dest, at(a, off, me)), a->source, a->nbytes);
    for (int k = 0, d = 1; d < p; k++, d *= 2) {
        int cnt = d < p - d ? d : p - d;
        size_t pad = widest(a, off, cnt) - window(a, off, me, cnt);
        send_window(a, off, me, cnt, pad, &a->psync[k],
                    shcoll_pe(&a->set, (me - d + p) % p));
        shcoll_wait_flag(&a->psync[k]);
    }
}

int shcoll_fcollect_bruck_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_bruck_blocks(a, me, NULL);
    return 0;
}
