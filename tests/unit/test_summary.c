/* test_summary.c - cmocka tests for traces/summary.c. */
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "summary.h"
#include "simtest.h"

/* Runs the writer into a tmpfile (plain C11, no open_memstream) and
 * returns what it wrote; the caller frees. */
static char *render(ss_format_t fmt, const ss_row_t *rows, size_t n)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    ss_summary_write(f, fmt, rows, n);
    char *buf = simtest_slurp(f);
    assert_non_null(buf);
    return buf;
}

static void assert_has(const char *text, const char *needle)
{
    if (strstr(text, needle) == NULL)
        fail_msg("output lacks \"%s\":\n%s", needle, text);
}

/* Two rows covering NAN prediction, a comma and quotes in strings, both
 * check outcomes and a time that needs many digits to round-trip. */
static const ss_row_t two_rows[] = {
    { "broadcast", "binomial", 8, 1024, 1.5e-6, NAN, 1, "simgrid",
      "fat,tree.xml", 0.0, 1.5e-6, 1, 0, 0 },
    { "reduce", "ring \"fast\"", 16, 65536, 2e-3, 1.9e-3, 2, "alpha-beta",
      "p.xml", 1e-9, 0.002000001, 0, 3, 4096 },
};

/* ---------------- minimal JSON validator (RFC 8259 grammar) ---------- */

static const char *j_value(const char *p);

static const char *j_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *j_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (; *p != '"'; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20)
            return NULL; /* raw control characters are invalid */
        if (c != '\\')
            continue;
        p++;
        if (*p == 'u') {
            for (int i = 1; i <= 4; i++)
                if (!isxdigit((unsigned char)p[i]))
                    return NULL;
            p += 4;
        } else if (strchr("\"\\/bfnrt", *p) == NULL || *p == '\0') {
            return NULL;
        }
    }
    return p + 1;
}

static const char *j_digits(const char *p)
{
    if (!isdigit((unsigned char)*p))
        return NULL;
    while (isdigit((unsigned char)*p))
        p++;
    return p;
}

static const char *j_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if ((p = j_digits(p)) == NULL)
        return NULL;
    if (*p == '.' && (p = j_digits(p + 1)) == NULL)
        return NULL;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        p = j_digits(p);
    }
    return p;
}

/* Parses "open item (, item)* close" where item is a value or key:value. */
static const char *j_seq(const char *p, char close, int keyed)
{
    p = j_ws(p + 1);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (keyed) {
            if ((p = j_string(j_ws(p))) == NULL)
                return NULL;
            p = j_ws(p);
            if (*p++ != ':')
                return NULL;
        }
        if ((p = j_value(p)) == NULL)
            return NULL;
        p = j_ws(p);
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *j_value(const char *p)
{
    p = j_ws(p);
    switch (*p) {
    case '{': return j_seq(p, '}', 1);
    case '[': return j_seq(p, ']', 0);
    case '"': return j_string(p);
    case 't': return strncmp(p, "true", 4) ? NULL : p + 4;
    case 'f': return strncmp(p, "false", 5) ? NULL : p + 5;
    case 'n': return strncmp(p, "null", 4) ? NULL : p + 4;
    default: return j_number(p);
    }
}

static int json_valid(const char *text)
{
    const char *end = j_value(text);
    return end != NULL && *j_ws(end) == '\0';
}

static void test_json_validator_self_check(void **state)
{
    (void)state;
    assert_true(json_valid("[{\"a\": 1.5e-06, \"b\": null}]"));
    assert_false(json_valid("[{\"a\": nan}]"));
    assert_false(json_valid("[\"a\nb\"]"));
    assert_false(json_valid("[1,]"));
    assert_false(json_valid("[\"\\x\"]"));
}

/* ---------------- CSV ---------------- */

static void test_csv_exact(void **state)
{
    (void)state;
    char *out = render(SS_FMT_CSV, two_rows, 2);
    assert_string_equal(out,
        "collective,algorithm,pes,bytes,time_s,predicted_s,ppn,model,"
        "platform,first_start_s,last_end_s,check,radix,segment\n"
        "broadcast,binomial,8,1024,1.5e-06,,1,simgrid,\"fat,tree.xml\","
        "0e+00,1.5e-06,ok,,\n"
        "reduce,\"ring \"\"fast\"\"\",16,65536,2e-03,1.9e-03,2,alpha-beta,"
        "p.xml,1e-09,2.000001e-03,FAILED,3,4096\n");
    free(out);
}

static void test_csv_empty_and_unset(void **state)
{
    (void)state;
    char *out = render(SS_FMT_CSV, NULL, 0);
    assert_string_equal(out, "collective,algorithm,pes,bytes,time_s,"
                        "predicted_s,ppn,model,platform,first_start_s,"
                        "last_end_s,check,radix,segment\n");
    free(out);
    const ss_row_t r = { NULL, "a\nb", 4, 0, INFINITY, NAN, 1, NULL, NULL,
                         -0.0, 3.0, -1, 0, 0 };
    out = render(SS_FMT_CSV, &r, 1);
    const char *line = strchr(out, '\n') + 1;
    assert_string_equal(line, ",\"a\nb\",4,0,,,1,,,-0e+00,3e+00,,,\n");
    free(out);
}

/* Every real must read back bit-exactly, including ones %.9e would
 * round (a nanosecond step at t = 100 s). */
static void test_csv_full_precision(void **state)
{
    (void)state;
    const double vals[] = { 100.000000001, 1.0 / 3.0, 0.1, 5e-324,
                            1.7976931348623157e308, 123456789.123456789 };
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        ss_row_t r = { "c", "a", 1, 1, vals[i], NAN, 1, "m", "p", 0, 0, 1, 0, 0 };
        char *out = render(SS_FMT_CSV, &r, 1);
        const char *field = strstr(out, "c,a,1,1,");
        assert_non_null(field);
        double back = strtod(field + strlen("c,a,1,1,"), NULL);
        if (back != vals[i])
            fail_msg("%.17g came back as %.17g in:\n%s", vals[i], back, out);
        free(out);
    }
}

