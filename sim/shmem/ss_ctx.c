/* ss_ctx.c - communication contexts: creating, destroying and checking
 * them. Ordering and completion on them is in ss_order.c.
 *
 * A context costs memory only once created: the default context's state
 * is part of every PE (ss_internal.h), the others are allocated by
 * shmem_ctx_create / shmem_team_create_ctx. A destroyed context keeps its
 * struct, marked dead, so that using its handle again is a clear error;
 * the next context any PE creates reuses it, so memory stays bounded by
 * the contexts alive at once. */
#include <stdlib.h>

#include "ss_ctx.h"
#include "ss_team.h"

#define SS_CTX_MAGIC 0x53534358u   /* "SSCX": tells a handle from garbage */

struct ss_ctx {
    uint32_t magic;
    int owner;                 /* PE that created it */
    int live;
    long options;
    shmem_team_t handle;       /* the team as given (may be SHARED) */
    struct ss_team *team;      /* resolved; NULL: the world */
    ss_ctx_state_t st;
    struct ss_ctx *next_free;  /* destroyed, awaiting reuse */
    struct ss_ctx *next_all;   /* every context, to free at the end */
};

static struct ss_ctx ss_default_ctx = {.magic = SS_CTX_MAGIC, .owner = -1,
                                       .live = 1};
shmem_ctx_t SHMEM_CTX_DEFAULT = &ss_default_ctx;

static struct ss_ctx *ss_free_ctxs, *ss_all_ctxs;
static uint32_t ss_ctx_ids;

void ss_ctxs_free(void)
{
    while (ss_all_ctxs) {
        struct ss_ctx *c = ss_all_ctxs;
        ss_all_ctxs = c->next_all;
        free(c);
    }
    ss_free_ctxs = NULL;
    ss_ctx_ids = 0;
}

static struct ss_ctx *check(const ss_pe_t *pe, shmem_ctx_t ctx,
                            const char *call)
{
    if (ctx == SHMEM_CTX_INVALID)
        ss_fatal("PE %d: %s: SHMEM_CTX_INVALID passed as a context", pe->id,
                 call);
    if (ctx->magic != SS_CTX_MAGIC)
        ss_fatal("PE %d: %s: %p is not a context handle", pe->id, call,
                 (void *)ctx);
    if (!ctx->live)
        ss_fatal("PE %d: %s: the context was destroyed (shmem_ctx_destroy); "
                 "its handle may not be used any more", pe->id, call);
    if (ctx->owner != pe->id)
        ss_fatal("PE %d: %s: the context belongs to PE %d; contexts are "
                 "private to the PE that created them", pe->id, call,
                 ctx->owner);
    if (ctx->team)
        ss_team_get(ctx->handle, call);   /* its team was not destroyed */
    return ctx;
}

ss_pe_t *ss_ctx_enter(shmem_ctx_t ctx, int *target, const char *call)
{
    ss_pe_t *pe = ss_self_raw();   /* a put or atomic may be deferred */
    pe->where = call;
    pe->cur = NULL;
    if (ctx == SHMEM_CTX_DEFAULT)
        return pe;
    struct ss_ctx *c = check(pe, ctx, call);
    if (target && c->team) {
        int g = ss_team_global(c->team, *target);
        if (g < 0)
            ss_fatal("PE %d: %s: PE %d is not in the context's team (PEs "
                     "0..%d)", pe->id, call, *target, c->team->size - 1);
        *target = g;
    }
    pe->cur = &c->st;
    return pe;
}

static int ctx_new(shmem_team_t handle, struct ss_team *team, long options,
                   shmem_ctx_t *ctx)
{
    ss_pe_t *pe = ss_self();
    struct ss_ctx *c = ss_free_ctxs;
    if (c) {
        ss_free_ctxs = c->next_free;
    } else {
        if (!(c = calloc(1, sizeof *c)))
            return *ctx = SHMEM_CTX_INVALID, -1;
        c->next_all = ss_all_ctxs;
        ss_all_ctxs = c;
    }
    c->magic = SS_CTX_MAGIC;
    c->owner = pe->id;
    c->live = 1;
    c->options = options;
    c->handle = handle;
    c->team = team;
    c->st = (ss_ctx_state_t){.id = ++ss_ctx_ids};
    *ctx = c;
    return 0;
}

int shmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    ss_self()->where = "shmem_ctx_create";
    return ctx_new(SHMEM_TEAM_WORLD, NULL, options, ctx);
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    static const char call[] = "shmem_team_create_ctx";
    ss_pe_t *pe = ss_self();
    pe->where = call;
    *ctx = SHMEM_CTX_INVALID;
    struct ss_team *t = ss_team_query(team, call);
    if (!t || ss_team_index(t, pe->id) < 0)
        return -1;   /* the spec: nonzero, ctx invalid */
    return ctx_new(team, team == SHMEM_TEAM_WORLD ? NULL : t, options, ctx);
}

/* An implicit quiet first (the spec), so no message is left counting
 * against a context that no longer exists. */
void shmem_ctx_destroy(shmem_ctx_t ctx)
{
    static const char call[] = "shmem_ctx_destroy";
    ss_pe_t *pe = ss_self();
    pe->where = call;
    if (ctx == SHMEM_CTX_INVALID)
        return;
    if (ctx == SHMEM_CTX_DEFAULT)
        ss_fatal("PE %d: %s: SHMEM_CTX_DEFAULT may not be destroyed", pe->id,
                 call);
    struct ss_ctx *c = check(pe, ctx, call);
    ss_quiet_ctx(pe, &c->st);
    c->live = 0;
    c->next_free = ss_free_ctxs;
    ss_free_ctxs = c;
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    static const char call[] = "shmem_ctx_get_team";
    ss_pe_t *pe = ss_self();
    pe->where = call;
    if (!team)
        return -1;
    *team = SHMEM_TEAM_INVALID;
    if (ctx == SHMEM_CTX_INVALID)
        return -1;
    *team = ctx == SHMEM_CTX_DEFAULT ? SHMEM_TEAM_WORLD : check(pe, ctx, call)->handle;
    return 0;
}
