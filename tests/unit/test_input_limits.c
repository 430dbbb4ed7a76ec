/* test_input_limits.c - the limits of each reader of user files
 * (docs/inputs.md), at the edge: the largest input accepted, and one
 * step beyond refused with one line naming the file and the line or
 * field. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "osu_parse.h"
#include "platform.h"
#include "results.h"
#include "ss_coll.h"
#include "sweep.h"
#include "topo.h"
#include "xml/stream.h"

/* A growing text, for inputs of a chosen size. */
typedef struct text {
    char *s;
    size_t n;
    FILE *f;
} text_t;

static void text_open(text_t *t)
{
    t->s = NULL;
    t->f = open_memstream(&t->s, &t->n);
    assert_non_null(t->f);
}

/* The text written so far as a stream to read (t->s until text_free). */
static FILE *text_stream(text_t *t)
{
    assert_int_equal(fflush(t->f), 0);
    FILE *r = fmemopen(t->s, t->n, "r");
    assert_non_null(r);
    return r;
}

static void text_free(text_t *t)
{
    fclose(t->f);
    free(t->s);
}

static void repeat(FILE *f, int c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputc(c, f);
}

/* A refusal: one line, holding each of the words. */
static void refused(int rc, const char *err, const char *w1, const char *w2)
{
    assert_int_equal(rc, -1);
    assert_null(strchr(err, '\n'));
    if (!strstr(err, w1) || (w2 && !strstr(err, w2)))
        fail_msg("'%s' lacks '%s' / '%s'", err, w1, w2 ? w2 : "");
}

/* A valid spec len characters long: "fat-tree:down=4", ",cores=1"
 * repeated, then ",lat=1.000...0us" (each value within its own limit). */
static char *spec_of_length(size_t len)
{
    char *s = malloc(len + 1);
    size_t k = (len - 15 - 40) / 8, o = 0;
    o += (size_t)sprintf(s, "fat-tree:down=4");
    for (size_t i = 0; i < k; i++)
        o += (size_t)sprintf(s + o, ",cores=1");
    o += (size_t)sprintf(s + o, ",lat=1.");
    memset(s + o, '0', len - o - 2);
    memcpy(s + len - 2, "us", 3);
    return s;
}

static void test_spec_length(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[512];
    char *at = spec_of_length(SS_TOPO_SPEC_MAX), *over = spec_of_length(SS_TOPO_SPEC_MAX + 1);
    assert_int_equal(ss_topo_parse(at, &t, err, sizeof err), 0);
    assert_int_equal(ss_topo_hosts(&t), 4);
    assert_int_equal(strlen(at), SS_TOPO_SPEC_MAX);
    refused(ss_platform_check(over, err, sizeof err), err, "platform spec", "at most 511");
    free(at);
    free(over);
}

static void test_spec_hosts(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[512];
    assert_int_equal(ss_topo_parse("fat-tree:down=1000/10000", &t, err, sizeof err), 0);
    assert_int_equal(ss_topo_hosts(&t), SS_TOPO_MAX_HOSTS);
    /* 11 x 909,091 = 10,000,001 */
    refused(ss_topo_parse("fat-tree:down=11/909091", &t, err, sizeof err), err,
            "10000001 nodes", "10,000,000");
    /* 2^80 nodes: the product used to wrap to 0 */
    refused(ss_topo_parse("fat-tree:down=1048576/1048576/1048576/1048576", &t, err,
                          sizeof err), err, "far more than 10,000,000", NULL);
    refused(ss_topo_parse("dragonfly:groups=1048576/1,chassis=1048576/1,"
                          "routers=1048576/1,nodes=1048576", &t, err, sizeof err),
            err, "far more than 10,000,000", NULL);
}

/* A value cut to its buffer used to pass: 30 zeros, 4, junk read as 4. */
static void test_spec_value_length(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[512];
    refused(ss_topo_parse("fat-tree:down=0000000000000000000000000000004junk", &t, err,
                          sizeof err), err, "down: a value of 35 characters", "at most 31");
}

