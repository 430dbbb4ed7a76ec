/* test_rma_timing.c - semantics and alpha-beta timing of the runtime's
 * one-sided primitives, on tests/platforms/two-hosts.xml (one 2 us,
 * 1 GB/s link between any two hosts). Under --model alpha-beta a lone
 * transfer of m bytes takes L + m/B = 2e-6 + m * 1e-9 s. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <simgrid/actor.h>
#include <simgrid/engine.h>

#include "shmem.h"
#include "shmemsim.h"
#include "simtest.h"

#define L 2e-6
#define BETA 1e-9
#define TWO "tests/platforms/two-hosts.xml"

static double xfer(size_t m) { return L + (double)m * BETA; }

static void assert_close(double got, double want, double rel)
{
    double d = got > want ? got - want : want - got;
    if (d > rel * want) {
        print_error("got %.12g s, want %.12g s (%.3g%% off)\n", got, want,
                    100 * d / want);
        fail();
    }
}

static simtest_result_t run2(void (*fn)(void *))
{
    return simtest_run(simtest_platform(TWO), 2, 1, SS_MODEL_ALPHA_BETA, fn);
}

/* PE 0 puts m bytes whose last 8 are a flag; PE 1 waits on the flag and
 * records when it woke; PE 0 records when quiet returned. */
static void put_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = ST->m;
    unsigned char *buf = shmem_calloc(1, m);
    long *flag = (long *)(buf + m - 8);
    if (shmem_my_pe() == 0) {
        unsigned char *src = malloc(m);
        memset(src, 7, m);
        memcpy(src + m - 8, &(long){1}, 8);
        shmem_putmem(buf, src, m, 1);
        shmem_quiet();
        ST->t[0] = shmemsim_wtime();
        free(src);
    } else {
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        ST->t[1] = shmemsim_wtime();
        ST->v[1] = m <= 8 || (buf[0] == 7 && buf[m / 2] == 7);
    }
    shmem_finalize();
}

static void test_put_timing(void **state)
{
    (void)state;
    for (size_t m = 8; m <= (1u << 20); m *= 4) {
        simtest_setup();
        ST->m = m;
        simtest_result_t r = run2(put_pe);
        assert_int_equal(r.status, 0);
        assert_close(ST->t[1], xfer(m), 1e-3);   /* wait_until wakes on arrival */
        assert_close(ST->t[0], xfer(m), 1e-3);   /* quiet: complete at target */
        assert_int_equal(ST->v[1], 1);
    }
}

static void get_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = ST->m;
    unsigned char *buf = shmem_malloc(m);
    memset(buf, shmem_my_pe() + 1, m);
    if (shmem_my_pe() == 0) {
        unsigned char *dst = malloc(m);
        shmem_getmem(dst, buf, m, 1);
        ST->t[0] = shmemsim_wtime();
        ST->v[0] = dst[0] == 2 && dst[m - 1] == 2;
        free(dst);
    }
    shmem_finalize();
}

/* A get is an 8-byte request (the remote address) and an m-byte reply:
 * 2L + (8 + m)/B. */
static void test_get_timing(void **state)
{
    (void)state;
    for (size_t m = 8; m <= (1u << 20); m *= 4) {
        simtest_setup();
        ST->m = m;
        assert_int_equal(run2(get_pe).status, 0);
        assert_close(ST->t[0], L + xfer(8 + m), 1e-3);
        assert_int_equal(ST->v[0], 1);
    }
}

static void famo_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *ctr = shmem_calloc(1, sizeof(long));
    if (shmem_my_pe() == 0) {
        ST->v[0] = shmem_long_atomic_fetch_add(ctr, 5, 1);
        ST->t[0] = shmemsim_wtime();
        ST->v[1] = shmem_long_atomic_fetch_add(ctr, 1, 1);
        ST->v[2] = shmem_long_atomic_compare_swap(ctr, 6, 100, 1);
        ST->v[3] = shmem_long_atomic_compare_swap(ctr, 6, 200, 1);
        ST->v[4] = shmem_long_atomic_swap(ctr, -3, 1);
        ST->v[5] = shmem_long_atomic_fetch(ctr, 1);
        ST->v[6] = shmem_int_atomic_fetch_inc((int *)(ctr), 1);
    }
    shmem_finalize();
}

