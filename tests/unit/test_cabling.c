/* test_cabling.c - the cabled dragonfly (platforms/cabling.h,
 * dragonfly.cpp): its cabling uses every global port once and joins each
 * group pair with its L links, the capacities --describe prints follow
 * from the cables, routes have the hops the cabling says, traffic
 * between two groups is limited by the pair's links, not by one router,
 * and adaptive routing takes the idle path. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <simgrid/host.h>
#include <xbt/dynar.h>

#include "cabling.h"
#include "shmem.h"
#include "shmemsim.h"
#include "simtest.h"
#include "topo.h"

static ss_cabling_t cabling(const char *spec)
{
    ss_topo_t t;
    ss_cabling_t c;
    char err[300];
    if (ss_topo_parse(spec, &t, err, sizeof err))
        fprintf(stderr, "%s\n", err);
    assert_int_equal(ss_cabling_of(&t, &c, err, sizeof err), 0);
    return c;
}

/* Every group's global links land on its routers, none holding more
 * than its ports, and every link is one port. */
static void assert_ports_hold(const ss_cabling_t *c)
{
    unsigned rg = ss_cabling_group_routers(c);
    unsigned *load = calloc(rg, sizeof *load);
    assert_non_null(load);
    for (unsigned g = 0; g < c->groups; g++) {
        memset(load, 0, rg * sizeof *load);
        for (unsigned h = 0; h < c->groups; h++)
            for (unsigned l = 0; h != g && l < c->per_pair; l++) {
                unsigned r = ss_cabling_router(c, g, h, l);
                assert_true(r < rg);
                load[r]++;
            }
        unsigned used = 0;
        for (unsigned r = 0; r < rg; r++) {
            assert_true(load[r] <= c->ports);
            used += load[r];
        }
        assert_int_equal(used, (c->groups - 1) * c->per_pair);
    }
    free(load);
}

/* Every cable, counted from both ends: group g's port for its link l to
 * h is d + l (G-1) (cabling.h), a port is used once, no router holds
 * more than P, and a pair's links are spread over (G-1)/P-apart
 * routers: on aries-xc all 96 routers of a group hold links to each
 * other group. */
static void test_ports_used_once(void **state)
{
    (void)state;
    ss_cabling_t c = cabling("aries-xc");
    assert_int_equal(c.groups, 9);
    assert_int_equal(c.ports, 10);
    assert_int_equal(c.per_pair, 96 * 10 / 8);
    assert_ports_hold(&c);
    unsigned rg = ss_cabling_group_routers(&c);
    for (unsigned g = 0; g < c.groups; g++)
        assert_int_equal(ss_cabling_pair_routers(&c, g, (g + 1) % c.groups), rg);
}

/* Capacities: the bisection counts the cables between the first half of
 * the groups and the rest, one by one. */
static void test_sums_follow_the_cables(void **state)
{
    (void)state;
    const char *specs[] = {"aries-xc", "slingshot", "lumi", "frontier", "aurora", "el-capitan",
                           ("dragonfly:groups=5/3,chassis=2/1,routers=4/1,nodes=2,"
                            "bw=10GBps,global-bw=2GBps")};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        ss_cabling_t c = cabling(specs[i]);
        ss_cabling_sum_t s;
        ss_cabling_sum(&c, &s);
        size_t crossing = 0, cables = 0;
        for (unsigned g = 0; g < c.groups; g++)
            for (unsigned h = g + 1; h < c.groups; h++) {
                cables += c.per_pair;
                crossing += (g < c.groups / 2) != (h < c.groups / 2) ? c.per_pair : 0;
            }
        assert_int_equal(s.global_links, cables);
        assert_float_equal(s.bisection_bw, (double)crossing * c.gbw, 1.0);
        assert_float_equal(s.pair_bw, c.per_pair * c.gbw, 1.0);
        assert_int_equal(s.nodes, (size_t)c.groups * c.chassis * c.routers * c.nodes);
    }
    ss_cabling_t a = cabling("aries-xc");
    ss_cabling_sum_t s;
    ss_cabling_sum(&a, &s);
    assert_int_equal(s.green_links, 9 * 6 * 16 * 15 / 2);   /* 15 per Aries */
    assert_int_equal(s.black_links, 9 * 16 * 6 * 5 / 2 * 3); /* 15 per Aries */
    assert_int_equal(s.global_links, 9 * 96 * 10 / 2);       /* 10 per Aries */
}

