/* collect/node_aware.c - node-aware collect (allgatherv): the node's
 * sizes up a k-nomial tree, a scan of the node totals among the leaders,
 * every member's offset down the tree, the blocks up the tree to the
 * leader, the leaders' collect of one block per node, the whole result
 * down the tree (algorithms/nodes.c: the grouping, the trees and why).
 *
 * Why the offsets first. A node's members are consecutive, so its blocks
 * together are one contiguous block of the result, and the leaders'
 * collect moves exactly those: the leader runs it in place, its source
 * being its node's block of dest. But a member can put its subtree's
 * blocks where they belong only once it knows where that is, and work
 * cannot hold blocks (it may depend on the member count only: shcoll.h).
 * So sizes go up first (each flag carries the subtree's bytes, and a
 * parent learns its children's offsets from them, children coming in
 * rank order), the leaders scan their node totals, and each member's
 * absolute offset comes down: p values, no payload.
 *
 * The leaders' scan: in round r (distance d = 2^r) leader x sends the
 * total of its lower window [x-d+1, x] to x+d and of its upper window
 * [x, x+d-1] to x-d, each in a flag's value, and adds what it gets:
 * after ceil(log2 L) rounds it holds the totals of [0, x] and [x, L-1],
 * so its node's offset and the result's size N. Every leader hears,
 * through chains, from every other: the scan is also the leaders' entry
 * barrier; the leaders' collect keeps the invariant after it.
 *
 * With q members per node, L = ceil(p/q) leaders, k the radix (default
 * 8), l = ceil(log_k q), a_s and b_s the shared-memory alpha and beta,
 * T_q the bytes of a node, for q a power of k:
 *   T = 2 l (a_s + 8 b_s)                      sizes up, offsets down
 *     + ceil(log2 L)(alpha + 8 beta)           the leaders' scan
 *     + sum over j < l of a_s + (S_j + 8) b_s  blocks up, S_j the largest
 *                                              subtree at level j
 *     + T_leader(L; node totals)               the leaders' collect
 *     + l(a_s + (N + 8) b_s)                   the result down
 * (models/predict_collect.c plays it out for any q and sizes).
 *
 * Leader algorithm: a->leader; default recursive_doubling when L is a
 * power of two, Bruck otherwise, as for fcollect (MPICH's choice for
 * short allgathers): log2 L rounds either way. Any other collect may be
 * named; node_aware itself or an unknown name makes the call return
 * non-zero.
 *
 * psync: the node tree's (k-1)l child flags and one word from the
 *        parent (each used twice: sizes then blocks up, offsets then
 *        the result down; a word's next use waits on its previous one),
 *        2 ceil(log2 L) scan flags, then the leader algorithm's words.
 * work:  the children's offsets ((k-1)l words), then the leader's work.
 */
#include "../nodes.h"

static const char *default_leader(int L)
{
    return (L & (L - 1)) == 0 ? "recursive_doubling" : "bruck";
}

static int log2_ceil(int n)
{
    int r = 0;
    for (long d = 1; d < n; d *= 2)
        r++;
    return r;
}

size_t shcoll_collect_node_aware_psync_words(int npes, int radix)
{
    return shcoll_nodes_tree_words(npes, radix,
                                   SHCOLL_COLLECT_NODE_AWARE_RADIX) +
           2 * (size_t)log2_ceil(npes) +
           shcoll_nodes_leader_words(SHCOLL_COLLECT, npes);
}

static size_t offsets_bytes(int npes, int radix)
{
    return shcoll_nodes_align(
        (shcoll_nodes_tree_words(npes, radix, SHCOLL_COLLECT_NODE_AWARE_RADIX) -
         1) * sizeof(size_t));
}

size_t shcoll_collect_node_aware_work_bytes(int npes, size_t nbytes, int radix)
{
    return offsets_bytes(npes, radix) +
           shcoll_nodes_leader_work(SHCOLL_COLLECT, npes, nbytes);
}

typedef struct walk {
    const shcoll_nodes_t *g;
    size_t *off;      /* per child word: its subtree's offset from mine */
    size_t total;     /* my subtree's bytes so far */
    size_t at;        /* my absolute offset */
} walk_t;

