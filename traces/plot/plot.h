/* plot.h - gnuplot scripts for charts of result rows (`shmemsim plot`).
 *
 * The writer only produces text: a self-contained gnuplot script whose data
 * sit inline in `$sN << EOD` blocks, one block per algorithm. Running
 * gnuplot is the command's business (cli/cmd_plot.c), so this part can be
 * tested without gnuplot and the script can be kept and restyled by hand.
 *
 * A chart shows one slice of the rows: every column but the x axis and the
 * algorithm must hold a single value. A column fixed by an option keeps
 * only the matching rows; a column left free must already hold one value,
 * otherwise the writer fails with a message listing the values and the
 * option that picks one. Mixing platforms or PE counts in one line would
 * draw a chart that looks right and means nothing, hence the strictness.
 */
#ifndef SS_PLOT_H
#define SS_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

typedef enum ss_chart {
    SS_CHART_SIZE,      /* time vs bytes, log-log, at one PE count */
    SS_CHART_PES,       /* time vs PEs, log-log, at one size */
    SS_CHART_SLOWDOWN   /* time / best time at each size, at one PE count */
} ss_chart_t;

typedef enum ss_plot_term { SS_PLOT_PNG, SS_PLOT_SVG } ss_plot_term_t;

typedef enum ss_plot_yscale {
    SS_YSCALE_AUTO,     /* slowdown: log when the worst is over 10x */
    SS_YSCALE_LINEAR,
    SS_YSCALE_LOG
} ss_plot_yscale_t;

typedef struct ss_plot_opts {
    ss_chart_t chart;
    ss_plot_term_t term;
    const char *output;       /* the path in `set output` */
    const char *collective;   /* NULL: the rows' only one */
    const char *platform;     /* NULL: the rows' only one */
    const char *model;        /* NULL: the rows' only one */
    int ppn;                  /* 0: the rows' only one */
    int pes;                  /* 0: the only one; not for SS_CHART_PES */
    size_t bytes;             /* only for SS_CHART_PES, when has_bytes */
    int has_bytes;
    const char *title;        /* NULL: made from the slice */
    ss_plot_yscale_t yscale;  /* slowdown only; time charts are log */
} ss_plot_opts_t;

/* Writes the script for the chart to f. Rows a log axis cannot show
 * (0 bytes on a size axis, 0 time) are left out and counted in *dropped
 * (may be NULL). Returns 0, or -1 with one line in err saying what was
 * wrong and which option fixes it; nothing useful is written then. */
int ss_plot_write(FILE *f, const ss_results_t *r, const ss_plot_opts_t *o,
                  size_t *dropped, char *err, size_t errlen);

/* The terminal an output path asks for by its extension (.png or .svg,
 * any case). Returns -1 with a message otherwise. */
int ss_plot_term_for(const char *path, ss_plot_term_t *term, char *err,
                     size_t errlen);

#endif /* SS_PLOT_H */
