/* test_scale_bracket.c - a fitted time against the simulated points
 * around it (models/scale.h, ss_scale_bracket), and the rounds of a
 * log-step algorithm on a dragonfly's links (platforms/crossing.h): no
 * simulation, numbers worked by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "crossing.h"
#include "scale.h"

static void assert_rel(double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol * fabs(want))) {
        print_error("got %.17g, want %.17g (rel. tolerance %g)\n", got, want, tol);
        fail();
    }
}

static ss_scale_near_t nothing(int p)
{
    return (ss_scale_near_t){p, NAN, NAN, 0, 0, NAN, NAN};
}

/* With nothing simulated around, the fit's interval stands, but it
 * never starts at 0: at most halfway down. */
static void alone(void **state)
{
    (void)state;
    ss_scale_near_t n = nothing(4096);
    double y = 10, lo = 4, hi = 16;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(y, 10, 0);
    assert_rel(lo, 4, 0);
    assert_rel(hi, 16, 0);
    lo = -3;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 5, 0);
}

/* A power of two between simulated powers of two: the one below is a
 * floor, the one above a ceiling; a fit below the floor is pulled up. */
static void floor_and_ceiling(void **state)
{
    (void)state;
    ss_scale_near_t n = nothing(2048);
    n.floor = 8;
    n.ceiling = 20;
    double y = 10, lo = 0, hi = 30;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 8, 0);
    assert_rel(hi, 20, 0);
    y = 5, lo = 2, hi = 7;   /* the whole interval under the floor */
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 8, 0);
    assert_rel(hi, 20, 0);
    assert_rel(y, 8, 0);
}

/* Between two simulated points the interval reaches no further than the
 * form's misses there (or the form itself when both lie on one side),
 * and 10% for the form's shape between them. */
static void between_misses(void **state)
{
    (void)state;
    ss_scale_near_t n = nothing(32768);
    n.p_lo = 16384;
    n.p_hi = 100000;
    n.miss_lo = 0.9;    /* simulated 10% under the form */
    n.miss_hi = 1.2;    /* and 20% over it */
    double y = 10, lo = 1, hi = 100;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 10 * 0.9 * (1 - SS_SCALE_BETWEEN_SLACK), 1e-12);
    assert_rel(hi, 10 * 1.2 * (1 + SS_SCALE_BETWEEN_SLACK), 1e-12);
    assert_rel(y, 10, 0);
    /* both over: the form itself is the low end */
    n.miss_lo = 1.1;
    lo = 1, hi = 100, y = 10;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 10 * (1 - SS_SCALE_BETWEEN_SLACK), 1e-12);
    /* the fit's own interval, where narrower, stays */
    lo = 9.5, hi = 10.5, y = 10;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 9.5, 0);
    assert_rel(hi, 10.5, 0);
    /* a floor above the misses' range still holds */
    n.floor = 12;
    lo = 1, hi = 100, y = 10;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 12, 0);
    assert_rel(y, 12, 0);
    assert_true(hi >= lo);
}

/* Only one side simulated: no misses to bound it (beyond the largest
 * simulated point the fit's interval, widened for the levels it has not
 * seen, stands). */
static void one_side(void **state)
{
    (void)state;
    ss_scale_near_t n = nothing(65536);
    n.p_lo = 16384;
    n.miss_lo = 0.5;
    n.floor = 3;
    double y = 10, lo = 6, hi = 14;
    ss_scale_bracket(&n, &y, &lo, &hi);
    assert_rel(lo, 6, 0);
    assert_rel(hi, 14, 0);
}

/* Two groups of 2 routers x 2 nodes, one global link of 1 GB/s between
 * them, local links of 10 GB/s, minimal routing: every node of group 0
 * sending 1 GB to its peer in group 1 puts 4 GB on the global link (4 s);
 * inside a group one router's 2 nodes to the other's, 2 GB on their
 * green link (0.2 s). Messages inside a node take no switch link. */
static void crossing_round(void **state)
{
    (void)state;
    const char *spec = "dragonfly:groups=2/1,chassis=1/1,routers=2/1,nodes=2,"
                       "bw=10GBps,global-bw=1GBps,routing=minimal";
    ss_crossing_t *x = ss_crossing_new(spec);
    assert_non_null(x);
    assert_int_equal(ss_crossing_group_nodes(x), 4);
    assert_int_equal(ss_crossing_nodes(x), 8);
    ss_crossing_msg_t across[] = {{0, 4, 1e9}, {1, 5, 1e9}, {2, 6, 1e9}, {3, 7, 1e9}};
    assert_rel(ss_crossing_round(x, across, 4), 4, 1e-12);
    ss_crossing_msg_t inside[] = {{0, 2, 1e9}, {1, 3, 1e9}, {0, 0, 5e9}};
    assert_rel(ss_crossing_round(x, inside, 3), 0.2, 1e-12);
    /* together: the global link's 4 GB */
    assert_rel(ss_crossing_total(x), 4, 1e-12);
    ss_crossing_reset(x);
    assert_rel(ss_crossing_total(x), 0, 0);
    ss_crossing_free(x);
    assert_null(ss_crossing_new("fat-tree:down=8/16,bw=10GBps"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alone),
        cmocka_unit_test(floor_and_ceiling),
        cmocka_unit_test(between_misses),
        cmocka_unit_test(one_side),
        cmocka_unit_test(crossing_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
