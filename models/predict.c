/* predict.c - lookup of the closed forms (tables in predict_<kind>.c). */
#include "predict.h"

#include <math.h>
#include <string.h>

double ss_predict(const char *kind, const char *alg, const ss_ab_t *ab,
                  const ss_pred_in_t *in)
{
    static const struct { const char *kind; const ss_pred_t *table; } k[] = {
        {"fcollect", ss_pred_fcollect}, {"collect", ss_pred_collect},
        {"broadcast", ss_pred_broadcast}, {"reduce", ss_pred_reduce},
        {"alltoall", ss_pred_alltoall},
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        if (strcmp(kind, k[i].kind))
            continue;
        for (const ss_pred_t *r = k[i].table; r->alg; r++)
            if (!strcmp(r->alg, alg))
                return in->p <= 1 ? 0.0 : r->fn(ab, in);
    }
    return NAN;
}

int ss_ceil_log(int base, int p)
{
    int k = 0;
    for (long v = 1; v < p; v *= base)
        k++;
    return k;
}

size_t ss_total_bytes(const ss_pred_in_t *in)
{
    size_t t = 0;
    for (int r = 0; in->sizes && r < in->p; r++)
        t += in->sizes[r];
    return t;
}
