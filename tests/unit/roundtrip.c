/* roundtrip.c - see roundtrip.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "roundtrip.h"
#include "simtest.h"

void rt_load(rt_case_t *c, const char *name, ss_tune_export_fn fn,
             ss_tune_plan_fn plan)
{
    char path[1024], err[512] = "";
    snprintf(path, sizeof path, "%s/tests/tune/%s", SIMTEST_SOURCE_DIR, name);
    memset(c, 0, sizeof *c);
    if (ss_results_load(path, &c->res, err, sizeof err))
        fail_msg("%s: %s", path, err);
    if (ss_tune_build(&c->res, NULL, &c->tune, err, sizeof err))
        fail_msg("%s: %s", path, err);
    FILE *out = tmpfile();
    assert_non_null(out);
    if (fn(out, NULL, &c->tune, err, sizeof err))
        fail_msg("%s: export: %s", path, err);
    c->text = simtest_slurp(out);
    assert_non_null(c->text);
    if (plan(&c->tune, &c->plan, err, sizeof err))
        fail_msg("%s: plan: %s", path, err);
    assert_true(c->plan.n > 0);
}

void rt_free(rt_case_t *c)
{
    ss_tune_plan_free(&c->plan);
    ss_tune_free(&c->tune);
    ss_results_free(&c->res);
    free(c->text);
}

const char *rt_var(const char *text, const char *name)
{
    static char buf[8192];
    size_t len = strlen(name);
    for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l)
        if (!strncmp(l, name, len) && l[len] == '=') {
            size_t v = strcspn(l + len + 1, "\n");
            assert_true(v < sizeof buf);
            memcpy(buf, l + len + 1, v);
            buf[v] = '\0';
            return buf;
        }
    return NULL;
}

void rt_winner_or_flag(const rt_case_t *c, const ss_tune_cell_t *x, int same)
{
    char head[96], wins[96];
    if (same)
        return;
    snprintf(head, sizeof head, "#   %s at %d PEs, ", x->collective, x->pes);
    snprintf(wins, sizeof wins, ": %s wins;", x->winner);
    for (const char *l = strstr(c->text, head); l; l = strstr(l + 1, head)) {
        const char *e = strchr(l, '\n');
        const char *w = strstr(l, wins);
        if (w && (!e || w < e))
            return;
    }
    fail_msg("%s at %d PEs, %zu B: %s wins, the runtime runs something else "
             "and no comment says so", x->collective, x->pes, x->bytes,
             x->winner);
}

/* Every fixture of tests/tune/ as a test of its own, named by its file. */
static void (*each)(const char *name);

static void fixture(void **state) { each((const char *)*state); }

int rt_main(void (*roundtrip)(const char *name))
{
    each = roundtrip;
    const struct CMUnitTest tests[] = {
        {"demo-aries.csv", fixture, NULL, NULL, "demo-aries.csv"},
        {"frontera-64.csv", fixture, NULL, NULL, "frontera-64.csv"},
        {"fattree-64.csv", fixture, NULL, NULL, "fattree-64.csv"},
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