/* Fetching atomic: 8-byte operand out, 8-byte value back: 2L + 16/B. */
static void test_fetching_atomic(void **state)
{
    (void)state;
    simtest_setup();
    assert_int_equal(run2(famo_pe).status, 0);
    assert_close(ST->t[0], 2 * L + 16 * BETA, 1e-3);
    assert_int_equal(ST->v[0], 0);
    assert_int_equal(ST->v[1], 5);
    assert_int_equal(ST->v[2], 6);     /* swapped to 100 */
    assert_int_equal(ST->v[3], 100);   /* no swap */
    assert_int_equal(ST->v[4], 100);
    assert_int_equal(ST->v[5], -3);
    assert_int_equal(ST->v[6], -3);    /* low 32 bits of -3 */
}

/* Several PEs add to one counter: atomics act at the target on arrival. */
static void amo_target_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *ctr = shmem_calloc(1, sizeof(long));
    uint64_t *u = shmem_calloc(1, sizeof(uint64_t));
    int me = shmem_my_pe();
    if (me != 0) {
        shmem_long_atomic_add(ctr, me, 0);
        shmem_uint64_atomic_inc(u, 0);
        ST->v[me] = shmem_long_atomic_fetch_inc(ctr, 0);
    } else {
        shmem_long_wait_until(ctr, SHMEM_CMP_EQ, 1 + 2 + 2);
        shmem_uint64_wait_until(u, SHMEM_CMP_GE, 2);
        ST->v[0] = *ctr;
        ST->t[0] = shmemsim_wtime();
    }
    shmem_finalize();
}

static void test_atomics_at_target(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 3, 1,
                                     SS_MODEL_ALPHA_BETA, amo_target_pe);
    assert_int_equal(r.status, 0);
    assert_int_equal(ST->v[0], 5);
    /* The fetch_incs saw distinct values. Without a fence a PE's own
     * earlier add need not be applied first (OpenSHMEM does not order
     * them), so each value is anywhere in 0..4. */
    assert_true(ST->v[1] != ST->v[2]);
    assert_in_range(ST->v[1], 0, 4);
    assert_in_range(ST->v[2], 0, 4);
}

/* Without a fence an 8-byte flag overtakes a 1 MiB put on the same route;
 * with a fence it is applied only after the data. */
static void fence_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = 1 << 20;
    unsigned char *data = shmem_calloc(1, m);
    long *flag = shmem_calloc(1, sizeof(long));
    if (shmem_my_pe() == 0) {
        unsigned char *src = malloc(m);
        memset(src, 9, m);
        shmem_putmem(data, src, m, 1);
        if (ST->flag == 2)   /* a small put that lands before the big one */
            shmem_putmem(data, src, 8, 1);
        if (ST->flag)
            shmem_fence();
        shmem_long_p(flag, 1, 1);
        free(src);
    } else {
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        ST->t[1] = shmemsim_wtime();
        ST->v[1] = data[m - 1];
    }
    shmem_finalize();
}

static void test_fence_orders(void **state)
{
    (void)state;
    size_t m = 1 << 20;
    simtest_setup();
    ST->flag = 0;
    assert_int_equal(run2(fence_pe).status, 0);
    assert_true(ST->t[1] < xfer(m) / 2);   /* overtook: unordered */
    assert_int_equal(ST->v[1], 0);
    simtest_setup();
    ST->flag = 1;
    assert_int_equal(run2(fence_pe).status, 0);
    assert_close(ST->t[1], xfer(m) + 8 * BETA, 1e-3);  /* after the data */
    assert_int_equal(ST->v[1], 9);
    /* A fence orders after every earlier put, not only the newest one. */
    simtest_setup();
    ST->flag = 2;
    assert_int_equal(run2(fence_pe).status, 0);
    assert_true(ST->t[1] >= xfer(m));
    assert_int_equal(ST->v[1], 9);
}

