/* scale_out.c - writers for `shmemsim scale` results (scale_out.h). */
#include "scale_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const keys[] = {
    "collective", "algorithm", "pes", "bytes", "time_s", "method", "lo_s",
    "hi_s", "ppn", "model", "platform", "form", "fit_from", "fit_to", "fit_points",
    "loo_error", "backtest_pes", "backtest_error", "backtest_covered",
    "beyond_span",
};
#define NKEYS (sizeof keys / sizeof keys[0])

static const char *method(const ss_scale_row_t *r)
{
    return r->simulated == SS_ROW_SIMULATED ? "simulated"
           : r->simulated == SS_ROW_SAMPLED ? "sampled" : "fitted";
}

/* ---- CSV and JSON ----------------------------------------------------- */

static void csv_int(FILE *f, int v, int shown)
{
    if (shown)
        fprintf(f, "%d", v);
}

static void csv_row(FILE *f, const ss_scale_row_t *r)
{
    int fit = r->form != NULL, bt = r->backtest_pes > 0;
    ss_csv_str(f, r->collective);
    fputc(',', f);
    ss_csv_str(f, r->algorithm);
    fprintf(f, ",%d,%zu,", r->pes, r->bytes);
    ss_csv_real(f, r->time_s);
    fprintf(f, ",%s,", method(r));
    ss_csv_real(f, r->lo_s);
    fputc(',', f);
    ss_csv_real(f, r->hi_s);
    fprintf(f, ",%d,", r->ppn);
    ss_csv_str(f, r->model);
    fputc(',', f);
    ss_csv_str(f, r->platform);
    fputc(',', f);
    ss_csv_str(f, r->form);
    fputc(',', f);
    csv_int(f, r->fit_from, fit);
    fputc(',', f);
    csv_int(f, r->fit_to, fit);
    fputc(',', f);
    csv_int(f, r->fit_points, fit);
    fputc(',', f);
    ss_csv_real(f, r->loo_error);
    fputc(',', f);
    csv_int(f, r->backtest_pes, bt);
    fputc(',', f);
    ss_csv_real(f, bt ? r->backtest_error : NAN);
    fputc(',', f);
    csv_int(f, r->backtest_covered, bt);
    fputc(',', f);
    ss_csv_str(f, r->beyond_span);
    fputc('\n', f);
}

static void json_int(FILE *f, int v, int shown)
{
    if (shown)
        fprintf(f, "%d", v);
    else
        fputs("null", f);
}

static void json_row(FILE *f, const ss_scale_row_t *r)
{
    int fit = r->form != NULL, bt = r->backtest_pes > 0;
    size_t k = 0;
#define KEY() fprintf(f, "%s\"%s\": ", k ? ", " : "", keys[k]), k++
    fputs("  {", f);
    KEY(); ss_json_str(f, r->collective);
    KEY(); ss_json_str(f, r->algorithm);
    KEY(); fprintf(f, "%d", r->pes);
    KEY(); fprintf(f, "%zu", r->bytes);
    KEY(); ss_json_real(f, r->time_s);
    KEY(); ss_json_str(f, method(r));
    KEY(); ss_json_real(f, r->lo_s);
    KEY(); ss_json_real(f, r->hi_s);
    KEY(); fprintf(f, "%d", r->ppn);
    KEY(); ss_json_str(f, r->model);
    KEY(); ss_json_str(f, r->platform);
    KEY(); ss_json_str(f, r->form);
    KEY(); json_int(f, r->fit_from, fit);
    KEY(); json_int(f, r->fit_to, fit);
    KEY(); json_int(f, r->fit_points, fit);
    KEY(); ss_json_real(f, r->loo_error);
    KEY(); json_int(f, r->backtest_pes, bt);
    KEY(); ss_json_real(f, bt ? r->backtest_error : NAN);
    KEY(); json_int(f, r->backtest_covered, bt);
    KEY(); ss_json_str(f, r->beyond_span);
#undef KEY
    fputc('}', f);
}

/* ---- table ------------------------------------------------------------ */

static int per_pe(const char *collective)
{
    return !strcmp(collective, "fcollect") || !strcmp(collective, "collect");
}

static void size_text(const ss_scale_row_t *r, char *buf, size_t len)
{
    char b[32];
    ss_format_bytes(r->bytes, b, sizeof b);
    snprintf(buf, len, "%s%s", b, per_pe(r->collective) ? " per PE" : "");
}

static void fit_line(FILE *f, const ss_scale_row_t *r)
{
    if (!r->form) {
        fprintf(f, "  not fitted (fewer than 3 simulated points)\n");
        return;
    }
    fprintf(f, "  t(p) = %s\n  fitted on %d to %d PEs (%d points), leave-one-out "
            "error %.1f%%\n", r->form, r->fit_from, r->fit_to, r->fit_points,
            100 * r->loo_error);
}

