/* test_results.c - cmocka tests for traces/results.c, the reader of result
 * CSV. Every case feeds bytes through a tmpfile (plain C11) and checks
 * either the rows read or that the error names the line and the problem,
 * since a user fixing a hand-edited file needs both. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "results.h"

#define HEADER "collective,algorithm,pes,bytes,time_s,predicted_s,ppn,model," \
               "platform,first_start_s,last_end_s,check\n"

static char err[512];

/* Reads text as a CSV file named "t.csv"; returns ss_results_read's rc. */
static int read_text(const char *text, size_t len, ss_results_t *out)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(len, fwrite(text, 1, len, f));
    rewind(f);
    int rc = ss_results_read(f, "t.csv", out, err, sizeof err);
    fclose(f);
    return rc;
}

static int read_str(const char *text, ss_results_t *out)
{
    return read_text(text, strlen(text), out);
}

static void assert_has(const char *text, const char *needle)
{
    if (!strstr(text, needle))
        fail_msg("\"%s\" lacks \"%s\"", text, needle);
}

/* The error of a file that must be refused, which must name `want`. */
static void assert_refused(const char *text, const char *want)
{
    ss_results_t r;
    assert_int_equal(-1, read_str(text, &r));
    assert_int_equal(0, r.n);
    assert_null(r.rows);
    assert_has(err, want);
}

static void full_row_is_read(void **state)
{
    (void)state;
    ss_results_t r;
    assert_int_equal(0, read_str(HEADER "broadcast,binomial,16,1024,1.5e-06,"
                                 "1.4e-06,2,alpha-beta,ft.xml,0,1.5e-06,ok\n",
                                 &r));
    assert_int_equal(1, r.n);
    assert_string_equal("broadcast", r.rows[0].collective);
    assert_string_equal("binomial", r.rows[0].algorithm);
    assert_int_equal(16, r.rows[0].pes);
    assert_int_equal(1024, r.rows[0].bytes);
    assert_true(r.rows[0].time_s == 1.5e-06);
    assert_true(r.rows[0].predicted_s == 1.4e-06);
    assert_int_equal(2, r.rows[0].ppn);
    assert_string_equal("alpha-beta", r.rows[0].model);
    assert_string_equal("ft.xml", r.rows[0].platform);
    assert_int_equal(1, r.rows[0].checked);
    ss_results_free(&r);
}

/* RFC 4180: commas, doubled quotes and line breaks inside quotes; the
 * line count goes on across the embedded break (the error on the row
 * after it is on line 4: header, 2 lines of row 1, row 2). */
static void quoted_fields(void **state)
{
    (void)state;
    ss_results_t r;
    assert_int_equal(0, read_str(HEADER "reduce,ring,4,8,1e-06,,1,simgrid,"
                                 "\"fat,tree \"\"A\"\"\nnext line\",,,FAILED\n",
                                 &r));
    assert_int_equal(1, r.n);
    assert_string_equal("fat,tree \"A\"\nnext line", r.rows[0].platform);
    assert_int_equal(0, r.rows[0].checked);
    assert_true(isnan(r.rows[0].predicted_s));
    ss_results_free(&r);
    assert_refused(HEADER "reduce,ring,4,8,1e-06,,1,m,\"a\nb\",,,\n"
                   "reduce,ring,x,8,1e-06,,1,m,p,,,\n", "t.csv:4:");
    assert_refused(HEADER "reduce,ring,4,8,1e-06,,1,m,\"ab\"c,,,\n",
                   "text after a closing quote");
    assert_refused(HEADER "reduce,ring,4,8,1e-06,,1,m,\"ab,,,\n",
                   "not closed");
}

/* Only collective, algorithm, pes, bytes and time_s are required, in any
 * order, with unknown columns ignored; the rest default. */
static void columns_by_name(void **state)
{
    (void)state;
    ss_results_t r;
    assert_int_equal(0, read_str("note,time_s,bytes,pes,algorithm,collective\n"
                                 "hello,2e-06,64,8,ring,fcollect\n", &r));
    assert_int_equal(1, r.n);
    assert_string_equal("fcollect", r.rows[0].collective);
    assert_string_equal("ring", r.rows[0].algorithm);
    assert_int_equal(8, r.rows[0].pes);
    assert_int_equal(64, r.rows[0].bytes);
    assert_int_equal(1, r.rows[0].ppn);
    assert_int_equal(-1, r.rows[0].checked);
    assert_string_equal("", r.rows[0].platform);
    assert_string_equal("", r.rows[0].model);
    assert_true(isnan(r.rows[0].predicted_s));
    ss_results_free(&r);
    assert_refused("collective,algorithm,pes,time_s\nbroadcast,linear,4,1\n",
                   "no 'bytes' column");
    assert_refused("", "empty");
    assert_refused(HEADER "broadcast,linear,4,8\n", "t.csv:2:");
}

