#define _POSIX_C_SOURCE 200809L
/* test_errors.c - what a wrong program or a wrong setup gets: one clear
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
    assert_has(r.err, "not inside the symmetric heap");
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
    assert_has(r.err, "PE 1: shmem_putmem to PE 0");
    assert_has(r.err, "(+16 bytes)");
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
    assert_has(r.err, "--pes 7 does not fit: the platform has 3 hosts x --ppn 2 = 6");
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
