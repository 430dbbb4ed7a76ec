/* tune.c - from result rows to the tuning table (tune.h), and the table of
 * export formats.
 *
 * The build sorts the used rows of one collective by (pes, bytes, time,
 * name) and walks each (pes, bytes) group: the winner is the fastest, the
 * runner-up the fastest other name. Times within SS_TUNE_TIE (relative) of
 * each other are ties, and ties go to the algorithm whose name sorts
 * first (strcmp), so the table depends neither on the row order of the
 * file nor on floating-point noise; a name measured twice at one point
 * counts with its smaller time. Rows whose check FAILED are left out: a
 * wrong answer must not win.
 *
 * Sizes are only compared within one PE count (a sweep may measure other
 * sizes at other PE counts), so rules are built PE count by PE count.
 */
#include "tune.h"

#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const ss_tune_format_t ss_tune_formats[] = {
    {"ompi-mca", "Open MPI OSHMEM MCA parameter file (scoll_basic_*_alg)",
     ss_export_ompi_mca, NULL, ss_map_ompi_mca},
    {"ompi-rules", "Open MPI coll_tuned dynamic rules file (scoll_mpi path)",
     ss_export_ompi_rules, NULL, ss_map_ompi_rules},
    {"ucc", "UCC_TL_UCP_TUNE string for UCC's TL/UCP component",
     ss_export_ucc, ss_plan_ucc, ss_map_ucc},
    {"sos", "Sandia OpenSHMEM environment (SHMEM_*_ALGORITHM, crossovers)",
     ss_export_sos, ss_plan_sos, ss_map_sos},
    {NULL, NULL, NULL, NULL, NULL},
};

const char *ss_tune_map_answer(int row, const char *coll_why,
                               const char *theirs, const char *how,
                               const char **why)
{
    *why = !row ? NULL : coll_why ? coll_why : theirs ? NULL : how;
    return row && !coll_why ? theirs : NULL;
}

/* id a goes strictly before id b: ascending, negative ones last. */
static int id_before(int a, int b)
{
    return a >= 0 && (b < 0 || a < b);
}

