/* test_parse.c - cmocka tests for util/parse.c. */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "parse.h"

#define ERRLEN 256

/* Fails with the actual message so a wording regression is readable. */
static void assert_err_has(const char *err, const char *needle)
{
    if (strstr(err, needle) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err, needle);
    if (strchr(err, '\n') != NULL)
        fail_msg("message \"%s\" is not one line", err);
}

static void assert_close(double want, double got)
{
    double tol = fabs(want) * 1e-12;
    if (!(fabs(want - got) <= tol))
        fail_msg("want %.17g, got %.17g", want, got);
}

/* ---------------- ss_parse_size ---------------- */

static void size_ok(const char *s, size_t want)
{
    char err[ERRLEN] = "";
    size_t v = 12345;
    if (ss_parse_size(s, &v, err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_true(v == want);
}

static void size_bad(const char *s, const char *needle)
{
    char err[ERRLEN] = "";
    size_t v = 777;
    assert_int_equal(-1, ss_parse_size(s, &v, err, sizeof err));
    assert_true(v == 777); /* output untouched on error */
    assert_err_has(err, needle);
}

static void test_size_accepts(void **state)
{
    (void)state;
    size_ok("0", 0);
    size_ok("8", 8);
    size_ok("1K", 1024);
    size_ok("1k", 1024);
    size_ok("4M", (size_t)4 << 20);
    size_ok("4m", (size_t)4 << 20);
    size_ok("2G", (size_t)2 << 30);
    size_ok("3g", (size_t)3 << 30);
    size_ok("1KiB", 1024);
    size_ok("1KB", 1024);
    size_ok("2MiB", (size_t)2 << 20);
    size_ok("1GiB", (size_t)1 << 30);
    size_ok("64B", 64);
    size_ok("007", 7);
    if (SIZE_MAX == UINT64_MAX) {
        size_ok("18446744073709551615", SIZE_MAX);
        size_ok("17179869183G", SIZE_MAX - ((size_t)1 << 30) + 1);
    }
}

static void test_size_rejects(void **state)
{
    (void)state;
    char err[ERRLEN];
    size_t v;
    assert_int_equal(-1, ss_parse_size("12X", &v, err, sizeof err));
    assert_string_equal(err, "'12X' has unknown suffix 'X' "
                        "(use K, M or G, powers of 1024)");
    size_bad("", "empty size");
    size_bad(NULL, "empty size");
    size_bad("-8", "negative");
    size_bad("-0", "negative");
    size_bad("abc", "not a size");
    size_bad("K", "not a size");
    size_bad("+8", "not a size");
    size_bad(" 8", "not a size");
    size_bad("8 ", "unknown suffix ' '");
    size_bad("16E", "unknown suffix 'E'");
    size_bad("1T", "unknown suffix 'T'");
    size_bad("8b", "unknown suffix 'b'");       /* bits, not bytes */
    size_bad("8iB", "unknown suffix 'iB'");     /* "i" needs a prefix */
    size_bad("1Ki", "unknown suffix 'Ki'");
    size_bad("1KK", "unknown suffix 'KK'");
    size_bad("1.5K", "not a whole number");
    size_bad("99999999999999999999999", "too large");
    if (SIZE_MAX == UINT64_MAX) {
        size_bad("18446744073709551616", "too large");
        size_bad("17179869184G", "too large");
        size_bad("16777216T", "unknown suffix 'T'");
    }
}

static void test_size_err_buffer_edges(void **state)
{
    (void)state;
    size_t v;
    char small[10];
    memset(small, 'z', sizeof small);
    assert_int_equal(-1, ss_parse_size("12X", &v, small, sizeof small));
    assert_int_equal(9, (int)strlen(small)); /* truncated, terminated */
    assert_int_equal(-1, ss_parse_size("12X", &v, NULL, 0));
    /* Long input is clipped so the fix-it hint survives. */
    char big[1000];
    memset(big, '9', sizeof big - 2);
    big[sizeof big - 2] = 'X';
    big[sizeof big - 1] = '\0';
    char err[ERRLEN];
    assert_int_equal(-1, ss_parse_size(big, &v, err, sizeof err));
    assert_err_has(err, "...");
    assert_err_has(err, "too large");
}

/* ---------------- ss_parse_bytes_list ---------------- */

static void list_ok(const char *s, const size_t *want, size_t nwant)
{
    char err[ERRLEN] = "";
    size_t *v = NULL;
    size_t n = 99;
    if (ss_parse_bytes_list(s, &v, &n, err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_int_equal(nwant, n);
    for (size_t i = 0; i < n; i++)
        if (v[i] != want[i])
            fail_msg("'%s'[%zu]: want %zu got %zu", s, i, want[i], v[i]);
    free(v);
}

static void list_bad(const char *s, const char *needle)
{
    char err[ERRLEN] = "";
    size_t *v = (size_t *)&err; /* any non-NULL; must be reset */
    size_t n = 99;
    assert_int_equal(-1, ss_parse_bytes_list(s, &v, &n, err, sizeof err));
    assert_null(v);
    assert_int_equal(0, n);
    assert_err_has(err, needle);
}

#define LIST_OK(s, ...) do { \
        const size_t w_[] = { __VA_ARGS__ }; \
        list_ok(s, w_, sizeof w_ / sizeof w_[0]); \
    } while (0)

static void test_list_accepts(void **state)
{
    (void)state;
    LIST_OK("8,64,1K:4K", 8, 64, 1024, 2048, 4096);
    LIST_OK("0", 0);
    LIST_OK("8", 8);
    LIST_OK("1:1", 1);
    LIST_OK("3:20", 3, 6, 12);             /* stops before passing B */
    LIST_OK("64,8,64,16,8", 64, 8, 16);    /* first occurrence kept */
    LIST_OK("1K:4K,2K,8", 1024, 2048, 4096, 8);
    LIST_OK("4K:8K,1K:4K", 4096, 8192, 1024, 2048);
    LIST_OK(" 8 , 16 ", 8, 16);
    LIST_OK("0,1,0", 0, 1);
}

static void test_list_zero_range(void **state)
{
    (void)state;
    /* 0 is fine as a single size but not as a range start: doubling 0
     * never reaches the end, so "0:0" is refused rather than special-cased. */
    list_bad("0:0", "starts at 0");
}

static void test_list_range_to_max(void **state)
{
    (void)state;
    char err[ERRLEN];
    size_t *v;
    size_t n;
    char s[64];
    snprintf(s, sizeof s, "1:%zu", (size_t)SIZE_MAX);
    assert_int_equal(0, ss_parse_bytes_list(s, &v, &n, err, sizeof err));
    assert_int_equal(sizeof(size_t) * CHAR_BIT, n); /* no wrap to 0 */
    assert_true(v[n - 1] == (SIZE_MAX >> 1) + 1);
    free(v);
}

static void test_list_rejects(void **state)
{
    (void)state;
    list_bad("", "empty list");
    list_bad(NULL, "empty list");
    list_bad("8,,16", "empty item #2 in '8,,16'");
    list_bad(",8", "empty item #1");
    list_bad("8,", "empty item #2");
    list_bad("8, ,16", "empty item #2");
    list_bad("0:64", "starts at 0");
    list_bad("64:8", "backwards (start 64 > end 8");
    list_bad("1:2:3", "more than one ':'");
    list_bad(":4K", "missing its start");
    list_bad("1K:", "missing its end");
    list_bad(":", "missing its start");
    list_bad("8,12X", "unknown suffix 'X'");
    list_bad("1K:4Q", "unknown suffix 'Q'");
    list_bad("-8", "negative");
    list_bad("8;16", "unknown suffix ';16'");
    list_bad("99999999999999999999999", "too large");
}

/* Builds "1,2,...,count" (or all-equal items when same != 0). */
static char *numbers(size_t count, int same)
{
    char *s = malloc(count * 8 + 1);
    assert_non_null(s);
    size_t at = 0;
    for (size_t i = 1; i <= count; i++)
        at += (size_t)sprintf(s + at, "%s%zu", i > 1 ? "," : "",
                              same ? (size_t)5 : i);
    return s;
}

static void test_list_cap(void **state)
{
    (void)state;
    char err[ERRLEN];
    size_t *v;
    size_t n;
    char *s = numbers(SS_BYTES_LIST_MAX, 0);
    assert_int_equal(0, ss_parse_bytes_list(s, &v, &n, err, sizeof err));
    assert_int_equal(SS_BYTES_LIST_MAX, n);
    assert_true(v[SS_BYTES_LIST_MAX - 1] == SS_BYTES_LIST_MAX);
    free(v);
    free(s);
    s = numbers(SS_BYTES_LIST_MAX + 1, 0);
    list_bad(s, "more than 4096 sizes");
    free(s);
    /* The cap counts distinct sizes, not items. */
    s = numbers(SS_BYTES_LIST_MAX * 2, 1);
    LIST_OK(s, 5);
    free(s);
}

/* ---------------- ss_parse_long / ss_parse_double ---------------- */

static void long_ok(const char *s, long min, long max, long want)
{
    char err[ERRLEN] = "";
    long v = 0;
    if (ss_parse_long(s, min, max, &v, "--n", err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_int_equal(want, v);
}

static void long_bad(const char *s, long min, long max, const char *needle)
{
    char err[ERRLEN] = "";
    long v = 42;
    assert_int_equal(-1, ss_parse_long(s, min, max, &v, "--n", err,
                                       sizeof err));
    assert_int_equal(42, v);
    assert_err_has(err, "--n: ");
    assert_err_has(err, needle);
}

static void test_long(void **state)
{
    (void)state;
    long_ok("16", 1, 100, 16);
    long_ok("1", 1, 100, 1);
    long_ok("100", 1, 100, 100);
    long_ok("-3", -10, 10, -3);
    long_ok("+5", -10, 10, 5);
    long_ok("0", -10, 10, 0);
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    long_ok(buf, 0, LONG_MAX, LONG_MAX);
    char err[ERRLEN];
    long v;
    assert_int_equal(-1, ss_parse_long("0", 1, 1048576, &v, "--pes", err,
                                       sizeof err));
    assert_string_equal(err, "--pes: '0' is out of range "
                        "(must be between 1 and 1048576)");
    long_bad("101", 1, 100, "out of range");
    long_bad("-11", -10, 10, "out of range");
    long_bad("99999999999999999999999", 0, LONG_MAX, "out of range");
    long_bad("", 1, 100, "empty value");
    long_bad(NULL, 1, 100, "empty value");
    long_bad("1.5", 1, 100, "'1.5' is not a whole number");
    long_bad("abc", 1, 100, "not a whole number");
    long_bad(" 4", 1, 100, "not a whole number");
    long_bad("4 ", 1, 100, "not a whole number");
    long_bad("0x10", 0, 100, "not a whole number");
    long_bad("-", -10, 10, "not a whole number");
    long_bad("--4", -10, 10, "not a whole number");
    long_bad("1e3", 1, 10000, "not a whole number");
}

static void double_ok(const char *s, double min, double max, double want)
{
    char err[ERRLEN] = "";
    double v = 0;
    if (ss_parse_double(s, min, max, &v, "--x", err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_close(want, v);
}

static void double_bad(const char *s, double min, double max,
                       const char *needle)
{
    char err[ERRLEN] = "";
    double v = 42;
    assert_int_equal(-1, ss_parse_double(s, min, max, &v, "--x", err,
                                         sizeof err));
    assert_true(v == 42);
    assert_err_has(err, "--x: ");
    assert_err_has(err, needle);
}

static void test_double(void **state)
{
    (void)state;
    double_ok("0.5", 0, 1, 0.5);
    double_ok(".5", 0, 1, 0.5);
    double_ok("1e-6", 0, 1, 1e-6);
    double_ok("-2.5", -3, 3, -2.5);
    double_ok("+1", -3, 3, 1);
    double_ok("3", -3, 3, 3);
    double_bad("3.0001", -3, 3, "out of range (must be between -3 and 3)");
    double_bad("1e999", 0, 1e308, "out of range");
    double_bad("nan", 0, 1, "not a number");
    double_bad("inf", 0, INFINITY, "not a number");
    double_bad("-inf", -INFINITY, 0, "not a number");
    double_bad("1.5x", 0, 2, "'1.5x' is not a number");
    double_bad(" 1", 0, 2, "not a number");
    double_bad("", 0, 2, "empty value");
    double_bad("-", 0, 2, "not a number");
}

/* ---------------- ss_parse_time / ss_parse_bandwidth ---------------- */

static void time_ok(const char *s, double want)
{
    char err[ERRLEN] = "";
    double v = -1;
    if (ss_parse_time(s, &v, err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_close(want, v);
}

static void time_bad(const char *s, const char *needle)
{
    char err[ERRLEN] = "";
    double v = 42;
    assert_int_equal(-1, ss_parse_time(s, &v, err, sizeof err));
    assert_true(v == 42);
    assert_err_has(err, needle);
}

static void test_time(void **state)
{
    (void)state;
    time_ok("1us", 1e-6);
    time_ok("1.5ns", 1.5e-9);
    time_ok("2ms", 2e-3);
    time_ok("3s", 3.0);
    time_ok("100", 100.0);
    time_ok("0", 0.0);
    time_ok("5ps", 5e-12);
    time_ok("1e-6", 1e-6);
    time_ok("2.5e2us", 250e-6);
    time_ok(".5s", 0.5);
    time_ok("2\xc2\xb5s", 2e-6);
    char err[ERRLEN];
    double v;
    assert_int_equal(-1, ss_parse_time("3h", &v, err, sizeof err));
    assert_string_equal(err, "'3h' has unknown time unit 'h' (use s, ms, "
                        "us, ns or ps; no unit means seconds)");
    time_bad("1 us", "unknown time unit ' us'");
    time_bad("1ks", "unknown time unit 'ks'");
    time_bad("1Ms", "unknown time unit 'Ms'");
    time_bad("-1us", "negative");
    time_bad("", "empty time");
    time_bad(NULL, "empty time");
    time_bad("us", "not a time");
    time_bad("inf", "not a time");
    time_bad("nan", "not a time");
    time_bad("+1s", "not a time");
    time_bad("1e400s", "too large");
}

static void bw_ok(const char *s, double want)
{
    char err[ERRLEN] = "";
    double v = -1;
    if (ss_parse_bandwidth(s, &v, err, sizeof err) != 0)
        fail_msg("'%s' rejected: %s", s, err);
    assert_close(want, v);
}

static void bw_bad(const char *s, const char *needle)
{
    char err[ERRLEN] = "";
    double v = 42;
    assert_int_equal(-1, ss_parse_bandwidth(s, &v, err, sizeof err));
    assert_true(v == 42);
    assert_err_has(err, needle);
}

static void test_bandwidth(void **state)
{
    (void)state;
    bw_ok("100Gbps", 12.5e9);
    bw_ok("12.5GBps", 12.5e9);
    bw_ok("1MBps", 1e6);
    bw_ok("10Gbps", 1.25e9);
    bw_ok("1000", 1000.0);
    bw_ok("1kBps", 1e3);
    bw_ok("1KBps", 1e3);
    bw_ok("8bps", 1.0);
    bw_ok("8kbps", 1e3);
    bw_ok("2TBps", 2e12);
    bw_ok("1Tbps", 1.25e11);
    bw_ok("1GiBps", 1073741824.0);
    bw_ok("1Kibps", 128.0);
    bw_ok("1.5e3Bps", 1500.0);
    char err[ERRLEN];
    double v;
    assert_int_equal(-1, ss_parse_bandwidth("10Gbit", &v, err, sizeof err));
    assert_err_has(err, "'10Gbit' has unknown bandwidth unit 'Gbit'");
    assert_err_has(err, "e.g. 100Gbps or 12.5GBps");
    bw_bad("10XBps", "unknown bandwidth unit 'XBps'");
    bw_bad("10G", "unknown bandwidth unit 'G'");
    bw_bad("10gbps", "unknown bandwidth unit 'gbps'");
    bw_bad("10 Gbps", "unknown bandwidth unit ' Gbps'");
    bw_bad("10GB/s", "unknown bandwidth unit 'GB/s'");
    bw_bad("0", "more than 0");
    bw_bad("0Gbps", "more than 0");
    bw_bad("-1Gbps", "negative");
    bw_bad("", "empty bandwidth");
    bw_bad("Gbps", "not a bandwidth");
    bw_bad("1e308TBps", "more than 0 and finite");
}

/* ---------------- ss_match_choice ---------------- */

static void test_choice(void **state)
{
    (void)state;
    static const char *const models[] = { "simgrid", "alpha-beta", NULL };
    char err[ERRLEN] = "";
    assert_int_equal(0, ss_match_choice("simgrid", models, "--model", err,
                                        sizeof err));
    assert_int_equal(1, ss_match_choice("alpha-beta", models, "--model",
                                        err, sizeof err));
    assert_int_equal(-1, ss_match_choice("foo", models, "--model", err,
                                         sizeof err));
    assert_string_equal(err, "unknown --model 'foo' "
                        "(choose one of: simgrid, alpha-beta)");
    assert_int_equal(-1, ss_match_choice("SimGrid", models, "--model", err,
                                         sizeof err));
    assert_int_equal(-1, ss_match_choice("", models, "--model", err,
                                         sizeof err));
    assert_int_equal(-1, ss_match_choice(NULL, models, "--model", err,
                                         sizeof err));
    assert_string_equal(err, "unknown --model '' "
                        "(choose one of: simgrid, alpha-beta)");
    static const char *const none[] = { NULL };
    assert_int_equal(-1, ss_match_choice("x", none, "--algo", err,
                                         sizeof err));
    assert_string_equal(err, "unknown --algo 'x' (no choices are available)");
    char tiny[12];
    assert_int_equal(-1, ss_match_choice("foo", models, "--model", tiny,
                                         sizeof tiny));
    assert_int_equal(11, (int)strlen(tiny));
    assert_int_equal(-1, ss_match_choice("foo", models, "--model", NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_accepts),
        cmocka_unit_test(test_size_rejects),
        cmocka_unit_test(test_size_err_buffer_edges),
        cmocka_unit_test(test_list_accepts),
        cmocka_unit_test(test_list_zero_range),
        cmocka_unit_test(test_list_range_to_max),
        cmocka_unit_test(test_list_rejects),
        cmocka_unit_test(test_list_cap),
        cmocka_unit_test(test_long),
        cmocka_unit_test(test_double),
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_bandwidth),
        cmocka_unit_test(test_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
