/* nodes.c - the node-aware ("hierarchical") scheme the <kind>/node_aware.c
 * algorithms share. Not an algorithm itself: it has no registry row.
 *
 * Why. At full nodes (24 to 128 PEs each) a flat algorithm sends every
 * member's messages through the node's one NIC: p messages per round
 * where one per node would do. Production runtimes (Cray MPICH's SMP-
 * aware collectives, Open MPI's HAN, UCC's hierarchical team) therefore
 * work inside each node over shared memory, run the network algorithm
 * among one leader per node, then spread the result inside each node.
 *
 * Grouping. a->node = q: node k holds members [kq, min((k+1)q, p)) (what
 * a runtime knows of SHMEM_TEAM_SHARED when it creates a team; the
 * simulator fills it from the placement). Its leader is its first
 * member, so the leaders are the strided set {start + kq stride : k <
 * L}, L = ceil(p/q): any algorithm of the registry runs over them as
 * over any set. q <= 1: each member is its own node (the leader
 * algorithm over all members, nothing else); q >= p: one node (the node
 * phases only).
 *
 * Node trees. Inside a node, a k-nomial tree over the node's ranks,
 * rooted at the leader: rank i's parent clears i's lowest nonzero
 * base-k digit, its children are i + d k^j (d = 1..k-1) for every level
 * j below that digit. Up: a member waits for its children (a flag each,
 * in rank order, so subtrees come in the order of the ranks they
 * cover), then puts to its parent; down: a member puts to its children,
 * the largest subtrees first, one level at a time (from a pipeline
 * segment up, a quiet in between, so a level's blocks do not share the
 * copy path with the next's; below, the quiet would cost more than the
 * sharing: it also waits for the leader's network acknowledgements). A member
 * receives at most (k-1) ceil(log_k q) flags per traversal: no hot spot.
 * The default radix is 8: on a node a put is a store of the payload
 * into the parent's memory and a flag is a cache line, so a parent
 * polling k-1 children's flags costs little while every level saved is
 * one latency; with q = 24..128 that is 2 or 3 levels instead of 5 to 7
 * at radix 2.
 *
 * Puts, not shmem_ptr: the algorithms compile against OpenSHMEM 1.4
 * (Open MPI's oshcc), where shmem_ptr to a node-mate may return NULL, and
 * the simulator times a put to a node-mate on the shared-memory path.
 *
 * psync and work. psync_words and work_bytes do not see q. The node tree
 * takes (k-1) ceil(log_k q) + 1 words, at most its value at q = npes
 * (k clamped to q, then to npes); the leader algorithm's slice follows,
 * and it runs at L = ceil(npes/q) leaders: its words are at most the
 * most any algorithm of the collective takes at any such L (every
 * distinct L is tried: counts are not monotone in the member count).
 * Work likewise, over the log-step algorithms (shapes LOG
 * and KNOMIAL2) only: a LINEAR or RING leader (reduce linear, collect
 * linear and ring) wants O(L) words of work per member, so covering it
 * for every q would cost every node-aware call O(p) bytes per member; at
 * run time a leader whose need at this L is over the bound makes the
 * call return non-zero rather than write past work.
 *
 * The psync invariant (internal.h). The up traversal makes the leader's
 * entry into the leader phase depend on every entry of its node; the
 * leader algorithm makes every leader's exit from it depend on every
 * leader's entry; the down traversal makes every member's exit depend on
 * its leader's exit. So no member leaves call k before every member
 * entered it, and each psync word has one writer per call.
 */
#include "nodes.h"

static int clamp_radix(int radix, int dflt, int q)
{
    int k = radix >= 2 ? radix : dflt;
    if (k > q)
        k = q;
    return k < 2 ? 2 : k;
}

static int levels(int q, int k)
{
    int l = 0;
    for (long span = 1; span < q; span *= k)
        l++;
    return l;
}

int shcoll_nodes_init(shcoll_nodes_t *g, const shcoll_args_t *a,
                      int default_radix)
{
    const shcoll_set_t *s = &a->set;
    g->me = shcoll_my_index(s);
    if (g->me < 0)
        return -1;
    g->p = s->size;
    g->q = a->node < 1 ? 1 : a->node > g->p ? g->p : a->node;
    g->L = (g->p + g->q - 1) / g->q;
    g->base = g->me / g->q * g->q;
    g->m = g->p - g->base < g->q ? g->p - g->base : g->q;
    g->i = g->me - g->base;
    g->k = clamp_radix(a->radix, default_radix, g->q);
    g->nlev = levels(g->q, g->k);
    g->top = 0;
    for (long span = 1; g->top < g->nlev && (g->i / span) % g->k == 0;
         span *= g->k)
        g->top++;
    g->leaders = (shcoll_set_t){s->start, s->stride * g->q, g->L};
    return 0;
}

long shcoll_nodes_span(const shcoll_nodes_t *g, int j)
{
    long s = 1;
    while (j-- > 0)
        s *= g->k;
    return s;
}

size_t shcoll_nodes_tree_words(int npes, int radix, int default_radix)
{
    int k = clamp_radix(radix, default_radix, npes < 1 ? 1 : npes);
    return (size_t)levels(npes, k) * (size_t)(k - 1) + 1;
}

static int is_node_aware(const shcoll_alg_t *alg)
{
    return shcoll_same_name_(alg->name, "node_aware");
}