/* The HPE Cray EX presets (platforms/presets.c, docs/platforms.md) as
 * their sources give them: groups, nodes, NICs a node, links between two
 * groups; every global port used once, no switch holding more than its
 * ports, and none of Rosetta's 17 global ports exceeded. */
static void test_ex_presets(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        unsigned groups, per_pair, nics;
        size_t nodes;
    } want[] = {
        {"lumi", 24, 20, 4, 3072},       /* LUMI-G: 24 groups, 20 links a pair */
        {"frontier", 74, 4, 4, 9472},    /* 74 cabinets whole, 4 links a pair */
        {"aurora", 166, 2, 8, 10624},    /* the machine exactly, 2 links a pair */
        {"el-capitan", 87, 4, 4, 11136}, /* 87 cabinets; links as Frontier's */
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ss_cabling_t c = cabling(want[i].name);
        ss_cabling_sum_t s;
        ss_cabling_sum(&c, &s);
        assert_int_equal(c.groups, want[i].groups);
        assert_int_equal(c.per_pair, want[i].per_pair);
        assert_int_equal(c.nics, want[i].nics);
        assert_int_equal(c.routers, 32);                 /* 32 switches a group */
        assert_int_equal(c.nodes * c.nics, 16);          /* 16 NICs a switch */
        assert_int_equal(s.nodes, want[i].nodes);
        assert_true(c.ports <= 17);
        assert_ports_hold(&c);
    }
}

/* What cannot be cabled is refused with a way out. */
static void test_bad_cabling(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[300];
    assert_int_equal(ss_topo_parse("dragonfly:groups=20,chassis=1/1,routers=4/1,nodes=1,"
                                   "global-per-router=2", &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "global-per-router"));
    assert_int_equal(ss_topo_parse("dragonfly:groups=5/9,chassis=1/1,routers=4/1,nodes=1,"
                                   "global-per-router=2", &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "more ports per router"));
    assert_int_equal(ss_topo_parse("dragonfly:groups=3/1,chassis=1/1,routers=2/1,nodes=1,"
                                   "routing=ugal", &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "valiant"));
}

/* Valiant's intermediate group is never the source's or the
 * destination's, and over many pairs every other group serves. */
static void test_valiant_spread(void **state)
{
    (void)state;
    ss_cabling_t c = cabling("aries-xc");
    unsigned hits[9] = {0};
    for (size_t s = 0; s < 384; s++)
        for (size_t d = 384; d < 768; d += 7) {
            unsigned v = ss_cabling_via(&c, s, d, 0, 1, 1);
            assert_true(v != 0 && v != 1 && v < 9);
            hits[v]++;
        }
    for (unsigned v = 2; v < 9; v++)
        assert_true(hits[v] > 384 * 55 / 7 / 2);   /* at least half a fair share */
}

/* Adaptive routing's candidates: the k-th intermediate group or router
 * is never an end of the route, and k = 1 .. n-2 name every other one
 * once (a message that finds the first two busy can still go round). */
static void test_candidates_cover(void **state)
{
    (void)state;
    ss_cabling_t c = cabling("aries-xc");
    unsigned rg = ss_cabling_group_routers(&c);
    unsigned char seen[96];
    assert_int_equal(rg, 96);
    memset(seen, 0, sizeof seen);
    for (unsigned k = 1; k <= rg - 2; k++) {
        unsigned m = ss_cabling_via_router(&c, 5, 300, 1, 75, k);
        assert_true(m != 1 && m != 75 && m < rg && !seen[m]);
        seen[m] = 1;
    }
    assert_int_equal(ss_cabling_via_router(&c, 5, 6, 1, 1, 1), 1);
    memset(seen, 0, sizeof seen);
    for (unsigned k = 1; k <= 7; k++) {
        unsigned v = ss_cabling_via(&c, 5, 900, 0, 2, k);
        assert_true(v != 0 && v != 2 && v < 9 && !seen[v]);
        seen[v] = 1;
    }
    assert_int_equal(ss_cabling_via(&c, 5, 900, 0, 2, 8), ss_cabling_via(&c, 5, 900, 0, 2, 1));
}

