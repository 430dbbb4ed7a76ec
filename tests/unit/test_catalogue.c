/* test_catalogue.c - every table keyed by the catalogue
 * (algorithms/catalogue.h) has a row for every algorithm of it.
 *
 * The export maps are arrays indexed by the catalogue's enums, so a row
 * left out is a zero row, not a compile error: each check here walks one
 * table over every (collective, algorithm) and names what is missing,
 * and tests/CMakeLists.txt runs each as a test of its own
 * (catalogue_<table>), so a missing row fails exactly one. The output
 * formats' names, a table keyed by ss_format_t, are walked the same way.
 * The registries (made of the catalogue: a missing file fails to link),
 * the closed forms and the cost estimates (switches: a missing case fails
 * to compile, -Werror=switch) cannot lose a row without breaking the
 * build; they are walked here for what the build does not see (a row out
 * of order, a form or count that is not finite).
 *
 * test_catalogue TABLE runs that table's check; no argument runs all.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "simtest.h"
#include "predict.h"
#include "shcoll.h"
#include "simcost.h"
#include "summary.h"
#include "tune.h"

#define EACH_ALG(k, a)                                                      \
    for (int k = 0; k < SHCOLL_NKINDS; k++)                                 \
        for (int a = 0; a < shcoll_nalgs((shcoll_kind_t)k); a++)

static const char *kind_of(int k)
{
    return shcoll_kind_name((shcoll_kind_t)k);
}

static const char *alg_of(int k, int a)
{
    return shcoll_entry((shcoll_kind_t)k, a)->name;
}

/* The registries are the catalogue's rows, in its order, with the
 * functions the row's shape asks for. */
static void test_registry(void **state)
{
    (void)state;
    EACH_ALG(k, a) {
        const shcoll_alg_t *r = &shcoll_registry((shcoll_kind_t)k)[a];
        const shcoll_entry_t *e = shcoll_entry((shcoll_kind_t)k, a);
        if (!r->name || strcmp(r->name, e->name) || !r->run ||
            !r->psync_words || !r->work_bytes)
            fail_msg("registry: %s %s is not the catalogue's row %d",
                     kind_of(k), e->name, a);
        if (!r->nsteps != (e->shape != SHCOLL_SHAPE_STEPS))
            fail_msg("registry: %s %s has %s nsteps but shape %d", kind_of(k),
                     e->name, r->nsteps ? "an" : "no", e->shape);
    }
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        assert_null(shcoll_registry((shcoll_kind_t)k)[shcoll_nalgs(
            (shcoll_kind_t)k)].name);
}

/* models/predict_<kind>.c: the closed form of every algorithm is finite
 * on 8 PEs of a plain alpha-beta network. */
static void test_predict(void **state)
{
    (void)state;
    ss_ab_t ab = {.alpha = 1e-6, .beta = 1e-9, .gamma = 1e-10};
    size_t sizes[8] = {8, 0, 16, 8, 24, 8, 8, 64};
    EACH_ALG(k, a) {
        ss_pred_in_t in = {8, 64, k == SHCOLL_COLLECT ? sizes : NULL, 8, 0, 0, 0,
                          NULL};
        if (!ss_pred_form((shcoll_kind_t)k, a))
            fail_msg("predict: no closed form for %s %s (models/predict_%s.c)",
                     kind_of(k), alg_of(k, a), kind_of(k));
        double t = ss_predict(kind_of(k), alg_of(k, a), &ab, &in);
        if (!(t > 0 && isfinite(t)))
            fail_msg("predict: %s %s gives %g s at 8 PEs", kind_of(k),
                     alg_of(k, a), t);
    }
}

/* models/simcost.c: a message count for every algorithm. */
static void test_simcost(void **state)
{
    (void)state;
    EACH_ALG(k, a) {
        double m = ss_simcost_messages(kind_of(k), alg_of(k, a), 8, 1, 64, 0, 0);
        if (!(m > 0 && isfinite(m)))
            fail_msg("simcost: %s %s has %g messages at 8 PEs "
                     "(models/simcost.c)", kind_of(k), alg_of(k, a), m);
    }
}

/* One runtime's map (traces/export_<format>.c): for every algorithm the
 * runtime's name for it or the reason it has none, never neither. */
static void check_map(const char *format, const char *file)
{
    const ss_tune_format_t *f = ss_tune_formats;
    while (f->name && strcmp(f->name, format))
        f++;
    assert_non_null(f->name);
    EACH_ALG(k, a) {
        const char *why = NULL, *name = f->map((shcoll_kind_t)k, a, &why);
        if (!name == !why)
            fail_msg("%s: %s %s has %s (traces/export_%s.c)", format,
                     kind_of(k), alg_of(k, a),
                     name ? "a name and a reason" : "no row", file);
    }
}

/* state: {format, its file's name}. */
static void test_export(void **state)
{
    const char *const *f = *state;
    check_map(f[0], f[1]);
}

/* ss_tune_radix_of and result rows name an algorithm without its
 * collective: a name must mean the same radix wherever it occurs. */
static void test_names(void **state)
{
    (void)state;
    EACH_ALG(k, a) {
        const shcoll_entry_t *e = shcoll_entry((shcoll_kind_t)k, a);
        for (int j = 0; j < k; j++) {
            const shcoll_entry_t *o =
                shcoll_entry((shcoll_kind_t)j, shcoll_alg_of((shcoll_kind_t)j,
                                                             e->name));
            if (o && (o->radix != e->radix ||
                      (o->shape == SHCOLL_SHAPE_KNOMIAL2) !=
                          (e->shape == SHCOLL_SHAPE_KNOMIAL2)))
                fail_msg("names: %s means radix %d in %s and %d in %s",
                         e->name, o->radix, kind_of(j), e->radix, kind_of(k));
        }
        assert_int_equal(shcoll_alg_of((shcoll_kind_t)k, e->name), a);
    }
}

/* traces/summary.c: every output format has its --format name (a row
 * left out would end the list early: ss_match_choice stops at NULL). */
static void test_formats(void **state)
{
    (void)state;
    for (int f = 0; f < SS_NFORMATS; f++) {
        if (!ss_format_names[f])
            fail_msg("formats: format %d has no name (traces/summary.c)", f);
        for (int g = 0; g < f; g++)
            assert_string_not_equal(ss_format_names[f], ss_format_names[g]);
    }
    assert_null(ss_format_names[SS_NFORMATS]);
}

/* test_export_FILE, over the map of --format FORMAT. */
#define EXPORT_TEST(file, format)                                           \
    {"test_export_" #file, test_export, NULL, NULL,                         \
     (void *)(const char *const[]){format, #file}}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_predict),
        cmocka_unit_test(test_simcost),
        EXPORT_TEST(ompi_mca, "ompi-mca"),
        EXPORT_TEST(ompi_rules, "ompi-rules"),
        EXPORT_TEST(ucc, "ucc"),
        EXPORT_TEST(sos, "sos"),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_formats),
    };
    char name[64] = "";
    if (argc > 1) {
        snprintf(name, sizeof name, "test_%s", argv[1]);
        size_t i = 0;
        while (i < sizeof tests / sizeof *tests && strcmp(tests[i].name, name))
            i++;
        if (i == sizeof tests / sizeof *tests) {   /* a filter of nothing passes */
            fprintf(stderr, "test_catalogue: no table '%s'\n", argv[1]);
            return 2;
        }
        cmocka_set_test_filter(name);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
