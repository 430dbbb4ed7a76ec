/* test_topo_hops.c - topology specs: hop counts between two hosts match
 * the topology's theory, for a fat-tree and a dragonfly built from
 * specs. */
#include <math.h>
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
/* The dragonfly below has 64 hosts, 16 per group. */
static const int df_pairs[NPAIRS][2] = {
    {0, 1}, {0, 3}, {0, 8}, {0, 16}, {0, 40}, {5, 63},
};
static const int (*P)[2] = pairs;

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
            ST->v[i] = hops(P[i][0], P[i][1]);
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

/* 2 nodes per router, 4 routers per chassis, 2 chassis per group, 4
 * groups (16 hosts per group; SimGrid needs groups <= routers per
 * chassis). Minimal routing: node link up and down (2)
 * on the same router; + one local (green) link between routers of a
 * chassis; a black link to the same-slot router of another chassis;
 * across groups the global link plus at most one local and one black link
 * on each side to reach the routers that own it. */
static void test_dragonfly_hops(void **state)
{
    (void)state;
    P = df_pairs;
    run("dragonfly:groups=4/1,chassis=2/1,routers=4/1,nodes=2");
    P = pairs;
    assert_int_equal(ST->v[0], 2);          /* 0,1: same router */
    assert_int_equal(ST->v[1], 3);          /* 0,3: same chassis */
    assert_int_equal(ST->v[2], 3);          /* 0,8: same slot, other chassis */
    for (size_t i = 3; i < NPAIRS; i++)     /* other groups: 2 node links, */
        assert_in_range(ST->v[i], 3, 7);    /* global, 0..2 local each side */
}

static void run_routes(const char *spec);

/* nic-bw and nic-lat are the node links': a route keeps its hops, pays
 * nic-lat at both ends, and a node's bandwidth caps it only where it is
 * the narrowest; the links between routers keep the network's (a NIC at
 * the routers would cap a group's gateway at the NIC's bandwidth). With
 * 20 GB/s NICs on a 12.5 GB/s network, two nodes of one router get 20,
 * any pair across routers 12.5. */
static void test_dragonfly_nic_is_the_node_link(void **state)
{
    (void)state;
    const char *spec = "dragonfly:groups=4/1,chassis=2/1,routers=4/1,nodes=2";
    char with_nic[160];
    snprintf(with_nic, sizeof with_nic, "%s,nic-bw=20GBps,nic-lat=0.5us", spec);
    int plain[NPAIRS];
    double lat[NPAIRS];
    P = df_pairs;
    run(spec);
    for (size_t i = 0; i < NPAIRS; i++)
        plain[i] = ST->v[i];
    run_routes(spec);
    for (size_t i = 0; i < NPAIRS; i++)
        lat[i] = ST->t[2 * i];
    run(with_nic);
    for (size_t i = 0; i < NPAIRS; i++)
        assert_int_equal(ST->v[i], plain[i]);
    run_routes(with_nic);
    P = pairs;
    for (size_t i = 0; i < NPAIRS; i++) {
        double want_bw = i == 0 ? 20e9 : 12.5e9;
        assert_true(fabs(ST->t[2 * i] - (lat[i] + 1e-6)) < 1e-12);
        assert_true(fabs(ST->t[2 * i + 1] - want_bw) < 1.0);
    }
}

/* Latency and bandwidth of the route of each pair (t[2i], t[2i+1]). */
static void route_pe(void *arg)
{
    (void)arg;
    shmem_init();
    for (size_t i = 0; shmem_my_pe() == 0 && i < NPAIRS; i++) {
        char na[32], nb[32];
        snprintf(na, sizeof na, "node-%d", P[i][0]);
        snprintf(nb, sizeof nb, "node-%d", P[i][1]);
        sg_host_t a = sg_host_by_name(na), b = sg_host_by_name(nb);
        ST->t[2 * i] = sg_host_get_route_latency(a, b);
        ST->t[2 * i + 1] = sg_host_get_route_bandwidth(a, b);
    }
    shmem_finalize();
}

static void run_routes(const char *spec)
{
    simtest_setup();
    simtest_result_t r = simtest_run(spec, 2, 1, SS_MODEL_ALPHA_BETA, route_pe);
    if (r.status)
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
}

/* Per-level values: a route pays each level's latency twice (up and
 * down) and gets the narrowest bundle's bandwidth. Level 1: 10 GB/s,
 * 1 us; level 2: 2 uplinks of 4 GB/s per leaf, 2 us; level 3: 1 link of
 * 3 GB/s per level-2 switch (2 of them per subtree), 5 us. */
static void test_fat_tree_levels(void **state)
{
    (void)state;
    run_routes("fat-tree:down=4/4/4,up=1/2/1,bw=10GBps/4GBps/3GBps,lat=1us/2us/5us");
    static const double lat[3] = {2e-6, 6e-6, 16e-6}, bw[3] = {10e9, 8e9, 6e9};
    static const int level[NPAIRS] = {0, 0, 1, 1, 2, 2};
    for (size_t i = 0; i < NPAIRS; i++) {
        assert_float_equal(ST->t[2 * i], lat[level[i]], 1e-12);
        assert_float_equal(ST->t[2 * i + 1], bw[level[i]], 1.0);
    }
}

/* global-bw / global-lat apply to the links between groups only. */
static void test_dragonfly_global_links(void **state)
{
    (void)state;
    P = df_pairs;
    run_routes("dragonfly:groups=4/1,chassis=2/1,routers=4/1,nodes=2,bw=10GBps,"
               "lat=1us,global-bw=2GBps,global-lat=7us");
    P = pairs;
    for (size_t i = 0; i < 3; i++) {        /* inside group 0 */
        assert_true(ST->t[2 * i] < 7e-6);
        assert_float_equal(ST->t[2 * i + 1], 10e9, 1.0);
    }
    for (size_t i = 3; i < NPAIRS; i++) {   /* one global link each */
        assert_true(ST->t[2 * i] >= 7e-6 + 2e-6 - 1e-12 &&
                    ST->t[2 * i] <= 7e-6 + 6e-6 + 1e-12);
        assert_float_equal(ST->t[2 * i + 1], 2e9, 1.0);
    }
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
        cmocka_unit_test(test_dragonfly_nic_is_the_node_link),
        cmocka_unit_test(test_taper_doubles_shift_time),
        cmocka_unit_test(test_fat_tree_levels),
        cmocka_unit_test(test_dragonfly_global_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