void ss_tune_order(const int *ids, int n, int *order)
{
    for (int i = 0; i < n; i++) {      /* insertion, stable: a few rows */
        int j = i;
        for (; j > 0 && id_before(ids[i], ids[order[j - 1]]); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

static int same_setting(const ss_result_t *a, const ss_result_t *b)
{
    return a->ppn == b->ppn && !strcmp(a->platform, b->platform) &&
           !strcmp(a->model, b->model);
}

int ss_tune_row_used(const ss_tune_t *t, const ss_result_t *row)
{
    return row->checked != 0 && row->ppn == t->ppn &&
           !strcmp(row->platform, t->platform) && !strcmp(row->model, t->model);
}

/* ---- choosing the rows: one platform, ppn and model ------------------ */

static const char *shown(const char *s)
{
    return *s ? s : "(no platform column)";
}

/* Lists the distinct settings of the rows that match platform (all rows
 * when NULL) into buf; returns how many there are (-1 when out of memory)
 * and the first row of the first one in *first. Few settings, many rows:
 * each row is compared with the settings seen so far. */
static long list_settings(const ss_results_t *res, const char *platform,
                          const ss_result_t **first, char *buf, size_t len)
{
    const ss_result_t **seen = NULL;
    size_t n = 0, cap = 0, used = 0;
    buf[0] = '\0';
    *first = NULL;
    for (size_t i = 0; i < res->n; i++) {
        const ss_result_t *r = &res->rows[i];
        size_t j = 0;
        if (platform && strcmp(r->platform, platform))
            continue;
        while (j < n && !same_setting(seen[j], r))
            j++;
        if (j < n)
            continue;
        if (n == cap) {
            const ss_result_t **g = realloc(seen, (cap = cap ? 2 * cap : 8) *
                                                  sizeof *g);
            if (!g)
                return free(seen), -1;
            seen = g;
        }
        seen[n++] = r;
        if (used < len) {
            int w = snprintf(buf + used, len - used, "%s%s (ppn %d, model %s)",
                             n > 1 ? "; " : "", shown(r->platform), r->ppn,
                             *r->model ? r->model : "-");
            used += w > 0 ? (size_t)w : 0;
        }
    }
    *first = n ? seen[0] : NULL;
    free(seen);
    return (long)n;
}

static int pick_setting(const ss_results_t *res, const char *platform,
                        ss_tune_t *out, char *err, size_t errlen)
{
    char list[400];
    const ss_result_t *first;
    long n = list_settings(res, platform, &first, list, sizeof list);
    if (n < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (n == 0 && platform) {
        list_settings(res, NULL, &first, list, sizeof list);
        snprintf(err, errlen, "no rows for platform '%s'; the results hold: %s",
                 platform, list);
        return -1;
    }
    if (n > 1) {
        snprintf(err, errlen, "the results mix %ld platform/ppn/model settings, "
                 "and one table cannot serve several machines: %s. Tune one at "
                 "a time (shmemsim tune --platform NAME, and --ppn/--model when "
                 "one platform has several)", n, list);
        return -1;
    }
    out->platform = first->platform;
    out->model = first->model;
    out->ppn = first->ppn;
    return 0;
}

/* ---- building the rules of one collective ---------------------------- */

static int by_point(const void *pa, const void *pb)
{
    const ss_result_t *a = *(const ss_result_t *const *)pa;
    const ss_result_t *b = *(const ss_result_t *const *)pb;
    if (a->pes != b->pes)
        return a->pes < b->pes ? -1 : 1;
    if (a->bytes != b->bytes)
        return a->bytes < b->bytes ? -1 : 1;
    if (a->time_s != b->time_s)
        return a->time_s < b->time_s ? -1 : 1;
    return strcmp(a->algorithm, b->algorithm);
}

/* Times this close count as equal: the simulator's floating point makes
 * two equivalent schedules differ in the last digits, and such noise must
 * not decide a rule. */
#define SS_TUNE_TIE 1e-9

/* Among v[i..end) except the algorithm `not`: the smallest name among the
 * rows within SS_TUNE_TIE of the fastest, or NULL. */
static const ss_result_t *best_of(const ss_result_t **v, size_t i, size_t end,
                                  const char *not)
{
    const ss_result_t *fast = NULL, *best = NULL;
    for (size_t j = i; j < end && !fast; j++)      /* sorted by time */
        if (!not || strcmp(v[j]->algorithm, not))
            fast = v[j];
    for (size_t j = i; fast && j < end; j++)
        if ((!not || strcmp(v[j]->algorithm, not)) &&
            v[j]->time_s <= fast->time_s * (1 + SS_TUNE_TIE) &&
            (!best || strcmp(v[j]->algorithm, best->algorithm) < 0))
            best = v[j];
    return best;
}

/* The rows v[i..) of one (pes, bytes) point end at *end; returns the
 * winner and sets *runner to the runner-up. */
static const ss_result_t *point_winner(const ss_result_t **v, size_t n,
                                       size_t i, size_t *end,
                                       const ss_result_t **runner)
{
    size_t j = i + 1;
    while (j < n && v[j]->pes == v[i]->pes && v[j]->bytes == v[i]->bytes)
        j++;
    *end = j;
    const ss_result_t *win = best_of(v, i, j, NULL);
    *runner = best_of(v, i, j, win->algorithm);
    return win;
}

/* Interval ends of a row: scale's prediction interval, or the time. */
static double lo_of(const ss_result_t *r)
{
    return isnan(r->lo_s) ? r->time_s : r->lo_s;
}

static double hi_of(const ss_result_t *r)
{
    return isnan(r->hi_s) ? r->time_s : r->hi_s;
}

static int overlaps(const ss_result_t *win, const ss_result_t *runner)
{
    return runner && (win->fitted || runner->fitted) && lo_of(runner) <= hi_of(win);
}

static int add_rule(ss_tune_table_t *t, size_t *cap, const ss_result_t *win,
                    const ss_result_t *runner, size_t bytes_lo)
{
    if (t->n == *cap) {
        size_t nc = *cap ? 2 * *cap : 16;
        ss_tune_rule_t *r = realloc(t->rules, nc * sizeof *r);
        if (!r)
            return -1;
        t->rules = r;
        *cap = nc;
    }
    t->rules[t->n++] = (ss_tune_rule_t){
        win->pes, SS_TUNE_PES_MAX, bytes_lo, SS_TUNE_BYTES_MAX, win->algorithm,
        win->time_s, runner ? runner->time_s : NAN,
        runner ? runner->algorithm : NULL, win->radix,
        win->fitted || (runner && runner->fitted), overlaps(win, runner)};
    return 0;
}

/* v: the used rows of one collective, sorted by by_point. */
static int build_table(ss_tune_table_t *t, const ss_result_t **v, size_t n)
{
    size_t cap = 0, pes_first = 0;        /* first rule of the current pes */
    for (size_t i = 0, end; i < n; i = end) {
        const ss_result_t *runner, *win = point_winner(v, n, i, &end, &runner);
        int new_pes = t->n == 0 || t->rules[t->n - 1].pes_lo != win->pes;
        if (new_pes) {
            for (size_t k = pes_first; k < t->n; k++)
                t->rules[k].pes_hi = win->pes - 1;
            pes_first = t->n;
        } else if (!strcmp(t->rules[t->n - 1].algorithm, win->algorithm)) {
            ss_tune_rule_t *r = &t->rules[t->n - 1];   /* the same winner: one rule */
            r->fitted |= win->fitted || (runner && runner->fitted);
            r->overlap |= overlaps(win, runner);
            continue;
        } else {
            t->rules[t->n - 1].bytes_hi = win->bytes - 1;
        }
        if (add_rule(t, &cap, win, runner, new_pes ? 0 : win->bytes))
            return -1;
    }
    return 0;
}

static int build_all(const ss_results_t *res, ss_tune_t *out, char *err,
                     size_t errlen)
{
    const ss_result_t **v = malloc((res->n ? res->n : 1) * sizeof *v);
    out->tables = calloc(SHCOLL_NKINDS, sizeof *out->tables);
    if (!v || !out->tables) {
        free(v);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        size_t n = 0;
        for (size_t i = 0; i < res->n; i++)
            if (ss_tune_row_used(out, &res->rows[i]) &&
                !strcmp(res->rows[i].collective, shcoll_kind_name((shcoll_kind_t)k)))
                v[n++] = &res->rows[i];
        if (!n)
            continue;
        qsort(v, n, sizeof *v, by_point);
        ss_tune_table_t *t = &out->tables[out->n++];
        t->collective = shcoll_kind_name((shcoll_kind_t)k);
        if (build_table(t, v, n)) {
            free(v);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    free(v);
    return 0;
}

/* Rows of the chosen setting must name a collective we know, and some
 * must have passed (or skipped) their check. */
static int check_rows(const ss_results_t *res, const ss_tune_t *t, char *err,
                      size_t errlen)
{
    size_t used = 0;
    for (size_t i = 0; i < res->n; i++) {
        const ss_result_t *r = &res->rows[i];
        if (!ss_tune_row_used(t, r))
            continue;
        if (shcoll_kind_of(r->collective) < 0) {
            snprintf(err, errlen, "a row names the collective '%s'; shmemsim "
                     "knows fcollect, collect, broadcast, reduce and alltoall",
                     r->collective);
            return -1;
        }
        used++;
    }
    if (!used) {
        snprintf(err, errlen, "every row of %s failed its check; nothing to "
                 "tune from", shown(t->platform));
        return -1;
    }
    return 0;
}

int ss_tune_build(const ss_results_t *res, const char *platform,
                  ss_tune_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->src = res;
    if (!res || res->n == 0) {
        snprintf(err, errlen, "the results hold no rows (write them with "
                 "shmemsim sweep, or shmemsim run --format csv)");
        return -1;
    }
    if (pick_setting(res, platform, out, err, errlen) ||
        check_rows(res, out, err, errlen) || build_all(res, out, err, errlen)) {
        ss_tune_free(out);
        return -1;
    }
    return 0;
}

void ss_tune_free(ss_tune_t *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->tables[i].rules);
    free(t->tables);
    t->tables = NULL;
    t->n = 0;
}

const ss_tune_rule_t *ss_tune_lookup(const ss_tune_table_t *t, int pes,
                                     size_t bytes)
{
    for (size_t i = 0; t && i < t->n; i++) {
        const ss_tune_rule_t *r = &t->rules[i];
        if (pes >= r->pes_lo && pes <= r->pes_hi && bytes >= r->bytes_lo &&
            bytes <= r->bytes_hi)
            return r;
    }
    return NULL;
}

const ss_tune_table_t *ss_tune_find(const ss_tune_t *t, const char *collective)
{
    for (size_t i = 0; t && i < t->n; i++)
        if (!strcmp(t->tables[i].collective, collective))
            return &t->tables[i];
    return NULL;
}

double ss_tune_time(const ss_tune_t *t, const char *collective,
                    const char *algorithm, int pes, size_t bytes)
{
    double best = NAN;
    for (size_t i = 0; t->src && i < t->src->n; i++) {
        const ss_result_t *r = &t->src->rows[i];
        if (r->pes == pes && r->bytes == bytes && ss_tune_row_used(t, r) &&
            !strcmp(r->collective, collective) &&
            !strcmp(r->algorithm, algorithm) && !(r->time_s >= best))
            best = r->time_s;
    }
    return best;
}

static int by_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

int ss_tune_sizes(const ss_tune_t *t, const char *collective, int pes,
                  size_t **sizes, size_t *n)
{
    size_t cnt = 0, *s = NULL;
    *sizes = NULL;
    *n = 0;
    for (size_t i = 0; t->src && i < t->src->n; i++) {
        const ss_result_t *r = &t->src->rows[i];
        if (r->pes != pes || !ss_tune_row_used(t, r) ||
            strcmp(r->collective, collective))
            continue;
        if (!s && !(s = malloc(t->src->n * sizeof *s)))
            return -1;
        s[cnt++] = r->bytes;
    }
    if (!cnt)
        return 0;
    qsort(s, cnt, sizeof *s, by_size);
    size_t u = 1;
    for (size_t i = 1; i < cnt; i++)
        if (s[i] != s[u - 1])
            s[u++] = s[i];
    *sizes = s;
    *n = u;
    return 0;
}

/* "12.5%" or "3.0% to 48.2%" (fractions lo..hi). */
static const char *percent_range(double lo, double hi, char *buf, size_t len)
{
    char a[24], b[24];
    snprintf(a, sizeof a, "%.1f%%", 100 * lo);
    snprintf(b, sizeof b, "%.1f%%", 100 * hi);
    if (strcmp(a, b))
        snprintf(buf, len, "%s to %s", a, b);
    else
        snprintf(buf, len, "%s", a);
    return buf;
}

void ss_tune_say_substitutes(const char *tag, const char *substitute,
                             const char *unmapped, const char *collective,
                             int pes, const size_t *sizes,
                             const ss_tune_pick_t *pk, size_t n, FILE *out,
                             FILE *note)
{
    for (size_t i = 0, j; i < n; i = j) {
        double lo = pk[i].slow, hi = pk[i].slow;
        for (j = i + 1; j < n && !strcmp(pk[j].winner, pk[i].winner) &&
                        pk[j].alt == pk[i].alt && !pk[j].value == !pk[i].value; j++) {
            lo = fmin(lo, pk[j].slow);
            hi = fmax(hi, pk[j].slow);
        }
        if (pk[i].value && !pk[i].alt)
            continue;                  /* the winner maps */
        char a[32], b[32], range[80], msg[512], pct[64];
        ss_format_bytes(sizes[i], a, sizeof a);
        ss_format_bytes(sizes[j - 1], b, sizeof b);
        snprintf(range, sizeof range, j - i > 1 ? "%s to %s" : "%s", a, b);
        if (pk[i].alt)
            snprintf(msg, sizeof msg, "%s at %d PEs, %s: %s wins %s %s (our %s, "
                     "%s slower)", collective, pes, range, pk[i].winner,
                     substitute, pk[i].value, pk[i].alt_ours,
                     percent_range(lo, hi, pct, sizeof pct));
        else
            snprintf(msg, sizeof msg, "%s at %d PEs, %s: %s wins and nothing "
                     "measured there maps to %s", collective, pes, range,
                     pk[i].winner, unmapped);
        fprintf(out, "#   %s\n", msg);
        if (note)
            fprintf(note, "shmemsim: note: %s: %s\n", tag, msg);
    }
}

void ss_tune_say_unmapped(const ss_tune_t *t, const char *collective,
                          const char *tag, const char *runtime, FILE *out,
                          FILE *note)
{
    const ss_tune_table_t *tab = ss_tune_find(t, collective);
    if (!tab || tab->n == 0)
        return;
    fprintf(out, "# %s: %s has no setting for it; not exported.\n",
            collective, runtime);
    if (note)
        fprintf(note, "%s: %s has no setting for %s; not exported\n", tag,
                runtime, collective);
}