const shcoll_alg_t *shcoll_nodes_leader(shcoll_kind_t kind,
                                        const char *name, const char *dflt)
{
    const shcoll_alg_t *alg = shcoll_find(kind, name ? name : dflt);
    return alg == NULL || alg->run == NULL || is_node_aware(alg) ? NULL : alg;
}

/* The most any leader algorithm of kind (node-aware aside; for work only
 * LOG and KNOMIAL2 ones) takes at L leaders, over every L = ceil(npes/q)
 * (fcollect: at the largest q giving that L, blocks of q nbytes). Counts
 * of psync words and padding are not monotone in the member count (a
 * k-nomial plan's extras), so every distinct L is tried: about 2
 * sqrt(npes) of them, and the last answer per kind and question is
 * kept, as every member asks the same at every call (at 16,384 PEs, one
 * answer kept per kind made a call 30 s of host time: psync and work
 * asked in turn). */
static size_t leader_most(shcoll_kind_t kind, int npes, size_t nbytes,
                          int work)
{
    static struct {
        int npes, valid;
        size_t nbytes, most;
    } memo[SHCOLL_NKINDS][2];   /* [kind][work]: a call asks both */
    if ((unsigned)kind >= SHCOLL_NKINDS)
        return 0;
    work = work != 0;
    if (memo[kind][work].valid && memo[kind][work].npes == npes &&
        memo[kind][work].nbytes == nbytes)
        return memo[kind][work].most;
    size_t most = 0;
    for (int q = 1; q <= npes;) {
        int L = (npes + q - 1) / q;
        int qmax = L > 1 ? (npes - 1) / (L - 1) : npes;
        size_t n = kind == SHCOLL_FCOLLECT ? (size_t)qmax * nbytes : nbytes;
        int i = 0;
        for (const shcoll_alg_t *alg = shcoll_registry(kind); alg && alg->name;
             alg++, i++) {
            const shcoll_entry_t *e = shcoll_entry(kind, i);
            size_t w = 0;
            if (is_node_aware(alg) || !e)
                continue;
            if (!work && alg->psync_words)
                w = alg->psync_words(L, 0);
            else if (work && alg->work_bytes &&
                     (e->shape == SHCOLL_SHAPE_LOG ||
                      e->shape == SHCOLL_SHAPE_KNOMIAL2))
                w = alg->work_bytes(L, n, 0);
            most = w > most ? w : most;
        }
        q = qmax + 1;
    }
    memo[kind][work].npes = npes;
    memo[kind][work].nbytes = nbytes;
    memo[kind][work].most = most;
    memo[kind][work].valid = 1;
    return most;
}

size_t shcoll_nodes_leader_words(shcoll_kind_t kind, int npes)
{
    return leader_most(kind, npes, 0, 0);
}

size_t shcoll_nodes_leader_work(shcoll_kind_t kind, int npes, size_t nbytes)
{
    return leader_most(kind, npes, nbytes, 1);
}

void shcoll_nodes_wait_children(const shcoll_nodes_t *g, long *psync,
                                shcoll_nodes_child_fn each, void *arg)
{
    long span = 1;
    for (int j = 0; j < g->top; j++, span *= g->k)
        for (int d = 1; d < g->k && g->i + d * span < g->m; d++) {
            int w = shcoll_nodes_child(g, j, d);
            long v = shcoll_wait_flag(&psync[w]);
            if (each)
                each(arg, w, (int)(g->i + d * span), v);
        }
}

void shcoll_nodes_to_parent(const shcoll_args_t *a, const shcoll_nodes_t *g,
                            long *psync, void *dst, size_t slot,
                            const void *src, size_t n, long v)
{
    if (g->i == 0)
        return;
    long span = shcoll_nodes_span(g, g->top);
    int d = (int)((g->i / span) % g->k);
    int w = shcoll_nodes_child(g, g->top, d);
    if (slot > 0 && dst)
        dst = shcoll_at(dst, (size_t)w * slot);
    shcoll_args_t s = shcoll_nodes_steps(a);
    shcoll_put_flag(&s, dst, src, n, &psync[w], v,
                    shcoll_nodes_pe(a, g, (int)(g->i - d * span)));
}

long shcoll_nodes_from_parent(const shcoll_nodes_t *g, long *psync)
{
    return g->i == 0 ? 0 : shcoll_wait_flag(&psync[shcoll_nodes_words(g) - 1]);
}

void shcoll_nodes_to_children(const shcoll_args_t *a, const shcoll_nodes_t *g,
                              long *psync, void *buf, size_t n, long v,
                              shcoll_nodes_value_fn value_of, void *arg)
{
    long *word = &psync[shcoll_nodes_words(g) - 1];
    shcoll_args_t s = shcoll_nodes_steps(a);
    int sent = 0;
    for (int j = g->top - 1; j >= 0; j--) {
        long span = shcoll_nodes_span(g, j);
        if (g->i + span >= g->m)
            continue;
        if (sent && n >= SHCOLL_PIPE_SEGMENT)
            shmem_quiet();
        for (int d = 1; d < g->k && g->i + d * span < g->m; d++) {
            int c = (int)(g->i + d * span);
            shcoll_put_flag(&s, buf, buf, n, word,
                            value_of ? value_of(arg, c) : v,
                            shcoll_nodes_pe(a, g, c));
        }
        sent = 1;
    }
}

void shcoll_nodes_spread(const shcoll_args_t *a, const shcoll_nodes_t *g,
                         size_t n)
{
    shcoll_nodes_from_parent(g, a->psync);
    shcoll_nodes_to_children(a, g, a->psync, a->dest, n, 0, NULL, NULL);
}