static void backtest_line(FILE *f, const ss_scale_row_t *r)
{
    if (r->backtest_pes <= 0) {
        fprintf(f, "  back-test: too few points (4 simulated needed)\n");
        return;
    }
    const char *why = r->backtest_covered ? "inside the 95% interval, give or take "
                                            "the fit's error"
                    : "FAILED: outside the 95% interval, or a miss of 100% or more; "
                      "its fitted times are not ranked";
    fprintf(f, "  back-test: %d PEs predicted from the smaller points %+.1f%% (%s)\n",
            r->backtest_pes, 100 * r->backtest_error, why);
}

static void point_line(FILE *f, const ss_scale_row_t *r)
{
    char t[32], lo[32], hi[32];
    ss_format_seconds(r->time_s, t, sizeof t);
    if (r->simulated == SS_ROW_SIMULATED) {
        fprintf(f, "  %-9d %-12s simulated\n", r->pes, t);
        return;
    }
    ss_format_seconds(r->lo_s, lo, sizeof lo);
    ss_format_seconds(r->hi_s, hi, sizeof hi);
    fprintf(f, "  %-9d %-12s %-10s %s to %s\n", r->pes, t, method(r), lo, hi);
}

/* One block per algorithm and size. */
static void table_series(FILE *f, const ss_scale_row_t *rows, size_t n)
{
    char sz[48];
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && rows[j].bytes == rows[i].bytes &&
                        !strcmp(rows[j].algorithm, rows[i].algorithm); j++)
            ;
        size_text(&rows[i], sz, sizeof sz);
        fprintf(f, "\n%s %s, %s\n", rows[i].collective, rows[i].algorithm, sz);
        fit_line(f, &rows[i]);
        backtest_line(f, &rows[i]);
        fprintf(f, "  %-9s %-12s %-10s %s\n", "PEs", "time", "method",
                "interval (fitted: 95%; sampled)");
        for (size_t k = i; k < j; k++)
            point_line(f, &rows[k]);
        for (size_t k = i; k < j; k++)
            if (rows[k].beyond_span) {
                fprintf(f, "  note: from %d PEs on the PEs span %s, which "
                        "fewer than two simulated points did: the fit has "
                        "not seen how their links' cost grows, so the "
                        "interval reaches up to every message paying for "
                        "them\n", rows[k].pes, rows[k].beyond_span);
                break;
            }
    }
}

typedef struct best {
    const ss_scale_row_t *win, *second;
} best_t;

/* A fitted time whose form failed its back-test is not ranked. */
static int rankable(const ss_scale_row_t *r)
{
    return r->simulated != SS_ROW_FITTED || r->backtest_pes <= 0 || r->backtest_covered;
}

/* The fastest two at a point among the rows that may be ranked (all of
 * them when none may). */
static best_t best_at(const ss_scale_row_t *rows, size_t n, size_t bytes, int pes)
{
    best_t b = {NULL, NULL};
    int any = 0;
    for (size_t i = 0; i < n; i++)
        any |= rows[i].bytes == bytes && rows[i].pes == pes && rankable(&rows[i]);
    for (size_t i = 0; i < n; i++) {
        const ss_scale_row_t *r = &rows[i];
        if (r->bytes != bytes || r->pes != pes || (any && !rankable(r)))
            continue;
        if (!b.win || r->time_s < b.win->time_s) {
            b.second = b.win;
            b.win = r;
        } else if (!b.second || r->time_s < b.second->time_s) {
            b.second = r;
        }
    }
    return b;
}

/* The intervals of winner and runner-up share some time: which is faster
 * there is not settled by the fit. */
static int overlap(const best_t *b)
{
    return b->second && b->second->lo_s <= b->win->hi_s;
}

/* How far the winner's lead holds against the runner-up's: "sure" when
 * both were simulated (a simulation is deterministic) or their intervals
 * are apart; "likely" when the runner-up's interval lies above the
 * winner's time but reaches into its interval; "open" when the runner-
 * up's interval reaches below the winner's time; a lead under 5% is a
 * near tie whatever the method (a placement or a radix can turn it). */
static const char *how_sure(const best_t *b)
{
    const ss_scale_row_t *w = b->win, *r = b->second;
    if (!r)
        return "alone";
    if (r->time_s < 1.05 * w->time_s)
        return "near tie";
    if (!strcmp(method(w), "simulated") && !strcmp(method(r), "simulated"))
        return "sure";
    if (!overlap(b))
        return "sure";
    return r->lo_s > w->time_s ? "likely" : "open";
}

static void winner_line(FILE *f, const best_t *b)
{
    char t[32];
    ss_format_seconds(b->win->time_s, t, sizeof t);
    fprintf(f, "  %-9d %-20s %-11s %-9s %-9s", b->win->pes, b->win->algorithm, t,
            method(b->win), how_sure(b));
    if (b->second)
        fprintf(f, " %s (+%.1f%%, %s)%s", b->second->algorithm,
                100 * (b->second->time_s / b->win->time_s - 1), method(b->second),
                overlap(b) && strcmp(method(b->win), "simulated") ? ", intervals overlap"
                : overlap(b) ? ", its interval reaches this time" : "");
    fputc('\n', f);
}

