/* scale_case.c - what `shmemsim scale`'s fits know of a point before it
 * is simulated: the case an algorithm and size make (scale_cmd.h), and
 * the routes and link shares a log-step algorithm's steps see at p PEs
 * on the platform (platforms/capacity.c's spans). Used by the plan of
 * the ladder (cli/cmd_scale.c) and by the fits (scale_fit.c). */
#include <math.h>
#include <string.h>

#include "platform.h"
#include "topo.h"
#include "scale_cmd.h"
#include "shcoll_check.h"

static void member_bytes(int p, size_t bytes, size_t *sizes)
{
    for (int r = 0; r < p; r++)
        sizes[r] = shcoll_collect_bytes(r, bytes, 1);
}

/* Algorithm a at size s as the fits see it. The step algorithms of
 * fcollect (ring, neighbour exchange) talk to their neighbours only. */
void ss_scale_case_of(const ss_scale_job_t *j, size_t a, size_t s, ss_scale_case_t *c)
{
    const shcoll_alg_t *alg = shcoll_find((shcoll_kind_t)j->kind, j->algs[a]);
    *c = (ss_scale_case_t){shcoll_kind_name((shcoll_kind_t)j->kind), j->algs[a], j->bytes[s],
                           shcoll_type_size((shcoll_type_t)j->run.type), j->run.root,
                           j->run.cfg.radix, j->run.cfg.segment,
                           j->kind == SHCOLL_COLLECT ? member_bytes : NULL,
                           alg && alg->nsteps && j->kind != SHCOLL_ALLTOALL,
                           !strcmp(j->algs[a], "bruck"),   /* the one shifted */
                           j->kind == SHCOLL_FCOLLECT &&
                               !strcmp(j->algs[a], "neighbor_exchange")};   /* paired */
}

int ss_scale_span_of(const ss_scale_job_t *j, long pes, ss_span_t *s)
{
    size_t nodes = ((size_t)pes + (size_t)j->ppn - 1) / (size_t)j->ppn;
    return ss_platform_span(j->platform, nodes, s);
}

/* The bandwidth a log-step algorithm's bytes see. Step m (m = 1, 2, ...)
 * sends 2^(m-1) blocks to a partner 2^(m-1) away; sh[m] is the share of
 * blocks of 2^m PEs (the narrowest of the levels they span). Inside
 * aligned blocks (recursive doubling, k-nomial) step m crosses only the
 * levels within its block: sh[m]. Shifted around the team (Bruck), it
 * also crosses every larger level, but only d = 2^(m-1) of a level's
 * S = 2^(m'-1) PEs do, so each has S/d times the share: the least of
 * sh[m'] 2^(m'-m) over m' >= m. The steps' shares are weighted by the
 * blocks they send (harmonic: time adds). */
static void step_shares(const double *sh, int nm, long p, double *blocked, double *shifted)
{
    double blocks = 0, t_blocked = 0, t_shifted = 0;
    for (int m = 1; m <= nm; m++) {
        long b = 1L << m;
        double w = (double)(b < p ? b : p) - (double)(b / 2);
        double sft = sh[m];
        for (int k = m + 1; k <= nm; k++)
            sft = fmin(sft, sh[k] * (double)(1L << (k - m)));
        blocks += w;
        t_blocked += w / sh[m];
        t_shifted += w / sft;
    }
    *blocked = blocks / t_blocked;
    *shifted = blocks / t_shifted;
}

/* The most PEs whose links' shares the log-step forms take: on a cabled
 * dragonfly a group's (what its rounds across groups put on the global
 * bundles and the local links to them is the rounds' own, scale_steps.c,
 * and the form would count it twice), elsewhere all of them. */
static long share_cap(const ss_scale_job_t *j, long p)
{
    ss_topo_t t;
    char err[256];
    if (!ss_topo_is_spec(j->platform) || ss_topo_parse(j->platform, &t, err, sizeof err) ||
        t.kind != SS_TOPO_DRAGONFLY || t.simgrid_zone)
        return p;
    long cap = (long)t.chassis[0] * t.routers[0] * t.nodes * j->ppn;
    return cap < p ? cap : p;
}

int ss_scale_span_at(const ss_scale_job_t *j, int p, const ss_span_t *seen,
                     ss_scale_span_t *out)
{
    ss_span_t top, s, pair, bw;
    double sh[64], sum = 0, blocked, shifted;
    int nm = 0;
    long cap = share_cap(j, p);
    if (j->run.cfg.placement != SS_PLACE_BLOCK || ss_scale_span_of(j, p, &top) ||
        ss_scale_span_of(j, cap, &bw))
        return -1;
    if (seen && seen->latency < top.latency)
        top = *seen;
    top.bandwidth = fmax(top.bandwidth, bw.bandwidth);
    if (ss_scale_span_of(j, 2, &pair))
        return -1;
    for (long b = 2; nm < 62; b *= 2) {
        if (ss_scale_span_of(j, b < p ? b : p, &s))
            return -1;
        sum += fmin(s.latency, top.latency);
        sh[++nm] = fmax(s.bandwidth, top.bandwidth);
        if (b >= p)
            break;
    }
    step_shares(sh, nm, p, &blocked, &shifted);
    /* shares are per node, and a node's ppn PEs all send at once */
    *out = (ss_scale_span_t){top.latency, fmin(pair.latency, top.latency),
                             top.bandwidth / j->ppn, sum / nm, blocked / j->ppn,
                             shifted / j->ppn};
    return 0;
}

