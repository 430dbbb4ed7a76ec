/* test_export_ompi.c - cmocka tests for traces/tune/export_ompi_mca.c and
 * traces/tune/export_ompi_rules.c, on a tuning table built by hand from a few
 * measured rows whose winners, fallbacks and crossovers are worked out in
 * the comments below. The rules file is read back the way Open MPI 4.1's
 * coll_tuned reads it (numbers, '#' to end of line) and looked up the way
 * coll_tuned looks up, so the test checks what Open MPI would run, not
 * only the text. tests/oshmem/tune_verbose.sh checks it on the real one.
 */
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

#include "shcoll.h"
#include "tune.h"
#include "simtest.h"

#define ROW(c, a, p, b, t) { c, a, p, b, t, NAN, 1, "alpha-beta", "p.xml", 1, 0, 0, 0, NAN, NAN }

/* Times in seconds (units do not matter). Worked out per collective:
 * broadcast, 4 PEs: binomial fastest at 8 B and 1 KiB, linear at 64 KiB.
 *   16 PEs: kary at 8 B (no equivalent anywhere: binomial 1.2 is the
 *   fastest that maps), binomial at 1 KiB, pipelined_chain at 64 KiB (no
 *   scoll basic equivalent: binomial 9 beats linear 20).
 * fcollect, 4 PEs: recursive_doubling at 8 B, ring at 4 KiB.
 *   16 PEs: direct at 8 B (no equivalent: in coll_tuned bruck 0.8 is the
 *   fastest that maps, in scoll basic recursive_doubling 1.0), ring at
 *   4 KiB.
 * reduce, 8 PEs: recursive_doubling at 8 B, rabenseifner at 1 MiB (no
 *   scoll basic equivalent: recursive_doubling 30 beats binomial 40).
 * collect, 4 PEs: ring. */
static ss_result_t rows[] = {
    ROW("broadcast", "binomial", 4, 8, 1.0),
    ROW("broadcast", "linear", 4, 8, 1.5),
    ROW("broadcast", "kary", 4, 8, 2.0),
    ROW("broadcast", "binomial", 4, 1024, 2.0),
    ROW("broadcast", "linear", 4, 1024, 2.5),
    ROW("broadcast", "kary", 4, 1024, 3.0),
    ROW("broadcast", "binomial", 4, 65536, 40.0),
    ROW("broadcast", "linear", 4, 65536, 8.0),
    ROW("broadcast", "kary", 4, 65536, 12.0),
    ROW("broadcast", "kary", 16, 8, 1.0),
    ROW("broadcast", "binomial", 16, 8, 1.2),
    ROW("broadcast", "linear", 16, 8, 3.0),
    ROW("broadcast", "binomial", 16, 1024, 2.0),
    ROW("broadcast", "linear", 16, 1024, 4.0),
    ROW("broadcast", "kary", 16, 1024, 2.5),
    ROW("broadcast", "pipelined_chain", 16, 65536, 5.0),
    ROW("broadcast", "binomial", 16, 65536, 9.0),
    ROW("broadcast", "linear", 16, 65536, 20.0),
    ROW("broadcast", "kary", 16, 65536, 11.0),
    ROW("fcollect", "recursive_doubling", 4, 8, 1.0),
    ROW("fcollect", "ring", 4, 8, 1.5),
    ROW("fcollect", "direct", 4, 8, 2.0),
    ROW("fcollect", "ring", 4, 4096, 3.0),
    ROW("fcollect", "recursive_doubling", 4, 4096, 4.0),
    ROW("fcollect", "direct", 4, 4096, 5.0),
    ROW("fcollect", "direct", 16, 8, 0.5),
    ROW("fcollect", "bruck", 16, 8, 0.8),
    ROW("fcollect", "recursive_doubling", 16, 8, 1.0),
    ROW("fcollect", "ring", 16, 8, 2.0),
    ROW("fcollect", "ring", 16, 4096, 6.0),
    ROW("fcollect", "direct", 16, 4096, 7.0),
    ROW("fcollect", "recursive_doubling", 16, 4096, 9.0),
    ROW("fcollect", "bruck", 16, 4096, 10.0),
    ROW("reduce", "recursive_doubling", 8, 8, 1.0),
    ROW("reduce", "binomial", 8, 8, 1.2),
    ROW("reduce", "rabenseifner", 8, 8, 3.0),
    ROW("reduce", "ring", 8, 8, 5.0),
    ROW("reduce", "rabenseifner", 8, 1048576, 10.0),
    ROW("reduce", "ring", 8, 1048576, 12.0),
    ROW("reduce", "recursive_doubling", 8, 1048576, 30.0),
    ROW("reduce", "binomial", 8, 1048576, 40.0),
    ROW("collect", "ring", 4, 8, 1.0),
    ROW("collect", "linear", 4, 8, 2.0),
    /* another platform: must be ignored */
    { "broadcast", "linear", 16, 8, 1e-9, NAN, 1, "alpha-beta", "q.xml", 1, 0, 0, 0, NAN, NAN },
};

