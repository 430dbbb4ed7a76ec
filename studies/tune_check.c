/* tune_check.c - `shmemsim tune --check --format ucc|sos`: re-simulates
 * what the runtime will run at each cell of the exporter's plan (tune.h,
 * ss_tune_plan_t) and prints the gap to the simulated best.
 *
 * Why re-simulate rather than read the results again: the plan may run an
 * algorithm at a radix nobody measured (one radix per runtime knob), and
 * the check must not trust the table it checks. Each (collective, PE
 * count, algorithm, radix) runs as one child `shmemsim run` over its
 * sizes, like a sweep point (SimGrid is set up once per process). Cells
 * whose best time is fitted (shmemsim scale) are too large to simulate
 * and are listed as such.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "children.h"
#include "summary.h"
#include "tune.h"
#include "tune_check.h"

/* time_s of the row for bytes in run's CSV (columns collective,
 * algorithm, pes, bytes, time_s, ...), NAN if absent. */
static double time_of(const char *csv, size_t bytes)
{
    for (const char *l = csv; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
        char c[32], a[64];
        int p;
        size_t b;
        double tm;
        if (sscanf(l, "%31[^,],%63[^,],%d,%zu,%lf", c, a, &p, &b, &tm) == 5 &&
            b == bytes)
            return tm;
    }
    return NAN;
}

static int same_run(const ss_tune_cell_t *a, const ss_tune_cell_t *b)
{
    return a->pes == b->pes && !strcmp(a->collective, b->collective) &&
           a->runs && b->runs && !strcmp(a->runs, b->runs) &&
           a->radix == b->radix && a->fitted == b->fitted;
}

/* Re-simulates the cells [i, j) (one run), into sim[]. */
static void simulate(const ss_tune_t *t, const ss_tune_cell_t *c, size_t i,
                     size_t j, double *sim)
{
    char pes[16], ppn[16], radix[16], model[64], bytes[4096] = "";
    size_t used = 0;
    for (size_t k = i; k < j && used < sizeof bytes; k++)
        used += (size_t)snprintf(bytes + used, sizeof bytes - used, "%s%zu",
                                 k > i ? "," : "", c[k].bytes);
    snprintf(pes, sizeof pes, "%d", c[i].pes);
    snprintf(ppn, sizeof ppn, "%d", t->ppn);
    snprintf(radix, sizeof radix, "%d", c[i].radix);
    snprintf(model, sizeof model, "%.*s", (int)strcspn(t->model, "+"), t->model);
    const shcoll_entry_t *e = shcoll_entry_named(c[i].collective, c[i].runs);
    int tree = c[i].radix && e && e->radix;   /* it takes --radix */
    char *argv[] = {"shmemsim", "run", "--platform", (char *)t->platform,
                    "--pes", pes, "--ppn", ppn, "--model", model,
                    "--collective", (char *)c[i].collective, "--algorithm",
                    (char *)c[i].runs, "--bytes", bytes, "--format", "csv",
                    NULL, NULL, NULL, NULL};
    int n = 18;
    if (tree) {
        argv[n++] = "--radix";
        argv[n++] = radix;
    }
    if (strstr(t->model, "+signal"))   /* steps that carry their flag */
        argv[n++] = "--put-signal";
    char *csv = NULL;
    char **const argvs[] = {argv};
    ss_children_run("/proc/self/exe", argvs, 1, 1, &csv);   /* csv NULL: failed */
    for (size_t k = i; k < j; k++)
        sim[k - i] = csv ? time_of(csv, c[k].bytes) : NAN;
    free(csv);
}

static void print_cell(FILE *f, const ss_tune_cell_t *x, double sim)
{
    char size[32], best[32], got[32], runs[48];
    ss_format_bytes(x->bytes, size, sizeof size);
    ss_format_seconds(x->best_s, best, sizeof best);
    snprintf(runs, sizeof runs, x->radix && x->runs ? "%s@%d" : "%s",
             x->runs ? x->runs : "-", x->radix);
    if (isnan(sim))
        snprintf(got, sizeof got, "%s", x->fitted ? "fitted" : !x->runs
                 ? "default" : "failed");
    else
        ss_format_seconds(sim, got, sizeof got);
    fprintf(f, "  %-10s %7d %-9s %-12s %-22s %-18s %-11s %-11s", x->collective,
            x->pes, size, x->value ? x->value : "(default)", runs, x->winner,
            best, got);
    if (!isnan(sim) && x->best_s > 0)
        fprintf(f, " %+.1f%%", 100 * (sim / x->best_s - 1));
    fputc('\n', f);
}

int ss_tune_check(FILE *f, const ss_tune_t *t, const ss_tune_format_t *fmt,
                  char *err, size_t errlen)
{
    ss_tune_plan_t p;
    double worst = 0, *sim;
    size_t failed = 0;
    if (fmt->plan(t, &p, err, errlen))
        return -1;
    if (!(sim = malloc((p.n ? p.n : 1) * sizeof *sim))) {
        ss_tune_plan_free(&p);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    for (size_t i = 0, j; i < p.n; i = j) {
        for (j = i + 1; j < p.n && same_run(&p.cells[i], &p.cells[j]); j++)
            ;
        for (size_t k = i; k < j; k++)
            sim[k] = NAN;
        if (p.cells[i].runs && !p.cells[i].fitted)
            simulate(t, p.cells, i, j, sim + i);
    }
    fprintf(f, "%s: what the runtime runs, re-simulated on %s (model %s, "
            "ppn %d)\n  %-10s %7s %-9s %-12s %-22s %-18s %-11s %-11s %s\n",
            fmt->name, t->platform, t->model, t->ppn, "collective", "PEs",
            "size", "runtime", "runs (ours@radix)", "best", "best time",
            "runs in", "gap");
    for (size_t i = 0; i < p.n; i++) {
        print_cell(f, &p.cells[i], sim[i]);
        failed += p.cells[i].runs && !p.cells[i].fitted && isnan(sim[i]);
        if (!isnan(sim[i]) && p.cells[i].best_s > 0)
            worst = fmax(worst, sim[i] / p.cells[i].best_s - 1);
    }
    fprintf(f, "largest gap to the simulated best: %+.1f%%%s\n", 100 * worst,
            failed ? "; some runs failed (see failed)" : "");
    free(sim);
    ss_tune_plan_free(&p);
    if (failed)
        return snprintf(err, errlen, "%zu re-simulation(s) failed", failed), -1;
    return 0;
}
