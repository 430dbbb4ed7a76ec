/* fcollect/node_aware.c - node-aware allgather: a k-nomial gather to each
 * node's leader, the leaders' fcollect of one q-member block per node, a
 * k-nomial broadcast of the whole result inside each node (algorithms/
 * nodes.c: the grouping, the trees and why).
 *
 * Node k's members hold the blocks [kq, (k+1)q), so node k's gathered
 * block is exactly where block k of a fcollect of qn-byte blocks goes:
 * the leaders run the leader algorithm in place, its source being their
 * own block of dest (every fcollect of the registry puts a block only
 * to its final offset, so its own is never written). A member's subtree
 * covers consecutive ranks, so it goes up as one put, to the same offset.
 *
 * p not a multiple of q: the last node's block is short, while the
 * leaders' fcollect wants equal blocks. The node phases and the leaders
 * then work in work instead of dest, padded to Lq blocks (the last
 * node's block padded with (Lq - p)n unused bytes), and the leaders copy
 * the p n bytes into dest before the node broadcast. Cost: (Lq - p)n more
 * bytes in the leaders' last round(s) (bandwidth term (L-1)qn instead of
 * (p-q')n, q' the last node's size) and a local copy of p n bytes; work
 * of up to (p + q - 1)n bytes.
 *
 * With q members per node, L = ceil(p/q) leaders, k the radix (default
 * 8), l = ceil(log_k q), a_s and b_s the shared-memory alpha and beta,
 * for q a power of k:
 *   T = sum over j < l of a_s + (k^j n + 8) b_s    gather: level j's
 *                                                  subtrees are k^j blocks
 *     + T_leader(L, qn)                            the leaders' fcollect
 *     + l(a_s + (pn + 8) b_s)                      node broadcast
 * (models/predict_fcollect.c plays the tree out for any q).
 *
 * Leader algorithm: a->leader; default recursive_doubling when L is a
 * power of two, Bruck otherwise: what MPICH runs for short allgathers
 * (its SMP-aware allgather among node leaders too): log2 L rounds either
 * way, and recursive doubling's pairwise swaps are the exact hypercube
 * when L allows. Any other fcollect may be named; node_aware itself or
 * an unknown name makes the call return non-zero.
 *
 * psync: the node tree's (k-1)l child flags and one word from the
 *        parent, then the leader algorithm's words.
 * work:  the padded result (2pn bytes bound it for every q) when p is
 *        not a multiple of q, then the leader's work.
 */
#include "../nodes.h"

static const char *default_leader(int L)
{
    return (L & (L - 1)) == 0 ? "recursive_doubling" : "bruck";
}

size_t shcoll_fcollect_node_aware_psync_words(int npes, int radix)
{
    return shcoll_nodes_tree_words(npes, radix,
                                   SHCOLL_FCOLLECT_NODE_AWARE_RADIX) +
           shcoll_nodes_leader_words(SHCOLL_FCOLLECT, npes);
}

/* Bytes of the padded result: L q n < (p + q) n <= 2 p n. */
static size_t pad_bytes(int p, size_t n)
{
    return shcoll_nodes_align(2 * (size_t)p * n);
}

size_t shcoll_fcollect_node_aware_work_bytes(int npes, size_t nbytes,
                                             int radix)
{
    (void)radix;
    return pad_bytes(npes, nbytes) +
           shcoll_nodes_leader_work(SHCOLL_FCOLLECT, npes, nbytes);
}

int shcoll_fcollect_node_aware_run(const shcoll_args_t *a)
{
    shcoll_nodes_t g;
    if (shcoll_nodes_init(&g, a, SHCOLL_FCOLLECT_NODE_AWARE_RADIX))
        return -1;
    const shcoll_alg_t *lead =
        shcoll_nodes_leader(SHCOLL_FCOLLECT, a->leader, default_leader(g.L));
    if (!lead)
        return -1;
    size_t n = a->nbytes, qn = (size_t)g.q * n;
    int W = shcoll_nodes_words(&g), padded = g.p % g.q != 0;
    size_t pad = padded ? pad_bytes(g.p, n) : 0;
    size_t lw = lead->work_bytes ? lead->work_bytes(g.L, qn, 0) : 0;
    size_t lp = lead->psync_words ? lead->psync_words(g.L, 0) : 0;
    if (pad + lw > shcoll_fcollect_node_aware_work_bytes(g.p, n, a->radix) ||
        (g.q > 1 ? (size_t)W : 0) + lp >
            shcoll_fcollect_node_aware_psync_words(g.p, a->radix))
        return -1;

    shcoll_args_t b = shcoll_nodes_leader_args(a, &g);
    if (g.q <= 1)
        return lead->run(&b);

    void *G = padded ? a->work : a->dest;
    int cnt = g.m - g.i;                 /* ranks of my subtree */
    long span = shcoll_nodes_span(&g, g.top);
    if (span < cnt)
        cnt = (int)span;
    void *mine = G ? shcoll_at(G, (size_t)g.me * n) : NULL;
    shcoll_copy(mine, a->source, n);
    shcoll_nodes_wait_children(&g, a->psync, NULL, NULL);
    shcoll_nodes_to_parent(a, &g, a->psync, mine, 0, mine, (size_t)cnt * n, 0);
    if (g.i == 0) {
        if (g.L > 1) {
            b.nbytes = qn;
            b.dest = G;
            b.source = mine;
            b.psync = a->psync + W;
            b.work = a->work ? shcoll_at(a->work, pad) : NULL;
            int rc = lead->run(&b);
            if (rc)
                return rc;
        }
        if (padded)
            shcoll_copy(a->dest, G, (size_t)g.p * n);
    }
    shcoll_nodes_spread(a, &g, (size_t)g.p * n);
    return 0;
}
