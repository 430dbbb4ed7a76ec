/* test_wire.c - cmocka tests for models/wire.c, the small-message model:
 * a lone message is CM02's lone flow, messages queue on shared links in
 * the order they reach them, a FATPIPE link does not queue, and a link
 * notes the bursts that share it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "wire.h"

static void near(double got, double want)
{
    if (!(fabs(got - want) <= 1e-18))
        fail_msg("%.17g, want %.17g", got, want);
}

#define LAT 2e-6
#define NOW 1e-3

static void lone_message_is_latency_plus_bottleneck(void **state)
{
    (void)state;
    ss_link_q_t q0 = {0}, q1 = {0}, q2 = {0};
    ss_hop_t route[] = {{10e9, &q0}, {5e9, &q1}, {10e9, &q2}};
    double t = ss_wire_reserve(route, 3, LAT, 64, NOW);
    near(t, NOW + LAT + 64 / 5e9);
    /* each link is busy for its own serialisation time, from NOW + LAT */
    near(q0.from, NOW + LAT);
    near(q0.until, NOW + LAT + 64 / 10e9);
    near(q1.until, NOW + LAT + 64 / 5e9);
}

static void messages_queue_on_a_shared_link(void **state)
{
    (void)state;
    ss_link_q_t shared = {0}, a = {0}, b = {0};
    ss_hop_t r1[] = {{10e9, &a}, {10e9, &shared}};
    ss_hop_t r2[] = {{10e9, &b}, {10e9, &shared}};
    double t1 = ss_wire_reserve(r1, 2, LAT, 8, NOW);
    double t2 = ss_wire_reserve(r2, 2, LAT, 8, NOW);
    near(t1, NOW + LAT + 8 / 10e9);
    /* the second waits for the first on the shared link: k messages
     * together end k * bytes / bw after the latency, as under sharing */
    near(t2, NOW + LAT + 2 * 8 / 10e9);
    /* a later message on an idle route is not delayed */
    ss_link_q_t c = {0};
    ss_hop_t r3[] = {{10e9, &c}};
    near(ss_wire_reserve(r3, 1, LAT, 8, NOW + 1e-3),
                        NOW + 1e-3 + LAT + 8 / 10e9);
    /* and one sent after the queue has drained starts at once */
    near(ss_wire_reserve(r1, 2, LAT, 8, NOW + 1e-3),
                        NOW + 1e-3 + LAT + 8 / 10e9);
}

/* Served in the order they reach the link: a message over a long route,
 * sent first, does not hold up one over a short route that gets to the
 * shared link well before it; one that overlaps the busy period goes
 * first and pushes it back. */
static void served_in_arrival_order(void **state)
{
    (void)state;
    ss_link_q_t last = {0};
    ss_hop_t r[] = {{10e9, &last}};
    double far = ss_wire_reserve(r, 1, 2 * LAT, 8, NOW);
    near(far, NOW + 2 * LAT + 8 / 10e9);
    double close = ss_wire_reserve(r, 1, LAT, 8, NOW);
    near(close, NOW + LAT + 8 / 10e9);
    near(last.from, NOW + 2 * LAT);   /* the long one's period is kept */
    double early = ss_wire_reserve(r, 1, 2 * LAT - 4e-10, 8, NOW);
    near(early, NOW + 2 * LAT - 4e-10 + 8 / 10e9);
    near(last.from, NOW + 2 * LAT - 4e-10);
    near(last.until, NOW + 2 * LAT + 2 * 8 / 10e9);
}

static void fatpipe_does_not_queue(void **state)
{
    (void)state;
    ss_hop_t route[] = {{10e9, NULL}};
    for (int i = 0; i < 100; i++)
        near(ss_wire_reserve(route, 1, LAT, 8, NOW),
                            NOW + LAT + 8 / 10e9);
}

static void empty_route_costs_latency(void **state)
{
    (void)state;
    near(ss_wire_reserve(NULL, 0, LAT, 8, NOW), NOW + LAT);
}

/* The earliest link q's current burst lets a message of d seconds on it
 * land. */
static double burst_end(const ss_link_q_t *q, double d)
{
    return ss_wire_burst_floor(q->gstart, q->gsum, q->gn, q->gmin, d);
}

/* Two equal messages sent at one instant over one shared link: first
 * come, first served lands them one serialisation apart; sharing the
 * link, as SimGrid's flows do, both end with the burst. */
static void a_burst_lands_together(void **state)
{
    (void)state;
    ss_link_q_t shared = {0}, a = {0}, b = {0};
    ss_hop_t r1[] = {{10e9, &a}, {10e9, &shared}};
    ss_hop_t r2[] = {{10e9, &b}, {10e9, &shared}};
    ss_mark_t m1[2], m2[2];
    double d = 4096 / 10e9;
    double t1 = ss_wire_reserve_marked(r1, 2, LAT, 4096, NOW, m1);
    double t2 = ss_wire_reserve_marked(r2, 2, LAT, 4096, NOW, m2);
    near(t1, NOW + LAT + d);
    near(t2, NOW + LAT + 2 * d);
    assert_int_equal(shared.gn, 2);
    assert_int_equal(m1[1].gid, m2[1].gid);
    near(burst_end(&shared, d), NOW + LAT + 2 * d);
    /* each used its own first link alone: bursts of one */
    assert_int_equal(a.gn, 1);
    near(burst_end(&a, d), NOW + LAT + d);
}