#define M SS_TUNE_BYTES_MAX
#define P SS_TUNE_PES_MAX
static ss_tune_rule_t fcollect_rules[] = {
    { 4, 15, 0, 4095, "recursive_doubling", 1.0, 1.5, NULL, 0, 0, 0 },
    { 4, 15, 4096, M, "ring", 3.0, 4.0, NULL, 0, 0, 0 },
    { 16, P, 0, 4095, "direct", 0.5, 0.8, NULL, 0, 0, 0 },
    { 16, P, 4096, M, "ring", 6.0, 7.0, NULL, 0, 0, 0 },
};
static ss_tune_rule_t collect_rules[] = {
    { 4, P, 0, M, "ring", 1.0, 2.0, NULL, 0, 0, 0 },
};
static ss_tune_rule_t broadcast_rules[] = {
    { 4, 15, 0, 65535, "binomial", 1.0, 1.5, NULL, 0, 0, 0 },
    { 4, 15, 65536, M, "linear", 8.0, 12.0, NULL, 0, 0, 0 },
    { 16, P, 0, 1023, "kary", 1.0, 1.2, NULL, 0, 0, 0 },
    { 16, P, 1024, 65535, "binomial", 2.0, 2.5, NULL, 0, 0, 0 },
    { 16, P, 65536, M, "pipelined_chain", 5.0, 9.0, NULL, 0, 0, 0 },
};
static ss_tune_rule_t reduce_rules[] = {
    { 8, P, 0, 1048575, "recursive_doubling", 1.0, 1.2, NULL, 0, 0, 0 },
    { 8, P, 1048576, M, "rabenseifner", 10.0, 12.0, NULL, 0, 0, 0 },
};
#define TAB(c, r) { c, r, sizeof r / sizeof r[0] }
static ss_tune_table_t tables[] = {
    TAB("fcollect", fcollect_rules), TAB("collect", collect_rules),
    TAB("broadcast", broadcast_rules), TAB("reduce", reduce_rules),
};
static ss_results_t results = { rows, sizeof rows / sizeof rows[0] };

static ss_tune_t make_tune(int target_pes)
{
    ss_tune_t t;
    memset(&t, 0, sizeof t);
    t.platform = "p.xml";
    t.model = "alpha-beta";
    t.ppn = 1;
    t.tables = tables;
    t.n = sizeof tables / sizeof tables[0];
    t.src = &results;
    t.target_pes = target_pes;
    return t;
}

static char *slurp(FILE *f)
{
    char *buf = simtest_slurp(f);
    assert_non_null(buf);
    return buf;
}

/* Runs an exporter; returns what it wrote, its notes in *notes. */
static char *run(ss_tune_export_fn fn, const ss_tune_t *t, char **notes)
{
    FILE *out = tmpfile(), *note = tmpfile();
    char err[256] = "";
    assert_non_null(out);
    assert_non_null(note);
    if (fn(out, note, t, err, sizeof err) != 0)
        fail_msg("exporter failed: %s", err);
    *notes = slurp(note);
    return slurp(out);
}

static void assert_has(const char *text, const char *needle)
{
    if (strstr(text, needle) == NULL)
        fail_msg("output lacks \"%s\":\n%s", needle, text);
}

static void assert_lacks(const char *text, const char *needle)
{
    if (strstr(text, needle) != NULL)
        fail_msg("output has \"%s\":\n%s", needle, text);
}

/* ---------------- a reader with coll_tuned 4.1's semantics ----------- */

typedef struct rmsg { long size, alg, fan, seg; } rmsg_t;
typedef struct rcomm { long size; int n; rmsg_t msg[16]; } rcomm_t;
typedef struct rcoll { long id; int n; rcomm_t comm[8]; } rcoll_t;

/* Next number, skipping whitespace and '#' comments. Stricter than Open
 * MPI (which skips any stray character): anything else fails the test. */
static long next_num(const char **p)
{
    for (;;) {
        while (isspace((unsigned char)**p))
            (*p)++;
        if (**p != '#')
            break;
        while (**p && **p != '\n')
            (*p)++;
    }
    if (!isdigit((unsigned char)**p))
        fail_msg("expected a number at: %.40s", *p);
    if (**p == '0' && isdigit((unsigned char)(*p)[1]))
        fail_msg("leading zero (read as octal by %%li) at: %.40s", *p);
    char *end;
    long v = strtol(*p, &end, 10);
    *p = end;
    return v;
}

