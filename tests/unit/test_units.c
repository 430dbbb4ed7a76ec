/* test_units.c - cmocka tests for platforms/xml/units.c: values read
 * exactly as SimGrid 3.32 reads them (its unit tables, measured on
 * 3.32). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "xml/units.h"

static void ok(ss_unit_kind_t k, const char *s, double want)
{
    double v = -1;
    const char *unit;
    ss_value_status_t st = ss_unit_parse(k, s, &v, &unit);
    if (st != SS_VALUE_OK)
        fail_msg("'%s': status %d, want ok", s, (int)st);
    if (!(fabs(v - want) <= fabs(want) * 1e-12))
        fail_msg("'%s': %.17g, want %.17g", s, v, want);
}

static void status(ss_unit_kind_t k, const char *s, ss_value_status_t want)
{
    double v;
    const char *unit;
    ss_value_status_t st = ss_unit_parse(k, s, &v, &unit);
    if (st != want)
        fail_msg("'%s': status %d, want %d", s, (int)st, (int)want);
}

static void test_bandwidth(void **state)
{
    (void)state;
    ok(SS_UNIT_BANDWIDTH, "1Bps", 1);
    ok(SS_UNIT_BANDWIDTH, "12.5GBps", 12.5e9);
    ok(SS_UNIT_BANDWIDTH, "100Gbps", 12.5e9);
    ok(SS_UNIT_BANDWIDTH, "1kBps", 1e3);
    ok(SS_UNIT_BANDWIDTH, "1kbps", 125);
    ok(SS_UNIT_BANDWIDTH, "1KiBps", 1024);
    ok(SS_UNIT_BANDWIDTH, "1Kibps", 128);
    ok(SS_UNIT_BANDWIDTH, "2MiBps", 2 * 1048576.0);
    ok(SS_UNIT_BANDWIDTH, "1YBps", 1e24);
    ok(SS_UNIT_BANDWIDTH, "1YiBps", pow(1024, 8));
    ok(SS_UNIT_BANDWIDTH, " 1GBps", 1e9);        /* strtod skips leading blanks */
    ok(SS_UNIT_BANDWIDTH, "+5GBps", 5e9);
    ok(SS_UNIT_BANDWIDTH, ".5GBps", 5e8);
    ok(SS_UNIT_BANDWIDTH, "0", 0);               /* a unit-less 0 is no warning */
    ok(SS_UNIT_BANDWIDTH, "-10GBps", -1e10);     /* the sign is the caller's check */
    status(SS_UNIT_BANDWIDTH, "10", SS_VALUE_UNITLESS);
    status(SS_UNIT_BANDWIDTH, "1KBps", SS_VALUE_UNKNOWN_UNIT);   /* kilo is k */
    status(SS_UNIT_BANDWIDTH, "1Kbps", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1kiBps", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1gbps", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1GBPS", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1 GBps", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1GBps ", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "1kilobps", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_BANDWIDTH, "0x10Bps", SS_VALUE_UNKNOWN_UNIT); /* strtod takes 0x10B */
    status(SS_UNIT_BANDWIDTH, "fast", SS_VALUE_NOT_NUMBER);
    status(SS_UNIT_BANDWIDTH, "", SS_VALUE_NOT_NUMBER);
    status(SS_UNIT_BANDWIDTH, "1e400Bps", SS_VALUE_RANGE);
    status(SS_UNIT_BANDWIDTH, "1e-400Bps", SS_VALUE_RANGE);
    status(SS_UNIT_BANDWIDTH, "inf", SS_VALUE_NOT_FINITE);
    status(SS_UNIT_BANDWIDTH, "infGBps", SS_VALUE_NOT_FINITE);
    status(SS_UNIT_BANDWIDTH, "nanBps", SS_VALUE_NOT_FINITE);
}

static void test_time(void **state)
{
    (void)state;
    ok(SS_UNIT_TIME, "1us", 1e-6);
    ok(SS_UNIT_TIME, "50ns", 50e-9);
    ok(SS_UNIT_TIME, "1ps", 1e-12);
    ok(SS_UNIT_TIME, "2ms", 2e-3);
    ok(SS_UNIT_TIME, "1s", 1);
    ok(SS_UNIT_TIME, "1m", 60);                  /* m is a minute */
    ok(SS_UNIT_TIME, "1h", 3600);
    ok(SS_UNIT_TIME, "1d", 86400);
    ok(SS_UNIT_TIME, "1w", 604800);
    ok(SS_UNIT_TIME, "-0", 0);
    ok(SS_UNIT_TIME, "-1us", -1e-6);
    status(SS_UNIT_TIME, "1e-3", SS_VALUE_UNITLESS);
    status(SS_UNIT_TIME, "1fs", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_TIME, "1min", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_TIME, "1sec", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_TIME, "1Ms", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_TIME, "1 us", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_TIME, "infs", SS_VALUE_NOT_FINITE);
}

static void test_speed(void **state)
{
    (void)state;
    ok(SS_UNIT_SPEED, "1f", 1);
    ok(SS_UNIT_SPEED, "1kf", 1e3);
    ok(SS_UNIT_SPEED, "1Gf", 1e9);
    ok(SS_UNIT_SPEED, "1Yf", 1e24);
    ok(SS_UNIT_SPEED, "1flops", 1);
    ok(SS_UNIT_SPEED, "1gigaflops", 1e9);
    ok(SS_UNIT_SPEED, "1zetaflops", 1e21);       /* SimGrid's spelling */
    ok(SS_UNIT_SPEED, "1yottaflops", 1e24);
    status(SS_UNIT_SPEED, "100", SS_VALUE_UNITLESS);
    status(SS_UNIT_SPEED, "1Kf", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1GF", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1gf", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1Gflops", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1Gif", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1zettaflops", SS_VALUE_UNKNOWN_UNIT);
    status(SS_UNIT_SPEED, "1Gf;2Gf", SS_VALUE_UNKNOWN_UNIT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bandwidth),
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
