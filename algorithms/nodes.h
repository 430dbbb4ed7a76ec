/* nodes.h - what the node-aware algorithms (<kind>/node_aware.c) share:
 * the grouping of members by node, the k-nomial trees inside a node, and
 * the leader algorithm with its slices of psync and work. nodes.c says
 * why. Internal to algorithms/. */
#ifndef SHCOLL_NODES_H
#define SHCOLL_NODES_H

#include "internal.h"

typedef struct shcoll_nodes {
    int p, q, L;    /* members, members per node (1..p), nodes */
    int me, i;      /* my member index, my rank inside my node */
    int base, m;    /* my node's first member and its member count */
    int k, nlev;    /* tree radix, levels ceil(log_k q) */
    int top;        /* my children are on the levels below top */
    shcoll_set_t leaders;   /* member kq of every node k */
} shcoll_nodes_t;

/* Fills g for the calling PE; -1 if it is not a member. */
int shcoll_nodes_init(shcoll_nodes_t *g, const shcoll_args_t *a,
                      int default_radix);

/* The leader algorithm a->leader names (NULL: dflt); NULL when there is
 * none of that name or it is node-aware itself. */
const shcoll_alg_t *shcoll_nodes_leader(shcoll_kind_t kind,
                                        const char *name, const char *dflt);

/* Bounds, valid for every node size 1..npes, of the node tree's psync
 * words (child flags and the parent's word) and of the words and bytes
 * any leader algorithm takes at ceil(npes/q) leaders (nodes.c: which;
 * fcollect's leaders move blocks of q nbytes). */
size_t shcoll_nodes_tree_words(int npes, int radix, int default_radix);
size_t shcoll_nodes_leader_words(shcoll_kind_t kind, int npes);
size_t shcoll_nodes_leader_work(shcoll_kind_t kind, int npes, size_t nbytes);

/* The node tree's psync layout for this call: the child flag of level
 * j, digit d, and the word the parent writes. */
static inline int shcoll_nodes_child(const shcoll_nodes_t *g, int j, int d)
{
    return j * (g->k - 1) + d - 1;
}
static inline int shcoll_nodes_words(const shcoll_nodes_t *g)
{
    return g->nlev * (g->k - 1) + 1;
}

/* Global PE of local rank r of my node. */
static inline int shcoll_nodes_pe(const shcoll_args_t *a,
                                  const shcoll_nodes_t *g, int r)
{
    return shcoll_pe(&a->set, g->base + r);
}

/* k^j. */
long shcoll_nodes_span(const shcoll_nodes_t *g, int j);

/* Up the tree: wait for the child flags, in rank order (level by level,
 * digit by digit), calling each(arg, word, child rank, value) after each;
 * then raise my parent's flag carrying v after putting n bytes of src to
 * dst there, or to dst + word * slot when slot > 0 (one slot per child
 * flag); nothing for the node's leader. */
typedef void (*shcoll_nodes_child_fn)(void *arg, int word, int child,
                                      long value);
void shcoll_nodes_wait_children(const shcoll_nodes_t *g, long *psync,
                                shcoll_nodes_child_fn each, void *arg);
void shcoll_nodes_to_parent(const shcoll_args_t *a, const shcoll_nodes_t *g,
                            long *psync, void *dst, size_t slot,
                            const void *src, size_t n, long v);

/* Down the tree: a non-leader waits for its parent's word and gets the
 * value it carries; then every member puts n bytes of buf (same offset)
 * to its children, largest subtrees first, one level at a time, raising
 * their word with value_of(arg, child) (NULL: v). */
long shcoll_nodes_from_parent(const shcoll_nodes_t *g, long *psync);
typedef long (*shcoll_nodes_value_fn)(void *arg, int child);
void shcoll_nodes_to_children(const shcoll_args_t *a, const shcoll_nodes_t *g,
                              long *psync, void *buf, size_t n, long v,
                              shcoll_nodes_value_fn value_of, void *arg);
/* The last phase of most: the parent's word, then dest's first n bytes
 * to the children (a->psync's tree words). */
void shcoll_nodes_spread(const shcoll_args_t *a, const shcoll_nodes_t *g,
                         size_t n);

/* a with steps that carry their flag wherever the header has put with
 * signal: a node-aware algorithm is built on OpenSHMEM 1.5 (nodes as
 * SHMEM_TEAM_SHARED groups them, a step as one shmem_put_signal, as a
 * production runtime's step is one message), whatever the run's mode
 * for the flat algorithms; under a 1.4 header, put, fence, flag. */
static inline shcoll_args_t shcoll_nodes_steps(const shcoll_args_t *a)
{
    shcoll_args_t s = *a;
    s.signal = SHCOLL_HAVE_PUT_SIGNAL;
    return s;
}

/* Runs the leader algorithm over g->leaders with args b (set, psync and
 * work already given by the caller), its steps as the node phases'. */
static inline shcoll_args_t shcoll_nodes_leader_args(const shcoll_args_t *a,
                                                     const shcoll_nodes_t *g)
{
    shcoll_args_t b = shcoll_nodes_steps(a);
    b.set = g->leaders;
    b.radix = 0;        /* the leader runs its own default */
    b.node = 0;
    b.leader = NULL;
    b.steps.first = b.steps.count = 0;
    return b;
}

/* Rounds a byte count up to 16 (long double, complex slots). */
static inline size_t shcoll_nodes_align(size_t n)
{
    return (n + 15) / 16 * 16;
}

#endif
