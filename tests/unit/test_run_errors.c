#define _POSIX_C_SOURCE 200809L
/* test_run_errors.c - what a wrong program or a wrong setup gets: one clear
 * error naming what was wrong, and a non-zero exit, never a hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "shmem.h"
#include "simtest.h"

#define TWO "tests/platforms/two-hosts.xml"

static void assert_has(const char *text, const char *what)
{
    if (!strstr(text, what)) {
        print_error("expected \"%s\" in:\n%s\n", what, text);
        fail();
    }
}

/* Every PE waits for a flag nobody sets: the run must stop and name each
 * blocked PE and its call. */
static void deadlock_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *flag = shmem_calloc(1, sizeof(long));
    if (shmem_my_pe() == 1)
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
    shmem_finalize();
}

static void test_deadlock_report(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 3, 1,
                                     SS_MODEL_ALPHA_BETA, deadlock_pe);
    assert_int_equal(r.status, 3);
    assert_has(r.err, "deadlock");
    assert_has(r.err, "PE 1 blocked in shmem_long_wait_until");
    assert_has(r.err, "PE 0 blocked in runtime synchronisation");
    assert_has(r.err, "PE 2 blocked in runtime synchronisation");
}

static void out_of_heap_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long local = 0;
    if (shmem_my_pe() == 0)
        shmem_long_p(&local, 1, 1);
    shmem_finalize();
}

static void test_out_of_heap(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                     SS_MODEL_ALPHA_BETA, out_of_heap_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "PE 0: shmem_long_p to PE 1: address 0x");
    assert_has(r.err, "is not inside this PE's symmetric heap");
}

static void past_end_pe(void *arg)
{
    (void)arg;
    shmem_init();
    char *buf = shmem_malloc(16);
    char src[32] = {0};
    if (shmem_my_pe() == 1)
        shmem_putmem(buf + 8, src, 16, 0);   /* runs 8 bytes past the end */
    shmem_finalize();
}

static void test_past_end(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                     SS_MODEL_ALPHA_BETA, past_end_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "PE 1: shmem_putmem to PE 0: 16 bytes at 0x");
    assert_has(r.err, "run 8 bytes past the end of the program's symmetric "
                      "allocation #1 (shmem_malloc, 16 bytes; the access starts "
                      "at its byte 8)");
}

static void bad_pe_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *x = shmem_malloc(sizeof(long));
    if (shmem_my_pe() == 0)
        shmem_long_atomic_add(x, 1, 5);
    shmem_finalize();
}

static void test_bad_target_pe(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                     SS_MODEL_ALPHA_BETA, bad_pe_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "shmem_long_atomic_add: target PE 5 does not exist");
}

static void mismatch_pe(void *arg)
{
    (void)arg;
    shmem_init();
    shmem_malloc(shmem_my_pe() == 0 ? 64 : 128);
    shmem_finalize();
}

static void test_mismatched_malloc(void **state)
{
    (void)state;
    simtest_setup();
    simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                     SS_MODEL_ALPHA_BETA, mismatch_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "every PE must pass the same arguments");
}

static void nothing_pe(void *arg) { (void)arg; }

static void test_too_many_pes(void **state)
{
    (void)state;
    simtest_result_t r = simtest_run(simtest_platform(TWO), 7, 2,
                                     SS_MODEL_ALPHA_BETA, nothing_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "--pes 7 does not fit on");
    assert_has(r.err, "3 hosts x 2 PEs per host = 6 PE slots; --ppn 3 or more "
                      "would fit 7 PEs, or use at most 6 PEs at --ppn 2");
}

static void test_malformed_platform(void **state)
{
    (void)state;
    simtest_result_t r = simtest_run(simtest_platform("tests/platforms/malformed.xml"),
                                     2, 1, SS_MODEL_ALPHA_BETA, nothing_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "platform '");
    assert_has(r.err, "malformed.xml': line 6: not well-formed XML");
    r = simtest_run("/nonexistent/p.xml", 2, 1, SS_MODEL_ALPHA_BETA, nothing_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "platform '/nonexistent/p.xml': No such file or directory");
}

/* An unknown algorithm in the environment stops the run before any PE
 * starts, naming the variable. */
