/* test_ctx_api.c - communication contexts in simulated time, on
 * tests/platforms/two-hosts.xml (2 us, 1 GB/s: m bytes alone take
 * 2e-6 + m * 1e-9 s): a quiet on one context waits for that context's
 * operations only, a fence on one context orders that context's puts
 * only, destroy quiets; contexts made on a team address PEs by their
 * number in the team. */
#include <stdlib.h>
#include <string.h>

#include "api_test.h"
#include "shmemsim.h"

#define TWO "tests/platforms/two-hosts.xml"
#define BIG (1 << 20)
#define L 2e-6
#define BETA 1e-9

static double big_time(void) { return L + BIG * BETA; }

typedef struct {
    unsigned char *big, *big2;
    long *flag;             /* 4 flags */
    unsigned char *src;
} bufs_t;

static bufs_t setup(void)
{
    bufs_t b = {shmem_calloc(1, BIG), shmem_calloc(1, BIG),
                shmem_calloc(4, sizeof(long)), malloc(BIG)};
    memset(b.src, 7, BIG);
    return b;
}

/* PE 0: a 1 MiB put on one context and 8 bytes on another; each quiet
 * returns when its own context's put is done. ST->t: 0 quiet of the
 * small context, 1 the big one's, 2 and 3 the same with the roles of the
 * default and the created context swapped. */
static void quiet_pe(void *arg)
{
    (void)arg;
    shmem_init();
    bufs_t b = setup();
    shmem_ctx_t c;
    EXPECT(shmem_ctx_create(0, &c) == 0);
    if (shmem_my_pe() == 0) {
        double t0 = shmemsim_wtime();
        shmem_putmem(b.big, b.src, BIG, 1);
        shmem_ctx_long_p(c, &b.flag[0], 1, 1);
        shmem_ctx_quiet(c);
        ST->t[0] = shmemsim_wtime() - t0;
        shmem_quiet();
        ST->t[1] = shmemsim_wtime() - t0;
        t0 = shmemsim_wtime();
        shmem_ctx_putmem(c, b.big2, b.src, BIG, 1);
        shmem_long_p(&b.flag[1], 1, 1);
        shmem_quiet();
        ST->t[2] = shmemsim_wtime() - t0;
        shmem_ctx_quiet(c);
        ST->t[3] = shmemsim_wtime() - t0;
    } else {
        shmem_long_wait_until(&b.flag[0], SHMEM_CMP_EQ, 1);
        EXPECT(b.big[BIG - 1] == 0);   /* the other context's put is not in */
        shmem_long_wait_until(&b.flag[1], SHMEM_CMP_EQ, 1);
        EXPECT(b.big2[BIG - 1] == 0);
    }
    shmem_ctx_destroy(c);
    api_done();
    shmem_finalize();
}

static void test_quiet_per_context(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, quiet_pe);
    for (int i = 0; i < 4; i += 2) {
        assert_true(ST->t[i] < 2 * L);                 /* 8 bytes: about L */
        assert_true(ST->t[i + 1] > 0.999 * big_time());
        assert_true(ST->t[i + 1] < 1.001 * big_time() + 16 * BETA);
    }
}

/* A fence orders a context's flag after that context's 1 MiB put, not
 * after another context's. ST->t: when PE 1 saw flags 0 (default,
 * fenced behind the default put), 1 (created context, fenced on it but
 * not behind the default put), 2 (created, behind its own put), 3
 * (default, fenced, not behind the created context's put). */