static int parse_rules(const char *text, rcoll_t *colls)
{
    const char *p = text;
    int n = (int)next_num(&p);
    assert_true(n >= 1 && n <= 4);
    for (int i = 0; i < n; i++) {
        colls[i].id = next_num(&p);
        colls[i].n = (int)next_num(&p);
        assert_true(colls[i].n >= 1 && colls[i].n <= 8);
        for (int j = 0; j < colls[i].n; j++) {
            rcomm_t *c = &colls[i].comm[j];
            c->size = next_num(&p);
            c->n = (int)next_num(&p);
            assert_true(c->n >= 1 && c->n <= 16);
            if (j > 0)
                assert_true(c->size > colls[i].comm[j - 1].size);
            for (int k = 0; k < c->n; k++) {
                c->msg[k].size = next_num(&p);
                c->msg[k].alg = next_num(&p);
                c->msg[k].fan = next_num(&p);
                c->msg[k].seg = next_num(&p);
                if (k > 0)
                    assert_true(c->msg[k].size > c->msg[k - 1].size);
            }
        }
    }
    return n;
}

/* coll_tuned's lookup: last comm size <= comm (else the first), then the
 * last message size <= msg (else the first). */
static const rmsg_t *lookup(const rcoll_t *colls, int n, long id, long comm,
                            long msg)
{
    for (int i = 0; i < n; i++) {
        if (colls[i].id != id)
            continue;
        const rcomm_t *c = &colls[i].comm[0];
        for (int j = 1; j < colls[i].n; j++)
            if (colls[i].comm[j].size <= comm)
                c = &colls[i].comm[j];
        const rmsg_t *m = &c->msg[0];
        for (int k = 1; k < c->n; k++)
            if (c->msg[k].size <= msg)
                m = &c->msg[k];
        return m;
    }
    fail_msg("no rules for collective id %ld", id);
    return NULL;
}

/* ---------------- ompi-rules ---------------- */

enum { ALLGATHER = 0, ALLREDUCE = 2, BCAST = 7 };

static void test_rules_lookup(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    char *notes, *out = run(ss_export_ompi_rules, &t, &notes);
    rcoll_t c[4];
    int n = parse_rules(out, c);
    assert_int_equal(3, n);

    /* bcast: binomial 6 / linear 1 at 4-15 PEs, crossover 64 KiB. */
    assert_int_equal(6, lookup(c, n, BCAST, 4, 8)->alg);
    assert_int_equal(6, lookup(c, n, BCAST, 15, 65535)->alg);
    assert_int_equal(1, lookup(c, n, BCAST, 15, 65536)->alg);
    /* 16+: kary falls back to binomial; pipelined_chain is Open MPI's
     * pipeline (3) with our 8 KiB segment. */
    assert_int_equal(6, lookup(c, n, BCAST, 16, 8)->alg);
    const rmsg_t *pl = lookup(c, n, BCAST, 1000, 1 << 20);
    assert_int_equal(3, pl->alg);
    assert_int_equal(8192, pl->seg);
    /* Fewer PEs than measured: algorithm 0, Open MPI decides. */
    assert_int_equal(0, lookup(c, n, BCAST, 2, 65536)->alg);

    /* allgather sizes are totals: ring from 4096 B per PE is 16384 at 4
     * PEs and 65536 at 16. */
    assert_int_equal(3, lookup(c, n, ALLGATHER, 4, 16383)->alg);
    assert_int_equal(4, lookup(c, n, ALLGATHER, 4, 16384)->alg);
    /* 16 PEs, 1 KiB per PE = 16384 total: still the small-size rule,
     * where direct falls back to bruck (2), the fastest that maps. */
    assert_int_equal(2, lookup(c, n, ALLGATHER, 16, 16384)->alg);
    assert_int_equal(4, lookup(c, n, ALLGATHER, 16, 65536)->alg);

    /* allreduce: recursive doubling 3, rabenseifner 6 from 1 MiB. */
    assert_int_equal(3, lookup(c, n, ALLREDUCE, 8, 1048575)->alg);
    assert_int_equal(6, lookup(c, n, ALLREDUCE, 64, 1048576)->alg);
    free(out);
    free(notes);
}

