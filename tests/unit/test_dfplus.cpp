// test_dfplus.cpp - the Dragonfly+ (platforms/dfplus.h,
// builders/dragonfly_plus.cpp): its cabling uses every global port once
// and joins each group pair with its P links, the sums --describe prints
// follow from the cables, routes have the hops and latencies the cabling
// says (SimGrid's route is the minimal candidate), the candidates of
// ss_dfp_route are the family dfplus.h promises, and traffic between two
// groups is limited by the pair's links. C++: ss_dfp_route takes
// SimGrid's hosts and links.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

// The headers that are C++-aware themselves first, so that the C ones
// that include them do not take them into extern "C".
#include <simgrid/host.h>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include "shmem.h"
#include "shmemsim.h"
extern "C" {
#include <cmocka.h>
#include "platform.h"
#include "simtest.h"
}

#include "builders/dragonfly_plus.hpp"

namespace sg4 = simgrid::s4u;

// The leonardo preset (platforms/topo.c): 19 cells of 18 leaves with 10
// nodes and 18 spines, 18 global ports a spine.
static const char LEONARDO[] = "leonardo";

static ss_dfp_t cabling(const char *spec)
{
    ss_topo_t t;
    ss_dfp_t c;
    char err[300];
    int rc = ss_topo_parse(spec, &t, err, sizeof err);
    if (rc)
        fprintf(stderr, "%s: %s\n", spec, err);
    assert_int_equal(rc, 0);
    assert_int_equal(t.kind, SS_TOPO_DRAGONFLY_PLUS);
    ss_dfp_of(&t, &c);
    return c;
}

// Shapes: Leonardo (K = G - 1: link l on spine l), ports left over (S K
// = 9 for 4 other groups: P = 2, 1 port idle), several links of one pair
// on one spine (S K = 10 for 2 other groups: P = 5, bundled).
static const char *const shapes[] = {
    LEONARDO,
    "dragonfly-plus:groups=5,leaves=2,spines=3,nodes=2,global-per-spine=3",
    "dragonfly-plus:groups=3,leaves=2,spines=2,nodes=1,global-per-spine=5",
};

// Every cable counted from both ends: no port twice, no spine over K,
// P (G-1) ports used per group, both ends agree on the link's number.
static void test_ports_used_once(void **state)
{
    (void)state;
    for (const char *spec : shapes) {
        ss_dfp_t c = cabling(spec);
        assert_true(c.per_pair >= 1);
        assert_int_equal(c.per_pair, c.spines * c.ports / (c.groups - 1));
        for (unsigned g = 0; g < c.groups; g++) {
            std::vector<unsigned> load(c.spines, 0);
            std::set<size_t> ports;
            for (unsigned h = 0; h < c.groups; h++)
                for (unsigned l = 0; h != g && l < c.per_pair; l++) {
                    unsigned s = ss_dfp_spine(&c, g, h, l);
                    assert_true(s < c.spines);
                    load[s]++;
                    assert_true(ports.insert(ss_dfp_port(&c, g, h, l)).second);
                    assert_true(ss_dfp_port(&c, g, h, l) < (size_t)c.per_pair * (c.groups - 1));
                }
            for (unsigned s = 0; s < c.spines; s++)
                assert_true(load[s] <= c.ports);
            assert_int_equal(ports.size(), (size_t)c.per_pair * (c.groups - 1));
        }
    }
    // Leonardo: link l of every pair on spine l at both ends, all 18
    // spines of a cell holding links to every other cell.
    ss_dfp_t c = cabling(LEONARDO);
    assert_int_equal(c.per_pair, 18);
    for (unsigned g = 0; g < c.groups; g++)
        for (unsigned h = 0; h < c.groups; h++)
            for (unsigned l = 0; h != g && l < c.per_pair; l++)
                assert_int_equal(ss_dfp_spine(&c, g, h, l), l);
    assert_int_equal(ss_dfp_pair_spines(&c, 0, 7), 18);
}

