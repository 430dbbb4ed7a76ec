/* plot_axes.c - tick positions and labels for the log axes of plot.c
 * (see plot_axes.h). */
#include "plot_axes.h"

#include <math.h>
#include <stdio.h>

/* Ticks for a log-2 axis (sizes, PE counts) from its distinct values v,
 * sorted: every value when there are 10 or fewer; else powers of 2 whose
 * exponents are multiples of 1, 2, 5, 10, ... (so 1 KiB = 2^10 and
 * 1 MiB = 2^20 are among them); else, values crowded within a power of
 * two, every few values. */
size_t ss_plot_x_tics(const double *v, size_t nv, double *t)
{
    size_t n = 0;
    if (nv == 0)
        return 0;
    if (nv <= SS_PLOT_MAX_SHOWN) {
        for (; n < nv; n++)
            t[n] = v[n];
        return n;
    }
    int e0 = (int)ceil(log2(v[0])), e1 = (int)floor(log2(v[nv - 1])), k = 1;
    while ((e1 - e0) / k + 1 > SS_PLOT_MAX_SHOWN)
        k = k == 1 ? 2 : k == 2 ? 5 : 2 * k;
    for (int e = e0; e <= e1 && n < SS_PLOT_MAX_TICS; e++)
        if (e % k == 0)
            t[n++] = ldexp(1.0, e);
    if (n >= 2)
        return n;
    size_t step = (nv + SS_PLOT_MAX_SHOWN - 1) / SS_PLOT_MAX_SHOWN;
    for (n = 0; n * step < nv; n++)
        t[n] = v[n * step];
    return n;
}

/* Divides for negative exponents: 5 / 1e6 rounds to the double nearest
 * 5e-6, while 5 * 1e-6 does not. */
double ss_tic_value(ss_tic_t t)
{
    return t.e >= 0 ? t.m * pow(10.0, t.e) : t.m / pow(10.0, -(double)t.e);
}

/* Ticks for a log-10 axis covering [lo, hi], lo > 0: 1-2-5 steps when it
 * spans two decades or less (else too few ticks), decades (every k-th)
 * when more; from the last tick <= lo to the first >= hi, which become
 * the axis ends so both ends carry a label. */
size_t ss_plot_log_tics(double lo, double hi, ss_tic_t *t)
{
    static const int m125[] = {1, 2, 5};
    lo = lo < 1e-300 ? 1e-300 : lo;   /* keep the exponents in int range */
    hi = hi > 1e300 ? 1e300 : hi;
    int e0 = (int)floor(log10(lo)), e1 = (int)ceil(log10(hi));
    size_t n = 0;
    e0 -= ss_tic_value((ss_tic_t){1, e0}) > lo;    /* log10 rounding */
    e1 += ss_tic_value((ss_tic_t){1, e1}) < hi;
    if (e1 <= e0)
        e1 = e0 + 1;
    if (e1 - e0 <= 2) {
        for (int e = e0; e <= e1; e++)
            for (int i = 0; i < 3 && (e < e1 || i == 0); i++)
                t[n++] = (ss_tic_t){m125[i], e};
    } else {
        int step = (e1 - e0 + SS_PLOT_MAX_SHOWN - 1) / SS_PLOT_MAX_SHOWN;
        for (int e = e0; e < e1 + step && n < SS_PLOT_MAX_TICS; e += step)
            t[n++] = (ss_tic_t){1, e};
    }
    size_t first = 0;
    while (first + 1 < n && ss_tic_value(t[first + 1]) <= lo)
        first++;
    for (size_t i = first; i < n; i++)
        t[i - first] = t[i];
    n -= first;
    while (n > 2 && ss_tic_value(t[n - 2]) >= hi)
        n--;
    return n;
}

/* A time tick as people write it: the unit that keeps the number below
 * 1000 ("500 ns", "20 us", "1 ms", "2 s"). */
void ss_plot_time_label(ss_tic_t t, char *buf, size_t len)
{
    static const char *const unit[] = {"ps", "ns", "us", "ms", "s"};
    if (t.e < -12 || t.e > 15) {
        snprintf(buf, len, "%de%d s", t.m, t.e);
        return;
    }
    int k = (t.e + 12) / 3;
    k = k > 4 ? 4 : k;
    long long v = t.m;
    for (int p = t.e + 12 - 3 * k; p > 0; p--)
        v *= 10;
    snprintf(buf, len, "%lld %s", v, unit[k]);
}