static void test_rules_says_what_has_no_equivalent(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    char *notes, *out = run(ss_export_ompi_rules, &t, &notes);
    assert_has(out, "ours kary has no equivalent; binomial (ours binomial)");
    assert_has(out, "ours direct has no equivalent; bruck (ours bruck)");
    assert_has(out, "collect: ");
    /* One note per fallback, one for collect; exact mappings say none. */
    assert_has(notes, "broadcast at 16 PEs from 0 B: kary has no equivalent");
    assert_has(notes, "fcollect at 16 PEs from 0 B: direct has no equivalent");
    assert_has(notes, "collect is not exported");
    assert_lacks(notes, "pipelined_chain");
    assert_lacks(notes, "rabenseifner");
    int lines = 0;
    for (const char *p = notes; *p; p++)
        lines += *p == '\n';
    assert_int_equal(3, lines);
    free(out);
    free(notes);
}

/* Every algorithm in our registries is named in the legend, mapped or as
 * having no equivalent, so a new algorithm cannot go unmentioned. */
static void legend_names_all(const char *out, const char *legend_start,
                             const shcoll_alg_t *reg)
{
    const char *l = strstr(out, legend_start);
    assert_non_null(l);
    const char *e = strchr(l, '\n');
    for (; reg->name; reg++) {
        char word[64];
        snprintf(word, sizeof word, " %s", reg->name);
        const char *hit = strstr(l, word);
        if (!hit || hit > e)
            fail_msg("legend \"%.*s\" lacks %s", (int)(e - l), l, reg->name);
    }
}

static void test_legends_cover_registries(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    char *notes, *rules = run(ss_export_ompi_rules, &t, &notes);
    free(notes);
    char *mca = run(ss_export_ompi_mca, &t, &notes);
    free(notes);
    legend_names_all(rules, "# Ours -> allgather:", shcoll_fcollect_algs);
    legend_names_all(rules, "# Ours -> bcast:", shcoll_broadcast_algs);
    legend_names_all(rules, "# Ours -> allreduce:", shcoll_reduce_algs);
    legend_names_all(mca, "# Ours -> scoll_basic_collect_alg:",
                     shcoll_fcollect_algs);
    legend_names_all(mca, "# Ours -> scoll_basic_broadcast_alg:",
                     shcoll_broadcast_algs);
    legend_names_all(mca, "# Ours -> scoll_basic_reduce_alg:",
                     shcoll_reduce_algs);
    free(rules);
    free(mca);
}

/* ---------------- ompi-mca ---------------- */

/* At 16 PEs over 8 B, 1 KiB, 64 KiB the fastest are 1, 2, 5. binomial
 * (1.2, 2, 9) scores cbrt(1.2 * 1 * 1.8) = 1.29, linear (3, 4, 20)
 * cbrt(3 * 2 * 4) = 2.88: binomial, 1. fcollect at 16 PEs: recursive
 * doubling sqrt(2 * 1.5) = 1.73 beats ring sqrt(4 * 1) = 2: 2. reduce at
 * 8 PEs: recursive doubling sqrt(1 * 3) = 1.73 beats binomial (log, 4)
 * sqrt(1.2 * 4) = 2.19: 2. */
static void test_mca_largest_pes(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    char *notes, *out = run(ss_export_ompi_mca, &t, &notes);
    assert_has(out, "\nscoll = basic\n");
    assert_has(out, "\nscoll_basic_broadcast_alg = 1\n");
    assert_has(out, "\nscoll_basic_collect_alg = 2\n");
    assert_has(out, "\nscoll_basic_reduce_alg = 2\n");
    assert_has(out, "#   0 central counter: 2.884\n#   1 binomial: 1.293\n");
    assert_has(out, "#   2 recursive doubling: 1.732\n#   4 log: 2.191\n");
    /* Per-range decisions kept as comments, fallbacks named. */
    assert_has(out, "#   PEs 4-15, 65536+ B: linear -> 0\n");
    assert_has(out, "#   PEs 16+, 0-1023 B: kary has no equivalent; fastest "
                    "that has: binomial -> 1");
    assert_has(out, "#   PEs 8+, 1048576+ B: rabenseifner has no equivalent; "
                    "fastest that has: recursive_doubling -> 2");
    assert_has(notes, "ompi-mca: broadcast at 16 PEs from 65536 B: "
                      "pipelined_chain has no equivalent");
    assert_has(notes, "ompi-mca: collect has no parameter");
    /* No line other than comments and name = value. */
    for (const char *l = out; *l; l = strchr(l, '\n') + 1) {
        if (*l != '#' && *l != '\n' &&
            strncmp(l, "scoll", 5) != 0)
            fail_msg("stray line: %.60s", l);
        if (!strchr(l, '\n'))
            break;
    }
    free(out);
    free(notes);
}