// --describe's sums against a count of the cables one by one.
static void test_sums_follow_the_cables(void **state)
{
    (void)state;
    for (const char *spec : shapes) {
        ss_dfp_t c = cabling(spec);
        ss_dfp_sum_t s;
        ss_dfp_sum(&c, &s);
        size_t cables = 0, crossing = 0;
        for (unsigned g = 0; g < c.groups; g++)
            for (unsigned h = g + 1; h < c.groups; h++) {
                cables += c.per_pair;
                crossing += (g < c.groups / 2) != (h < c.groups / 2) ? c.per_pair : 0;
            }
        assert_int_equal(s.global_links, cables);
        assert_float_equal(s.bisection_bw, (double)crossing * c.gbw, 1.0);
        assert_int_equal(s.nodes, (size_t)c.groups * c.leaves * c.nodes);
        assert_int_equal(s.local_links, (size_t)c.groups * c.leaves * c.spines * c.up);
        assert_int_equal(s.ports_unused, (size_t)c.spines * c.ports - cables * 2 / c.groups);
    }
    ss_dfp_t c = cabling(LEONARDO);
    ss_dfp_sum_t s;
    ss_dfp_sum(&c, &s);
    assert_int_equal(s.nodes, 3420);
    assert_int_equal(s.leaves + s.spines, 19 * 36);
    assert_int_equal(s.local_links, 19 * 18 * 18);
    assert_int_equal(s.global_links, 19 * 18 / 2 * 18);
    assert_float_equal(s.pair_bw, 18 * 25e9, 1.0);
    assert_float_equal(s.bisection_bw, 9.0 * 10 * 18 * 25e9, 1.0);
    assert_float_equal(s.group_in_bw, 180 * 50e9, 1.0);
}

// The candidates: 1 on a leaf, S in a group, G - 1 between groups; the
// intermediate groups of k = 1 .. G-2 are the other groups, each once.
static void test_candidates(void **state)
{
    (void)state;
    ss_dfp_t c = cabling(LEONARDO);
    size_t cell = ss_dfp_group_nodes(&c);
    assert_int_equal(ss_dfp_candidates(&c, 5, 5), 1);
    assert_int_equal(ss_dfp_candidates(&c, 0, 9), 1);
    assert_int_equal(ss_dfp_candidates(&c, 0, 10), 18);
    assert_int_equal(ss_dfp_candidates(&c, 0, cell), 18);
    for (size_t s = 0; s < 3 * cell; s += 37)
        for (size_t d = cell; d < 19 * cell; d += 211) {
            unsigned gs = ss_dfp_group_of(&c, s), gd = ss_dfp_group_of(&c, d);
            if (gs == gd)
                continue;
            std::set<unsigned> seen;
            for (unsigned k = 1; k <= c.groups - 2; k++) {
                unsigned v = ss_dfp_via(&c, s, d, k);
                assert_true(v != gs && v != gd && v < c.groups);
                seen.insert(v);
            }
            assert_int_equal(seen.size(), c.groups - 2);
        }
    // Two groups: no intermediate, the minimal route only.
    ss_dfp_t two = cabling("dragonfly-plus:groups=2,leaves=2,spines=2,nodes=2,"
                           "global-per-spine=1");
    assert_int_equal(ss_dfp_candidates(&two, 0, 4), 1);
}

// Routes from PE 0's view, on 4 groups of 2 leaves with 2 nodes, 3
// spines of 2 global ports (P = 2: link l of a pair on port d + 3 l, so
// spines differ between the ends and a detour in the intermediate group
// happens), 1 us per leaf-spine link and node link, 10 us per global one.
#define SPEC4 "dragonfly-plus:groups=4,leaves=2,spines=3,nodes=2,global-per-spine=2," \
              "lat=1us,global-lat=10us"
static const int dsts[] = {0, 1, 2, 3, 4, 7, 9, 15};
#define NDST (sizeof dsts / sizeof dsts[0])

static sg_host_t host(int i)
{
    return sg_host_by_name(("node-" + std::to_string(i)).c_str());
}

static int bad;   // checks failed in the child (reported on stderr)

static bool near(double a, double b)
{
    return a - b < 1e-12 && b - a < 1e-12;
}

static void expect(bool ok, const char *what, int d, unsigned k)
{
    if (!ok) {
        fprintf(stderr, "node 0 -> %d, path %u: %s\n", d, k, what);
        bad++;
    }
}

