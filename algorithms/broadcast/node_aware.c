/* broadcast/node_aware.c - node-aware broadcast: arrivals up a k-nomial
 * tree in each node, the leaders' broadcast over the network from the
 * root's node, a k-nomial broadcast inside each node (algorithms/nodes.c:
 * the grouping, the trees and why).
 *
 * Root anywhere: the root's node leader gets the data first. A root that
 * is not its node's leader puts the payload straight into that leader's
 * dest (one put on the shared-memory path, beside the arrivals); the
 * leaders then broadcast from leader root / q. The root's own dest is
 * written again by its node's broadcast, with the same bytes.
 *
 * Why the arrivals. Data flows one way, so without them a member could
 * leave before a member of another node entered (broadcast/common.c:
 * why every exit must depend on every entry). The leader algorithm keeps
 * that among the leaders, so each leader waits for its node's members
 * (bare flags up the tree) before it enters it.
 *
 * With q members per node, L = ceil(p/q) leaders, k the radix (default
 * 8), l = ceil(log_k q), a_s and b_s the shared-memory alpha and beta:
 *   T = max(l(a_s + 8 b_s), a_s + (n+8) b_s)    arrivals; the root's put
 *     + T_leader(L, n)                          the leader algorithm
 *     + l(a_s + (n+8) b_s)                      node broadcast
 * (the root's put only when the root is not a leader).
 *
 * Leader algorithm: a->leader, default binomial: what MPICH's SMP-aware
 * broadcast runs among node leaders for short messages; L is a node
 * count, so ceil(log2 L) rounds of one payload each, and its barrier
 * rides on the data (broadcast/common.c). Any other broadcast may be
 * named (a pipeline for long payloads); node_aware itself or an unknown
 * name makes the call return non-zero.
 *
 * psync: the node tree's (k-1)l child flags and one word from the
 *        parent, the root's "payload here" flag at its leader, then the
 *        leader algorithm's words. work: the leader's (none for the
 *        broadcasts of the registry).
 */
#include "../nodes.h"

#define DEFAULT_LEADER "binomial"

size_t shcoll_broadcast_node_aware_psync_words(int npes, int radix)
{
    return shcoll_nodes_tree_words(npes, radix,
                                   SHCOLL_BROADCAST_NODE_AWARE_RADIX) + 1 +
           shcoll_nodes_leader_words(SHCOLL_BROADCAST, npes);
}

size_t shcoll_broadcast_node_aware_work_bytes(int npes, size_t nbytes,
                                              int radix)
{
    (void)radix;
    return shcoll_nodes_leader_work(SHCOLL_BROADCAST, npes, nbytes);
}

int shcoll_broadcast_node_aware_run(const shcoll_args_t *a)
{
    shcoll_nodes_t g;
    const shcoll_alg_t *lead =
        shcoll_nodes_leader(SHCOLL_BROADCAST, a->leader, DEFAULT_LEADER);
    if (!lead || a->root < 0 || a->root >= a->set.size ||
        shcoll_nodes_init(&g, a, SHCOLL_BROADCAST_NODE_AWARE_RADIX))
        return -1;
    int W = shcoll_nodes_words(&g);
    size_t lw = lead->work_bytes ? lead->work_bytes(g.L, a->nbytes, 0) : 0;
    size_t lp = lead->psync_words ? lead->psync_words(g.L, 0) : 0;
    if (lw > shcoll_broadcast_node_aware_work_bytes(g.p, a->nbytes, a->radix) ||
        (g.q > 1 ? (size_t)W + 1 : 0) + lp >
            shcoll_broadcast_node_aware_psync_words(g.p, a->radix))
        return -1;

    shcoll_args_t b = shcoll_nodes_leader_args(a, &g);
    if (g.q <= 1)
        return lead->run(&b);

    int rnode = a->root / g.q, mine = g.base == rnode * g.q;
    long *got = &a->psync[W];
    shcoll_args_t s = shcoll_nodes_steps(a);
    if (g.me == a->root && g.i != 0)
        shcoll_put_flag(&s, a->dest, a->source, a->nbytes, got, 0,
                        shcoll_nodes_pe(a, &g, 0));
    shcoll_nodes_wait_children(&g, a->psync, NULL, NULL);
    shcoll_nodes_to_parent(a, &g, a->psync, NULL, 0, NULL, 0, 0);
    if (g.i == 0) {
        if (mine && g.me == a->root)
            shcoll_copy(a->dest, a->source, a->nbytes);
        else if (mine)
            shcoll_wait_flag(got);
        if (g.L > 1) {
            b.root = rnode;
            b.source = a->dest;
            b.psync = a->psync + W + 1;
            int rc = lead->run(&b);
            if (rc)
                return rc;
        }
    }
    shcoll_nodes_spread(a, &g, a->nbytes);
    return 0;
}
