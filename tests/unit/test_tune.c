/* test_tune.c - cmocka tests for traces/tune/tune.c (the tuning table) and the
 * UCC and Sandia OpenSHMEM exporters (traces/tune/export_ucc.c, export_sos.c).
 *
 * The rows are synthetic, with times chosen so the winner of every point
 * is known by construction; the expected rules, crossovers and runtime
 * strings below are derived by hand from those times and from the
 * runtimes' documented syntax (see the comments at the top of the
 * exporters), not copied from the program's output. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tune.h"
#include "simtest.h"

typedef struct spec {
    const char *coll, *alg;
    int pes;
    size_t bytes;
    double t;
} spec_t;

/* Rows for platform "p", ppn 1, model "m", check ok. The strings are the
 * literals (the tune code never writes them). */
static ss_results_t rows_of(const spec_t *s, size_t n)
{
    ss_results_t r = {calloc(n ? n : 1, sizeof(ss_result_t)), n};
    assert_non_null(r.rows);
    for (size_t i = 0; i < n; i++)
        r.rows[i] = (ss_result_t){(char *)s[i].coll, (char *)s[i].alg,
                                  s[i].pes, s[i].bytes, s[i].t, NAN, 1,
                                  (char *)"m", (char *)"p", 1, 0, 0, 0, NAN, NAN};
    return r;
}

static char err[1024];

static void assert_has(const char *text, const char *needle)
{
    if (!strstr(text, needle))
        fail_msg("output lacks \"%s\":\n%s", needle, text);
}

static void assert_lacks(const char *text, const char *needle)
{
    if (strstr(text, needle))
        fail_msg("output has \"%s\":\n%s", needle, text);
}

static void assert_rule(const ss_tune_rule_t *r, int plo, int phi, size_t blo,
                        size_t bhi, const char *alg, double t,
                        const char *runner, double rt)
{
    assert_int_equal(plo, r->pes_lo);
    assert_int_equal(phi, r->pes_hi);
    assert_true(r->bytes_lo == blo);
    assert_true(r->bytes_hi == bhi);
    assert_string_equal(alg, r->algorithm);
    assert_true(r->time_s == t);
    if (runner) {
        assert_string_equal(runner, r->runner_up);
        assert_true(r->runner_up_s == rt);
    } else {
        assert_null(r->runner_up);
        assert_true(isnan(r->runner_up_s));
    }
}

/* At 4 PEs bruck wins 8..512 B, ring 4 KiB, direct 32 KiB; at 16 PEs ring
 * wins both sizes measured there. */
static const spec_t grid[] = {
    {"fcollect", "ring", 4, 8, 5}, {"fcollect", "ring", 4, 64, 5},
    {"fcollect", "ring", 4, 512, 5}, {"fcollect", "ring", 4, 4096, 4},
    {"fcollect", "ring", 4, 32768, 10},
    {"fcollect", "bruck", 4, 8, 1}, {"fcollect", "bruck", 4, 64, 2},
    {"fcollect", "bruck", 4, 512, 3}, {"fcollect", "bruck", 4, 4096, 6},
    {"fcollect", "bruck", 4, 32768, 20},
    {"fcollect", "direct", 4, 32768, 9},
    {"fcollect", "ring", 16, 8, 1}, {"fcollect", "bruck", 16, 8, 2},
    {"fcollect", "ring", 16, 4096, 3}, {"fcollect", "bruck", 16, 4096, 7},
};

/* Rules merge the sizes one algorithm wins in a row; their boundaries are
 * the next winner's first size (minus one), PE ranges end below the next
 * measured PE count, and the first rule starts at 0 bytes. */
