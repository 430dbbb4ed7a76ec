/* scale_out.h - writers for `shmemsim scale` results: per ladder point a
 * time that was simulated, sampled (windows of a step algorithm's steps
 * at that size) or fitted, the last two with an interval.
 *
 * CSV columns: collective,algorithm,pes,bytes,time_s,method,lo_s,hi_s,
 * ppn,model,platform,form,fit_from,fit_to,fit_points,loo_error,backtest_pes,
 * backtest_error,backtest_covered,beyond_span. method is "simulated" (lo_s = hi_s =
 * time_s), "sampled" or "fitted"; form is the fitted form with its coefficients
 * (models/scale.h), the same on every row of one algorithm and size,
 * fit_from..fit_to the PE counts it was fitted on (fit_points of them); loo_error is its
 * leave-one-out RMS relative error; the back-test refits without the
 * largest simulated point and predicts it: backtest_error = predicted /
 * simulated - 1, backtest_covered 1 if the interval held it and it
 * missed by less than 100% (else the form failed: its fitted times are
 * not ranked);
 * beyond_span names the part of the machine a fitted point's PEs span
 * when fewer than two simulated points spanned that much (how its
 * links' cost grows is then outside what the fit has seen, and hi_s
 * reaches up to every message paying for them), empty otherwise. Reals
 * as in
 * summary.h (exact shortest), empty when not known. The reader
 * (results.h) takes the first eight columns back.
 *
 * JSON: an array of objects with the same keys. Table: for people, per
 * algorithm and size, then the fastest algorithm at each PE count with
 * the crossovers, saying where the winner's interval overlaps the
 * runner-up's (the order is then not certain).
 */
#ifndef SS_SCALE_OUT_H
#define SS_SCALE_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "summary.h"

/* How a row's time was found. */
enum {
    SS_ROW_FITTED,     /* the fit on the simulated points, its interval */
    SS_ROW_SIMULATED,  /* simulated whole (lo_s = hi_s = time_s) */
    SS_ROW_SAMPLED,    /* from windows of a step algorithm's steps run at
                          this size, its interval (studies/scale_sample.c) */
};

typedef struct ss_scale_row {
    const char *collective, *algorithm;
    int pes;
    size_t bytes;
    double time_s;
    int simulated;            /* SS_ROW_* */
    double lo_s, hi_s;
    int ppn;
    const char *model, *platform;
    const char *form;         /* NULL: no fit */
    int fit_from, fit_to, fit_points;
    double loo_error;         /* NAN: no fit */
    int backtest_pes;         /* 0: no back-test */
    double backtest_error;
    int backtest_covered;
    const char *beyond_span;  /* NULL: within what was simulated */
} ss_scale_row_t;

/* Rows ordered by algorithm, size, then PEs (as scale makes them); -1,
 * writing nothing, for a value that is no format. */
int ss_scale_write(FILE *f, ss_format_t fmt, const ss_scale_row_t *rows,
                   size_t n);

#endif
