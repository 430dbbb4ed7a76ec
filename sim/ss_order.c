/* ss_order.c - fence and quiet, on the default context and on any other.
 *
 * The PE's fence_epoch counts every fence it makes on any context; a
 * fence marks the new epoch on its own context only, and the progress
 * engine orders a message after those of its context issued before that
 * mark (ss_progress.c). A quiet waits for the context's own sends and
 * answers: other contexts' operations stay in flight. */
#include "ss_ctx.h"
#include "ss_trace.h"

static void fence_on(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    pe->fence_epoch++;
    cx->fence_mark = pe->fence_epoch;
}

static void quiet_on(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    ss_flush(pe);   /* a held put (ss_progress.c) is outstanding too */
    if (!ss_ctx_busy(pe, cx))
        return;
    int32_t ev = ss_trace_begin(pe, "quiet", pe->where, -1, 0, 1);
    ss_quiet_ctx(pe, cx);
    ss_trace_end(ev);
}

void shmem_fence(void)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_fence";
    fence_on(pe, &pe->dflt);
}

void shmem_quiet(void)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_quiet";
    quiet_on(pe, &pe->dflt);
}

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    SS_ON_CTX(ctx, NULL, "shmem_ctx_fence", fence_on(me, ss_ctx_cur(me)));
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    SS_ON_CTX(ctx, NULL, "shmem_ctx_quiet", quiet_on(me, ss_ctx_cur(me)));
}