// ST->v[i], ST->t[i]: links and latency of SimGrid's route 0 -> dsts[i];
// ST->v[NDST + i]: candidates; ST->v[63]: failed checks. ST->m: the
// candidate SimGrid's flows take between groups. ST->v[62]: candidates
// with a detour through a leaf of the intermediate group.
static void routes_pe(void *arg)
{
    (void)arg;
    shmem_init();
    if (shmem_my_pe() == 0) {
        sg_host_t a = host(0);
        for (size_t i = 0; i < NDST; i++) {
            sg_host_t b = host(dsts[i]);
            std::vector<sg4::Link *> links;
            double lat = 0;
            a->route_to(b, links, &lat);
            ST->v[i] = (long)links.size();
            ST->t[i] = lat;
            unsigned paths = ss_dfp_paths(a, b);
            ST->v[NDST + i] = paths;
            sg4::Link *hops[SS_DFP_MAXHOPS];
            double l0;
            unsigned flow = dsts[i] >= 4 ? (unsigned)ST->m : 0;
            size_t n = ss_dfp_route(a, b, flow, hops, &l0);
            bool same = n == links.size() && l0 == lat;
            for (size_t j = 0; same && j < n; j++)
                same = hops[j] == links[j];
            expect(same, "SimGrid's route is not this candidate", dsts[i], flow);
            std::set<sg4::Link *> second;   // a group's candidates: distinct spines
            for (unsigned k = 1; k < paths; k++) {
                double lk;
                size_t m = ss_dfp_route(a, b, k, hops, &lk);
                bool group = dsts[i] < 4;
                expect(group ? m == 4 && near(lk, 4e-6)
                             : (m == 6 && near(lk, 24e-6)) || (m == 8 && near(lk, 26e-6)),
                       "wrong length or latency", dsts[i], k);
                expect(hops[0] == links[0] && hops[m - 1] == links.back(),
                       "does not start and end at the nodes", dsts[i], k);
                if (group)
                    expect(second.insert(hops[1]).second, "spine used twice", dsts[i], k);
                ST->v[62] += m == 8;
            }
            double lk;
            expect(ss_dfp_route(a, b, paths, hops, &lk) == 0, "one path too many", dsts[i],
                   paths);
        }
        ST->v[63] = bad;
    }
    shmem_finalize();
}

static void run(const char *spec, void (*fn)(void *), size_t flow = 0)
{
    simtest_setup();
    ST->m = flow;
    simtest_result_t r = simtest_run(spec, 2, 1, SS_MODEL_ALPHA_BETA, fn);
    if (r.status || r.err[0])
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
}

// Minimal routes: same node (out and back), same leaf (2 links, 2 us),
// same group (4 links: 4 us), other groups (5 links: 4 us + 10 us);
// candidates 1, 1, S = 3, G - 1 = 3.
static void test_routes(void **state)
{
    (void)state;
    run(SPEC4, routes_pe);
    static const long links[NDST] = {2, 2, 4, 4, 5, 5, 5, 5};
    static const double lat[NDST] = {2e-6, 2e-6, 4e-6, 4e-6, 14e-6, 14e-6, 14e-6, 14e-6};
    static const long paths[NDST] = {1, 1, 3, 3, 3, 3, 3, 3};
    for (size_t i = 0; i < NDST; i++) {
        assert_int_equal(ST->v[i], links[i]);
        assert_float_equal(ST->t[i], lat[i], 1e-15);
        assert_int_equal(ST->v[NDST + i], paths[i]);
    }
    assert_int_equal(ST->v[63], 0);
    assert_true(ST->v[62] > 0);
}

// routing=valiant: SimGrid's flows between groups take the first
// intermediate group (6 or 8 links); inside a group, minimal.
static void test_valiant_flows(void **state)
{
    (void)state;
    run(SPEC4 ",routing=valiant", routes_pe, 1);
    assert_int_equal(ST->v[63], 0);
    for (size_t i = 0; i < NDST; i++) {
        if (dsts[i] < 4)
            assert_in_range(ST->v[i], 2, 4);
        else
            assert_true((ST->v[i] == 6 && near(ST->t[i], 24e-6)) ||
                        (ST->v[i] == 8 && near(ST->t[i], 26e-6)));
    }
}

static void not_dfp_pe(void *arg)
{
    (void)arg;
    shmem_init();
    if (shmem_my_pe() == 0) {
        sg4::Link *hops[SS_DFP_MAXHOPS];
        double lat;
        ST->v[0] = ss_dfp_routing(host(0));
        ST->v[1] = ss_dfp_paths(host(0), host(1));
        ST->v[2] = (long)ss_dfp_route(host(0), host(1), 0, hops, &lat);
    }
    shmem_finalize();
}