static void test_csv_deterministic(void **state)
{
    (void)state;
    char *a = render(SS_FMT_CSV, two_rows, 2);
    char *b = render(SS_FMT_CSV, two_rows, 2);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

/* ---------------- JSON ---------------- */

static void test_json_exact(void **state)
{
    (void)state;
    char *out = render(SS_FMT_JSON, two_rows, 2);
    assert_string_equal(out,
        "[\n"
        "  {\"collective\": \"broadcast\", \"algorithm\": \"binomial\", "
        "\"pes\": 8, \"bytes\": 1024, \"time_s\": 1.5e-06, "
        "\"predicted_s\": null, \"ppn\": 1, \"model\": \"simgrid\", "
        "\"platform\": \"fat,tree.xml\", \"first_start_s\": 0e+00, "
        "\"last_end_s\": 1.5e-06, \"check\": \"ok\", \"radix\": null, "
        "\"segment\": null},\n"
        "  {\"collective\": \"reduce\", \"algorithm\": \"ring \\\"fast\\\"\", "
        "\"pes\": 16, \"bytes\": 65536, \"time_s\": 2e-03, "
        "\"predicted_s\": 1.9e-03, \"ppn\": 2, \"model\": \"alpha-beta\", "
        "\"platform\": \"p.xml\", \"first_start_s\": 1e-09, "
        "\"last_end_s\": 2.000001e-03, \"check\": \"FAILED\", \"radix\": 3, "
        "\"segment\": 4096}\n"
        "]\n");
    assert_true(json_valid(out));
    free(out);
}

static void test_json_escapes_and_nulls(void **state)
{
    (void)state;
    const ss_row_t r = { "q\"b\\s/n\nt\tr\rf\fb\bc\x01\x1f" "\xc3\xa9", NULL,
                         2, 8, NAN, INFINITY, 1, "m", "p", -INFINITY, 1.0,
                         -1, 0, 0 };
    char *out = render(SS_FMT_JSON, &r, 1);
    assert_has(out, "\"collective\": \"q\\\"b\\\\s/n\\nt\\tr\\rf\\fb\\bc"
               "\\u0001\\u001f\xc3\xa9\"");
    assert_has(out, "\"algorithm\": null");
    assert_has(out, "\"time_s\": null");
    assert_has(out, "\"predicted_s\": null");
    assert_has(out, "\"first_start_s\": null");
    assert_has(out, "\"last_end_s\": 1e+00");
    assert_has(out, "\"check\": null, \"radix\": null, \"segment\": null}");
    assert_true(json_valid(out));
    free(out);
    out = render(SS_FMT_JSON, NULL, 0);
    assert_string_equal(out, "[]\n");
    assert_true(json_valid(out));
    free(out);
}

/* ---------------- human units and table ---------------- */

static void seconds_is(double s, const char *want)
{
    char buf[32];
    ss_format_seconds(s, buf, sizeof buf);
    assert_string_equal(want, buf);
}

static void bytes_is(size_t b, const char *want)
{
    char buf[32];
    ss_format_bytes(b, buf, sizeof buf);
    assert_string_equal(want, buf);
}

static void test_format_seconds(void **state)
{
    (void)state;
    seconds_is(12.345e-6, "12.345 us");
    seconds_is(1.234e-3, "1.234 ms");
    seconds_is(2.0, "2.000 s");
    seconds_is(100.0, "100.000 s");
    seconds_is(5e-9, "5.000 ns");
    seconds_is(999.9999e-6, "1.000 ms");   /* never "1000.000 us" */
    seconds_is(999.9994e-6, "999.999 us");
    seconds_is(3e-13, "0.300 ps");
    seconds_is(-1.5e-6, "-1.500 us");
    seconds_is(0.0, "0.000 s");
    seconds_is(-0.0, "0.000 s");
    seconds_is(NAN, "-");
    seconds_is(INFINITY, "inf s");
    char tiny[5];
    ss_format_seconds(12.345e-6, tiny, sizeof tiny);
    assert_string_equal("12.3", tiny);
}

static void test_format_bytes(void **state)
{
    (void)state;
    bytes_is(0, "0 B");
    bytes_is(512, "512 B");
    bytes_is(1023, "1023 B");
    bytes_is(1024, "1 KiB");
    bytes_is(65536, "64 KiB");
    bytes_is(1536, "1.50 KiB");
    bytes_is((size_t)1 << 20, "1 MiB");
    bytes_is((size_t)1048575, "1.00 MiB");
    bytes_is((size_t)3 << 30, "3 GiB");
    if (SIZE_MAX == UINT64_MAX) {
        bytes_is((size_t)1 << 40, "1 TiB");
        bytes_is((size_t)1 << 60, "1 EiB");
        bytes_is(SIZE_MAX, "16.00 EiB");
    }
}

/* Column start of `title` in the header; cells below must start there
 * too for left-aligned columns. */
static size_t column_of(const char *header, const char *title)
{
    const char *p = strstr(header, title);
    assert_non_null(p);
    return (size_t)(p - header);
}

static void test_table(void **state)
{
    (void)state;
    char *out = render(SS_FMT_TABLE, two_rows, 2);
    assert_has(out, "1.500 us");
    assert_has(out, "2.000 ms");
    assert_has(out, "1.900 ms");
    assert_has(out, "1 KiB");
    assert_has(out, "64 KiB");
    assert_has(out, "ring \"fast\"");
    assert_has(out, "fat,tree.xml");
    char *lines[5];
    size_t nl = 0;
    for (char *p = strtok(out, "\n"); p && nl < 5; p = strtok(NULL, "\n"))
        lines[nl++] = p;
    assert_int_equal(4, nl);   /* header, rule, two rows */
    assert_int_equal(strspn(lines[1], "-"), strlen(lines[1]));
    size_t check = column_of(lines[0], "check");
    size_t model = column_of(lines[0], "model");
    assert_int_equal(0, strncmp(lines[2] + check, "ok ", 3));
    assert_int_equal(0, strncmp(lines[3] + check, "FAILED", 6));
    assert_int_equal(0, strncmp(lines[2] + model, "simgrid ", 8));
    assert_int_equal(0, strncmp(lines[3] + model, "alpha-beta", 10));
    /* NAN prediction is a right-aligned "-" ending where "predicted" does. */
    size_t pred_end = column_of(lines[0], "predicted") + strlen("predicted");
    assert_int_equal('-', lines[2][pred_end - 1]);
    assert_int_equal(' ', lines[2][pred_end - 2]);
    assert_int_equal('s', lines[3][pred_end - 1]);
    for (size_t i = 0; i < nl; i++)
        assert_true(lines[i][strlen(lines[i]) - 1] != ' ');
    free(out);
}

static void test_table_empty(void **state)
{
    (void)state;
    char *out = render(SS_FMT_TABLE, NULL, 0);
    assert_has(out, "collective");
    assert_has(out, "platform\n---");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_validator_self_check),
        cmocka_unit_test(test_csv_exact),
        cmocka_unit_test(test_csv_empty_and_unset),
        cmocka_unit_test(test_csv_full_precision),
        cmocka_unit_test(test_csv_deterministic),
        cmocka_unit_test(test_json_exact),
        cmocka_unit_test(test_json_escapes_and_nulls),
        cmocka_unit_test(test_format_seconds),
        cmocka_unit_test(test_format_bytes),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_table_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