/* At 4 PEs the fastest are 1, 2, 8: binomial (1, 1, 5) scores 1.71,
 * linear (1.5, 1.25, 1) 1.23: linear, 0. target 10 is in the 4-15 range. */
static void test_mca_target_pes(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(10);
    char *notes, *out = run(ss_export_ompi_mca, &t, &notes);
    assert_has(out, "# At 4 PEs over the 3 sizes");
    assert_has(out, "\nscoll_basic_broadcast_alg = 0\n");
    free(out);
    free(notes);
}

static void test_deterministic(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    ss_tune_export_fn fns[] = { ss_export_ompi_mca, ss_export_ompi_rules };
    for (int i = 0; i < 2; i++) {
        char *n1, *n2, *a = run(fns[i], &t, &n1), *b = run(fns[i], &t, &n2);
        assert_string_equal(a, b);
        assert_string_equal(n1, n2);
        free(a);
        free(b);
        free(n1);
        free(n2);
    }
}

/* A table with only collect: neither format has a place for it. */
/* node_aware wins every reduce cell: coll_han runs allreduce, the
 * comments say with which MCA parameters (coll_han_priority above
 * coll_tuned's 30; the other collectives OSHMEM calls back to tuned, 3),
 * and the rules still fall back to the fastest coll_tuned algorithm. When
 * it wins only some cells, or none, no coll_han line is written. */
static void test_rules_han(void **state)
{
    (void)state;
    ss_tune_rule_t all[] = {
        { 8, P, 0, 1048575, "node_aware", 0.5, 1.0, NULL, 0, 0, 0 },
        { 8, P, 1048576, M, "node_aware", 5.0, 10.0, NULL, 0, 0, 0 },
    };
    ss_tune_rule_t some[] = {
        { 8, P, 0, 1048575, "recursive_doubling", 1.0, 1.2, NULL, 0, 0, 0 },
        { 8, P, 1048576, M, "node_aware", 5.0, 10.0, NULL, 0, 0, 0 },
    };
    ss_tune_table_t tabs[sizeof tables / sizeof tables[0]];
    memcpy(tabs, tables, sizeof tables);
    ss_tune_t t = make_tune(0);
    t.tables = tabs;
    tabs[3] = (ss_tune_table_t)TAB("reduce", all);
    char *notes, *out = run(ss_export_ompi_rules, &t, &notes);
    assert_has(out, "\n# coll_han: node_aware wins every cell measured of "
               "allreduce.\n");
    assert_has(out, "\n#   --mca coll_han_priority 35  (default 0, below "
               "coll_tuned's 30)\n");
    assert_has(out, "\n#   --mca coll_han_barrier_dynamic_global_communicator"
               "_module 3\n#   --mca coll_han_bcast_dynamic_global_"
               "communicator_module 3\n#   --mca coll_han_allgather_dynamic_"
               "global_communicator_module 3\n#");
    assert_lacks(out, "coll_han_allreduce_dynamic");
    for (const char *l = out; *l; l = strchr(l, '\n') + 1)
        if (strstr(l, "coll_han") && strstr(l, "coll_han") < strchr(l, '\n'))
            assert_int_equal('#', *l);
    free(out);
    free(notes);
    tabs[3] = (ss_tune_table_t)TAB("reduce", some);
    out = run(ss_export_ompi_rules, &t, &notes);
    assert_lacks(out, "coll_han_priority");
    assert_has(notes, "node_aware wins some reduce cells, not all: coll_han "
               "not enabled");
    free(out);
    free(notes);
    t = make_tune(0);
    out = run(ss_export_ompi_rules, &t, &notes);
    assert_lacks(out, "coll_han");
    assert_lacks(notes, "coll_han");
    free(out);
    free(notes);
}

static void test_collect_only_is_an_error(void **state)
{
    (void)state;
    ss_tune_t t = make_tune(0);
    t.tables = &tables[1];
    t.n = 1;
    ss_tune_export_fn fns[] = { ss_export_ompi_mca, ss_export_ompi_rules };
    for (int i = 0; i < 2; i++) {
        FILE *out = tmpfile();
        char err[256] = "";
        assert_int_equal(-1, fns[i](out, NULL, &t, err, sizeof err));
        assert_has(err, "collect");
        assert_null(strchr(err, '\n'));
        fclose(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_lookup),
        cmocka_unit_test(test_rules_says_what_has_no_equivalent),
        cmocka_unit_test(test_legends_cover_registries),
        cmocka_unit_test(test_mca_largest_pes),
        cmocka_unit_test(test_mca_target_pes),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_collect_only_is_an_error),
        cmocka_unit_test(test_rules_han),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