/* Which NIC a node's PEs take (platforms/topo.h): round-robin by rank
 * on the node, or in blocks of ppn/nics (one NIC per socket or GPU);
 * without nics= one. */
static void test_nic_map(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[256];
    const char *df = "dragonfly:groups=2,chassis=1/1,routers=2/1,nodes=2";
    char spec[200];
    assert_int_equal(ss_topo_parse(df, &t, err, sizeof err), 0);
    assert_int_equal(t.nics, 1);
    assert_int_equal(ss_topo_nic_of(&t, 5, 8), 0);
    snprintf(spec, sizeof spec, "%s,nics=4", df);
    assert_int_equal(ss_topo_parse(spec, &t, err, sizeof err), 0);
    static const unsigned rr[8] = {0, 1, 2, 3, 0, 1, 2, 3};
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(ss_topo_nic_of(&t, i, 8), rr[i]);
    snprintf(spec, sizeof spec, "%s,nics=4,nic-map=block", df);
    assert_int_equal(ss_topo_parse(spec, &t, err, sizeof err), 0);
    static const unsigned blk[8] = {0, 0, 1, 1, 2, 2, 3, 3};
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(ss_topo_nic_of(&t, i, 8), blk[i]);
    /* 6 PEs on 4 NICs in blocks: 0 0 1 2 2 3 (every NIC used) */
    static const unsigned six[6] = {0, 0, 1, 2, 2, 3};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(ss_topo_nic_of(&t, i, 6), six[i]);
}

/* Route latency between two hosts, from PE 0: node 0 to nodes 1 (same
 * router), 2 (same chassis), 8 (other chassis, same blade), 16 and 40
 * (other groups). */
static const int to[] = {1, 2, 8, 16, 40};
#define NTO (sizeof to / sizeof to[0])