/* Unequal messages of a burst: one of d is done once the link has given
 * every message up to d: min(sum, n x d) from the burst's start. */
static void a_small_message_in_a_burst(void **state)
{
    (void)state;
    ss_link_q_t q = {0};
    ss_hop_t r[] = {{1e9, &q}};
    ss_mark_t big[1], small[1];
    ss_wire_reserve_marked(r, 1, LAT, 8000, NOW, big);
    ss_wire_reserve_marked(r, 1, LAT, 8, NOW, small);
    near(burst_end(&q, small[0].d), NOW + LAT + 2 * 8 / 1e9);
    near(burst_end(&q, big[0].d), NOW + LAT + 8008 / 1e9);
}

/* Once a burst is complete, sharing is exact: a message of d is done
 * when the link has given every member up to d. A tiny flag in the
 * burst delays a 52 us block by its own length, not by another 52 us
 * (n x d would); members the caller does not list share the rest of
 * the burst's time evenly. */
static void a_complete_burst_shares_exactly(void **state)
{
    (void)state;
    double ds[3] = {105e-6, 0.01e-6, 52e-6}, pre[4];
    ss_wire_burst_prepare(ds, pre, 3);
    near(ds[0], 0.01e-6);
    near(pre[3], 157.01e-6);
    near(ss_wire_burst_share(NOW, ds, pre, 3, 3, 157.01e-6, 52e-6), NOW + 104.01e-6);
    near(ss_wire_burst_share(NOW, ds, pre, 3, 3, 157.01e-6, 105e-6), NOW + 157.01e-6);
    near(ss_wire_burst_share(NOW, ds, pre, 3, 3, 157.01e-6, 0.01e-6), NOW + 0.03e-6);
    /* a fourth member of 4 us not listed */
    near(ss_wire_burst_share(NOW, ds, pre, 3, 4, 161.01e-6, 52e-6), NOW + 108.01e-6);
    near(ss_wire_burst_share(NOW, ds, pre, 3, 4, 161.01e-6, 2e-6), NOW + 6.01e-6);
    /* never later than the floor allows it to be earlier */
    assert_true(ss_wire_burst_floor(NOW, 157.01e-6, 3, 0.01e-6, 52e-6) <=
                ss_wire_burst_share(NOW, ds, pre, 3, 3, 157.01e-6, 52e-6));
}

/* A message of a later instant joins the burst while the burst's first
 * message is still on the link (Bruck's PEs send a latency apart), and
 * starts a new burst once it has left. */
static void later_instants_join_while_the_first_is_on(void **state)
{
    (void)state;
    ss_link_q_t q = {0};
    ss_hop_t r[] = {{10e9, &q}};
    ss_mark_t m1[1], m2[1], m3[1];
    double d = 4096 / 10e9;
    ss_wire_reserve_marked(r, 1, LAT, 4096, NOW, m1);
    double t2 = ss_wire_reserve_marked(r, 1, LAT, 4096, NOW + d / 2, m2);
    near(t2, NOW + LAT + 2 * d);          /* queued behind the first */
    assert_int_equal(m2[0].gid, m1[0].gid);
    near(burst_end(&q, d), NOW + LAT + 2 * d);
    double t3 = ss_wire_reserve_marked(r, 1, LAT, 4096, NOW + 3 * d, m3);
    near(t3, NOW + 3 * d + LAT + d);      /* the link was free again */
    assert_true(m3[0].gid != m1[0].gid);
    assert_int_equal(q.gn, 1);
}

/* The estimate is what a reservation would return, and reserves
 * nothing: each of the queue's cases (idle, before its period, behind
 * it, going first) from one shared link. */
static void estimate_is_a_dry_reserve(void **state)
{
    (void)state;
    ss_link_q_t shared = {0}, a = {0};
    ss_hop_t r[] = {{10e9, &a}, {10e9, &shared}};
    ss_wire_reserve(r, 2, LAT, 8000, NOW);
    static const double lats[] = {0, LAT / 2, LAT - 4e-8, LAT, LAT + 1e-7, 1e-3};
    for (size_t i = 0; i < sizeof lats / sizeof lats[0]; i++) {
        ss_link_q_t before = shared, a0 = a;
        double est = ss_wire_estimate(r, 2, lats[i], 800, NOW);
        assert_memory_equal(&before, &shared, sizeof shared);
        double got = ss_wire_reserve(r, 2, lats[i], 800, NOW);
        near(est, got);
        shared = before;
        a = a0;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lone_message_is_latency_plus_bottleneck),
        cmocka_unit_test(estimate_is_a_dry_reserve),
        cmocka_unit_test(messages_queue_on_a_shared_link),
        cmocka_unit_test(served_in_arrival_order),
        cmocka_unit_test(fatpipe_does_not_queue),
        cmocka_unit_test(empty_route_costs_latency),
        cmocka_unit_test(a_burst_lands_together),
        cmocka_unit_test(a_small_message_in_a_burst),
        cmocka_unit_test(a_complete_burst_shares_exactly),
        cmocka_unit_test(later_instants_join_while_the_first_is_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