/* One crossover and what it rests on: how far behind the previous
 * winner falls at this PE count, and whether simulated times or
 * estimates (fitted or sampled) decide it. Under 5% the two are a near
 * tie (their order can turn with a placement or a radix: either will do
 * there); where the estimates' intervals overlap, they do not settle it. */
static size_t crossover(char *s, size_t n, const ss_scale_row_t *rows, size_t nrows,
                        const ss_scale_row_t *win, const char *prev)
{
    const ss_scale_row_t *was = NULL;
    for (size_t i = 0; i < nrows && !was; i++)
        if (rows[i].bytes == win->bytes && rows[i].pes == win->pes &&
            !strcmp(rows[i].algorithm, prev))
            was = &rows[i];
    double gap = was ? 100 * (was->time_s / win->time_s - 1) : 0;
    int fitted = strcmp(method(win), "simulated") || (was && strcmp(method(was), "simulated"));
    const char *why = !was ? "no time for it here"
                    : was->lo_s <= win->hi_s && fitted ? "the intervals overlap: not settled"
                    : gap < 5 ? "a near tie, either will do"
                    : fitted ? "estimated, intervals apart" : "simulated";
    int k = snprintf(s, n, "    at %d PEs %s -> %s: %s %.1f%% slower, %s\n", win->pes, prev,
                     win->algorithm, prev, gap, why);
    return k < 0 ? 0 : (size_t)k < n ? (size_t)k : n;
}

/* Sizes in first-seen order and PE counts ascending, from the rows. */
static void table_winners(FILE *f, const ss_scale_row_t *rows, size_t n)
{
    char sz[48];
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t k = 0; k < i && !seen; k++)
            seen = rows[k].bytes == rows[i].bytes;
        if (seen)
            continue;
        size_text(&rows[i], sz, sizeof sz);
        fprintf(f, "\nfastest at %s\n  %-9s %-20s %-11s %-9s %-9s %s\n", sz, "PEs",
                "algorithm", "time", "method", "how sure", "runner-up");
        const char *prev = NULL;
        char cross[2048] = "";
        size_t used = 0;
        for (size_t k = 0; k < n; k++) {
            if (rows[k].bytes != rows[i].bytes ||
                strcmp(rows[k].algorithm, rows[i].algorithm))
                continue;               /* one line per PE count */
            best_t b = best_at(rows, n, rows[i].bytes, rows[k].pes);
            winner_line(f, &b);
            if (prev && strcmp(prev, b.win->algorithm) && used < sizeof cross)
                used += crossover(cross + used, sizeof cross - used, rows, n, b.win, prev);
            prev = b.win->algorithm;
        }
        fprintf(f, "  (how sure: sure = simulated both, or intervals apart; likely = "
                "the runner-up's interval\n  stays above the winner's time; open = "
                "it does not; near tie = within 5%%)\n");
        fprintf(f, "  crossovers:%s\n%s", used ? "" : " none", cross);
    }
}

static void write_table(FILE *f, const ss_scale_row_t *rows, size_t n)
{
    if (n == 0) {
        fputs("no rows\n", f);
        return;
    }
    fprintf(f, "%s on %s, %d PEs per host, model %s; fitted times with 95%% "
            "prediction intervals\n(a fit's \"closed form\" is the algorithm's "
            "alpha-beta cost, models/predict_*.c, at the given ratio\nof per-byte "
            "to per-message time)\n", rows[0].collective, rows[0].platform,
            rows[0].ppn, rows[0].model);
    table_series(f, rows, n);
    table_winners(f, rows, n);
}

static void write_csv(FILE *f, const ss_scale_row_t *rows, size_t n)
{
    for (size_t k = 0; k < NKEYS; k++)
        fprintf(f, "%s%s", k ? "," : "", keys[k]);
    fputc('\n', f);
    for (size_t i = 0; i < n; i++)
        csv_row(f, &rows[i]);
}

static void write_json(FILE *f, const ss_scale_row_t *rows, size_t n)
{
    fputs(n ? "[\n" : "[]\n", f);
    for (size_t i = 0; i < n; i++) {
        json_row(f, &rows[i]);
        fputs(i + 1 < n ? ",\n" : "\n]\n", f);
    }
}

int ss_scale_write(FILE *f, ss_format_t fmt, const ss_scale_row_t *rows,
                   size_t n)
{
    switch (fmt) {
    case SS_FMT_TABLE: write_table(f, rows, n); return 0;
    case SS_FMT_CSV: write_csv(f, rows, n); return 0;
    case SS_FMT_JSON: write_json(f, rows, n); return 0;
    case SS_NFORMATS: break;
    }
    return -1;
}