static void route_pe(void *arg)
{
    (void)arg;
    shmem_init();
    for (size_t i = 0; shmem_my_pe() == 0 && i < NTO; i++) {
        char nb[32];
        snprintf(nb, sizeof nb, "node-%d", to[i]);
        sg_host_t a = sg_host_by_name("node-0"), b = sg_host_by_name(nb);
        xbt_dynar_t links = xbt_dynar_new(sizeof(void *), NULL);
        sg_host_get_route(a, b, links);
        ST->v[i] = (long)xbt_dynar_length(links);
        xbt_dynar_free(&links);
        ST->t[i] = sg_host_get_route_latency(a, b);
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

/* 2 nodes per router, 4 routers per chassis, 2 chassis, 4 groups; 1 us
 * per local hop (and per node link), 10 us per global one. Minimal:
 * one global link, at most 2 local hops on each side; Valiant: two. */
static void test_route_lengths(void **state)
{
    (void)state;
    const char *base = "dragonfly:groups=4/3,chassis=2/1,routers=4/1,nodes=2,lat=1us,"
                       "global-lat=10us";
    char spec[200];
    snprintf(spec, sizeof spec, "%s,routing=minimal", base);
    run_routes(spec);
    assert_int_equal(ST->v[0], 2);
    assert_int_equal(ST->v[1], 3);
    assert_int_equal(ST->v[2], 3);
    for (size_t i = 3; i < NTO; i++) {
        assert_in_range(ST->v[i], 3, 7);
        assert_true(ST->t[i] >= 12e-6 - 1e-12 && ST->t[i] <= 16e-6 + 1e-12);
    }
    snprintf(spec, sizeof spec, "%s,routing=valiant", base);
    run_routes(spec);
    assert_int_equal(ST->v[1], 3);          /* inside a group: as minimal */
    for (size_t i = 3; i < NTO; i++) {
        assert_in_range(ST->v[i], 4, 10);
        assert_true(ST->t[i] >= 22e-6 - 1e-12 && ST->t[i] <= 28e-6 + 1e-12);
    }
}

/* Group 0's 16 nodes each put `cross_bytes` to their peer in group 1
 * (48 nodes, 16 a group); the time of the slowest. */
static size_t cross_bytes;

static void cross_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    char *buf = shmem_malloc(cross_bytes);
    shmem_barrier_all();
    double t0 = shmemsim_wtime();
    if (me < 16) {
        shmem_putmem(buf, buf, cross_bytes, me + 16);
        shmem_quiet();
    }
    ST->t[me] = shmemsim_wtime() - t0;
    shmem_barrier_all();
    shmem_free(buf);
    shmem_finalize();
}

static double cross_time(const char *spec, size_t bytes, size_t small)
{
    ss_model_t model;
    ss_model_defaults(&model, SS_MODEL_ALPHA_BETA);
    model.small_bytes = small;
    cross_bytes = bytes;
    simtest_setup();
    simtest_result_t r = simtest_run_model(spec, 48, 1, &model, cross_pe);
    if (r.status)
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
    double worst = 0;
    for (int i = 0; i < 16; i++)
        worst = ST->t[i] > worst ? ST->t[i] : worst;
    return worst;
}

/* 1 MiB each over SimGrid's flows. The pair has 8 global links of
 * 10 GB/s (80 GB/s); every link in a group and every NIC is 10 GB/s.
 * Cabled, the links sit on all 8 routers of group 0 and the exchange
 * takes about 16 MiB / 80 GB/s (0.21 ms) plus one node's 1 MiB at
 * 10 GB/s (0.1 ms). Through SimGrid's zone all of it enters one router:
 * chassis 1's 8 MiB cross one black link (0.84 ms). */
static double pair_time(const char *zone)
{
    char spec[200];
    snprintf(spec, sizeof spec, "dragonfly:groups=3/8,chassis=2/1,routers=4/1,nodes=2,"
             "bw=10GBps,lat=0.1us,zone=%s", zone);
    return cross_time(spec, 1 << 20, 0);
}

static void test_group_pair_not_one_router(void **state)
{
    (void)state;
    double cabled = pair_time("cabled"), one = pair_time("simgrid");
    double bound = 16.0 * (1 << 20) / 80e9;
    fprintf(stderr, "two groups, 16 MiB: cabled %.1f us, one router %.1f us, pair "
            "bound %.1f us\n", cabled * 1e6, one * 1e6, bound * 1e6);
    assert_true(cabled >= bound);
    assert_true(cabled <= bound + (1 << 20) / 10e9 + 10e-6);
    assert_true(one > 2.5 * cabled);
}

/* Adaptive routing takes the idle path (small-message model, every
 * message): 64 KiB each, and the pair has one link of 1 GB/s. Minimal
 * and Valiant routes both carry all 1 MiB over one path of 1 GB/s links
 * (1.05 ms); adaptive sends each message the way it would land first,
 * so about half go through group 2 and the exchange takes about half as
 * long. */
static double adversary_time(const char *routing)
{
    char spec[200];
    snprintf(spec, sizeof spec, "dragonfly:groups=3/1,chassis=1/1,routers=4/1,nodes=4,"
             "bw=10GBps,global-bw=1GBps,lat=0.1us,routing=%s", routing);
    return cross_time(spec, 64 << 10, SS_SMALL_ALL);
}

static void test_adaptive_takes_the_idle_path(void **state)
{
    (void)state;
    double minimal = adversary_time("minimal"), valiant = adversary_time("valiant");
    double adaptive = adversary_time("adaptive"), one_path = 16.0 * (64 << 10) / 1e9;
    fprintf(stderr, "group 0 -> 1, 1 MiB: minimal %.1f us, valiant %.1f us, adaptive "
            "%.1f us (one path: %.1f us)\n", minimal * 1e6, valiant * 1e6,
            adaptive * 1e6, one_path * 1e6);
    assert_true(minimal >= one_path && minimal < 1.1 * one_path);
    assert_true(valiant >= one_path && valiant < 1.1 * one_path);
    assert_true(adaptive < 0.6 * minimal && adaptive >= one_path / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ports_used_once),
        cmocka_unit_test(test_sums_follow_the_cables),
        cmocka_unit_test(test_ex_presets),
        cmocka_unit_test(test_bad_cabling),
        cmocka_unit_test(test_valiant_spread),
        cmocka_unit_test(test_candidates_cover),
        cmocka_unit_test(test_nic_map),
        cmocka_unit_test(test_route_lengths),
        cmocka_unit_test(test_group_pair_not_one_router),
        cmocka_unit_test(test_adaptive_takes_the_idle_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
