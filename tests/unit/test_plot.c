/* test_plot.c - cmocka tests for traces/plot/plot.c, the gnuplot script writer.
 *
 * The rows come from a small cost model with a known crossover (written as
 * CSV and read back with ss_results_read, as the command does), and the
 * script's inline data blocks are parsed back, so each test checks the
 * numbers against the model rather than against a copy of the output.
 * Nothing here needs gnuplot (plot_svg.sh covers drawing).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plot.h"
#include "plot_axes.h"
#include "results.h"
#include "simtest.h"

/* alpha + beta * bytes * (pes - 1): "lowlat" wins small sizes, "bandwidth"
 * large ones, "middle" is never the fastest. */
static const struct { const char *name; double alpha, beta; } algs[] = {
    {"lowlat", 1e-6, 1e-9},
    {"bandwidth", 8e-6, 2e-10},
    {"middle", 9e-6, 1.1e-9},
};
#define NALGS 3
static const size_t sizes[] = {8, 1024, 65536, 1048576};
#define NSIZES 4

static double model(int a, int pes, size_t bytes)
{
    return algs[a].alpha * log2(pes) + algs[a].beta * (double)bytes * (pes - 1);
}

/* Rows for every algorithm x size at each PE count in pes[], then extra
 * text (more rows) if any; read back as the command would. */
static ss_results_t make_rows(const int *pes, int npes, const char *extra)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("collective,algorithm,pes,bytes,time_s,predicted_s,ppn,model,"
          "platform,first_start_s,last_end_s,check\n", f);
    for (int p = 0; p < npes; p++)
        for (int a = 0; a < NALGS; a++)
            for (int s = 0; s < NSIZES; s++)
                fprintf(f, "fcollect,%s,%d,%zu,%.17g,,1,alpha-beta,"
                        "dir/ft.xml,0,0,\n", algs[a].name, pes[p], sizes[s],
                        model(a, pes[p], sizes[s]));
    fputs(extra ? extra : "", f);
    rewind(f);
    ss_results_t r;
    char err[300];
    if (ss_results_read(f, "t.csv", &r, err, sizeof err))
        fail_msg("%s", err);
    fclose(f);
    return r;
}

/* The script for r under o, or NULL with err set. */
static char *script(const ss_results_t *r, const ss_plot_opts_t *o,
                    size_t *dropped, char *err, size_t errlen)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    if (ss_plot_write(f, r, o, dropped, err, errlen)) {
        fclose(f);
        return NULL;
    }
    char *buf = simtest_slurp(f);
    assert_non_null(buf);
    assert_true(buf[0] != '\0');
    return buf;
}

static char *must_script(const ss_results_t *r, const ss_plot_opts_t *o)
{
    char err[400];
    char *s = script(r, o, NULL, err, sizeof err);
    if (!s)
        fail_msg("ss_plot_write failed: %s", err);
    return s;
}

typedef struct block {
    char name[64];
    double x[64], y[64];
    int n;
} block_t;

/* Reads the `$sN << EOD` blocks back: the name from the "# 'name'" line,
 * then one "x y" pair per line up to EOD. Returns the number of blocks. */
static int parse_blocks(const char *text, block_t *b, int max)
{
    int nb = 0;
    const char *p = text;
    while ((p = strstr(p, "<< EOD\n")) != NULL && nb < max) {
        block_t *k = &b[nb++];
        p += 7;
        assert_int_equal(1, sscanf(p, "# '%63[^'\n]'", k->name));
        p = strchr(p, '\n') + 1;
        k->n = 0;
        while (strncmp(p, "EOD\n", 4)) {
            assert_int_equal(2, sscanf(p, "%lf %lf", &k->x[k->n], &k->y[k->n]));
            k->n++;
            p = strchr(p, '\n') + 1;
        }
    }
    return nb;
}

static void assert_has(const char *text, const char *needle)
{
    if (!strstr(text, needle))
        fail_msg("script lacks \"%s\":\n%s", needle, text);
}

static ss_plot_opts_t opts(ss_chart_t chart)
{
    ss_plot_opts_t o;
    memset(&o, 0, sizeof o);
    o.chart = chart;
    o.term = SS_PLOT_SVG;
    o.output = "out.svg";
    return o;
}