// Off a Dragonfly+ the API says so.
static void test_not_on_dfp(void **state)
{
    (void)state;
    run("fat-tree:down=4", not_dfp_pe);
    assert_int_equal(ST->v[0], -1);
    assert_int_equal(ST->v[1], 0);
    assert_int_equal(ST->v[2], 0);
}

// The first 16 nodes (group 0) each put 1 MiB to the node 16 further on
// (group 1) at once; the slowest put's time.
static void cross_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    size_t bytes = 1 << 20;
    char *buf = (char *)shmem_malloc(bytes);
    shmem_barrier_all();
    double t0 = shmemsim_wtime();
    if (me < 16) {
        shmem_putmem(buf, buf, bytes, me + 16);
        shmem_quiet();
    }
    ST->t[me] = shmemsim_wtime() - t0;
    shmem_barrier_all();
    shmem_free(buf);
    shmem_finalize();
}

static double cross_time(const char *spec)
{
    simtest_setup();
    simtest_result_t r = simtest_run(spec, 32, 1, SS_MODEL_ALPHA_BETA, cross_pe);
    if (r.status)
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
    double worst = 0;
    for (int i = 0; i < 16; i++)
        worst = ST->t[i] > worst ? ST->t[i] : worst;
    return worst;
}

// 2 groups of 4 leaves with 4 nodes, 4 spines; every link 10 GB/s but the
// global ones, 2 GB/s. With one global port per spine the pair has 4
// links (8 GB/s): 16 MiB take 2.1 ms. With 2 ports per spine, 8 links:
// half. Inside the group the leaves' 4 uplinks carry their 4 nodes' 1 MiB
// at 10 GB/s each, no bound.
static void test_pair_links_bound(void **state)
{
    (void)state;
    const char *base = "dragonfly-plus:groups=2,leaves=4,spines=4,nodes=4,bw=10GBps,"
                       "global-bw=2GBps,lat=0.1us";
    double one = cross_time((std::string(base) + ",global-per-spine=1").c_str());
    double two = cross_time((std::string(base) + ",global-per-spine=2").c_str());
    double bound1 = 16.0 * (1 << 20) / 8e9, bound2 = bound1 / 2;
    fprintf(stderr, "two groups, 16 MiB: 4 links %.1f us (bound %.1f), 8 links %.1f us "
            "(bound %.1f)\n", one * 1e6, bound1 * 1e6, two * 1e6, bound2 * 1e6);
    assert_true(one >= bound1 && one <= bound1 * 1.02 + 5e-6);
    assert_true(two >= bound2 && two <= bound2 * 1.02 + 5e-6);
}

// What a block of nodes spans before loading (capacity.c, for scale): on
// Leonardo a leaf (1.6 us: two node links of 0.2 + 0.6 us; a node's 50
// GB/s), a cell (2.0 us; a leaf's 18 uplinks of 25 GB/s for 10 nodes),
// several cells (2.2 us; a pair's 18 links for a cell's 180 nodes).
static void test_span(void **state)
{
    (void)state;
    ss_span_t s;
    static const size_t nodes[] = {1, 2, 100, 1000};
    static const char *const names[] = {"one node", "a leaf switch", "a group",
                                        "several groups"};
    static const double lat[] = {1.6e-6, 1.6e-6, 2.0e-6, 2.2e-6};
    static const double bw[] = {50e9, 50e9, 45e9, 2.5e9};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ss_platform_span(LEONARDO, nodes[i], &s), 0);
        assert_int_equal(s.level, i);
        assert_string_equal(s.name, names[i]);
        assert_float_equal(s.latency, lat[i], 1e-15);
        assert_float_equal(s.bandwidth, bw[i], 1.0);
    }
    assert_int_equal(ss_platform_hosts(LEONARDO), 3420);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ports_used_once),
        cmocka_unit_test(test_sums_follow_the_cables),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_span),
        cmocka_unit_test(test_routes),
        cmocka_unit_test(test_valiant_flows),
        cmocka_unit_test(test_not_on_dfp),
        cmocka_unit_test(test_pair_links_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
