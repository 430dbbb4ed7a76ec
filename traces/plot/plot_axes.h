/* plot_axes.h - tick positions and labels for the log axes of plot.c.
 *
 * Plain arithmetic on numbers, kept apart from the script writer so it
 * can be read and tested on its own: which sizes, PE counts, times and
 * ratios get a tick, and how a time reads ("500 ns", "20 us"). Labels are
 * built from integers (m and e of m * 10^e), never printed from a double,
 * so they carry no rounding noise.
 */
#ifndef SS_PLOT_AXES_H
#define SS_PLOT_AXES_H

#include <stddef.h>

/* Arrays of ticks passed in hold SS_PLOT_MAX_TICS entries. */
#define SS_PLOT_MAX_TICS 64

typedef struct ss_tic { int m, e; } ss_tic_t;   /* the value m * 10^e */

/* Most ticks on an axis before they crowd each other. */
#define SS_PLOT_MAX_SHOWN 10

/* Ticks for a log-2 axis (sizes, PE counts) from its distinct values v,
 * sorted: every value when there are 10 or fewer; else powers of 2 whose
 * exponents are multiples of 1, 2, 5, 10, ... (so 1 KiB = 2^10 and
 * 1 MiB = 2^20 are among them); else, values crowded within a power of
 * two, every few values. */
size_t ss_plot_x_tics(const double *v, size_t nv, double *t);

/* Divides for negative exponents: 5 / 1e6 rounds to the double nearest
 * 5e-6, while 5 * 1e-6 does not. */
double ss_tic_value(ss_tic_t t);

/* Ticks for a log-10 axis covering [lo, hi], lo > 0: 1-2-5 steps when it
 * spans two decades or less (else too few ticks), decades (every k-th)
 * when more; from the last tick <= lo to the first >= hi, which become
 * the axis ends so both ends carry a label. */
size_t ss_plot_log_tics(double lo, double hi, ss_tic_t *t);

/* A time tick as people write it: the unit that keeps the number below
 * 1000 ("500 ns", "20 us", "1 ms", "2 s"). */
void ss_plot_time_label(ss_tic_t t, char *buf, size_t len);

#endif /* SS_PLOT_AXES_H */