static void test_size_chart_series(void **state)
{
    (void)state;
    static const int pes[] = {4, 64};
    ss_results_t r = make_rows(pes, 2, "fcollect,lowlat,64,0,1e-6,,1,"
                               "alpha-beta,dir/ft.xml,0,0,\n");
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    o.pes = 64;
    char err[300];
    size_t dropped = 99;
    char *s = script(&r, &o, &dropped, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(1, dropped);         /* the 0-byte row */
    block_t b[8];
    assert_int_equal(NALGS, parse_blocks(s, b, 8));
    for (int a = 0; a < NALGS; a++) {
        assert_string_equal(algs[a].name, b[a].name);   /* file order */
        assert_int_equal(NSIZES, b[a].n);
        for (int i = 0; i < NSIZES; i++) {
            assert_true(b[a].x[i] == (double)sizes[i]);
            assert_true(b[a].y[i] == model(a, 64, sizes[i]));  /* exact */
        }
    }
    /* One plot element per block, each titled with its algorithm. */
    assert_has(s, "plot $s1 using 1:2");
    assert_has(s, "$s3 using 1:2");
    assert_null(strstr(s, "$s4"));
    assert_has(s, "title 'bandwidth'");
    assert_has(s, "set output 'out.svg'");
    assert_has(s, "set terminal svg");
    assert_has(s, "set title 'fcollect: 64 PEs, ft.xml, model alpha-beta'");
    free(s);
    ss_results_free(&r);
}

static void test_axis_labels(void **state)
{
    (void)state;
    static const int pes[] = {64};
    ss_results_t r = make_rows(pes, 1, NULL);
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    char *s = must_script(&r, &o);
    /* Four sizes: a tick on each, in binary units. */
    assert_has(s, "set xtics ('8 B' 8, '1 KiB' 1024, '64 KiB' 65536, "
                  "'1 MiB' 1048576)");
    /* Times run from ~6 us (lowlat, 8 B) to ~69 ms (middle, 1 MiB). */
    assert_has(s, "'10 us' 1e-05");
    assert_has(s, "'1 ms' 0.001");
    assert_has(s, "'100 ms' 0.1");
    assert_has(s, "set logscale y 10");
    free(s);
    ss_results_free(&r);
}

/* Eleven sizes within one power of two: too many to tick each, too few
 * powers of two to tick those, so every other size gets a tick. */
static void test_crowded_x_ticks(void **state)
{
    (void)state;
    char extra[2048];
    size_t used = 0;
    for (int b = 1000; b <= 1100; b += 10)
        used += (size_t)snprintf(extra + used, sizeof extra - used,
                                 "reduce,ring,8,%d,1e-5,,1,m,p,0,0,\n", b);
    ss_results_t r = make_rows(NULL, 0, extra);
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    char *s = must_script(&r, &o);
    assert_has(s, "set xtics ('1000 B' 1000, '1020 B' 1020, '1.02 KiB' 1040, "
                  "'1.04 KiB' 1060, '1.05 KiB' 1080, '1.07 KiB' 1100)");
    assert_has(s, "set xlabel 'bytes'");       /* not per PE for reduce */
    free(s);
    ss_results_free(&r);
}

static void test_pes_chart(void **state)
{
    (void)state;
    static const int pes[] = {64, 4, 16}, sorted[] = {4, 16, 64};
    ss_results_t r = make_rows(pes, 3, NULL);   /* out of order on purpose */
    ss_plot_opts_t o = opts(SS_CHART_PES);
    o.bytes = 1024;
    o.has_bytes = 1;
    char *s = must_script(&r, &o);
    block_t b[8];
    assert_int_equal(NALGS, parse_blocks(s, b, 8));
    for (int a = 0; a < NALGS; a++) {
        assert_int_equal(3, b[a].n);
        for (int i = 0; i < 3; i++) {
            assert_true(b[a].x[i] == sorted[i]);
            assert_true(b[a].y[i] == model(a, sorted[i], 1024));
        }
    }
    assert_has(s, "set xtics ('4' 4, '16' 16, '64' 64)");
    assert_has(s, "1 KiB per PE");
    free(s);
    ss_results_free(&r);
}

static void test_slowdown_best_is_one(void **state)
{
    (void)state;
    static const int pes[] = {64};
    ss_results_t r = make_rows(pes, 1, NULL);
    ss_plot_opts_t o = opts(SS_CHART_SLOWDOWN);
    char *s = must_script(&r, &o);
    block_t b[8];
    assert_int_equal(NALGS, parse_blocks(s, b, 8));
    int best_small = -1, best_large = -1;
    for (int i = 0; i < NSIZES; i++) {
        double best = INFINITY;
        int ones = 0;
        for (int a = 0; a < NALGS; a++)
            best = fmin(best, model(a, 64, sizes[i]));
        for (int a = 0; a < NALGS; a++) {
            double want = model(a, 64, sizes[i]) / best;
            assert_true(b[a].y[i] >= 1.0);
            assert_true(fabs(b[a].y[i] - want) <= 1e-15 * want);
            if (b[a].y[i] == 1.0) {
                ones++;
                *(i == 0 ? &best_small : &best_large) = a;
            }
        }
        assert_int_equal(1, ones);   /* exactly one best at each size */
    }
    assert_int_equal(0, best_small);    /* the crossover survives */
    assert_int_equal(1, best_large);
    free(s);
    ss_results_free(&r);
}

static void test_slowdown_yscale(void **state)
{
    (void)state;
    static const int pes[] = {64};
    ss_results_t r = make_rows(pes, 1, NULL);
    ss_plot_opts_t o = opts(SS_CHART_SLOWDOWN);
    char *s = must_script(&r, &o);      /* worst is ~8x: linear */
    assert_null(strstr(s, "set logscale y"));
    assert_has(s, "set yrange [0:*]");
    free(s);
    o.yscale = SS_YSCALE_LOG;
    s = must_script(&r, &o);
    assert_has(s, "set logscale y");
    assert_has(s, "'1x' 1");
    free(s);
    ss_results_free(&r);
}

static void expect_error(const ss_results_t *r, const ss_plot_opts_t *o,
                         const char *n1, const char *n2)
{
    char err[400];
    char *s = script(r, o, NULL, err, sizeof err);
    if (s)
        fail_msg("expected an error with \"%s\", got a script:\n%s", n1, s);
    if (!strstr(err, n1) || !strstr(err, n2))
        fail_msg("error \"%s\" lacks \"%s\" or \"%s\"", err, n1, n2);
}

static void test_ambiguity_errors(void **state)
{
    (void)state;
    static const int pes[] = {64, 4};
    const char *other = "broadcast,linear,4,8,1e-6,,2,simgrid,"
                        "\"fat-tree:down=4/4,up=1/2\",0,0,\n";
    ss_results_t r = make_rows(pes, 2, other);
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    expect_error(&r, &o, "several collectives ('fcollect', 'broadcast')",
                 "--collective");
    o.collective = "fcollect";
    expect_error(&r, &o, "several PE counts (4, 64)", "--pes");
    o.pes = 5;
    expect_error(&r, &o, "--pes 5", "4, 64");
    o.pes = 4;
    char *s = must_script(&r, &o);
    free(s);
    o.collective = "reduce";
    expect_error(&r, &o, "--collective reduce", "'fcollect', 'broadcast'");
    o.collective = "broadcast";
    o.platform = "ft.xml";
    expect_error(&r, &o, "--platform ft.xml",
                 "'fat-tree:down=4/4,up=1/2'");
    o.collective = "fcollect";
    o.platform = "ft.xml";      /* the base name of dir/ft.xml will do */
    s = must_script(&r, &o);
    free(s);
    o.platform = "dir/ft.xml";
    s = must_script(&r, &o);
    free(s);
    o.collective = "broadcast";
    o.platform = NULL;
    o.model = "simgrid";
    s = must_script(&r, &o);
    assert_has(s, "(2 per node)");
    free(s);
    o = opts(SS_CHART_PES);
    o.collective = "fcollect";
    expect_error(&r, &o, "several sizes (8, 1024, 65536, 1048576)", "--bytes");
    o.pes = 4;
    expect_error(&r, &o, "--pes does not apply", "--bytes");
    ss_results_free(&r);
}

static void test_bad_rows(void **state)
{
    (void)state;
    static const int pes[] = {4};
    ss_results_t r = make_rows(pes, 1, "fcollect,middle,4,1024,1e-3,,1,"
                               "alpha-beta,dir/ft.xml,0,0,\n");
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    expect_error(&r, &o, "two rows for algorithm 'middle'", "1024");
    ss_results_free(&r);
    r = make_rows(NULL, 0, NULL);
    expect_error(&r, &o, "no rows", "");
    ss_results_free(&r);
    r = make_rows(NULL, 0, "fcollect,x,4,0,1e-6,,1,m,p,0,0,\n");
    expect_error(&r, &o, "0-byte", "log");
    o.has_bytes = 1;
    expect_error(&r, &o, "--bytes applies to --chart pes only", "--pes");
    ss_results_free(&r);
}

static void test_quoting_and_determinism(void **state)
{
    (void)state;
    ss_results_t r = make_rows(NULL, 0, "fcollect,it's,4,8,1e-6,,1,m,p,0,0,\n"
                               "fcollect,\"a\nb\",4,8,2e-6,,1,m,p,0,0,\n");
    ss_plot_opts_t o = opts(SS_CHART_SIZE);
    o.title = "Bob's chart";
    o.output = "it's.png";
    o.term = SS_PLOT_PNG;
    char *s1 = must_script(&r, &o), *s2 = must_script(&r, &o);
    assert_string_equal(s1, s2);
    assert_has(s1, "title 'it''s'");
    assert_has(s1, "title 'a b'");          /* a line break cannot survive */
    assert_has(s1, "set title 'Bob''s chart'");
    assert_has(s1, "set output 'it''s.png'");
    assert_has(s1, "set terminal pngcairo");
    free(s1);
    free(s2);
    ss_results_free(&r);
}

static void test_time_labels(void **state)
{
    (void)state;
    static const struct { int m, e; const char *want; } cases[] = {
        {5, -7, "500 ns"}, {2, -5, "20 us"}, {1, -3, "1 ms"},
        {1, 0, "1 s"}, {1, 3, "1000 s"}, {1, -12, "1 ps"}, {5, -10, "500 ps"},
    };
    char buf[40];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ss_plot_time_label((ss_tic_t){cases[i].m, cases[i].e}, buf, sizeof buf);
        assert_string_equal(cases[i].want, buf);
        /* The label's number and unit give the tick's value back. */
        double v;
        char unit[4];
        assert_int_equal(2, sscanf(buf, "%lf %3s", &v, unit));
        int p = !strcmp(unit, "ps") ? -12 : !strcmp(unit, "ns") ? -9 :
                !strcmp(unit, "us") ? -6 : !strcmp(unit, "ms") ? -3 : 0;
        double want = ss_tic_value((ss_tic_t){cases[i].m, cases[i].e});
        assert_true(fabs(v * pow(10, p) - want) <= 1e-12 * want);
    }
}

