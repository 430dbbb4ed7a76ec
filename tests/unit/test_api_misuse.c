/* test_api_misuse.c - misuse of the OpenSHMEM 1.5 API stops the run with
 * one clear error naming the PE and the call (exit 2), never a hang or a
 * wrong answer: bad, destroyed or foreign contexts, team handles after
 * destroy, predefined teams destroyed, collectives whose members pass
 * different sizes, unknown comparison and signal operators, PE numbers
 * outside a context's team. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "shmem.h"
#include "simtest.h"

#define TWO "tests/platforms/two-hosts.xml"

static shmem_ctx_t shared_ctx;   /* handed between PEs (a misuse) */

enum {
    BAD_CTX, DESTROYED_CTX, FOREIGN_CTX, DEAD_TEAM, DESTROY_WORLD,
    A2A_SIZES, REDUCE_SIZES, BAD_CMP, BAD_SIGNAL_OP, TEAM_CTX_PE,
    DESTROY_DEFAULT, BAD_STRIDE
};

static void misuse(int what, int me, long *x)
{
    shmem_ctx_t c;
    shmem_team_t t;
    switch (what) {
    case BAD_CTX:
        if (me == 0)
            shmem_ctx_long_p(SHMEM_CTX_INVALID, x, 1, 1);
        break;
    case DESTROYED_CTX:
        shmem_ctx_create(0, &c);
        shmem_ctx_destroy(c);
        if (me == 1)
            shmem_ctx_quiet(c);
        break;
    case FOREIGN_CTX:
        if (me == 0)
            shmem_ctx_create(0, &shared_ctx);
        shmem_barrier_all();
        if (me == 1)
            shmem_ctx_long_atomic_inc(shared_ctx, x, 0);
        break;
    case DEAD_TEAM:
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &t);
        shmem_team_destroy(t);
        if (me == 0)
            shmem_team_n_pes(t);
        break;
    case DESTROY_WORLD:
        shmem_team_destroy(SHMEM_TEAM_WORLD);
        break;
    case A2A_SIZES:
        shmem_long_alltoall(SHMEM_TEAM_WORLD, x + 8, x, me ? 3 : 2);
        break;
    case REDUCE_SIZES:
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, x + 8, x, me ? 3 : 2);
        break;
    case BAD_CMP:
        if (me == 1)
            shmem_long_wait_until_all(x, 2, NULL, 42, 0);
        break;
    case BAD_SIGNAL_OP:
        if (me == 0)
            shmem_putmem_signal(x, x + 1, 8, (uint64_t *)(x + 2), 1, 7, 1);
        break;
    case TEAM_CTX_PE:
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 1, NULL, 0, &t);
        if (me == 1 && shmem_team_create_ctx(t, 0, &c) == 0)
            shmem_ctx_long_p(c, x, 1, 1);   /* the team has PE 0 only */
        break;
    case DESTROY_DEFAULT:
        if (me == 0)
            shmem_ctx_destroy(SHMEM_CTX_DEFAULT);
        break;
    case BAD_STRIDE:
        shmem_long_alltoalls(SHMEM_TEAM_WORLD, x + 8, x, 0, 1, 1);
        break;
    }
}

static void misuse_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *x = shmem_calloc(32, sizeof(long));
    misuse(ST->flag, shmem_my_pe(), x);
    shmem_finalize();
}

static const struct {
    int what;
    const char *says[3];
} cases[] = {
    {BAD_CTX, {"PE 0: shmem_ctx_long_p: SHMEM_CTX_INVALID passed as a context"}},
    {DESTROYED_CTX, {"PE 1: shmem_ctx_quiet: the context was destroyed"}},
    {FOREIGN_CTX, {"PE 1: shmem_ctx_long_atomic_inc: the context belongs to PE 0"}},
    {DEAD_TEAM, {"PE 0: shmem_team_n_pes: the team was destroyed"}},
    {DESTROY_WORLD, {"shmem_team_destroy: SHMEM_TEAM_WORLD is predefined"}},
    {A2A_SIZES, {": shmem_long_alltoall: ", "must pass the same sizes",
                 "16 bytes"}},
    {REDUCE_SIZES, {"shmem_long_sum_reduce", "must pass the same sizes, op and type"}},
    {BAD_CMP, {"PE 1: shmem_long_wait_until_all: unknown comparison 42"}},
    {BAD_SIGNAL_OP, {"PE 0: shmem_putmem_signal: unknown signal operator 7"}},
    {TEAM_CTX_PE, {"PE 1: shmem_ctx_long_p: PE 1 is not in the context's team (PEs 0..0)"}},
    {DESTROY_DEFAULT, {"PE 0: shmem_ctx_destroy: SHMEM_CTX_DEFAULT may not be destroyed"}},
    {BAD_STRIDE, {"shmem_long_alltoalls: strides dst 0 and sst 1 must be 1 or more"}},
};

static void test_misuse_is_named(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        simtest_setup();
        ST->flag = cases[i].what;
        simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                         SS_MODEL_ALPHA_BETA, misuse_pe);
        if (r.status != 2)
            print_error("case %zu: exit %d:\n%s\n", i, r.status, r.err);
        assert_int_equal(r.status, 2);
        for (int k = 0; k < 3 && cases[i].says[k]; k++)
            if (!strstr(r.err, cases[i].says[k])) {
                print_error("case %zu: expected \"%s\" in:\n%s\n", i,
                            cases[i].says[k], r.err);
                fail();
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_misuse_is_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