/* Data is not visible before its transfer completes, and is after. */
static void visible_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = 1 << 20;
    unsigned char *data = shmem_calloc(1, m);
    long *word = (long *)(data + m - 8);
    if (shmem_my_pe() == 0) {
        unsigned char *src = malloc(m);
        memset(src, 1, m);
        shmem_putmem(data, src, m, 1);
        free(src);
    } else {
        sg_actor_sleep_until(xfer(m) * 0.99);
        ST->v[0] = shmem_long_test(word, SHMEM_CMP_NE, 0);
        sg_actor_sleep_until(xfer(m) * 1.01);
        ST->v[1] = shmem_long_test(word, SHMEM_CMP_NE, 0);
    }
    shmem_finalize();
}

/* A put, a fence and an atomic add to the same PE: the collectives' step
 * (payload, then its flag). ST->flag 0: fenced, 1: no fence, 2: fenced,
 * but a 1 MiB put to the same PE precedes it in the same epoch. The put
 * writes m bytes ending in the long 6. PE 1 records when that long and
 * the flag were seen. */
static void fuse_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = ST->m, big = 1 << 20;
    unsigned char *data = shmem_calloc(1, big);
    long *flag = shmem_calloc(1, sizeof(long));
    long *last = (long *)(data + m - sizeof(long));
    if (shmem_my_pe() == 0) {
        unsigned char *src = calloc(1, big);
        if (ST->flag == 2)
            shmem_putmem(data + m, src, big - m, 1);
        memcpy(src + m - sizeof(long), &(long){6}, sizeof(long));
        shmem_putmem(data, src, m, 1);
        if (ST->flag != 1)
            shmem_fence();
        shmem_long_atomic_add(flag, 1, 1);
        free(src);
    } else {
        shmem_long_wait_until(last, SHMEM_CMP_EQ, 6);
        ST->t[0] = shmemsim_wtime();
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        ST->t[1] = shmemsim_wtime();
    }
    shmem_finalize();
}

/* The fenced atomic rides on the put in one SimGrid communication: same
 * landing time on a free link as two messages sharing it (latency + both
 * sizes over the bandwidth), data with the flag, one communication fewer.
 * Not fused when an earlier message to that PE of the put's epoch is
 * still in flight: the atomic must wait for it, the put must not. */
static void test_put_fence_atomic_fused(void **state)
{
    (void)state;
    const size_t m = 64 << 10;
    simtest_setup();
    ST->m = m;
    ST->flag = 1;
    assert_int_equal(run2(fuse_pe).status, 0);
    ss_run_stats_t apart = ST->stats;
    simtest_setup();
    ST->m = m;
    assert_int_equal(run2(fuse_pe).status, 0);
    assert_close(ST->t[0], xfer(m + 8), 1e-3);   /* put and amo share */
    assert_close(ST->t[1], xfer(m + 8), 1e-3);
    assert_true(ST->stats.messages == apart.messages);
    assert_true(ST->stats.comms - ST->stats.wakeups + 1 == apart.comms - apart.wakeups);
    /* Behind an unapplied 1 MiB put of the same epoch: the 64 KiB put
     * lands while the big one is still on its way, the flag after both. */
    simtest_setup();
    ST->m = m;
    ST->flag = 2;
    assert_int_equal(run2(fuse_pe).status, 0);
    assert_true(ST->t[0] < xfer(1 << 20) / 2);
    assert_true(ST->t[1] >= xfer((1 << 20) + 8));
}

static void test_visible_at_delivery(void **state)
{
    (void)state;
    simtest_setup();
    assert_int_equal(run2(visible_pe).status, 0);
    assert_int_equal(ST->v[0], 0);
    assert_int_equal(ST->v[1], 1);
}

/* put-with-signal: data and signal land together; SIGNAL_ADD accumulates. */
static void signal_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    long *data = shmem_calloc(4, sizeof(long));
    uint64_t *sig = shmem_calloc(1, sizeof(uint64_t));
    if (me != 0) {
        long v = 10 * me;
        shmem_putmem_signal(&data[me], &v, sizeof v, sig, 1, SHMEM_SIGNAL_ADD, 0);
    } else {
        ST->v[0] = (long)shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 2);
        ST->v[1] = data[1] + data[2];
        ST->t[0] = shmemsim_wtime();
    }
    shmem_finalize();
}