/* The ticks enclose [lo, hi] with one tick at or beyond each end, step
 * 1-2-5 when the span crosses two decade boundaries or fewer, decades
 * (or every k-th decade) beyond. */
static void test_log_tics(void **state)
{
    (void)state;
    static const double spans[][2] = {
        {3e-6, 4e-6}, {1e-6, 1e-4}, {6e-6, 7e-2}, {1.0, 1.1}, {1e-9, 1e3},
        {0.999e-5, 1.001e-5}, {9e-6, 2e-4},
    };
    ss_tic_t t[SS_PLOT_MAX_TICS];
    for (size_t i = 0; i < sizeof spans / sizeof *spans; i++) {
        double lo = spans[i][0], hi = spans[i][1];
        size_t n = ss_plot_log_tics(lo, hi, t);
        assert_true(n >= 2 && n <= 13);
        assert_true(ss_tic_value(t[0]) <= lo);
        assert_true(ss_tic_value(t[n - 1]) >= hi);
        assert_true(n < 3 || ss_tic_value(t[1]) > lo);       /* tight */
        assert_true(n < 3 || ss_tic_value(t[n - 2]) < hi);
        for (size_t k = 1; k < n; k++) {
            double r = ss_tic_value(t[k]) / ss_tic_value(t[k - 1]);
            int two_decades = ceil(log10(hi)) - floor(log10(lo)) <= 2;
            assert_true(two_decades ? (r > 1.9 && r < 2.6) : r > 9.99);
        }
    }
}