static void child_size(void *arg, int word, int child, long v)
{
    walk_t *w = arg;
    (void)child;
    w->off[word] = w->total;
    w->total += (size_t)v;
}

static long child_offset(void *arg, int child)
{
    walk_t *w = arg;
    const shcoll_nodes_t *g = w->g;
    int j = 0, d = child - g->i;
    while (d % g->k == 0)
        d /= g->k, j++;
    return (long)(w->at + w->off[shcoll_nodes_child(g, j, d)]);
}

/* The leaders' two-way scan: the offset of my node and the total N. */
static void scan(const shcoll_nodes_t *g,
                 long *psync, size_t mine, size_t *off, size_t *total)
{
    int x = g->me / g->q;
    size_t lo = mine, hi = mine;
    for (int r = 0, d = 1; d < g->L; r++, d *= 2) {
        if (x + d < g->L)
            shcoll_raise_flag(&psync[2 * r], (long)lo,
                              shcoll_pe(&g->leaders, x + d));
        if (x - d >= 0)
            shcoll_raise_flag(&psync[2 * r + 1], (long)hi,
                              shcoll_pe(&g->leaders, x - d));
        if (x - d >= 0)
            lo += (size_t)shcoll_wait_flag(&psync[2 * r]);
        if (x + d < g->L)
            hi += (size_t)shcoll_wait_flag(&psync[2 * r + 1]);
    }
    *off = lo - mine;
    *total = lo + hi - mine;
}

int shcoll_collect_node_aware_run(const shcoll_args_t *a)
{
    shcoll_nodes_t g;
    if (shcoll_nodes_init(&g, a, SHCOLL_COLLECT_NODE_AWARE_RADIX))
        return -1;
    const shcoll_alg_t *lead =
        shcoll_nodes_leader(SHCOLL_COLLECT, a->leader, default_leader(g.L));
    if (!lead)
        return -1;
    int W = shcoll_nodes_words(&g), R = log2_ceil(g.L);
    size_t offs = offsets_bytes(g.p, a->radix);
    size_t lw = lead->work_bytes ? lead->work_bytes(g.L, 0, 0) : 0;
    size_t lp = lead->psync_words ? lead->psync_words(g.L, 0) : 0;
    if ((g.q > 1 ? offs : 0) + lw >
            shcoll_collect_node_aware_work_bytes(g.p, 0, a->radix) ||
        (g.q > 1 ? (size_t)(W + 2 * R) : 0) + lp >
            shcoll_collect_node_aware_psync_words(g.p, a->radix))
        return -1;

    shcoll_args_t b = shcoll_nodes_leader_args(a, &g);
    if (g.q <= 1)
        return lead->run(&b);

    walk_t w = {&g, a->work, a->nbytes, 0};
    size_t N = 0, node_off = 0;
    shcoll_nodes_wait_children(&g, a->psync, child_size, &w);
    size_t sub = w.total;             /* my subtree's bytes */
    shcoll_nodes_to_parent(a, &g, a->psync, NULL, 0, NULL, 0, (long)sub);
    if (g.i == 0) {
        N = sub;
        if (g.L > 1)
            scan(&g, a->psync + W, sub, &node_off, &N);
        w.at = node_off;
    } else {
        w.at = (size_t)shcoll_nodes_from_parent(&g, a->psync);
    }
    shcoll_nodes_to_children(a, &g, a->psync, NULL, 0, 0, child_offset, &w);

    void *mine = shcoll_at(a->dest, w.at);
    shcoll_copy(mine, a->source, a->nbytes);
    shcoll_nodes_wait_children(&g, a->psync, NULL, NULL);
    shcoll_nodes_to_parent(a, &g, a->psync, mine, 0, mine, sub, 0);
    if (g.i == 0 && g.L > 1) {
        b.source = mine;
        b.nbytes = sub;
        b.psync = a->psync + W + 2 * R;
        b.work = a->work ? shcoll_at(a->work, offs) : NULL;
        int rc = lead->run(&b);
        if (rc)
            return rc;
    } else if (g.i != 0) {
        N = (size_t)shcoll_nodes_from_parent(&g, a->psync);
    }
    shcoll_nodes_to_children(a, &g, a->psync, a->dest, N, (long)N, NULL, NULL);
    return 0;
}
