/* plot_series.h - the series of a chart, shared by plot.c (the script)
 * and plot_band.c (fitted times drawn as a line with its band). Internal
 * to traces/. */
#ifndef SS_PLOT_SERIES_H
#define SS_PLOT_SERIES_H

#include <stddef.h>
#include <stdio.h>

typedef struct ss_plot_pt {
    double x, y;          /* x first: points sort by it */
    double lo, hi;        /* shmemsim scale's interval; NAN when none */
    int fitted;           /* a fitted time, not simulated */
} ss_plot_pt_t;

typedef struct ss_plot_series {
    const char *alg;
    ss_plot_pt_t *p;
    size_t n;
} ss_plot_series_t;

/* gnuplot literals (plot.c): a single-quoted string, a number that reads
 * back exactly. */
void ss_plot_gp_str(FILE *f, const char *s);
void ss_plot_gp_num(FILE *f, double v);

/* Series i's colour and point type (plot.c). */
const char *ss_plot_colour(size_t i);
int ss_plot_point_type(size_t i);

/* 1 if some point of the series is fitted. */
int ss_plot_has_fit(const ss_plot_series_t *s);

/* The data of series k as two blocks: $sK the simulated points (x y),
 * $fK the fitted ones with the last simulated point before them, where
 * the line leaves the data (x y lo hi; lo at least floor, the bottom of
 * the log axis). */
void ss_plot_band_data(FILE *f, const ss_plot_series_t *s, size_t k, double floor);

/* Its plot clauses: the band, the fitted line, the simulated markers
 * (titled with the algorithm). first: no comma before. */
void ss_plot_band_clauses(FILE *f, const ss_plot_series_t *s, size_t k, int first);

#endif
