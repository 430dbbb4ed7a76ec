/* test_loggp_timing.c - where the loggp model charges its costs, in
 * simulated time, on tests/platforms/two-hosts.xml (a 2 us, 1 GB/s link
 * between any two of its three hosts): the issuing PE's o, the node NIC's gap
 * shared by its PEs, the target's o-recv per signal (not per plain put),
 * and fences that wait for acknowledgements when order=adaptive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shmem.h"
#include "shmemsim.h"
#include "simtest.h"

#define L 2e-6
#define BETA 1e-9
#define US 1e-6
#define TWO "tests/platforms/two-hosts.xml"

static void assert_close(double got, double want)
{
    double d = got > want ? got - want : want - got;
    if (d > 1e-12 + 1e-9 * want) {
        print_error("got %.12g s, want %.12g s\n", got, want);
        fail();
    }
}

static ss_model_t costs(double o, double g, double o_recv, int unordered)
{
    ss_model_t m;
    ss_model_defaults(&m, SS_MODEL_LOGGP);
    m.small_bytes = 0;
    m.o_send = o;
    m.gap = g;
    m.o_recv = o_recv;
    m.unordered = unordered;
    return m;
}

static void run(const ss_model_t *m, int npes, int ppn, void (*fn)(void *))
{
    simtest_setup();
    simtest_result_t r = simtest_run_model(simtest_platform(TWO), npes, ppn, m, fn);
    if (r.status != 0)
        print_error("%s", r.err);
    assert_int_equal(r.status, 0);
}

/* The last PE counts `signals` increments in; the others each send one
 * (ST->flag: a plain put of the counter instead). It records when its
 * wait ended, and when it could next act (its debt paid). */
static void count_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *c = shmem_calloc(1, sizeof *c);
    int me = shmem_my_pe(), last = shmem_n_pes() - 1;
    if (me != last) {
        long one = 1;
        if (ST->flag)
            shmem_long_put(c, &one, 1, last);
        else
            shmem_long_atomic_inc(c, last);
    } else {
        shmem_long_wait_until(c, SHMEM_CMP_EQ, ST->flag ? 1 : last);
        ST->t[0] = shmemsim_wtime();
    }
    shmem_finalize();
}

/* A message leaves after its issuer's o: lands at o + L + 8 beta; the
 * target then owes one o-recv for the signal. */
static void test_send_and_receive_overheads(void **state)
{
    (void)state;
    ss_model_t m = costs(1 * US, 0, 3 * US, 0);
    run(&m, 2, 1, count_pe);
    assert_close(ST->t[0], 1 * US + L + 8 * BETA + 3 * US);
}

/* A plain put is written by the NIC: no o-recv at its target. */
static void test_plain_put_costs_target_nothing(void **state)
{
    (void)state;
    ss_model_t m = costs(1 * US, 0, 3 * US, 0);
    simtest_setup();
    ST->flag = 1;
    simtest_result_t r = simtest_run_model(simtest_platform(TWO), 2, 1, &m, count_pe);
    assert_int_equal(r.status, 0);
    assert_close(ST->t[0], 1 * US + L + 8 * BETA);
}

/* Two signals arriving together cost their target two o-recv. */
static void test_receive_overhead_per_signal(void **state)
{
    (void)state;
    ss_model_t m = costs(0, 0, 3 * US, 0);
    run(&m, 3, 1, count_pe);
    assert_close(ST->t[0], L + 8 * BETA + 6 * US);
}

/* Two PEs of one node share its NIC: the second message leaves a gap
 * after the first. On two nodes both leave at once. */
static void test_gap_is_per_node(void **state)
{
    (void)state;
    ss_model_t m = costs(0, 5 * US, 0, 0);
    run(&m, 3, 2, count_pe);
    assert_close(ST->t[0], 5 * US + L + 8 * BETA);
    run(&m, 3, 1, count_pe);
    assert_close(ST->t[0], L + 8 * BETA);
}

/* PE 0 puts m bytes, fences, and bumps a flag; PE 1 waits on the flag. */
static void fence_pe(void *arg)
{
    (void)arg;
    shmem_init();
    size_t m = ST->m;
    char *buf = shmem_calloc(1, m);
    long *flag = shmem_calloc(1, sizeof *flag);
    if (shmem_my_pe() == 0) {
        static char src[4096];
        shmem_putmem(buf, src, m, 1);
        shmem_fence();
        shmem_long_atomic_inc(flag, 1);
    } else {
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        ST->t[0] = shmemsim_wtime();
    }
    shmem_finalize();
}

/* order=adaptive: the flag leaves once the put's acknowledgement is back
 * (landing + L), and lands L later; in order it lands with the put. */
static void test_unordered_fence_waits_for_ack(void **state)
{
    (void)state;
    ss_model_t m = costs(0, 0, 0, 1);
    simtest_setup();
    ST->m = 1000;
    simtest_result_t r = simtest_run_model(simtest_platform(TWO), 2, 1, &m, fence_pe);
    assert_int_equal(r.status, 0);
    assert_close(ST->t[0], (L + 1000 * BETA) + L + (L + 8 * BETA));
    m.unordered = 0;
    simtest_setup();
    ST->m = 1000;
    r = simtest_run_model(simtest_platform(TWO), 2, 1, &m, fence_pe);
    assert_int_equal(r.status, 0);
    /* Two flows share the link until the flag's 8 bytes are through. */
    assert_true(ST->t[0] <= L + 1016 * BETA + 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_send_and_receive_overheads),
        cmocka_unit_test(test_plain_put_costs_target_nothing),
        cmocka_unit_test(test_receive_overhead_per_signal),
        cmocka_unit_test(test_gap_is_per_node),
        cmocka_unit_test(test_unordered_fence_waits_for_ack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