static void rules_and_crossovers(void **state)
{
    (void)state;
    ss_results_t r = rows_of(grid, sizeof grid / sizeof *grid);
    ss_tune_t t;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_string_equal("p", t.platform);
    assert_string_equal("m", t.model);
    assert_int_equal(1, t.ppn);
    assert_int_equal(0, t.target_pes);
    assert_int_equal(1, t.n);
    const ss_tune_table_t *f = ss_tune_find(&t, "fcollect");
    assert_ptr_equal(&t.tables[0], f);
    assert_null(ss_tune_find(&t, "reduce"));
    assert_int_equal(4, f->n);
    assert_rule(&f->rules[0], 4, 15, 0, 4095, "bruck", 1, "ring", 5);
    assert_rule(&f->rules[1], 4, 15, 4096, 32767, "ring", 4, "bruck", 6);
    assert_rule(&f->rules[2], 4, 15, 32768, SS_TUNE_BYTES_MAX, "direct", 9,
                "ring", 10);
    assert_rule(&f->rules[3], 16, SS_TUNE_PES_MAX, 0, SS_TUNE_BYTES_MAX,
                "ring", 1, "bruck", 2);
    ss_tune_free(&t);
    assert_null(t.tables);
    free(r.rows);
}

static void lookups(void **state)
{
    (void)state;
    ss_results_t r = rows_of(grid, sizeof grid / sizeof *grid);
    ss_tune_t t;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    const ss_tune_table_t *f = &t.tables[0];
    assert_ptr_equal(&f->rules[0], ss_tune_lookup(f, 4, 0));
    assert_ptr_equal(&f->rules[0], ss_tune_lookup(f, 4, 4095));
    assert_ptr_equal(&f->rules[1], ss_tune_lookup(f, 4, 4096));
    assert_ptr_equal(&f->rules[2], ss_tune_lookup(f, 15, SIZE_MAX));
    assert_ptr_equal(&f->rules[3], ss_tune_lookup(f, 16, 5));
    assert_ptr_equal(&f->rules[3], ss_tune_lookup(f, 1000000, 1));
    assert_null(ss_tune_lookup(f, 3, 8));          /* below all measured */
    assert_true(ss_tune_time(&t, "fcollect", "bruck", 4, 64) == 2);
    assert_true(isnan(ss_tune_time(&t, "fcollect", "direct", 4, 64)));
    size_t *s, n;
    assert_int_equal(0, ss_tune_sizes(&t, "fcollect", 4, &s, &n));
    assert_int_equal(5, n);
    size_t want[] = {8, 64, 512, 4096, 32768};
    for (size_t i = 0; i < n; i++)
        assert_true(s[i] == want[i]);
    free(s);
    assert_int_equal(0, ss_tune_sizes(&t, "fcollect", 5, &s, &n));
    assert_int_equal(0, n);
    assert_null(s);
    ss_tune_free(&t);
    free(r.rows);
}

/* Equal times, or times within 1e-9 relative (floating-point noise of the
 * simulator), go to the name that sorts first, whatever the row order;
 * a real difference still wins. */
static void ties_are_deterministic(void **state)
{
    (void)state;
    static const spec_t a[] = {{"broadcast", "zeta", 4, 8, 1.0},
                               {"broadcast", "alpha", 4, 8, 1.0}};
    static const spec_t b[] = {{"broadcast", "alpha", 4, 8, 1.0},
                               {"broadcast", "zeta", 4, 8, 1.0}};
    static const spec_t c[] = {{"broadcast", "zeta", 4, 8, 1.0},
                               {"broadcast", "alpha", 4, 8, 1.0 + 1e-12}};
    static const spec_t d[] = {{"broadcast", "zeta", 4, 8, 1.0},
                               {"broadcast", "alpha", 4, 8, 1.000001}};
    const spec_t *sets[] = {a, b, c, d};
    const char *win[] = {"alpha", "alpha", "alpha", "zeta"};
    for (int k = 0; k < 4; k++) {
        ss_results_t r = rows_of(sets[k], 2);
        ss_tune_t t;
        assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
        assert_string_equal(win[k], t.tables[0].rules[0].algorithm);
        assert_string_equal(strcmp(win[k], "alpha") ? "alpha" : "zeta",
                            t.tables[0].rules[0].runner_up);
        ss_tune_free(&t);
        free(r.rows);
    }
}

