/* plot_band.c - fitted times on a chart: the simulated points as markers,
 * the fitted ones as a dashed line from the last simulated point on, in
 * a translucent band of their 95% prediction interval, all in the
 * series' colour, so what was measured and what is extrapolated cannot
 * be mistaken for each other. */
#include "plot_series.h"

#include <math.h>

int ss_plot_has_fit(const ss_plot_series_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->p[i].fitted)
            return 1;
    return 0;
}

static size_t first_fit(const ss_plot_series_t *s)
{
    size_t i = 0;
    while (i < s->n && !s->p[i].fitted)
        i++;
    return i;
}

static void pair(FILE *f, double x, double y)
{
    ss_plot_gp_num(f, x);
    fputc(' ', f);
    ss_plot_gp_num(f, y);
}

void ss_plot_band_data(FILE *f, const ss_plot_series_t *s, size_t k, double floor)
{
    fprintf(f, "$s%zu << EOD\n# ", k + 1);
    ss_plot_gp_str(f, s->alg);
    fputs(" simulated\n", f);
    for (size_t i = 0; i < s->n; i++)
        if (!s->p[i].fitted) {
            pair(f, s->p[i].x, s->p[i].y);
            fputc('\n', f);
        }
    fprintf(f, "EOD\n$f%zu << EOD\n# ", k + 1);
    ss_plot_gp_str(f, s->alg);
    fputs(" fitted: x, time, 95% interval\n", f);
    size_t i = first_fit(s);
    for (i = i ? i - 1 : i; i < s->n; i++) {
        const ss_plot_pt_t *p = &s->p[i];
        double lo = isnan(p->lo) ? p->y : p->lo, hi = isnan(p->hi) ? p->y : p->hi;
        pair(f, p->x, p->y);
        fputc(' ', f);
        pair(f, fmax(lo, floor), hi);
        fputc('\n', f);
    }
    fputs("EOD\n", f);
}

void ss_plot_band_clauses(FILE *f, const ss_plot_series_t *s, size_t k, int first)
{
    const char *c = ss_plot_colour(k);
    int sims = first_fit(s) > 0 || !ss_plot_has_fit(s);
    fprintf(f, "%s$f%zu using 1:3:4 with filledcurves fc rgb '%s' "
            "fs transparent solid 0.15 noborder notitle", first ? "plot " : ", \\\n     ",
            k + 1, c);
    fprintf(f, ", \\\n     $f%zu using 1:2 with lines lw 1.5 dt 2 lc rgb '%s' ",
            k + 1, c);
    if (sims) {
        fputs("notitle", f);
        fprintf(f, ", \\\n     $s%zu using 1:2 with points ps 0.9 pt %d lc rgb '%s' "
                "title ", k + 1, ss_plot_point_type(k), c);
    } else {
        fputs("title ", f);
    }
    ss_plot_gp_str(f, s->alg);
}
