/* test_topo.c - topology specs: hop counts between two hosts match the
 * topology's theory, for a fat-tree and a dragonfly built from specs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>
#include <simgrid/host.h>
#include <xbt/dynar.h>

#include "shmem.h"
#include "shmemsim.h"
#include "simtest.h"

/* Pairs (a, b) of host numbers whose route length PE 0 records. */
static const int pairs[][2] = {
    {0, 1}, {0, 3}, {0, 4}, {0, 15}, {0, 16}, {5, 63},
};
#define NPAIRS (sizeof pairs / sizeof pairs[0])

static int hops(int a, int b)
{
    char na[32], nb[32];
    snprintf(na, sizeof na, "node-%d", a);
    snprintf(nb, sizeof nb, "node-%d", b);
    xbt_dynar_t links = xbt_dynar_new(sizeof(void *), NULL);
    sg_host_get_route(sg_host_by_name(na), sg_host_by_name(nb), links);
    int n = (int)xbt_dynar_length(links);
    xbt_dynar_free(&links);
    return n;
}

static void hops_pe(void *arg)
{
    (void)arg;
    shmem_init();
    if (shmem_my_pe() == 0)
        for (size_t i = 0; i < NPAIRS; i++)
            ST->v[i] = hops(pairs[i][0], pairs[i][1]);
    shmem_finalize();
}

static void run(const char *spec)
{
    simtest_setup();
    simtest_result_t r = simtest_run(spec, 2, 1, SS_MODEL_ALPHA_BETA, hops_pe);
    if (r.status)
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
}

/* Three levels of 4: a route climbs to the lowest common ancestor and
 * back, one link per level each way: 2 (same leaf switch: hosts 0..3),
 * 4 (same level-2 subtree: 0..15), 6 (through the top). */
static void test_fat_tree_hops(void **state)
{
    (void)state;
    run("fat-tree:down=4/4/4,up=1/2/2");
    static const int want[NPAIRS] = {2, 2, 4, 4, 6, 6};
    for (size_t i = 0; i < NPAIRS; i++)
        assert_int_equal(ST->v[i], want[i]);
}

/* 2 nodes per router, 2 routers per chassis, 2 chassis per group, 8
 * groups (8 hosts per group). Minimal routing: node link up and down (2)
 * on the same router; + one local (green) link between routers of a
 * chassis; a black link to the same-slot router of another chassis;
 * across groups the global link plus at most one local or black link on
 * each side to reach the routers that own it. */
static void test_dragonfly_hops(void **state)
{
    (void)state;
    run("dragonfly:groups=8/1,chassis=2/1,routers=2/1,nodes=2");
    assert_int_equal(ST->v[0], 2);          /* 0,1: same router */
    assert_int_equal(ST->v[1], 3);          /* 0,3: same chassis */
    assert_int_equal(ST->v[2], 3);          /* 0,4: same slot, other chassis */
    for (size_t i = 3; i < NPAIRS; i++)     /* other groups: 2 node links, */
        assert_in_range(ST->v[i], 5, 7);    /* global, 0..2 local/black   */
}

/* Shift permutation: every PE puts 1 MiB to the PE one leaf switch
 * over, so all traffic crosses the leaf uplinks. */
static void shift_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    size_t m = 1 << 20;
    char *buf = shmem_malloc(m);
    shmem_barrier_all();
    double t0 = shmemsim_wtime();
    shmem_putmem(buf, buf, m, (me + 8) % n);
    shmem_quiet();
    ST->t[me] = shmemsim_wtime() - t0;
    shmem_barrier_all();
    shmem_free(buf);
    shmem_finalize();
}

static double shift_time(const char *spec)
{
    simtest_setup();
    simtest_result_t r = simtest_run(spec, 32, 1, SS_MODEL_ALPHA_BETA, shift_pe);
    assert_int_equal(r.status, 0);
    double worst = 0;
    for (int i = 0; i < 32; i++)
        worst = ST->t[i] > worst ? ST->t[i] : worst;
    return worst;
}

/* 8 hosts per leaf; the leaf has 8 uplinks (1:1) or 4 (2:1 taper). The
 * same shift takes about twice as long on the tapered tree. */
static void test_taper_doubles_shift_time(void **state)
{
    (void)state;
    double full = shift_time("fat-tree:down=8/4,up=1/8,bw=10GBps,lat=1us");
    double tapered = shift_time("fat-tree:down=8/4,up=1/4,bw=10GBps,lat=1us");
    fprintf(stderr, "shift: untapered %.3f us, 2:1 tapered %.3f us, ratio %.3f\n",
            full * 1e6, tapered * 1e6, tapered / full);
    assert_true(tapered / full > 1.8 && tapered / full < 2.2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fat_tree_hops),
        cmocka_unit_test(test_dragonfly_hops),
        cmocka_unit_test(test_taper_doubles_shift_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