/* A .spec file whose first line is a comment of n characters. */
static void spec_file_with_comment(const char *path, size_t n)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputc('#', f);
    repeat(f, 'x', n - 1);
    fputs("\nfat-tree:down=4/4\n", f);
    assert_int_equal(fclose(f), 0);
}

static void test_spec_file_line(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_limits-XXXXXX", path[64], err[512];
    ss_topo_t t;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.spec", dir);
    spec_file_with_comment(path, SS_TOPO_LINE_MAX);
    assert_int_equal(ss_topo_parse(path, &t, err, sizeof err), 0);
    assert_int_equal(ss_topo_hosts(&t), 16);
    spec_file_with_comment(path, SS_TOPO_LINE_MAX + 1);
    refused(ss_platform_check(path, err, sizeof err), err, "a.spec:1:", "longer than 4095");
    unlink(path);
    rmdir(dir);
}

/* A spec with a line break in it is refused on one line. */
static void test_spec_quoted_on_one_line(void **state)
{
    (void)state;
    char err[512];
    refused(ss_platform_check("fat-tree:down=4\n,colour=red", err, sizeof err), err,
            "platform spec 'fat-tree:down=4?,colour=red'", NULL);
}

/* A platform file whose host has nattr attributes: the id, then
 * unknown ones (refused later, by the format check). */
static int host_with_attrs(int nattr, char *err, size_t errlen)
{
    text_t t;
    text_open(&t);
    fputs("<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
          "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
          "<zone id=\"z\" routing=\"Full\">\n<host id=\"h\"", t.f);
    for (int i = 1; i < nattr; i++)
        fprintf(t.f, " a%d=\"1\"", i);
    fputs(" />\n</zone>\n</platform>\n", t.f);
    assert_int_equal(fflush(t.f), 0);
    int rc = ss_platform_check_text("p.xml", t.s, t.n, err, errlen);
    text_free(&t);
    return rc;
}

static void test_xml_attributes(void **state)
{
    (void)state;
    char err[512];
    refused(host_with_attrs(SS_PXML_MAX_ATTRS, err, sizeof err), err, "p.xml", "line 5");
    assert_null(strstr(err, "too many attributes"));
    refused(host_with_attrs(SS_PXML_MAX_ATTRS + 1, err, sizeof err), err,
            "platform 'p.xml': line 5", "too many attributes");
}

/* A tuning file: the header, then rules. */
static void tune_header(FILE *f)
{
    fputs(SS_TUNE_HEADER "\n", f);
}

static void test_tune_line(void **state)
{
    (void)state;
    static const char rule[] = "fcollect,1,,0,,ring,";
    char err[512];
    for (size_t len = SS_TUNE_LINE_MAX; len <= SS_TUNE_LINE_MAX + 1; len++) {
        text_t t;
        text_open(&t);
        tune_header(t.f);
        fputs(rule, t.f);
        repeat(t.f, 'x', len - strlen(rule));   /* a trailing column */
        fputc('\n', t.f);
        FILE *r = text_stream(&t);
        int rc = ss_coll_read_rules(r, "t.csv", err, sizeof err);
        if (len == SS_TUNE_LINE_MAX)
            assert_int_equal(rc, 0);
        else
            refused(rc, err, "t.csv:2:", "longer than 1024");
        fclose(r);
        text_free(&t);
    }
}

static void test_tune_rules(void **state)
{
    (void)state;
    char err[512];
    text_t t;
    text_open(&t);
    tune_header(t.f);
    for (int i = 0; i < SS_TUNE_MAX_RULES; i++)
        fprintf(t.f, "broadcast,%d,%d,0,,binomial\n", i + 1, i + 1);
    FILE *r = text_stream(&t);
    assert_int_equal(ss_coll_read_rules(r, "t.csv", err, sizeof err), 0);
    fclose(r);
    fputs("broadcast,70000,,0,,binomial\n", t.f);
    r = text_stream(&t);
    refused(ss_coll_read_rules(r, "t.csv", err, sizeof err), err, "t.csv:65538:",
            "more than 65,536 rules");
    fclose(r);
    text_free(&t);
}

