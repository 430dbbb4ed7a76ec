/* test_sync_api.c - point-to-point synchronisation of the OpenSHMEM 1.5
 * API: wait_until and test with their _all, _any, _some and _vector forms
 * and status masks, the deprecated waits, put-with-signal (SET and ADD)
 * with signal_fetch and signal_wait_until, and distributed locks. */
#include <stdint.h>
#include <string.h>
#include <simgrid/actor.h>

#include "api_test.h"
#include "shmemsim.h"

#define TWO "tests/platforms/two-hosts.xml"

/* PE 0 sets PE 1's ivars one at a time, 10 us apart (index 1 never);
 * PE 1 waits on them in every form. ST->t[k]: when wait k returned. */
static void setter(long *v, int n, long value)
{
    static const int order[] = {3, 0, 2, 4};
    for (int k = 0; k < n; k++) {
        sg_actor_sleep_for(10e-6);
        shmem_long_p(&v[order[k]], value, 1);
    }
}

static void waiter(long *v)
{
    int status[5] = {0, 1, 0, 0, 0};          /* index 1 excluded */
    size_t idx[5], n;
    EXPECT(shmem_long_test_all(v, 5, status, SHMEM_CMP_EQ, 1) == 0);
    EXPECT(shmem_long_test_any(v, 5, status, SHMEM_CMP_EQ, 1) == SIZE_MAX);
    EXPECT(shmem_long_test_some(v, 5, idx, status, SHMEM_CMP_EQ, 1) == 0);
    EXPECT(shmem_long_wait_until_any(v, 5, status, SHMEM_CMP_EQ, 1) == 3);
    ST->t[0] = shmemsim_wtime();
    n = shmem_long_wait_until_some(v, 5, idx, status, SHMEM_CMP_EQ, 1);
    EXPECT(n == 1 && idx[0] == 3);   /* index 3 already satisfies */
    shmem_wait_until_all(v, 5, status, SHMEM_CMP_EQ, 1L);   /* generic */
    ST->t[1] = shmemsim_wtime();
    EXPECT(v[1] == 0);
    EXPECT(shmem_long_test_all(v, 5, status, SHMEM_CMP_EQ, 1) == 1);
    EXPECT(shmem_long_test_some(v, 5, idx, NULL, SHMEM_CMP_EQ, 1) == 4);
    EXPECT(idx[0] == 0 && idx[1] == 2 && idx[2] == 3 && idx[3] == 4);
    int none[5] = {1, 1, 1, 1, 1};
    EXPECT(shmem_long_wait_until_any(v, 5, none, SHMEM_CMP_EQ, 9) == SIZE_MAX);
    EXPECT(shmem_long_wait_until_some(v, 5, idx, none, SHMEM_CMP_EQ, 9) == 0);
    EXPECT(shmem_long_test_all(v, 5, none, SHMEM_CMP_EQ, 9) == 1);
    EXPECT(shmem_long_test_any(v, 0, NULL, SHMEM_CMP_EQ, 9) == SIZE_MAX);
}

/* The vector forms: element i compared with cmp_values[i]. */
static void vector_waiter(int *w)
{
    int want[4] = {5, 6, 7, 8}, status[4] = {0, 0, 0, 0};
    size_t idx[4];
    EXPECT(shmem_int_test_any_vector(w, 4, status, SHMEM_CMP_GE, want) == SIZE_MAX);
    size_t i = shmem_int_wait_until_any_vector(w, 4, status, SHMEM_CMP_GE, want);
    EXPECT(i == 2);
    EXPECT(shmem_int_wait_until_some_vector(w, 4, idx, status, SHMEM_CMP_GE, want) >= 1);
    shmem_int_wait_until_all_vector(w, 4, status, SHMEM_CMP_GE, want);
    EXPECT(shmem_int_test_all_vector(w, 4, NULL, SHMEM_CMP_GE, want) == 1);
    EXPECT(shmem_int_test_some_vector(w, 4, idx, NULL, SHMEM_CMP_EQ, want) == 4);
}

static void wait_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *v = shmem_calloc(5, sizeof(long));
    int *w = shmem_calloc(4, sizeof(int));
    if (shmem_my_pe() == 0) {
        setter(v, 4, 1);
        for (int k = 0; k < 4; k++) {   /* w[2] first, then the others */
            sg_actor_sleep_for(10e-6);
            shmem_int_p(&w[(k + 2) % 4], 5 + (k + 2) % 4, 1);
        }
    } else {
        waiter(v);
        vector_waiter(w);
    }
    api_done();
    shmem_finalize();
}

static void test_wait_test_forms(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, wait_pe);
    /* the first set lands at 10 us + L, the last at 40 us + L */
    assert_true(ST->t[0] > 12e-6 - 1e-9 && ST->t[0] < 12e-6 + 1e-7);
    assert_true(ST->t[1] > 42e-6 - 1e-9 && ST->t[1] < 42e-6 + 1e-7);
}

