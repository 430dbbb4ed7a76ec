/* reduce/node_aware.c - node-aware allreduce: a k-nomial reduce to each
 * node's leader, the leaders' allreduce over the network, a k-nomial
 * broadcast of the result inside each node (algorithms/nodes.c: the
 * grouping, the trees and why).
 *
 * With q members per node, L = ceil(p/q) leaders, k the radix (default
 * 8), l = ceil(log_k q) levels, a_s and b_s the shared-memory alpha and
 * beta (--shm-lat, 1/--shm-bw), for q a power of k:
 *   T = l(a_s + (n+8)b_s + (k-1)n gamma)   reduce: a level's k-1
 *                                           children each land at once
 *                                           (a node's copies do not share
 *                                           a link), then are combined
 *     + T_leader(L, n)                     the leader algorithm's form
 *     + l(a_s + (n+8)b_s)                  broadcast, a level at a time
 * (models/predict_reduce.c plays the tree out for any q).
 *
 * Leader algorithm: a->leader, default recursive_doubling: L is small
 * (nodes, not PEs) and the arrays of a node-aware allreduce are short,
 * so the fewest latencies win: log2 L whole-array exchanges, no root
 * (what MPICH's SMP-aware allreduce runs among node leaders for short
 * messages). Any other reduce of the registry may be named; node_aware
 * itself or an unknown name makes the call return non-zero.
 *
 * dest is the accumulator (source == dest is fine); the leader runs in
 * place on its dest (every reduce of the registry allows source ==
 * dest). A child's partial goes into its parent's work slot with a put
 * that copies at issue, so the broadcast may write dest at once.
 *
 * psync: the node tree's (k-1)l child flags and one word from the
 *        parent, then the leader algorithm's words.
 * work:  one n-byte slot per child flag, then the leader's work
 *        (nodes.c: the bounds over every q).
 */
#include "../nodes.h"

#define DEFAULT_LEADER "recursive_doubling"

size_t shcoll_reduce_node_aware_psync_words(int npes, int radix)
{
    return shcoll_nodes_tree_words(npes, radix, SHCOLL_REDUCE_NODE_AWARE_RADIX) +
           shcoll_nodes_leader_words(SHCOLL_REDUCE, npes);
}

size_t shcoll_reduce_node_aware_work_bytes(int npes, size_t nbytes, int radix)
{
    size_t w = shcoll_nodes_tree_words(npes, radix,
                                       SHCOLL_REDUCE_NODE_AWARE_RADIX) - 1;
    return shcoll_nodes_align(w * nbytes) +
           shcoll_nodes_leader_work(SHCOLL_REDUCE, npes, nbytes);
}

typedef struct up {
    const shcoll_args_t *a;
    size_t nelems;
} up_t;

static void combine_child(void *arg, int word, int child, long v)
{
    up_t *u = arg;
    (void)child, (void)v;
    shcoll_combiner(u->a)(u->a, u->a->dest,
                          shcoll_at(u->a->work, (size_t)word * u->a->nbytes),
                          u->nelems);
}

int shcoll_reduce_node_aware_run(const shcoll_args_t *a)
{
    shcoll_nodes_t g;
    size_t esize;
    const shcoll_alg_t *lead =
        shcoll_nodes_leader(SHCOLL_REDUCE, a->leader, DEFAULT_LEADER);
    if (shcoll_reduce_member(a, &esize) < 0 || !lead ||
        shcoll_nodes_init(&g, a, SHCOLL_REDUCE_NODE_AWARE_RADIX))
        return -1;
    int W = shcoll_nodes_words(&g);
    size_t slots = g.q > 1 ? shcoll_nodes_align((size_t)(W - 1) * a->nbytes) : 0;
    size_t lw = lead->work_bytes ? lead->work_bytes(g.L, a->nbytes, 0) : 0;
    size_t lp = lead->psync_words ? lead->psync_words(g.L, 0) : 0;
    if (slots + lw > shcoll_reduce_node_aware_work_bytes(g.p, a->nbytes, a->radix) ||
        (g.q > 1 ? (size_t)W : 0) + lp >
            shcoll_reduce_node_aware_psync_words(g.p, a->radix))
        return -1;   /* a LINEAR/RING leader at too many leaders */

    shcoll_args_t b = shcoll_nodes_leader_args(a, &g);
    if (g.q <= 1)     /* every member its own node: the leader algorithm */
        return lead->run(&b);

    up_t u = {a, a->nbytes / esize};
    shcoll_copy(a->dest, a->source, a->nbytes);
    shcoll_nodes_wait_children(&g, a->psync, combine_child, &u);
    shcoll_nodes_to_parent(a, &g, a->psync, a->work, a->nbytes, a->dest,
                           a->nbytes, 0);
    if (g.i == 0 && g.L > 1) {
        b.source = a->dest;
        b.psync = a->psync + W;
        b.work = a->work ? shcoll_at(a->work, slots) : NULL;
        int rc = lead->run(&b);
        if (rc)
            return rc;
    }
    shcoll_nodes_spread(a, &g, a->nbytes);
    return 0;
}