/* A FAILED check never wins; a point measured twice counts with its
 * smaller time, and the runner-up is another algorithm. */
static void failed_and_duplicate_rows(void **state)
{
    (void)state;
    static const spec_t s[] = {{"reduce", "fast", 4, 8, 0.1},
                               {"reduce", "ring", 4, 8, 3.0},
                               {"reduce", "ring", 4, 8, 2.0},
                               {"reduce", "bruck", 4, 8, 2.5}};
    ss_results_t r = rows_of(s, 4);
    r.rows[0].checked = 0;
    ss_tune_t t;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_rule(&t.tables[0].rules[0], 4, SS_TUNE_PES_MAX, 0,
                SS_TUNE_BYTES_MAX, "ring", 2.0, "bruck", 2.5);
    assert_true(isnan(ss_tune_time(&t, "reduce", "fast", 4, 8)));
    ss_tune_free(&t);
    for (int i = 0; i < 4; i++)
        r.rows[i].checked = 0;
    assert_int_equal(-1, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_has(err, "failed its check");
    free(r.rows);
}

/* One table per machine: mixed platforms (or ppn) without a choice are an
 * error naming them; --platform picks one; an unknown one lists them. */
static void mixed_platforms(void **state)
{
    (void)state;
    static const spec_t s[] = {{"fcollect", "ring", 4, 8, 1},
                               {"fcollect", "ring", 4, 8, 2},
                               {"fcollect", "bruck", 4, 8, 3}};
    ss_results_t r = rows_of(s, 3);
    ss_tune_t t;
    r.rows[1].platform = (char *)"b";
    r.rows[2].platform = (char *)"b";
    assert_int_equal(-1, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_has(err, "p (ppn 1, model m)");
    assert_has(err, "b (ppn 1, model m)");
    assert_has(err, "--platform");
    assert_int_equal(0, ss_tune_build(&r, "b", &t, err, sizeof err));
    assert_string_equal("b", t.platform);
    assert_rule(&t.tables[0].rules[0], 4, SS_TUNE_PES_MAX, 0,
                SS_TUNE_BYTES_MAX, "ring", 2, "bruck", 3);
    ss_tune_free(&t);
    assert_int_equal(-1, ss_tune_build(&r, "c", &t, err, sizeof err));
    assert_has(err, "no rows for platform 'c'");
    assert_has(err, "b (ppn 1");
    r.rows[2].ppn = 2;                               /* b at two ppn */
    assert_int_equal(-1, ss_tune_build(&r, "b", &t, err, sizeof err));
    assert_has(err, "b (ppn 2, model m)");
    free(r.rows);
}

static void bad_input(void **state)
{
    (void)state;
    ss_results_t none = {NULL, 0};
    ss_tune_t t;
    assert_int_equal(-1, ss_tune_build(&none, NULL, &t, err, sizeof err));
    assert_has(err, "no rows");
    static const spec_t s[] = {{"gather", "linear", 4, 8, 1}};
    ss_results_t r = rows_of(s, 1);
    assert_int_equal(-1, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_has(err, "'gather'");
    free(r.rows);
}

static void formats_table(void **state)
{
    (void)state;
    const char *want[] = {"ompi-mca", "ompi-rules", "ucc", "sos"};
    size_t n = 0;
    for (const ss_tune_format_t *f = ss_tune_formats; f->name; f++, n++) {
        assert_true(n < 4);
        assert_string_equal(want[n], f->name);
        assert_non_null(f->desc);
        assert_non_null(f->write);
    }
    assert_int_equal(4, n);
}

/* ---- exporters -------------------------------------------------------- */

static char *slurp(FILE *f)
{
    char *buf = simtest_slurp(f);
    assert_non_null(buf);
    return buf;
}

/* Runs an exporter; returns its rc, the file in *text, notes in *notes. */
static int export(ss_tune_export_fn fn, const spec_t *s, size_t n, int target,
                  char **text, char **notes)
{
    ss_results_t r = rows_of(s, n);
    ss_tune_t t;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    t.target_pes = target;
    FILE *out = tmpfile(), *note = tmpfile();
    assert_non_null(out);
    assert_non_null(note);
    int rc = fn(out, note, &t, err, sizeof err);
    *text = slurp(out);
    *notes = slurp(note);
    ss_tune_free(&t);
    free(r.rows);
    return rc;
}

/* fcollect at 4 PEs: bruck below 1 KiB per PE, ring from it; at 16 PEs
 * linear wins 8 B (UCC has no root-based allgather: bruck, the best that
 * maps, takes it) and ring 1 KiB. UCC sizes allgather by the total:
 * 1 KiB x 4 = 4K, 1 KiB x 16 = 16K. broadcast: binomial (UCC knomial at
 * radix 2) up to 64 KiB; scatter_allgather wins from it but UCC's
 * sag_knomial is not ours, so binomial (5 against 3: +66.7%) stays, and
 * the same at 4 and 16 PEs makes one team range [4-inf]. reduce at 4 PEs:
 * only linear was measured at 8 B (no UCC equivalent, left to UCC's
 * default), and rabenseifner (sra_knomial at radix 2) wins 1 MiB. */
static const spec_t ucc_rows[] = {
    {"fcollect", "bruck", 4, 8, 1}, {"fcollect", "ring", 4, 8, 2},
    {"fcollect", "bruck", 4, 1024, 5}, {"fcollect", "ring", 4, 1024, 4},
    {"fcollect", "linear", 16, 8, 1}, {"fcollect", "bruck", 16, 8, 2},
    {"fcollect", "ring", 16, 8, 3}, {"fcollect", "linear", 16, 1024, 9},
    {"fcollect", "bruck", 16, 1024, 8}, {"fcollect", "ring", 16, 1024, 6},
    {"broadcast", "binomial", 4, 8, 1},
    {"broadcast", "scatter_allgather", 4, 8, 2},
    {"broadcast", "binomial", 4, 65536, 5},
    {"broadcast", "scatter_allgather", 4, 65536, 3},
    {"broadcast", "binomial", 16, 8, 1},
    {"broadcast", "scatter_allgather", 16, 8, 2},
    {"broadcast", "binomial", 16, 65536, 5},
    {"broadcast", "scatter_allgather", 16, 65536, 3},
    {"reduce", "linear", 4, 8, 1}, {"reduce", "rabenseifner", 4, 1048576, 1},
    {"reduce", "linear", 4, 1048576, 2},
};

static void ucc_string(void **state)
{
    (void)state;
    char *text, *notes;
    assert_int_equal(0, export(ss_export_ucc, ucc_rows, sizeof ucc_rows /
                               sizeof *ucc_rows, 0, &text, &notes));
    assert_has(text, "\nUCC_TL_UCP_TUNE="
               "allgather:host:0-4K:[4-15]:@bruck#"
               "allgather:host:4K-inf:[4-15]:@ring#"
               "allgather:host:0-16K:[16-inf]:@bruck#"
               "allgather:host:16K-inf:[16-inf]:@ring#"
               "bcast:host:0-inf:[4-inf]:@knomial#"
               "allreduce:host:1M-inf:[4-inf]:@sra_knomial\n");
    assert_has(text, "\nUCC_TL_UCP_BCAST_KN_RADIX=2\n");
    assert_has(text, "\nUCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX=2\n");
    assert_lacks(text, "\nUCC_TL_UCP_ALLGATHER_KN_RADIX=");
    assert_has(text, "oshrun --mca scoll_ucc_enable 1 -x UCC_TL_UCP_TUNE -x "
               "UCC_TL_UCP_BCAST_KN_RADIX -x UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX");
    /* comments and the three variables, nothing else */
    for (const char *l = text; *l; l = strchr(l, '\n') + 1)
        if (*l != '#')
            assert_true(!strncmp(l, "UCC_TL_UCP_TUNE=", 16) ||
                        !strncmp(l, "UCC_TL_UCP_BCAST_KN_RADIX=2\n", 28) ||
                        !strncmp(l, "UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX=2\n", 36));
    assert_has(text, "#   linear               (none)");
    assert_has(notes, "fcollect at 16 PEs, 8 B: linear wins; no UCC "
               "equivalent; given up for bruck (our bruck, up to +100.0% and ");
    assert_has(notes, "broadcast at 4 PEs, 64 KiB: scatter_allgather wins; no "
               "UCC equivalent; given up for knomial (our binomial, up to "
               "+66.7% and ");
    assert_has(notes, "reduce at 4 PEs, 8 B: linear wins; no UCC equivalent; "
               "nothing measured there can be set");
    assert_has(text, "#   fcollect at 16 PEs, 8 B: linear wins");
    free(text);
    free(notes);
    static const spec_t none[] = {{"broadcast", "kary", 4, 8, 1}};
    assert_int_equal(-1, export(ss_export_ucc, none, 1, 0, &text, &notes));
    assert_has(err, "none of the measured algorithms has a UCC equivalent");
    free(text);
    free(notes);
}

/* node_aware wins reduce at 16 PEs, 1 MiB (2 against rabenseifner's 4)
 * and nowhere else. UCC_TL_UCP_TUNE keeps the flat best, sra_knomial
 * (rabenseifner at radix 2), at every cell: the same at 4 and 16 PEs, one
 * team range [4-inf]. UCC_CL_HIER_TUNE writes CL/HIER's node-aware
 * allreduce, rab, for 1M-inf at the team range of 16 PEs, and score 0
 * (CL/HIER off) at every other size of the measured teams and for bcast,
 * whose default CL/HIER range (0-4K) would else displace TL/UCP's
 * knomial; rab needs UCC 1.1.0 (sra_knomial and knomial 1.0.0). */
static const spec_t hier_rows[] = {
    {"broadcast", "binomial", 16, 8, 1}, {"broadcast", "node_aware", 16, 8, 3},
    {"reduce", "rabenseifner", 4, 8, 1}, {"reduce", "node_aware", 4, 8, 2},
    {"reduce", "rabenseifner", 4, 1048576, 1},
    {"reduce", "node_aware", 4, 1048576, 2},
    {"reduce", "rabenseifner", 16, 8, 1}, {"reduce", "node_aware", 16, 8, 2},
    {"reduce", "rabenseifner", 16, 1048576, 4},
    {"reduce", "node_aware", 16, 1048576, 2},
};

static void ucc_cl_hier(void **state)
{
    (void)state;
    char *text, *notes;
    assert_int_equal(0, export(ss_export_ucc, hier_rows, sizeof hier_rows /
                               sizeof *hier_rows, 0, &text, &notes));
    assert_has(text, "\nUCC_TL_UCP_TUNE="
               "bcast:host:0-inf:[16-inf]:@knomial#"
               "allreduce:host:0-inf:[4-inf]:@sra_knomial\n");
    assert_has(text, "\nUCC_CLS=basic,hier\n");
    assert_has(text, "\nUCC_CL_HIER_TUNE="
               "bcast:host:0-inf:[16-inf]:0#"
               "allreduce:host:0-inf:[4-15]:0#"
               "allreduce:host:0-1M:[16-inf]:0#"
               "allreduce:host:1M-inf:[16-inf]:@rab\n");
    assert_has(text, "-x UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX -x UCC_CLS -x "
               "UCC_CL_HIER_TUNE ...\n");
    assert_has(text, "# Needs UCC 1.1.0 or later");
    assert_has(text, "#   node_aware           rab          CL/HIER: ");
    /* no variable names node_aware, and CL/HIER's cells are not given up */
    for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
        const char *h = strstr(l, "node_aware");
        if (*l != '#' && h && h < strchr(l, '\n'))
            fail_msg("a variable names node_aware: %.*s",
                     (int)(strchr(l, '\n') - l), l);
    }
    assert_lacks(text, ": node_aware wins;");
    assert_lacks(notes, ": node_aware wins;");
    free(text);
    free(notes);
    /* the plan (what --check re-simulates) runs node_aware there */
    ss_results_t r = rows_of(hier_rows, sizeof hier_rows / sizeof *hier_rows);
    ss_tune_t t;
    ss_tune_plan_t p;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    assert_int_equal(0, ss_plan_ucc(&t, &p, err, sizeof err));
    int seen = 0;
    for (size_t i = 0; i < p.n; i++) {
        const ss_tune_cell_t *x = &p.cells[i];
        int hier = !strcmp(x->collective, "reduce") && x->pes == 16 &&
                   x->bytes == 1048576;
        seen += hier;
        assert_string_equal(hier ? "node_aware" : strcmp(x->collective,
                            "reduce") ? "binomial" : "rabenseifner", x->runs);
        assert_string_equal(hier ? "rab" : strcmp(x->collective, "reduce")
                            ? "knomial" : "sra_knomial", x->value);
    }
    assert_int_equal(1, seen);
    ss_tune_plan_free(&p);
    ss_tune_free(&t);
    free(r.rows);
}

/* node_aware measured but never the best: the file is the one written
 * without its rows, byte for byte (no UCC_CLS, no UCC_CL_HIER_TUNE). */
static void ucc_cl_hier_loses(void **state)
{
    (void)state;
    enum { N = sizeof ucc_rows / sizeof *ucc_rows };
    spec_t rows[N + 3];
    char *with, *without, *n1, *n2;
    memcpy(rows, ucc_rows, sizeof ucc_rows);
    rows[N] = (spec_t){"reduce", "node_aware", 4, 1048576, 3};
    rows[N + 1] = (spec_t){"broadcast", "node_aware", 16, 8, 9};
    rows[N + 2] = (spec_t){"fcollect", "node_aware", 4, 8, 9};
    assert_int_equal(0, export(ss_export_ucc, ucc_rows, N, 0, &without, &n1));
    assert_int_equal(0, export(ss_export_ucc, rows, N + 3, 0, &with, &n2));
    assert_string_equal(without, with);
    assert_string_equal(n1, n2);
    assert_lacks(with, "UCC_CLS");
    assert_lacks(with, "UCC_CL_HIER_TUNE=");
    free(with);
    free(without);
    free(n1);
    free(n2);
}

/* Tuned at the largest PE count measured, 16. broadcast: binomial beats
 * linear, so SOS's tree at SHMEM_COLL_RADIX=2. reduce: recursive_doubling
 * (recdbl) wins 8 B and 1 KiB, ring 64 KiB and 1 MiB, each 2x the other
 * where it loses: a tie in summed loss, kept by recdbl (listed first);
 * the size crossover is not written (SOS consults it under auto only, and
 * auto with a transport atomic runs linear/tree). fcollect:
 * recursive_doubling wins at 12 and 16 PEs; SOS runs recdbl only at
 * powers of two, so tuned for 12 PEs ring runs instead. collect has no
 * SOS choice and stays unset. */
static const spec_t sos_rows[] = {
    {"broadcast", "linear", 2, 8, 1}, {"broadcast", "binomial", 2, 8, 2},
    {"broadcast", "linear", 2, 1024, 1}, {"broadcast", "binomial", 2, 1024, 2},
    {"broadcast", "linear", 4, 8, 1}, {"broadcast", "binomial", 4, 8, 2},
    {"broadcast", "linear", 4, 1024, 1}, {"broadcast", "binomial", 4, 1024, 2},
    {"broadcast", "linear", 8, 8, 2}, {"broadcast", "binomial", 8, 8, 1},
    {"broadcast", "linear", 8, 1024, 2}, {"broadcast", "binomial", 8, 1024, 1},
    {"broadcast", "linear", 16, 8, 2}, {"broadcast", "binomial", 16, 8, 1},
    {"reduce", "recursive_doubling", 16, 8, 1}, {"reduce", "ring", 16, 8, 2},
    {"reduce", "recursive_doubling", 16, 1024, 1},
    {"reduce", "ring", 16, 1024, 2},
    {"reduce", "recursive_doubling", 16, 65536, 2},
    {"reduce", "ring", 16, 65536, 1},
    {"reduce", "recursive_doubling", 16, 1048576, 2},
    {"reduce", "ring", 16, 1048576, 1},
    {"fcollect", "recursive_doubling", 12, 8, 1},
    {"fcollect", "ring", 12, 8, 2},
    {"fcollect", "recursive_doubling", 16, 8, 1},
    {"fcollect", "ring", 16, 8, 2},
    {"collect", "ring", 16, 8, 1},
};

static void sos_settings(void **state)
{
    (void)state;
    const size_t n = sizeof sos_rows / sizeof *sos_rows;
    char *text, *notes;
    assert_int_equal(0, export(ss_export_sos, sos_rows, n, 0, &text, &notes));
    assert_has(text, "\nSHMEM_FCOLLECT_ALGORITHM=recdbl\n");
    assert_has(text, "\nSHMEM_BCAST_ALGORITHM=tree\n");
    assert_has(text, "\nSHMEM_REDUCE_ALGORITHM=recdbl\n");
    assert_lacks(text, "\nSHMEM_COLL_CROSSOVER=");
    assert_lacks(text, "\nSHMEM_COLL_SIZE_CROSSOVER=");
    assert_lacks(text, "\nSHMEM_COLLECT_ALGORITHM=");
    assert_has(text, "\nSHMEM_COLL_RADIX=2\n");   /* binomial won at 16 */
    assert_has(notes, "reduce at 16 PEs, 64 KiB to 1 MiB: ring wins; SOS holds "
               "one algorithm per collective");
    free(text);
    free(notes);
    for (int target = 12; target <= 13; target++) {    /* 13: rules of 12 */
        assert_int_equal(0, export(ss_export_sos, sos_rows, n, target, &text,
                                   &notes));
        assert_has(text, "\nSHMEM_FCOLLECT_ALGORITHM=ring\n");
        assert_has(notes, "fcollect at 12 PEs, 8 B: recursive_doubling wins; "
                   "SOS runs recdbl at powers of two only; given up for ring");
        free(text);
        free(notes);
    }
    assert_int_equal(-1, export(ss_export_sos, sos_rows, n, 1, &text, &notes));
    assert_has(err, "--pes 1 is below the smallest PE count measured");
    free(text);
    free(notes);
    /* at 8 PEs reduce (measured at 16 only) is left out, with a note */
    assert_int_equal(0, export(ss_export_sos, sos_rows, n, 8, &text, &notes));
    assert_lacks(text, "\nSHMEM_REDUCE_ALGORITHM=");
    assert_has(notes, "reduce was measured from 16 PEs only, above the PE count tuned for");
    free(text);
    free(notes);
}

/* SHMEM_COLL_RADIX follows the --radix a winning k-nomial ran with, and
 * stays at SOS's default when no tree wins. */
static void sos_radix(void **state)
{
    (void)state;
    static const spec_t s[] = {
        {"broadcast", "linear", 8, 8, 2}, {"broadcast", "knomial", 8, 8, 1},
    };
    ss_results_t r = rows_of(s, 2);
    r.rows[1].radix = 8;
    ss_tune_t t;
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    FILE *out = tmpfile();
    assert_non_null(out);
    assert_int_equal(0, ss_export_sos(out, NULL, &t, err, sizeof err));
    char *text = slurp(out);
    assert_has(text, "\nSHMEM_BCAST_ALGORITHM=tree\n");
    assert_has(text, "\nSHMEM_COLL_RADIX=8\n");
    free(text);
    ss_tune_free(&t);
    r.rows[1].time_s = 3;                  /* now linear wins: no tree */
    assert_int_equal(0, ss_tune_build(&r, NULL, &t, err, sizeof err));
    out = tmpfile();
    assert_non_null(out);
    assert_int_equal(0, ss_export_sos(out, NULL, &t, err, sizeof err));
    text = slurp(out);
    assert_lacks(text, "\nSHMEM_COLL_RADIX=");
    assert_has(text, "# SHMEM_COLL_RADIX left at its default (4)");
    free(text);
    ss_tune_free(&t);
    free(r.rows);
}

/* Without a linear-then-tree pattern the broadcast gets one value and the
 * crossover stays at SOS's default; without recdbl-then-ring, so does the
 * size crossover. */
static void sos_without_crossovers(void **state)
{
    (void)state;
    static const spec_t s[] = {
        {"broadcast", "linear", 4, 8, 2}, {"broadcast", "kary", 4, 8, 1},
        {"broadcast", "linear", 8, 8, 1}, {"broadcast", "kary", 8, 8, 2},
        {"reduce", "ring", 8, 8, 1}, {"reduce", "linear", 8, 8, 2},
    };
    char *text, *notes;
    assert_int_equal(0, export(ss_export_sos, s, 6, 0, &text, &notes));
    assert_has(text, "\nSHMEM_BCAST_ALGORITHM=linear\n");
    assert_has(text, "\nSHMEM_REDUCE_ALGORITHM=ring\n");
    assert_lacks(text, "\nSHMEM_COLL_CROSSOVER=");
    assert_lacks(text, "\nSHMEM_COLL_SIZE_CROSSOVER=");
    free(text);
    free(notes);
}

/* Rows of shmemsim scale: a rule resting on a fitted time says so, and so
 * does one whose winner's interval overlaps the runner-up's. */
static void fitted_rules_and_overlap(void **state)
{
    (void)state;
    ss_result_t rows[] = {
        {"fcollect", "a", 64, 8, 1.0, NAN, 1, "m", "p", -1, 0, 0, 0, NAN, NAN},
        {"fcollect", "b", 64, 8, 2.0, NAN, 1, "m", "p", -1, 0, 0, 0, NAN, NAN},
        {"fcollect", "a", 4096, 8, 3.0, NAN, 1, "m", "p", -1, 0, 0, 1, 2.0, 4.5},
        {"fcollect", "b", 4096, 8, 4.0, NAN, 1, "m", "p", -1, 0, 0, 1, 3.5, 5.0},
        {"fcollect", "a", 65536, 8, 5.0, NAN, 1, "m", "p", -1, 0, 0, 1, 4.0, 6.0},
        {"fcollect", "b", 65536, 8, 9.0, NAN, 1, "m", "p", -1, 0, 0, 1, 8.0, 10.0},
    };
    ss_results_t r = {rows, 6};
    ss_tune_t t;
    assert_int_equal(ss_tune_build(&r, NULL, &t, err, sizeof err), 0);
    const ss_tune_table_t *tab = ss_tune_find(&t, "fcollect");
    assert_non_null(tab);
    assert_int_equal(tab->n, 3);
    assert_false(tab->rules[0].fitted);
    assert_false(tab->rules[0].overlap);
    assert_true(tab->rules[1].fitted);
    assert_true(tab->rules[1].overlap);     /* b's 3.5 is below a's 4.5 */
    assert_true(tab->rules[2].fitted);
    assert_false(tab->rules[2].overlap);    /* 8.0 is above 6.0 */
    ss_tune_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules_and_crossovers),
        cmocka_unit_test(fitted_rules_and_overlap),
        cmocka_unit_test(lookups),
        cmocka_unit_test(ties_are_deterministic),
        cmocka_unit_test(failed_and_duplicate_rows),
        cmocka_unit_test(mixed_platforms),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(formats_table),
        cmocka_unit_test(ucc_string),
        cmocka_unit_test(ucc_cl_hier),
        cmocka_unit_test(ucc_cl_hier_loses),
        cmocka_unit_test(sos_settings),
        cmocka_unit_test(sos_without_crossovers),
        cmocka_unit_test(sos_radix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