/* The waits before 1.4: shmem_N_wait(ivar, v) returns once *ivar != v. */
static void old_wait_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *l = shmem_calloc(3, sizeof(long));
    short *s = shmem_calloc(1, sizeof(short));
    if (shmem_my_pe() == 0) {
        sg_actor_sleep_for(5e-6);
        shmem_short_p(s, 3, 1);
        shmem_long_p(&l[0], 1, 1);
        shmem_long_p(&l[1], 2, 1);
        shmem_long_p(&l[2], 3, 1);
    } else {
        shmem_short_wait(s, 0);
        EXPECT(*s == 3);
        (shmem_wait)(&l[0], 0);
        shmem_wait(&l[1], 0L);   /* the C11 generic */
        (shmem_wait_until)(&l[2], SHMEM_CMP_EQ, 3);
        EXPECT(l[0] == 1 && l[1] == 2 && l[2] == 3);
    }
    api_done();
    shmem_finalize();
}

static void test_deprecated_waits(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, old_wait_pe);
}

/* put-with-signal: SET stores, ADD accumulates (two PEs into one
 * signal); the data is there when the signal is; signal_fetch reads it. */
static void signal_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    int *data = shmem_calloc(8, sizeof(int));
    double *dd = shmem_calloc(4, sizeof(double));
    uint64_t *sig = shmem_calloc(3, sizeof(uint64_t));
    int src[4] = {me, me + 1, me + 2, me + 3};
    double ds[4] = {0.5, 1.5, 2.5, 3.5};
    if (me != 0) {
        shmem_int_put_signal(data + 4 * (me - 1), src, 4, &sig[0], 10,
                             SHMEM_SIGNAL_ADD, 0);
        shmem_ctx_t c;
        EXPECT(shmem_ctx_create(0, &c) == 0);
        shmem_ctx_put64_signal_nbi(c, dd, ds, 4, &sig[1],
                                   (uint64_t)1 << (31 + me), SHMEM_SIGNAL_ADD, 0);
        shmem_ctx_quiet(c);
        shmem_ctx_destroy(c);
        shmem_putmem_signal(&data[0], src, 0, &sig[2], 77, SHMEM_SIGNAL_SET, 0);
    } else {
        EXPECT(shmem_signal_wait_until(&sig[0], SHMEM_CMP_EQ, 20) == 20);
        EXPECT(data[0] == 1 && data[3] == 4 && data[4] == 2 && data[7] == 5);
        EXPECT(shmem_signal_wait_until(&sig[1], SHMEM_CMP_EQ, 3ull << 32) ==
               3ull << 32);
        EXPECT(dd[3] == 3.5);
        shmem_uint64_wait_until(&sig[2], SHMEM_CMP_EQ, 77);
        EXPECT(shmem_signal_fetch(&sig[2]) == 77);
    }
    shmem_barrier_all();
    if (me == 1) {
        shmem_double_put_signal(dd, ds, 1, &sig[2], 5, SHMEM_SIGNAL_SET, 0);
        shmem_put_signal(data, src, 1, &sig[0], 1, SHMEM_SIGNAL_ADD, 0);
    } else if (me == 0) {
        shmem_signal_wait_until(&sig[2], SHMEM_CMP_EQ, 5);
        shmem_signal_wait_until(&sig[0], SHMEM_CMP_EQ, 21);
        EXPECT(shmem_signal_fetch(&sig[0]) == 21);
    }
    api_done();
    shmem_finalize();
}

static void test_signals(void **state)
{
    (void)state;
    api_run(TWO, 3, 1, signal_pe);
}

/* Locks: read-modify-write of a counter on PE 0 by remote get and put,
 * stretched by a sleep, loses no update under the lock; test_lock takes
 * a free lock and refuses a held one. */
static void lock_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *lock = shmem_calloc(1, sizeof(long)), *lock2 = shmem_calloc(1, sizeof(long));
    long *ctr = shmem_calloc(1, sizeof(long));
    for (int i = 0; i < 5; i++) {
        shmem_set_lock(lock);
        long v = shmem_long_g(ctr, 0);
        sg_actor_sleep_for(1e-6);
        shmem_long_p(ctr, v + 1, 0);
        shmem_clear_lock(lock);
    }
    shmem_barrier_all();
    EXPECT(shmem_long_g(ctr, 0) == 5L * n);
    if (me == 0)
        EXPECT(shmem_test_lock(lock2) == 0);
    shmem_barrier_all();
    if (me == 1)
        EXPECT(shmem_test_lock(lock2) == 1);
    shmem_barrier_all();
    if (me == 0)
        shmem_clear_lock(lock2);
    shmem_barrier_all();
    if (me == 1) {
        EXPECT(shmem_test_lock(lock2) == 0);
        shmem_clear_lock(lock2);
    }
    api_done();
    shmem_finalize();
}

static void test_locks(void **state)
{
    (void)state;
    api_run("tests/platforms/star-64.xml", 5, 1, lock_pe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wait_test_forms),
        cmocka_unit_test(test_deprecated_waits),
        cmocka_unit_test(test_signals),
        cmocka_unit_test(test_locks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