static void test_unknown_env_algorithm(void **state)
{
    (void)state;
    setenv("SHMEMSIM_BROADCAST_ALGORITHM", "nosuch", 1);
    simtest_result_t r = simtest_run(simtest_platform(TWO), 2, 1,
                                     SS_MODEL_ALPHA_BETA, nothing_pe);
    unsetenv("SHMEMSIM_BROADCAST_ALGORITHM");
    assert_int_equal(r.status, 2);
    assert_has(r.err, "unknown broadcast algorithm 'nosuch' in $SHMEMSIM_BROADCAST_ALGORITHM");
}

/* Stack overflows name the PE and the option to raise. ST->m is how many
 * bytes of stack the PE fills below its frame, from the frame down, as a
 * deep call chain touches it: the guard page under the stack is the
 * first thing past the end it reaches. (A memset fills upwards from the
 * far end, and under AddressSanitizer is checked whole before it writes:
 * ASan then reported what lies below the stack instead of the guard
 * page faulting.) */
static void __attribute__((noinline)) fill_stack(size_t n)
{
    volatile char *buf = __builtin_alloca(n);
    for (size_t i = n; i-- > 0;)
        buf[i] = 1;
}

static void overflow_pe(void *arg)
{
    (void)arg;
    shmem_init();
    fill_stack(ST->m);
    shmem_barrier_all();
    shmem_finalize();
}

static void test_stack_overflow(void **state)
{
    (void)state;
    /* Through the guard page: 40 KiB into a 32 KiB stack. */
    simtest_setup();
    ST->m = 40 << 10;
    simtest_stack_kib = 32;
    simtest_result_t r = simtest_run(simtest_platform(TWO), 1, 1,
                                     SS_MODEL_ALPHA_BETA, overflow_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "PE 0 overflowed its stack of 32 KiB: raise --stack-kib");
    /* Without guard pages (as above vm.max_map_count): into the last
     * kilobyte of the stack, which the runtime checks on its next call. */
    setenv("SHMEMSIM_SIMGRID_ARGS", "--cfg=contexts/guard-size:0", 1);
    simtest_setup();
    ST->m = (32 << 10) - 900;
    r = simtest_run(simtest_platform(TWO), 1, 1, SS_MODEL_ALPHA_BETA, overflow_pe);
    assert_int_equal(r.status, 2);
    assert_has(r.err, "PE 0 overflowed its stack of 32 KiB: raise --stack-kib");
    /* Well within the stack: no error either way. */
    simtest_setup();
    ST->m = 16 << 10;
    r = simtest_run(simtest_platform(TWO), 1, 1, SS_MODEL_ALPHA_BETA, overflow_pe);
    unsetenv("SHMEMSIM_SIMGRID_ARGS");
    simtest_stack_kib = 0;
    assert_int_equal(r.status, 0);
}

/* A program's allocation too large for a copy per PE in the memory free
 * is reserved, not folded: each PE touches one byte of its own copy and
 * sees no other PE's. */
static void bigalloc_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    char *p = shmem_malloc(ST->m);
    p[me] = 1;
    shmem_barrier_all();
    if (p[(me + 1) % n] != 0 || p[me] != 1)
        shmem_global_exit(5);
    shmem_free(p);
    shmem_finalize();
}

static void test_lazy_copies(void **state)
{
    (void)state;
    simtest_setup();
    ST->m = 64 << 20;   /* x 4,096 PEs: 256 GiB reserved */
    simtest_result_t r = simtest_run(simtest_platform(TWO), 4096, 2048,
                                     SS_MODEL_ALPHA_BETA, bigalloc_pe);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err, "folded"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlock_report),
        cmocka_unit_test(test_unknown_env_algorithm),
        cmocka_unit_test(test_out_of_heap),
        cmocka_unit_test(test_past_end),
        cmocka_unit_test(test_bad_target_pe),
        cmocka_unit_test(test_mismatched_malloc),
        cmocka_unit_test(test_too_many_pes),
        cmocka_unit_test(test_malformed_platform),
        cmocka_unit_test(test_stack_overflow),
        cmocka_unit_test(test_lazy_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
