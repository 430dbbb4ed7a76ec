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
 * Shared with collect/bruck.c (blocks of any size, given by a view:
 * fcollect/engines.h). There the windows differ in size, members would
 * drift apart and a member already in round k+1 would put into a link
 * still busy with round k. So every member pads its round-k put to the
 * largest window of the round (the padding lands in the target's work):
 * rounds stay in lockstep and cost alpha + (W_k + 8)beta, W_k the
 * largest sum of cnt_k consecutive blocks. With equal blocks the padding
 * is 0. The padding goes out in puts of at most the view's chunk, all to
 * the start of the target's scratch, so work need not grow with the
 * blocks (the simulator sizes collect work from the member count). This
 * file also exports the part/padding helpers fcollect/knomial.c uses.
 *
 * Signal mode (internal.h): the round's last part carries the flag. A
 * window that wraps past member p-1 is two puts to one member, and
 * collect's padding more: then a fence comes before the signalled part
 * (shcoll_parts_flag), as the flag's fence came before the flag.
 *
 * psync: one flag per round (one writer each: me + 2^k). work: none for
 * fcollect (no padding); collect/common.c provides the scratch.
 */
#include "engines.h"

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

/* Parts: no fence between them. The one fence before the flag orders
 * every part put to that member before the flag (a fence orders all
 * earlier puts to a PE before all later ones). Where the network may
 * deliver out of order a fence waits for the acknowledgements of the
 * puts before it, so one fence a round, not one a part, is one round
 * trip a round. In signal mode the last part carries the flag, and a
 * fence comes before it only when other parts went out (a window that
 * wraps past member p-1, padding): those rounds cost what they did. */
shcoll_parts_t shcoll_parts(const shcoll_args_t *a, int pe)
{
    shcoll_parts_t ps = {pe, shcoll_signal(a) ? SHCOLL_PARTS_HOLD
                                              : SHCOLL_PARTS_PUT,
                         0, NULL, NULL, 0};
    return ps;
}

void shcoll_fcollect_part(shcoll_parts_t *ps, void *dst, const void *src,
                          size_t n)
{
    if (n == 0)
        return;
    if (ps->mode == SHCOLL_PARTS_PUT) {
        shmem_putmem(dst, src, n, ps->pe);
        return;
    }
    if (ps->n > 0 && ps->mode == SHCOLL_PARTS_HOLD) {
        shmem_putmem(ps->dst, ps->src, ps->n, ps->pe);
        ps->sent = 1;
    }
    ps->dst = dst;
    ps->src = src;
    ps->n = n;
}

/* pad bytes of filler into pe's work (its first min(pad, chunk) bytes),
 * in puts of at most chunk so that work needs no more. */
void shcoll_fcollect_pad(const shcoll_args_t *a, shcoll_parts_t *ps,
                         size_t pad, size_t chunk)
{
    for (size_t c; pad > 0; pad -= c) {
        c = pad < chunk ? pad : chunk;
        shcoll_fcollect_part(ps, a->work, a->work, c);
    }
}

void shcoll_parts_flag(const shcoll_args_t *a, shcoll_parts_t *ps,
                       long *word, int counter)
{
    if (ps->sent)
        shmem_fence();
    if (counter)
        shcoll_put_count(a, ps->dst, ps->src, ps->n, word, ps->pe);
    else
        shcoll_put_flag(a, ps->dst, ps->src, ps->n, word, 0, ps->pe);
}

/* My round's window (win bytes from my block on, wrapping past member
 * p-1) and pad bytes of padding, to ps's member; the caller raises the
 * flag (shcoll_parts_flag). */
void shcoll_fcollect_bruck_window(const shcoll_args_t *a,
                                  const shcoll_bruck_view_t *v, size_t win,
                                  size_t pad, shcoll_parts_t *ps)
{
    size_t first = win < v->total - v->own ? win : v->total - v->own;
    void *d = shcoll_at(a->dest, v->own);

    shcoll_fcollect_part(ps, d, d, first);
    shcoll_fcollect_part(ps, a->dest, a->dest, win - first);
    shcoll_fcollect_pad(a, ps, pad, v->chunk);
}

/* Bruck over the blocks a view describes. The caller has checked
 * me >= 0. */
void shcoll_fcollect_bruck_run_view(const shcoll_args_t *a, int me,
                                    const shcoll_bruck_view_t *v)
{
    int p = a->set.size;

    shcoll_copy(shcoll_at(a->dest, v->own), a->source, a->nbytes);
    for (int k = 0, d = 1; d < p; k++, d *= 2) {
        int pe = shcoll_pe(&a->set, (me - d + p) % p);
        shcoll_parts_t ps = shcoll_parts(a, pe);
        shcoll_fcollect_bruck_window(a, v, v->win[k], v->wide[k] - v->win[k],
                                     &ps);
        shcoll_parts_flag(a, &ps, &a->psync[k], 0);
        shcoll_wait_flag(&a->psync[k]);
    }
}

/* Equal blocks: every window of round k is cnt_k blocks. */
int shcoll_fcollect_bruck_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size;
    if (me < 0)
        return -1;
    shcoll_bruck_view_t v = {(size_t)me * a->nbytes, (size_t)p * a->nbytes,
                             1 /* no padding, so no scratch */, {0}, {0}};
    for (int k = 0, d = 1; d < p; k++, d *= 2) {
        size_t cnt = (size_t)(d < p - d ? d : p - d);
        v.win[k] = v.wide[k] = cnt * a->nbytes;
    }
    shcoll_fcollect_bruck_run_view(a, me, &v);
    return 0;
}