static void test_tune_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"", "t.csv:1: is empty"},
        {SS_TUNE_HEADER "\nfcollect,9,3,0,,ring\n", "t.csv:2: pes_lo above pes_hi"},
        {SS_TUNE_HEADER "\nfcollect,1,,9,3,ring\n", "t.csv:2: pes_lo above pes_hi or bytes_lo"},
        {SS_TUNE_HEADER "\nfcollect,1\0,,0,,ring\n", "t.csv:2: holds a NUL byte"},
    };
    static const size_t len[] = {0, 0, 0, sizeof SS_TUNE_HEADER + 21};
    char err[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = len[i] ? len[i] : strlen(bad[i].text);
        char *copy = malloc(n + 1);
        memcpy(copy, bad[i].text, n + 1);
        FILE *r = fmemopen(copy, n, "r");
        refused(ss_coll_read_rules(r, "t.csv", err, sizeof err), err, bad[i].want, NULL);
        fclose(r);
        free(copy);
    }
}

/* A result file whose one row has a platform field of n bytes and
 * extra empty columns to make fields columns in all. */
static int results_with(size_t n, int fields, char *err, size_t errlen)
{
    text_t t;
    ss_results_t res;
    text_open(&t);
    fputs("collective,algorithm,pes,bytes,time_s,platform", t.f);
    for (int i = 6; i < fields; i++)
        fprintf(t.f, ",extra%d", i);
    fputs("\nfcollect,ring,4,8,1e-6,", t.f);
    repeat(t.f, 'p', n);
    repeat(t.f, ',', (size_t)(fields - 6));
    fputc('\n', t.f);
    FILE *r = text_stream(&t);
    int rc = ss_results_read(r, "r.csv", &res, err, errlen);
    if (rc == 0) {
        assert_int_equal(res.n, 1);
        assert_int_equal(strlen(res.rows[0].platform), n);
        ss_results_free(&res);
    }
    fclose(r);
    text_free(&t);
    return rc;
}

static void test_results_field(void **state)
{
    (void)state;
    char err[512];
    assert_int_equal(results_with(SS_RESULTS_MAX_FIELD, 6, err, sizeof err), 0);
    refused(results_with(SS_RESULTS_MAX_FIELD + 1, 6, err, sizeof err), err, "r.csv:2:",
            "longer than 65536 bytes");
}

static void test_results_fields(void **state)
{
    (void)state;
    char err[512];
    assert_int_equal(results_with(8, SS_RESULTS_MAX_FIELDS, err, sizeof err), 0);
    refused(results_with(8, SS_RESULTS_MAX_FIELDS + 1, err, sizeof err), err,
            "r.csv:1:", "more than 1024 fields");
}

static void test_results_quoted_on_one_line(void **state)
{
    (void)state;
    static char csv[] = "collective,algorithm,pes,bytes,time_s\n"
                        "fcollect,ring,\"4\n4\",8,1e-6\n";
    char err[512];
    ss_results_t res;
    FILE *r = fmemopen(csv, strlen(csv), "r");
    refused(ss_results_read(r, "r.csv", &res, err, sizeof err), err,
            "column pes holds '4?4'", NULL);
    fclose(r);
}

/* A sweep of one point (fcollect ring, 4 PEs, 8 bytes on a spec) whose
 * state file holds its header and one row of nfields fields: the row
 * shmemsim writes, then empty ones. */
static int sweep_row_with(int nfields, char *err, size_t errlen)
{
    static const char *plats[] = {"fat-tree:down=4/4"};
    static int pes[] = {4};
    static size_t bytes[] = {8};
    ss_model_t m;
    ss_sweep_t s;
    text_t t;
    ss_model_defaults(&m, SS_MODEL_ALPHA_BETA);
    s = (ss_sweep_t){.plats = plats, .nplat = 1, .kinds = {SHCOLL_FCOLLECT}, .nkind = 1,
                     .algs = {{"ring"}}, .nalg = {1}, .pes = pes, .npes = 1,
                     .bytes = bytes, .nsizes = 1, .model = &m};
    assert_int_equal(ss_sweep_build(&s), 0);
    text_open(&t);
    fputs(s.header, t.f);
    fputs("fcollect,ring,4,8,6e-06,6e-06,1,alpha-beta,fat-tree:down=4/4,"
          "1e-03,1.006e-03,,,", t.f);   /* 14 fields */
    repeat(t.f, ',', (size_t)(nfields - 14));
    fputc('\n', t.f);
    assert_int_equal(fflush(t.f), 0);
    int rc = ss_sweep_load_text(&s, t.s, t.n, "s.csv", 0, err, errlen);
    if (rc == 0)
        assert_true(ss_sweep_done(&s, &s.pt[0]));
    text_free(&t);
    ss_sweep_free(&s);
    return rc;
}

