/* predict.c - lookup of the closed forms (tables in predict_<kind>.c). */
#include "predict.h"

#include <math.h>
#include <string.h>

ss_pred_fn ss_pred_form(shcoll_kind_t kind, int alg)
{
#define SS_PRED_FORMS_(KIND, kind) [SHCOLL_##KIND] = ss_pred_##kind,
    static ss_pred_fn (*const forms[SHCOLL_NKINDS])(int) = {
        SHCOLL_KINDS(SS_PRED_FORMS_)
    };
    return shcoll_entry(kind, alg) ? forms[kind](alg) : NULL;
}

double ss_predict(const char *kind, const char *alg, const ss_ab_t *ab,
                  const ss_pred_in_t *in)
{
    int k = shcoll_kind_of(kind);
    ss_pred_fn fn = k < 0 ? NULL
                          : ss_pred_form((shcoll_kind_t)k,
                                         shcoll_alg_of((shcoll_kind_t)k, alg));
    if (!fn)
        return NAN;
    return in->p <= 1 ? 0.0 : fn(ab, in);
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

double ss_pred_issue(const ss_ab_t *ab, ss_pred_clk_t *c)
{
    double at = c->cpu + ab->o > c->nic ? c->cpu + ab->o : c->nic;
    c->cpu = at;
    c->nic = at + ab->g;
    return at;
}

static void swap(int *h, int i, int j)
{
    int x = h[i];
    h[i] = h[j];
    h[j] = x;
}

/* Flows sorted by release sharing one link fairly: each active one is
 * served at 1/(active) of the rate, so it ends when the link's virtual
 * time, which runs at that rate, has gone its work past its release
 * (done holds that virtual finish until then). h: room for nf. */
void ss_pred_share(ss_pred_flow_t *f, int nf, int *h)
{
    double now = 0, v = 0;
    int nh = 0, next = 0;
    while (next < nf || nh > 0) {
        if (nh == 0)
            now = (now > f[next].rel ? now : f[next].rel);
        for (; next < nf && f[next].rel <= now; next++) {
            f[next].done = v + f[next].work;
            int i = nh++;
            for (h[i] = next; i > 0 && f[h[i]].done < f[h[(i - 1) / 2]].done;
                 i = (i - 1) / 2)
                swap(h, i, (i - 1) / 2);
        }
        double end = now + (f[h[0]].done - v) * nh;
        if (next < nf && f[next].rel < end) {
            v += (f[next].rel - now) / nh;
            now = f[next].rel;
            continue;
        }
        v = f[h[0]].done;
        now = end;
        while (nh > 0 && f[h[0]].done <= v * (1 + 1e-12)) {
            f[h[0]].done = now;
            h[0] = h[--nh];
            for (int i = 0, c; (c = 2 * i + 1) < nh; i = c) {
                if (c + 1 < nh && f[h[c + 1]].done < f[h[c]].done)
                    c++;
                if (f[h[i]].done <= f[h[c]].done)
                    break;
                swap(h, i, c);
            }
        }
    }
}