static void test_signal(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 3, 1,
                                     SS_MODEL_ALPHA_BETA, signal_pe);
    assert_int_equal(r.status, 0);
    assert_int_equal(ST->v[0], 2);
    assert_int_equal(ST->v[1], 30);
    assert_close(ST->t[0], xfer(16), 1e-3);
}

/* Every comparison operator of wait_until / test. */
static void cmp_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int *x = shmem_calloc(1, sizeof(int));
    if (shmem_my_pe() == 0) {
        *x = 5;
        ST->v[0] = shmem_int_test(x, SHMEM_CMP_EQ, 5) + 2 * shmem_int_test(x, SHMEM_CMP_NE, 5) +
                   4 * shmem_int_test(x, SHMEM_CMP_GT, 4) + 8 * shmem_int_test(x, SHMEM_CMP_LE, 5) +
                   16 * shmem_int_test(x, SHMEM_CMP_LT, 5) + 32 * shmem_int_test(x, SHMEM_CMP_GE, 6);
        shmem_int_wait_until(x, SHMEM_CMP_GT, 5);   /* PE 1 sets 7 */
        ST->v[1] = *x;
    } else {
        shmem_int_p(x, 7, 0);
    }
    shmem_finalize();
}

static void test_cmp_ops(void **state)
{
    (void)state;
    simtest_setup();
    assert_int_equal(run2(cmp_pe).status, 0);
    assert_int_equal(ST->v[0], 1 + 4 + 8);
    assert_int_equal(ST->v[1], 7);
}

/* barrier_all: puts issued before it are visible after it everywhere. */
static void barrier_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *slots = shmem_calloc((size_t)n, sizeof(long));
    for (int p = 0; p < n; p++)
        shmem_long_p(&slots[me], me + 1, p);
    shmem_barrier_all();
    long sum = 0;
    for (int p = 0; p < n; p++)
        sum += slots[p];
    ST->v[me] = sum;
    shmem_finalize();
}

static void test_barrier(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform("platforms/fattree-64.xml"),
                                     13, 2, SS_MODEL_ALPHA_BETA, barrier_pe);
    assert_int_equal(r.status, 0);
    for (int p = 0; p < 13; p++)
        assert_int_equal(ST->v[p], 13 * 14 / 2);
}

/* Teams split strided: numbering, translation, sync and a collective. */
static void team_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    shmem_team_t odd;
    long *src = shmem_malloc(sizeof(long));
    long *dst = shmem_calloc(8, sizeof(long));
    *src = me;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, 3, NULL, 0, &odd);
    if (odd != SHMEM_TEAM_INVALID) {
        ST->v[me] = shmem_team_my_pe(odd) * 100 + shmem_team_n_pes(odd);
        ST->v[10 + me] = shmem_team_translate_pe(odd, 2, SHMEM_TEAM_WORLD);
        shmem_team_sync(odd);
        shmem_long_fcollect(odd, dst, src, 1);
        ST->v[20 + me] = dst[0] * 100 + dst[1] * 10 + dst[2];
    } else {
        ST->v[me] = -1;
    }
    shmem_barrier_all();
    shmem_finalize();
}

static void test_teams(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform("platforms/fattree-64.xml"),
                                     7, 1, SS_MODEL_ALPHA_BETA, team_pe);
    assert_int_equal(r.status, 0);
    assert_int_equal(ST->v[0], -1);
    assert_int_equal(ST->v[1], 3);
    assert_int_equal(ST->v[3], 103);
    assert_int_equal(ST->v[5], 203);
    assert_int_equal(ST->v[6], -1);
    assert_int_equal(ST->v[13], 5);
    assert_int_equal(ST->v[23], 135);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_timing),
        cmocka_unit_test(test_get_timing),
        cmocka_unit_test(test_fetching_atomic),
        cmocka_unit_test(test_atomics_at_target),
        cmocka_unit_test(test_fence_orders),
        cmocka_unit_test(test_put_fence_atomic_fused),
        cmocka_unit_test(test_visible_at_delivery),
        cmocka_unit_test(test_signal),
        cmocka_unit_test(test_cmp_ops),
        cmocka_unit_test(test_barrier),
        cmocka_unit_test(test_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
