/* model.c - network model settings and software-overhead defaults. */
#include "model.h"

#include <stdio.h>

const char *const ss_model_names[] = {"simgrid", "alpha-beta", "loggp", NULL};

/* alpha-beta has zero software overhead by definition: a lone transfer of
 * m bytes takes route latency + m / bottleneck bandwidth and nothing else.
 * The simgrid model keeps SimGrid's LV08 factors and adds a LogGP-style
 * issue overhead and gap typical of an RDMA NIC (a few hundred ns). */
void ss_model_defaults(ss_model_t *m, ss_model_kind_t kind)
{
    m->kind = kind;
    m->chosen = 0;
    m->given = 0;
    m->o_recv = m->shm_o = m->shm_lat = m->shm_bw = m->shm_o_recv = 0.0;
    m->o_get = m->shm_o_get = -1.0;
    m->o_quiet = m->shm_o_quiet = 0.0;
    m->unordered = 0;
    m->put_signal = 0;
    m->poll_s = 50e-9;
    m->combine_s_per_byte = 0.25e-9;   /* ~4 GB/s of combined input */
    m->small_bytes = SS_SMALL_AUTO;   /* every message but under simgrid */
    if (kind != SS_MODEL_SIMGRID) {   /* loggp: the platform's, else 0 */
        m->o_send = 0.0;
        m->gap = 0.0;
    } else {
        m->o_send = 200e-9;
        m->gap = 100e-9;
    }
}

/* crosstraffic:0 for both: one-sided RDMA has no TCP acknowledgements, and
 * it halves the cost of dense runs. For alpha-beta, CM02 with unit factors
 * and no TCP window makes a lone transfer exactly latency + size/bw.
 *
 * weight-S: flows sharing a link split it in inverse proportion to their
 * sharing penalty. CM02 takes the route's latency as the penalty (about
 * 1e-6 s), so a link's usage (the sum of 1/penalty over its flows) reaches
 * 1e11 with thousands of flows, where the solver's absolute precision
 * (1e-5) is below the rounding of the sums: SimGrid aborts ("Cannot
 * saturate more a constraint...", fcollect recursive doubling at 16,384
 * PEs on aries-xc). With weight-S = W the penalty is W * sum(1/bw) over
 * the route plus the latency: about the hop count for W = 10 GB/s, so
 * usage stays near the flow count. The split between flows is the same
 * as before wherever links have one latency and one bandwidth (both
 * penalties are proportional to the hops); a lone flow is unaffected. */
int ss_model_simgrid_args(const ss_model_t *m, const char **out, int max)
{
    static const char *const ab[] = {
        "--cfg=network/model:CM02", "--cfg=network/latency-factor:1",
        "--cfg=network/bandwidth-factor:1", "--cfg=network/TCP-gamma:0",
        "--cfg=network/crosstraffic:0", "--cfg=network/weight-S:1e10",
    };
    static const char *const sg[] = {"--cfg=network/crosstraffic:0"};
    const char *const *src = m->kind != SS_MODEL_SIMGRID ? ab : sg;
    int n = m->kind != SS_MODEL_SIMGRID ? 6 : 1;
    int i;
    for (i = 0; i < n && i < max; i++)
        out[i] = src[i];
    return i;
}

double ss_model_issue(const ss_model_t *m, int same_node)
{
    return same_node && m->kind == SS_MODEL_LOGGP ? m->shm_o : m->o_send;
}

double ss_model_get(const ss_model_t *m, int same_node)
{
    double v = m->kind != SS_MODEL_LOGGP ? -1 : same_node ? m->shm_o_get : m->o_get;
    return v >= 0 ? v : ss_model_issue(m, same_node);
}

double ss_model_quiet(const ss_model_t *m, int same_node)
{
    if (m->kind != SS_MODEL_LOGGP)
        return 0;
    return same_node ? m->shm_o_quiet : m->o_quiet;
}

double ss_model_signal(const ss_model_t *m, int same_node)
{
    return same_node && m->kind == SS_MODEL_LOGGP ? m->shm_o_recv : m->o_recv;
}

/* LV08's latency and bandwidth factors and TCP window are not in the
 * small-message model: under simgrid every message goes through SimGrid
 * (an explicit size is refused by the command line). */
size_t ss_model_small_bytes(const ss_model_t *m, int npes)
{
    if (m->small_bytes != SS_SMALL_AUTO)
        return m->small_bytes;
    (void)npes;
    return m->kind == SS_MODEL_SIMGRID ? 0 : SS_SMALL_ALL;
}

const char *ss_model_label(const ss_model_t *m, int npes, const char *name)
{
    static char buf[80];
    size_t small = ss_model_small_bytes(m, npes);
    const char *sig = m->put_signal ? "+signal" : "";
    if ((small == SS_SMALL_ALL || m->kind == SS_MODEL_SIMGRID) && !*sig)
        return name;   /* itself: callers may compare the pointer */
    if (small == SS_SMALL_ALL || m->kind == SS_MODEL_SIMGRID)
        snprintf(buf, sizeof buf, "%s%s", name, sig);
    else if (small == 0)
        snprintf(buf, sizeof buf, "%s+flows%s", name, sig);
    else
        snprintf(buf, sizeof buf, "%s+flows>%zu%s", name, small, sig);
    return buf;
}