static void test_term_for(void **state)
{
    (void)state;
    ss_plot_term_t t;
    char err[200];
    assert_int_equal(0, ss_plot_term_for("a/b.png", &t, err, sizeof err));
    assert_int_equal(SS_PLOT_PNG, t);
    assert_int_equal(0, ss_plot_term_for("x.SVG", &t, err, sizeof err));
    assert_int_equal(SS_PLOT_SVG, t);
    const char *bad[] = {"x.pdf", "png", "x.svgz", "x.png.gz", "x."};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(-1, ss_plot_term_for(bad[i], &t, err, sizeof err));
        assert_non_null(strstr(err, ".png or .svg"));
    }
}

/* shmemsim scale's rows on the PE chart: the simulated points in $s1
 * (markers), the fitted ones with the last simulated point before them in
 * $f1 (x, time, lo, hi), drawn as a band and a dashed line; a lower end
 * of 0 sits on the bottom of the log axis. */
static void test_scale_band(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("collective,algorithm,pes,bytes,time_s,method,lo_s,hi_s,ppn,model,"
          "platform\n"
          "fcollect,ring,64,8,1e-05,simulated,1e-05,1e-05,32,alpha-beta,aries-xc\n"
          "fcollect,ring,128,8,2e-05,simulated,2e-05,2e-05,32,alpha-beta,aries-xc\n"
          "fcollect,ring,256,8,4e-05,fitted,3e-05,5e-05,32,alpha-beta,aries-xc\n"
          "fcollect,ring,512,8,8e-05,fitted,0,2e-04,32,alpha-beta,aries-xc\n", f);
    rewind(f);
    ss_results_t r;
    char err[300];
    if (ss_results_read(f, "s.csv", &r, err, sizeof err))
        fail_msg("%s", err);
    fclose(f);
    assert_true(r.rows[2].fitted && !r.rows[1].fitted);
    ss_plot_opts_t o = {.chart = SS_CHART_PES, .output = "o.svg", .term = SS_PLOT_SVG};
    char *s = must_script(&r, &o);
    assert_non_null(strstr(s, "$s1 << EOD\n# 'ring' simulated\n64 1e-05\n128 2e-05\nEOD"));
    assert_non_null(strstr(s, "$f1 << EOD"));
    assert_non_null(strstr(s, "\n128 2e-05 2e-05 2e-05\n256 4e-05 3e-05 5e-05\n"));
    assert_non_null(strstr(s, "with filledcurves"));
    assert_non_null(strstr(s, "$f1 using 1:2 with lines"));
    assert_non_null(strstr(s, "$s1 using 1:2 with points"));
    assert_non_null(strstr(s, "markers: simulated"));
    char *last = strstr(s, "\n512 8e-05 ");
    assert_non_null(last);
    assert_true(strtod(last + 11, NULL) > 0);   /* 0 raised to the axis */
    free(s);
    /* The size chart at one PE count draws them as any other points. */
    o.chart = SS_CHART_SIZE;
    o.pes = 512;
    s = must_script(&r, &o);
    assert_null(strstr(s, "filledcurves"));
    free(s);
    ss_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scale_band),
        cmocka_unit_test(test_size_chart_series),
        cmocka_unit_test(test_axis_labels),
        cmocka_unit_test(test_crowded_x_ticks),
        cmocka_unit_test(test_pes_chart),
        cmocka_unit_test(test_slowdown_best_is_one),
        cmocka_unit_test(test_slowdown_yscale),
        cmocka_unit_test(test_ambiguity_errors),
        cmocka_unit_test(test_bad_rows),
        cmocka_unit_test(test_quoting_and_determinism),
        cmocka_unit_test(test_time_labels),
        cmocka_unit_test(test_log_tics),
        cmocka_unit_test(test_term_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