static void test_sweep_fields(void **state)
{
    (void)state;
    char err[512];
    assert_int_equal(sweep_row_with(SS_SWEEP_MAX_FIELDS, err, sizeof err), 0);
    refused(sweep_row_with(SS_SWEEP_MAX_FIELDS + 1, err, sizeof err), err, "s.csv:2:",
            "not a well-formed result row");
}

/* OSU output: osu_latency's header and column line, then body. */
static int osu_with(const char *body, size_t pad, char *err, size_t errlen)
{
    text_t t;
    osu_table_t tab;
    text_open(&t);
    fputs("# OSU MPI Latency Test v7.4\n# Size          Latency (us)\n1  1.5", t.f);
    repeat(t.f, ' ', pad);
    fputs("\n", t.f);
    fputs(body, t.f);
    FILE *r = text_stream(&t);
    int rc = osu_parse(r, "o.txt", &tab, err, errlen);
    if (rc == 0)
        osu_free(&tab);
    fclose(r);
    text_free(&t);
    return rc;
}

static void test_osu_line(void **state)
{
    (void)state;
    char err[512];
    assert_int_equal(osu_with("", OSU_LINE_MAX - 6, err, sizeof err), 0);
    refused(osu_with("", OSU_LINE_MAX - 5, err, sizeof err), err, "o.txt:3:",
            "longer than 4096");
}

static void test_osu_lines(void **state)
{
    (void)state;
    char err[512];
    size_t blank = OSU_MAX_LINES - 3;   /* after the three lines above */
    char *body = malloc(blank + 2);
    memset(body, '\n', blank + 1);
    body[blank] = '\0';
    assert_int_equal(osu_with(body, 0, err, sizeof err), 0);
    body[blank] = '\n';
    body[blank + 1] = '\0';
    refused(osu_with(body, 0, err, sizeof err), err, "o.txt:1000001:", "more than 1000000");
    free(body);
}

static void test_osu_pairs(void **state)
{
    (void)state;
    static const char *const pairs[] = {"1000000", "1000001", "0", "-3", "x"};
    char err[512];
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char text[256];
        osu_table_t tab;
        snprintf(text, sizeof text, "# OSU MPI Multiple Bandwidth / Message Rate Test "
                 "v7.4\n# [ pairs: %s ] [ window size: 64 ]\n# Size  MB/s  "
                 "Messages/s\n1  2.5  2500000\n", pairs[i]);
        FILE *r = fmemopen(text, strlen(text), "r");
        int rc = osu_parse(r, "o.txt", &tab, err, sizeof err);
        if (i == 0) {
            assert_int_equal(rc, 0);
            assert_int_equal(tab.pairs, OSU_MAX_PAIRS);
            osu_free(&tab);
        } else {
            refused(rc, err, "o.txt:2:", "from 1 to 1000000");
        }
        fclose(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_length),
        cmocka_unit_test(test_spec_hosts),
        cmocka_unit_test(test_spec_value_length),
        cmocka_unit_test(test_spec_file_line),
        cmocka_unit_test(test_spec_quoted_on_one_line),
        cmocka_unit_test(test_xml_attributes),
        cmocka_unit_test(test_tune_line),
        cmocka_unit_test(test_tune_rules),
        cmocka_unit_test(test_tune_refusals),
        cmocka_unit_test(test_results_field),
        cmocka_unit_test(test_results_fields),
        cmocka_unit_test(test_results_quoted_on_one_line),
        cmocka_unit_test(test_sweep_fields),
        cmocka_unit_test(test_osu_line),
        cmocka_unit_test(test_osu_lines),
        cmocka_unit_test(test_osu_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
