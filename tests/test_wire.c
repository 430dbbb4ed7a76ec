/* test_wire.c - cmocka tests for models/wire.c, the small-message model:
 * a lone message is CM02's lone flow, messages queue on shared links in
 * the order they reach them, a FATPIPE link does not queue. */
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
    ss_link_q_t q0 = {0, 0}, q1 = {0, 0}, q2 = {0, 0};
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
    ss_link_q_t shared = {0, 0}, a = {0, 0}, b = {0, 0};
    ss_hop_t r1[] = {{10e9, &a}, {10e9, &shared}};
    ss_hop_t r2[] = {{10e9, &b}, {10e9, &shared}};
    double t1 = ss_wire_reserve(r1, 2, LAT, 8, NOW);
    double t2 = ss_wire_reserve(r2, 2, LAT, 8, NOW);
    near(t1, NOW + LAT + 8 / 10e9);
    /* the second waits for the first on the shared link: k messages
     * together end k * bytes / bw after the latency, as under sharing */
    near(t2, NOW + LAT + 2 * 8 / 10e9);
    /* a later message on an idle route is not delayed */
    ss_link_q_t c = {0, 0};
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
    ss_link_q_t last = {0, 0};
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lone_message_is_latency_plus_bottleneck),
        cmocka_unit_test(messages_queue_on_a_shared_link),
        cmocka_unit_test(served_in_arrival_order),
        cmocka_unit_test(fatpipe_does_not_queue),
        cmocka_unit_test(empty_route_costs_latency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
