/* tune_plan.c - what a runtime runs at each measured cell (tune.h,
 * ss_tune_plan_t): the pieces the UCC and SOS exporters share to build
 * their plans and to say which winners they give up.
 *
 * Why a plan: a runtime holds fewer knobs than the table has choices (one
 * radix per collective, one algorithm per collective for SOS), so what it
 * runs at a cell is not always the winner. The exporters decide that once,
 * as a plan; the file, its comments, the round-trip tests and
 * `shmemsim tune --check` all read the same decision.
 */
#include "tune.h"

#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int ss_tune_radix_of(const char *algorithm, int radix)
{
    const shcoll_entry_t *e = NULL;
    for (int k = 0; !e && k < SHCOLL_NKINDS; k++)
        e = shcoll_entry((shcoll_kind_t)k,
                         shcoll_alg_of((shcoll_kind_t)k, algorithm));
    if (!e)
        return 0;
    if (e->shape == SHCOLL_SHAPE_KNOMIAL2)
        return 2;
    return e->radix ? (radix >= 2 ? radix : e->radix) : 0;
}

static int row_at(const ss_tune_t *t, const ss_result_t *r,
                  const char *collective, const char *algorithm, int pes,
                  size_t bytes)
{
    return r->pes == pes && r->bytes == bytes && ss_tune_row_used(t, r) &&
           !strcmp(r->collective, collective) &&
           !strcmp(r->algorithm, algorithm);
}

double ss_tune_time_at(const ss_tune_t *t, const char *collective,
                       const char *algorithm, int radix, int pes,
                       size_t bytes)
{
    double best = NAN;
    for (size_t i = 0; t->src && i < t->src->n; i++) {
        const ss_result_t *r = &t->src->rows[i];
        if (row_at(t, r, collective, algorithm, pes, bytes) &&
            (!radix || ss_tune_radix_of(algorithm, r->radix) == radix) &&
            !(r->time_s >= best))
            best = r->time_s;
    }
    return best;
}

size_t ss_tune_radices_at(const ss_tune_t *t, const char *collective,
                          const char *algorithm, int pes, size_t bytes,
                          int *r, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; t->src && i < t->src->n; i++) {
        const ss_result_t *row = &t->src->rows[i];
        if (!row_at(t, row, collective, algorithm, pes, bytes))
            continue;
        int k = ss_tune_radix_of(algorithm, row->radix), seen = 0;
        for (size_t j = 0; j < n; j++)
            seen |= r[j] == k;
        if (!seen && n < max)
            r[n++] = k;
    }
    return n;
}

int ss_tune_pes_list(const ss_tune_table_t *tab, int **pes, size_t *n)
{
    *n = 0;
    *pes = malloc((tab->n ? tab->n : 1) * sizeof **pes);
    if (!*pes)
        return -1;
    for (size_t i = 0; i < tab->n; i++)    /* rules are ordered by pes_lo */
        if (!*n || (*pes)[*n - 1] != tab->rules[i].pes_lo)
            (*pes)[(*n)++] = tab->rules[i].pes_lo;
    return 0;
}

static int plan_add(ss_tune_plan_t *p, const ss_tune_cell_t *c)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        ss_tune_cell_t *g = realloc(p->cells, cap * sizeof *g);
        if (!g)
            return p->oom = 1, -1;
        p->cells = g;
        p->cap = cap;
    }
    p->cells[p->n++] = *c;
    return 0;
}

int ss_tune_plan_cells(const ss_tune_t *t, const ss_tune_table_t *tab,
                       int pes, ss_tune_plan_t *plan)
{
    size_t *sizes, n;
    if (ss_tune_sizes(t, tab->collective, pes, &sizes, &n))
        return plan->oom = 1, -1;
    for (size_t i = 0; i < n; i++) {
        const ss_tune_rule_t *r = ss_tune_lookup(tab, pes, sizes[i]);
        ss_tune_cell_t c = {tab->collective, pes, r->pes_hi, sizes[i],
                            r->algorithm, NAN, r->fitted, NULL, NULL, 0, NAN};
        c.best_s = ss_tune_time(t, tab->collective, r->algorithm, pes,
                                sizes[i]);
        if (plan_add(plan, &c))
            break;
    }
    free(sizes);
    return plan->oom ? -1 : 0;
}

void ss_tune_plan_free(ss_tune_plan_t *plan)
{
    free(plan->cells);
    memset(plan, 0, sizeof *plan);
}

static int same_outcome(const ss_tune_cell_t *a, const ss_tune_cell_t *b)
{
    return a->pes == b->pes && !strcmp(a->winner, b->winner) &&
           !a->runs == !b->runs && (!a->runs || !strcmp(a->runs, b->runs)) &&
           a->radix == b->radix && !a->value == !b->value &&
           (!a->value || !strcmp(a->value, b->value));
}

/* "up to +12.5% and +3.1 us simulated" over the cells [i, j): the
 * largest relative and the largest absolute loss (at different sizes,
 * often: both matter). */
static void cost_text(const ss_tune_cell_t *c, size_t i, size_t j, char *buf,
                      size_t len)
{
    double rel = 0, abs_s = 0;
    char tm[32];
    for (size_t k = i; k < j; k++)
        if (!isnan(c[k].runs_s) && c[k].best_s > 0) {
            abs_s = fmax(abs_s, c[k].runs_s - c[k].best_s);
            rel = fmax(rel, c[k].runs_s / c[k].best_s - 1);
        }
    ss_format_seconds(abs_s, tm, sizeof tm);
    snprintf(buf, len, "up to +%.1f%% and +%s simulated", 100 * rel, tm);
}

void ss_tune_say_given_up(const ss_tune_plan_t *plan, size_t from,
                          size_t to, const char *tag,
                          const char *(*why)(const ss_tune_cell_t *, void *),
                          void *ctx, FILE *out, FILE *note)
{
    const ss_tune_cell_t *c = plan->cells;
    for (size_t i = from, j; i < to; i = j) {
        for (j = i + 1; j < to && same_outcome(&c[i], &c[j]); j++)
            ;
        if (c[i].runs && !strcmp(c[i].runs, c[i].winner))
            continue;               /* the winner itself runs */
        char a[32], b[32], range[80], cost[96], msg[600];
        ss_format_bytes(c[i].bytes, a, sizeof a);
        ss_format_bytes(c[j - 1].bytes, b, sizeof b);
        snprintf(range, sizeof range, j - i > 1 ? "%s to %s" : "%s", a, b);
        if (c[i].runs) {
            cost_text(c, i, j, cost, sizeof cost);
            snprintf(msg, sizeof msg, "%s at %d PEs, %s: %s wins; %s; given "
                     "up for %s (our %s, %s)", c[i].collective, c[i].pes,
                     range, c[i].winner, why(&c[i], ctx), c[i].value,
                     c[i].runs, cost);
        } else {
            snprintf(msg, sizeof msg, "%s at %d PEs, %s: %s wins; %s; nothing "
                     "measured there can be set, the runtime's default runs",
                     c[i].collective, c[i].pes, range, c[i].winner,
                     why(&c[i], ctx));
        }
        fprintf(out, "#   %s\n", msg);
        if (note)
            fprintf(note, "shmemsim: note: %s: %s\n", tag, msg);
    }
}