static void fence_pe(void *arg)
{
    (void)arg;
    shmem_init();
    bufs_t b = setup();
    shmem_ctx_t c;
    EXPECT(shmem_ctx_create(SHMEM_CTX_PRIVATE, &c) == 0);
    if (shmem_my_pe() == 0) {
        shmem_putmem(b.big, b.src, BIG, 1);
        shmem_fence();
        shmem_long_p(&b.flag[0], 1, 1);
        shmem_ctx_fence(c);
        shmem_ctx_long_p(c, &b.flag[1], 1, 1);
        shmem_quiet();
        shmem_ctx_quiet(c);
        shmem_ctx_putmem(c, b.big2, b.src, BIG, 1);
        shmem_ctx_fence(c);
        shmem_ctx_long_p(c, &b.flag[2], 1, 1);
        shmem_fence();
        shmem_long_p(&b.flag[3], 1, 1);
    } else {
        double t0 = shmemsim_wtime();
        shmem_long_wait_until(&b.flag[1], SHMEM_CMP_EQ, 1);
        ST->t[1] = shmemsim_wtime() - t0;
        shmem_long_wait_until(&b.flag[0], SHMEM_CMP_EQ, 1);
        ST->t[0] = shmemsim_wtime() - t0;
        EXPECT(b.big[BIG - 1] == 7);
        t0 = shmemsim_wtime();
        shmem_long_wait_until(&b.flag[3], SHMEM_CMP_EQ, 1);
        ST->t[3] = shmemsim_wtime() - t0;
        shmem_long_wait_until(&b.flag[2], SHMEM_CMP_EQ, 1);
        ST->t[2] = shmemsim_wtime() - t0;
        EXPECT(b.big2[BIG - 1] == 7);
    }
    shmem_ctx_destroy(c);
    api_done();
    shmem_finalize();
}

static void test_fence_per_context(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, fence_pe);
    assert_true(ST->t[1] < 2 * L);
    assert_true(ST->t[3] < 2 * L);
    assert_true(ST->t[0] > big_time());
    assert_true(ST->t[2] > big_time());
}

/* shmem_ctx_destroy completes the context's operations first. */
static void destroy_pe(void *arg)
{
    (void)arg;
    shmem_init();
    bufs_t b = setup();
    if (shmem_my_pe() == 0) {
        shmem_ctx_t c;
        EXPECT(shmem_ctx_create(0, &c) == 0);
        double t0 = shmemsim_wtime();
        shmem_ctx_putmem_nbi(c, b.big, b.src, BIG, 1);
        shmem_ctx_destroy(c);
        ST->t[0] = shmemsim_wtime() - t0;
        shmem_ctx_destroy(SHMEM_CTX_INVALID);   /* a no-op */
    }
    api_done();
    shmem_finalize();
}

static void test_destroy_quiets(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, destroy_pe);
    assert_true(ST->t[0] > 0.999 * big_time());
}

/* A context made on a team: PE numbers are the team's; its team and
 * config can be read back; a PE outside the team gets no context. */
static void team_ctx_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    int *x = shmem_calloc(4, sizeof(int));
    shmem_team_t odd, t;
    shmem_team_config_t cfg = {.num_contexts = 2}, got = {0};
    EXPECT(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, 2, &cfg,
                                    SHMEM_TEAM_NUM_CONTEXTS, &odd) == 0);
    shmem_ctx_t c = SHMEM_CTX_DEFAULT;
    int rc = shmem_team_create_ctx(odd, 0, &c);
    EXPECT(me % 2 ? rc == 0 : rc != 0 && c == SHMEM_CTX_INVALID);
    EXPECT(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &t) == 0 && t == SHMEM_TEAM_WORLD);
    if (me % 2) {
        EXPECT(shmem_team_get_config(odd, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0);
        EXPECT(got.num_contexts == 2);
        EXPECT(shmem_ctx_get_team(c, &t) == 0 && t == odd);
        shmem_ctx_int_p(c, &x[0], 10 + me, 1 - shmem_team_my_pe(odd));
        shmem_ctx_int_atomic_add(c, &x[1], me, 0);    /* team PE 0: world 1 */
        long v = shmem_ctx_int_g(c, &x[2], 1);         /* team PE 1: world 3 */
        EXPECT(v == 0);
        shmem_ctx_quiet(c);
        shmem_ctx_destroy(c);
    }
    EXPECT(shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0 && t == SHMEM_TEAM_INVALID);
    shmem_barrier_all();
    if (me == 1)
        EXPECT(x[0] == 13 && x[1] == 1 + 3);
    if (me == 3)
        EXPECT(x[0] == 11 && x[1] == 0);
    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    api_done();
    shmem_finalize();
}

static void test_team_contexts(void **state)
{
    (void)state;
    api_run("tests/platforms/star-64.xml", 4, 1, team_ctx_pe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quiet_per_context),
        cmocka_unit_test(test_fence_per_context),
        cmocka_unit_test(test_destroy_quiets),
        cmocka_unit_test(test_team_contexts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
