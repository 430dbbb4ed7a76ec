/* predict_nodes.c - what the node-aware forms share (algorithms/nodes.c
 * is the scheme): the node size and radix as the algorithm clamps them,
 * the leaders' algorithm, and the k-nomial trees inside a node played
 * out member by member.
 *
 * A put to a node-mate costs shm_alpha + (m + 8) shm_beta with its flag
 * (under alpha-beta the flag travels alongside the data it follows, as
 * on the network), plus shm_o per issue and shm_o_recv per flag under
 * loggp. Transfers inside a node do not share: a cluster's loopback is
 * a fat pipe (each copy at the full rate), which is what a node's memory
 * system gives a few concurrent copies. A platform whose loopback is a
 * shared link (the fat-tree and dragonfly builders') makes a level's
 * k-1 copies share it: the forms are then under by up to (k-2) m
 * shm_beta per level, a few percent at most for payloads of a MiB.
 * From a pipeline segment up a member quiets between the levels it
 * sends down (algorithms/nodes.c), each quiet costing its CPU time
 * after the level before has landed.
 */
#include "predict.h"

#include <stdlib.h>

int ss_node_q(const ss_ab_t *ab, int p)
{
    int q = ab->q;
    return q < 1 ? 1 : q > p ? p : q;
}

int ss_node_radix(const ss_pred_in_t *in, int dflt, int q)
{
    int k = in->radix >= 2 ? in->radix : dflt;
    if (k > q)
        k = q;
    return k < 2 ? 2 : k;
}

int ss_node_leader(shcoll_kind_t kind, const char *name, const char *dflt)
{
    int a = shcoll_alg_of(kind, name ? name : dflt);
    const shcoll_entry_t *e = shcoll_entry(kind, a);
    if (!e || shcoll_same_name_(e->name, "node_aware"))
        return -1;
    return a;
}

void ss_node_form(const ss_ab_t *ab, const ss_pred_in_t *in, shcoll_kind_t kind,
                  const char *pow2, const char *other, ss_node_form_t *f)
{
    f->q = ss_node_q(ab, in->p);
    f->L = (in->p + f->q - 1) / f->q;
    f->last = in->p - (f->L - 1) * f->q;
    f->a = ss_node_leader(kind, in->leader, (f->L & (f->L - 1)) == 0 ? pow2 : other);
    f->net = ss_node_net(ab);
    f->li = *in;
    f->li.radix = 0;
    f->li.leader = NULL;
}

ss_ab_t ss_node_net(const ss_ab_t *ab)
{
    ss_ab_t n = *ab;
    n.q = 0;
    n.signal = 1;   /* node-aware steps carry their flag (algorithms/nodes.h) */
    return n;
}

static double hop(const ss_ab_t *ab, double m)
{
    return ab->shm_o + ab->shm_alpha + (m + 8) * ab->shm_beta + ab->shm_o_recv;
}

/* Rank i's lowest nonzero base-k digit's level (levels for i = 0). */
static int top_of(int i, int k, int nlev)
{
    int t = 0;
    for (long s = 1; t < nlev && (i / s) % k == 0; s *= k)
        t++;
    return t;
}

static int levels(int m, int k)
{
    int l = 0;
    for (long s = 1; s < m; s *= k)
        l++;
    return l;
}

double ss_node_up(const ss_ab_t *ab, int m, int k, ss_node_bytes_fn bytes,
                  void *arg, double gamma_bytes)
{
    double *arr = malloc((size_t)m * sizeof *arr), t = 0;
    int nlev = levels(m, k);
    if (!arr)
        return 0;
    for (int i = m - 1; i >= 0; i--) {
        int top = top_of(i, k, nlev);
        long span = 1;
        t = 0;
        for (int j = 0; j < top; j++, span *= k)
            for (int d = 1; d < k && i + d * span < m; d++) {
                double at = arr[i + d * span];
                t = (t > at ? t : at) +
                    gamma_bytes * ab->gamma;
            }
        if (i > 0) {
            int cnt = (int)(span < m - i ? span : m - i);
            arr[i] = t + hop(ab, bytes ? bytes(arg, i, cnt) : 0);
        }
    }
    free(arr);
    return t;
}

/* The quiet before each level of the down traversal but the first
 * (algorithms/nodes.c: from a pipeline segment up), after the level
 * before has landed: its CPU time, o_quiet when the puts it completes
 * include the network's (net: a leader's first, after the leaders'
 * phase), else shm_o_quiet (all to node-mates). */
static double down_quiet(const ss_ab_t *ab, int net, double bytes)
{
    if (bytes < SHCOLL_PIPE_SEGMENT)
        return 0;
    return net ? ab->o_quiet : ab->shm_o_quiet;
}

double ss_node_down(const ss_ab_t *ab, int m, int k, double bytes, int lead_net)
{
    double *at = malloc((size_t)m * sizeof *at), last = 0;
    int nlev = levels(m, k);
    if (!at)
        return 0;
    at[0] = 0;
    for (int i = 0; i < m; i++) {
        double t = at[i];
        int top = top_of(i, k, nlev), sent = 0;
        long span = 1;
        for (int j = 0; j < top - 1; j++)
            span *= k;
        for (int j = top - 1; j >= 0; j--, span /= k) {
            if (i + span >= m)
                continue;
            if (sent++ > 0)   /* the leader's first completes its network's */
                t += down_quiet(ab, i == 0 && lead_net && sent == 2, bytes);
            t += hop(ab, bytes);
            for (int d = 1; d < k && i + d * span < m; d++)
                at[i + d * span] = t;
        }
        last = at[i] > last ? at[i] : last;
    }
    free(at);
    return last;
}