static void bad_numbers(void **state)
{
    (void)state;
    static const struct { const char *row, *want; } bad[] = {
        {"broadcast,linear,four,8,1e-6,,1,m,p,,,\n", "column pes holds 'four'"},
        {"broadcast,linear,0,8,1e-6,,1,m,p,,,\n", "pes must be 1 or more"},
        {"broadcast,linear,4,-8,1e-6,,1,m,p,,,\n", "column bytes holds '-8'"},
        {"broadcast,linear,4, -8,1e-6,,1,m,p,,,\n", "column bytes holds ' -8'"},
        {"broadcast,linear,4,8.5,1e-6,,1,m,p,,,\n", "column bytes holds '8.5'"},
        {"broadcast,linear,4,8,fast,,1,m,p,,,\n", "column time_s holds 'fast'"},
        {"broadcast,linear,4,8,-1e-6,,1,m,p,,,\n", "time_s must be a number of seconds from 0"},
        {"broadcast,linear,4,8,,,1,m,p,,,\n", "time_s must be a number of seconds from 0"},
        {"broadcast,linear,4,8,1e306,,1,m,p,,,\n", "time_s must be a number of seconds from 0"},
        {"broadcast,linear,4,8,nan,,1,m,p,,,\n", "time_s must be a number of seconds from 0"},
        {"broadcast,linear,4,9007199254740993,1e-6,,1,m,p,,,\n", "is more than 2^53"},
        {"broadcast,linear,4,8,1e-6,zz,1,m,p,,,\n", "column predicted_s holds"},
        {"broadcast,linear,4,8,1e-6,,0,m,p,,,\n", "ppn must be 1 or more"},
        {"broadcast,linear,4,8,1e-6,,two,m,p,,,\n", "column ppn holds 'two'"},
        {"broadcast,linear,4,99999999999999999999999,1e-6,,1,m,p,,,\n",
         "column bytes"},
    };
    char text[512];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text, HEADER "%s", bad[i].row);
        assert_refused(text, bad[i].want);
        assert_has(err, "t.csv:2:");
    }
}

/* Blank lines (LF or CRLF) are skipped; CRLF never leaks a CR into the
 * last field, also on a last line without LF; a BOM is not part of the
 * first column name. */
static void blank_lines_and_crlf(void **state)
{
    (void)state;
    ss_results_t r;
    const char *crlf = "\xEF\xBB\xBF" "collective,algorithm,pes,bytes,time_s,"
                       "check\r\n\r\nreduce,ring,4,8,1e-06,ok\r\n\n"
                       "reduce,ring,8,8,2e-06,ok\r\n\r\n"
                       "reduce,linear,8,8,3e-06,\"ok\"\r\n"
                       "reduce,rabenseifner,8,16,4e-06,ok\r";
    assert_int_equal(0, read_str(crlf, &r));
    assert_int_equal(4, r.n);
    for (size_t i = 0; i < r.n; i++)
        assert_int_equal(1, r.rows[i].checked);     /* "ok", not "ok\r" */
    assert_int_equal(8, r.rows[1].pes);
    assert_string_equal("rabenseifner", r.rows[3].algorithm);
    assert_int_equal(16, r.rows[3].bytes);
    ss_results_free(&r);
    assert_int_equal(0, read_str(HEADER, &r));        /* header only */
    assert_int_equal(0, r.n);
    ss_results_free(&r);
}

static void load_names_the_file(void **state)
{
    (void)state;
    ss_results_t r;
    assert_int_equal(-1, ss_results_load("/nonexistent/r.csv", &r, err,
                                         sizeof err));
    assert_has(err, "/nonexistent/r.csv");
    assert_int_equal(0, r.n);
}

/* radix and segment: read when present, 0 when empty or absent. */
static void radix_and_segment(void **state)
{
    (void)state;
    ss_results_t r;
    assert_int_equal(0, read_str("collective,algorithm,pes,bytes,time_s,radix,"
                                 "segment\nbroadcast,knomial,4,8,1e-6,8,4096\n"
                                 "broadcast,linear,4,8,2e-6,,\n", &r));
    assert_int_equal(2, r.n);
    assert_int_equal(8, r.rows[0].radix);
    assert_int_equal(4096, r.rows[0].segment);
    assert_int_equal(0, r.rows[1].radix);
    assert_int_equal(0, r.rows[1].segment);
    ss_results_free(&r);
    assert_refused("collective,algorithm,pes,bytes,time_s,radix\n"
                   "broadcast,knomial,4,8,1e-6,two\n", "column radix holds 'two'");
}

/* shmemsim scale's columns: method and interval read back; a method it
 * never writes, or a time outside its interval, is refused. */
static void scale_columns(void **state)
{
    (void)state;
    ss_results_t r;
    const char *h = "collective,algorithm,pes,bytes,time_s,method,lo_s,hi_s\n";
    char buf[512];
    snprintf(buf, sizeof buf, "%sfcollect,ring,64,8,1e-05,simulated,1e-05,1e-05\n"
             "fcollect,ring,4096,8,2e-03,fitted,1e-03,3e-03\n", h);
    assert_int_equal(read_str(buf, &r), 0);
    assert_false(r.rows[0].fitted);
    assert_true(r.rows[1].fitted);
    assert_true(r.rows[1].lo_s == 1e-03 && r.rows[1].hi_s == 3e-03);
    ss_results_free(&r);
    snprintf(buf, sizeof buf, "%sfcollect,ring,64,8,1e-05,guessed,,\n", h);
    assert_refused(buf, "method is 'guessed'");
    snprintf(buf, sizeof buf, "%sfcollect,ring,64,8,1e-05,fitted,2e-05,3e-05\n", h);
    assert_refused(buf, "time_s is outside lo_s..hi_s");
    /* run's CSV has none of them */
    assert_int_equal(read_str("collective,algorithm,pes,bytes,time_s\nfcollect,ring,"
                              "4,8,1e-06\n", &r), 0);
    assert_false(r.rows[0].fitted);
    assert_true(isnan(r.rows[0].lo_s));
    ss_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_row_is_read),
        cmocka_unit_test(scale_columns),
        cmocka_unit_test(radix_and_segment),
        cmocka_unit_test(quoted_fields),
        cmocka_unit_test(columns_by_name),
        cmocka_unit_test(bad_numbers),
        cmocka_unit_test(blank_lines_and_crlf),
        cmocka_unit_test(load_names_the_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
