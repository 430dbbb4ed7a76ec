/* A PE outside a team: shmem_team_create_ctx gives it SHMEM_CTX_INVALID,
 * and fence and quiet on that handle are no-ops (OpenSHMEM 1.5, as in the
 * specification's shmem_team_context example). The even PEs form a team;
 * the odd ones fence and quiet on the invalid context and go on. */
#include <shmem.h>
#include <stdio.h>

static long box;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_team_t evens;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &evens);
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    int rc = evens == SHMEM_TEAM_INVALID ? -1 : shmem_team_create_ctx(evens, 0, &ctx);
    if (evens == SHMEM_TEAM_INVALID && ctx != SHMEM_CTX_INVALID)
        return 1;
    if (ctx != SHMEM_CTX_INVALID) {
        long v = me;
        shmem_ctx_long_put(ctx, &box, &v, 1, shmem_team_my_pe(evens));
    }
    shmem_ctx_fence(ctx);
    shmem_ctx_quiet(ctx);
    if (ctx != SHMEM_CTX_INVALID)
        shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    if (me == 0)
        printf("ctx_invalid: ok on %d PEs (team create rc %d on PE 0)\n", n, rc);
    shmem_finalize();
    return 0;
}
