/* ss_ctx.h - communication contexts inside the runtime. Internal to sim/.
 *
 * A context is the ordering and completion domain of the calls made on
 * it (ss_ctx_state_t in ss_internal.h). Calls on a context set it as the
 * PE's current one while they issue messages, so the progress engine
 * records each send under it; replies a PE sends while blocked belong to
 * the default context whatever call it is in. */
#ifndef SS_CTX_H
#define SS_CTX_H

#include "ss_internal.h"

/* Enters a call on ctx: checks the handle (a fatal error naming the PE
 * and call for SHMEM_CTX_INVALID, a destroyed context or another PE's),
 * makes it the PE's current context and, for a context made on a team,
 * turns *target (a PE number in that team; NULL: no target) into a world
 * PE number. The PE's deferred operations may still be under way
 * (ss_self_raw): the call finishes them unless it may add to them. */
ss_pe_t *ss_ctx_enter(shmem_ctx_t ctx, int *target, const char *call);

/* Back to the default context once the call has issued its messages. */
static inline void ss_ctx_leave(ss_pe_t *pe)
{
    pe->cur = NULL;
}

/* The state a call entered with ss_ctx_enter works on. */
static inline ss_ctx_state_t *ss_ctx_cur(ss_pe_t *pe)
{
    return pe->cur ? pe->cur : &pe->dflt;
}

/* Runs `body` as one call on ctx; `me` is the calling PE inside it and
 * `target` (an int lvalue, or omitted with NULL) is translated first. */
#define SS_ON_CTX(ctx, target_ptr, call, body)                               \
    do {                                                                     \
        ss_pe_t *me = ss_ctx_enter(ctx, target_ptr, call);                   \
        body;                                                                \
        ss_ctx_leave(me);                                                    \
    } while (0)

/* Frees every context of the world (ss_runtime.c, at its end). */
void ss_ctxs_free(void);

#endif
