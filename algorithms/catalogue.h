/* catalogue.h - every collective and every algorithm, named once, with
 * its one-line description and the defaults of its knobs.
 *
 * Everything else indexes this list: the registries (algorithms/), the
 * closed forms (models/predict_*.c), the cost estimates (models/
 * simcost.c), the exports for real runtimes (traces/export_*.c), the
 * command line and the tests. Tables keyed by it are indexed by the enums
 * below (SHCOLL_<KIND>_<ALG>, counted by SHCOLL_<KIND>_NALGS), so a new
 * row here is a row missing there: the compiler or tests/unit/test_catalogue.c
 * names each one (docs/adding-an-algorithm.md).
 *
 * Plain C11 with no include at all: algorithms/ compiles against a real
 * OpenSHMEM with this folder as its only include path, and models/ and
 * traces/, which depend on nothing of the simulator, include it too
 * (tests/layout/layout_deps.py checks both).
 *
 * A row: X(KIND, kind, ALG, alg, shape, radix, segment, description)
 *   KIND, ALG  the enum's spelling; kind, alg: the names the command line
 *              takes, and the algorithm's functions in its file
 *              (shcoll_<kind>_<alg>_run, ...);
 *   shape      how many messages reach one member in a call (what
 *              tests/trace/fan_in.py bounds), one of
 *                LINEAR    O(p) at some member, by definition;
 *                RING      p-1 rounds, one message to every member in each;
 *                STEPS     a RING whose rounds can run as a window of
 *                          steps (shcoll_steps_t: it defines _nsteps);
 *                LOG       at most O(k log p) messages, k its radix (2
 *                          when it has none);
 *                KNOMIAL2  LOG, and its rounds are the k-nomial pattern
 *                          at k = 2 (a binomial tree, recursive doubling
 *                          or halving): what a runtime's k-nomial
 *                          algorithm runs at radix 2;
 *   radix      what --radix 0 means; 0: the algorithm takes no radix;
 *   segment    pipeline segment bytes --segment 0 means; 0: none.
 */
#ifndef SHCOLL_CATALOGUE_H
#define SHCOLL_CATALOGUE_H

/* The defaults that several rows share. Radix 4 for trees: a k-ary or
 * k-nomial tree moves about (k / ln k) n beta ln p bytes on its critical
 * path, the same at 2 and 4, and 4 has half the levels (broadcast/
 * kary.c). Segments of 8 KiB: the pipelines' alpha per segment against
 * the fill of the tree (broadcast/pipelined_chain.c). Eight blocks in
 * flight per member for the windowed alltoall (alltoall/windowed.c). */
#define SHCOLL_TREE_RADIX 4
#define SHCOLL_PIPE_SEGMENT 8192
#define SHCOLL_WINDOW 8
/* Radix 8 for the trees inside a node (the node_aware rows): there a put
 * is a store into the parent's memory and a flag a cache line, so
 * polling 7 children costs little, and a node of 24..128 members is 2 or
 * 3 levels deep instead of 5 to 7 at radix 2 (algorithms/nodes.c). */
#define SHCOLL_NODE_RADIX 8

#define SHCOLL_KINDS(X)                                                     \
    X(FCOLLECT, fcollect)                                                   \
    X(COLLECT, collect)                                                     \
    X(BROADCAST, broadcast)                                                 \
    X(REDUCE, reduce)                                                       \
    X(ALLTOALL, alltoall)

#define SHCOLL_FCOLLECT_ALGS(X)                                             \
    X(FCOLLECT, fcollect, LINEAR, linear, LINEAR, 0, 0,                     \
      "gather to root, root puts to all")                                   \
    X(FCOLLECT, fcollect, DIRECT, direct, LINEAR, 0, 0,                     \
      "every member puts its block to every member")                        \
    X(FCOLLECT, fcollect, RING, ring, STEPS, 0, 0,                          \
      "p-1 steps, each block forwarded to the right")                       \
    X(FCOLLECT, fcollect, RECURSIVE_DOUBLING, recursive_doubling,           \
      KNOMIAL2, 0, 0, "log2 p pairwise swaps of doubling groups, any p")    \
    X(FCOLLECT, fcollect, BRUCK, bruck, LOG, 0, 0,                          \
      "ceil(log2 p) rounds, blocks to me - 2^k")                            \
    X(FCOLLECT, fcollect, NEIGHBOR_EXCHANGE, neighbor_exchange, STEPS,      \
      0, 0, "p/2 swaps of block pairs with alternating neighbours")         \
    X(FCOLLECT, fcollect, KNOMIAL, knomial, LOG, SHCOLL_TREE_RADIX, 0,      \
      "radix-k recursive multiplying, any p")                               \
    X(FCOLLECT, fcollect, NODE_AWARE, node_aware, LOG, SHCOLL_NODE_RADIX,   \
      0, "k-nomial gather in each node, leaders' fcollect, node broadcast")

/* collect: members' block sizes differ, so work_bytes is given the total
 * of all members' bytes (work must be symmetric). */
#define SHCOLL_COLLECT_ALGS(X)                                              \
    X(COLLECT, collect, LINEAR, linear, LINEAR, 0, 0,                       \
      "sizes and blocks gathered to root, root puts to all")                \
    X(COLLECT, collect, RING, ring, RING, 0, 0,                             \
      "sizes, then blocks, around the ring")                                \
    X(COLLECT, collect, RECURSIVE_DOUBLING, recursive_doubling, KNOMIAL2,   \
      0, 0, "scan of sizes, then blocks, by pairwise swaps, any p")         \
    X(COLLECT, collect, BRUCK, bruck, LOG, 0, 0,                            \
      "scan of sizes, then blocks, by Bruck rounds")                        \
    X(COLLECT, collect, NODE_AWARE, node_aware, LOG, SHCOLL_NODE_RADIX, 0,  \
      "node sizes scanned, k-nomial gather, leaders' collect, node bcast")

#define SHCOLL_BROADCAST_ALGS(X)                                            \
    X(BROADCAST, broadcast, LINEAR, linear, LINEAR, 0, 0,                   \
      "members report arrival, root puts to each")                          \
    X(BROADCAST, broadcast, BINOMIAL, binomial, KNOMIAL2, 0, 0,             \
      "binomial tree, one child per round")                                 \
    X(BROADCAST, broadcast, KNOMIAL, knomial, LOG, SHCOLL_TREE_RADIX, 0,    \
      "k-nomial tree, k-1 children per round")                              \
    X(BROADCAST, broadcast, KARY, kary, LOG, SHCOLL_TREE_RADIX, 0,          \
      "complete k-ary tree, all children at once")                          \
    X(BROADCAST, broadcast, SCATTER_ALLGATHER, scatter_allgather, RING,     \
      0, 0, "van de Geijn: flat scatter, ring allgather")                   \
    X(BROADCAST, broadcast, PIPELINED_CHAIN, pipelined_chain, LOG, 0,       \
      SHCOLL_PIPE_SEGMENT, "chain, segments follow each other")             \
    X(BROADCAST, broadcast, PIPELINED_BINARY, pipelined_binary, LOG, 0,     \
      SHCOLL_PIPE_SEGMENT, "binary tree, segments follow each other")       \
    X(BROADCAST, broadcast, NODE_AWARE, node_aware, LOG, SHCOLL_NODE_RADIX, \
      0, "arrivals up each node, leaders' broadcast, k-nomial node bcast")

#define SHCOLL_REDUCE_ALGS(X)                                               \
    X(REDUCE, reduce, LINEAR, linear, LINEAR, 0, 0,                         \
      "gather to root, root combines and puts to all")                      \
    X(REDUCE, reduce, BINOMIAL, binomial, KNOMIAL2, 0, 0,                   \
      "binomial-tree reduce to member 0, binomial-tree broadcast")          \
    X(REDUCE, reduce, KNOMIAL, knomial, LOG, SHCOLL_TREE_RADIX, 0,          \
      "k-nomial-tree reduce and broadcast")                                 \
    X(REDUCE, reduce, RECURSIVE_DOUBLING, recursive_doubling, KNOMIAL2, 0,  \
      0, "log p whole-array exchanges; extras folded into neighbours")      \
    X(REDUCE, reduce, RABENSEIFNER, rabenseifner, KNOMIAL2, 0, 0,           \
      "reduce-scatter by recursive halving, allgather by recursive "        \
      "doubling")                                                           \
    X(REDUCE, reduce, RING, ring, RING, 0, 0,                               \
      "ring reduce-scatter, then ring allgather")                           \
    X(REDUCE, reduce, NODE_AWARE, node_aware, LOG, SHCOLL_NODE_RADIX, 0,    \
      "k-nomial reduce in each node, leaders' allreduce, node broadcast")

/* alltoall (and alltoalls, with element strides): the radix of windowed
 * is how many blocks a member has in flight. */
#define SHCOLL_ALLTOALL_ALGS(X)                                             \
    X(ALLTOALL, alltoall, PAIRWISE, pairwise, STEPS, 0, 0,                  \
      "p-1 shifted exchange steps, one block in flight")                    \
    X(ALLTOALL, alltoall, WINDOWED, windowed, STEPS, SHCOLL_WINDOW, 0,      \
      "shifted exchange, radix-k blocks in flight")

/* Every algorithm of every collective, in the order above. */
#define SHCOLL_ALGS(X)                                                      \
    SHCOLL_FCOLLECT_ALGS(X) SHCOLL_COLLECT_ALGS(X)                          \
    SHCOLL_BROADCAST_ALGS(X) SHCOLL_REDUCE_ALGS(X) SHCOLL_ALLTOALL_ALGS(X)

/* ---- what the list defines ------------------------------------------- */

#define SHCOLL_KIND_ENUM_(KIND, kind) SHCOLL_##KIND,
typedef enum shcoll_kind {
    SHCOLL_KINDS(SHCOLL_KIND_ENUM_)
    SHCOLL_NKINDS
} shcoll_kind_t;

/* enum shcoll_<kind>_alg: SHCOLL_<KIND>_<ALG>, then SHCOLL_<KIND>_NALGS. */
#define SHCOLL_ALG_ENUM_(KIND, kind, ALG, alg, shape, radix_, segment_,     \
                         desc_)                                             \
    SHCOLL_##KIND##_##ALG,
enum shcoll_fcollect_alg {
    SHCOLL_FCOLLECT_ALGS(SHCOLL_ALG_ENUM_) SHCOLL_FCOLLECT_NALGS
};
enum shcoll_collect_alg {
    SHCOLL_COLLECT_ALGS(SHCOLL_ALG_ENUM_) SHCOLL_COLLECT_NALGS
};
enum shcoll_broadcast_alg {
    SHCOLL_BROADCAST_ALGS(SHCOLL_ALG_ENUM_) SHCOLL_BROADCAST_NALGS
};
enum shcoll_reduce_alg {
    SHCOLL_REDUCE_ALGS(SHCOLL_ALG_ENUM_) SHCOLL_REDUCE_NALGS
};
enum shcoll_alltoall_alg {
    SHCOLL_ALLTOALL_ALGS(SHCOLL_ALG_ENUM_) SHCOLL_ALLTOALL_NALGS
};

/* Each algorithm's defaults as constants, for its own file and its
 * model: SHCOLL_<KIND>_<ALG>_RADIX and _SEGMENT. */
#define SHCOLL_DEFAULT_ENUM_(KIND, kind, ALG, alg, shape, radix_,         \
                             segment_, desc_)                               \
    SHCOLL_##KIND##_##ALG##_RADIX = (radix_),                               \
    SHCOLL_##KIND##_##ALG##_SEGMENT = (segment_),
enum { SHCOLL_ALGS(SHCOLL_DEFAULT_ENUM_) };

#define SHCOLL_SHAPES(X) X(LINEAR) X(RING) X(STEPS) X(LOG) X(KNOMIAL2)
#define SHCOLL_SHAPE_ENUM_(SHAPE) SHCOLL_SHAPE_##SHAPE,
typedef enum shcoll_shape {
    SHCOLL_SHAPES(SHCOLL_SHAPE_ENUM_)
    SHCOLL_NSHAPES
} shcoll_shape_t;

#define SHCOLL_SHAPE_NAME_(SHAPE) #SHAPE,
/* "LINEAR", ... as the rows spell them; NULL for no shape. */
static inline const char *shcoll_shape_name(shcoll_shape_t shape)
{
    static const char *const names[SHCOLL_NSHAPES] = {
        SHCOLL_SHAPES(SHCOLL_SHAPE_NAME_)
    };
    return (unsigned)shape < SHCOLL_NSHAPES ? names[shape] : 0;
}

/* One row, as data. */
typedef struct shcoll_entry {
    const char *name;       /* as --algorithm takes it */
    const char *desc;
    shcoll_shape_t shape;
    int radix;              /* what radix 0 means; 0: takes none */
    long segment;           /* what segment 0 means; 0: has none */
} shcoll_entry_t;

/* The most algorithms any collective has: room for a list of one's. */
#define SHCOLL_MAX2_(a, b) ((int)(a) > (int)(b) ? (int)(a) : (int)(b))
enum {
    SHCOLL_MAX_NALGS = SHCOLL_MAX2_(
        SHCOLL_MAX2_(SHCOLL_FCOLLECT_NALGS, SHCOLL_COLLECT_NALGS),
        SHCOLL_MAX2_(SHCOLL_BROADCAST_NALGS,
                     SHCOLL_MAX2_(SHCOLL_REDUCE_NALGS, SHCOLL_ALLTOALL_NALGS)))
};

/* The data below is positional (the X-macros give it in enum order), so
 * that C++ translation units of the simulator may include this too. */
#define SHCOLL_ENTRY_(KIND, kind, ALG, alg, shape, radix_, segment_, desc_) \
    {#alg, desc_, SHCOLL_SHAPE_##shape, radix_, segment_},
#define SHCOLL_ROWS_(KIND, kind)                                            \
    static const shcoll_entry_t kind[] = {SHCOLL_##KIND##_ALGS(SHCOLL_ENTRY_)};
#define SHCOLL_KIND_ROWS_(KIND, kind) {kind, SHCOLL_##KIND##_NALGS},

/* The row of algorithm alg of collective kind, NULL when there is none. */
static inline const shcoll_entry_t *shcoll_entry(shcoll_kind_t kind, int alg)
{
    SHCOLL_KINDS(SHCOLL_ROWS_)
    static const struct {
        const shcoll_entry_t *row;
        int n;
    } kinds[SHCOLL_NKINDS] = {SHCOLL_KINDS(SHCOLL_KIND_ROWS_)};
    if ((unsigned)kind >= SHCOLL_NKINDS || alg < 0 || alg >= kinds[kind].n)
        return 0;
    return &kinds[kind].row[alg];
}

/* How many algorithms collective kind has (0 for no collective). */
static inline int shcoll_nalgs(shcoll_kind_t kind)
{
    int n = 0;
    while (shcoll_entry(kind, n))
        n++;
    return n;
}

#define SHCOLL_KIND_NAME_(KIND, kind) #kind,

/* The collectives' names in enum order, NULL-terminated. */
static inline const char *const *shcoll_kind_names(void)
{
    static const char *const names[SHCOLL_NKINDS + 1] = {
        SHCOLL_KINDS(SHCOLL_KIND_NAME_) 0
    };
    return names;
}

/* "fcollect", ...; NULL for no collective. */
static inline const char *shcoll_kind_name(shcoll_kind_t kind)
{
    return (unsigned)kind < SHCOLL_NKINDS ? shcoll_kind_names()[kind] : 0;
}

/* Name lookups use no <string.h>: the catalogue includes nothing. */
static inline int shcoll_same_name_(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

/* The collective called name, -1 if none is. */
static inline int shcoll_kind_of(const char *name)
{
    for (int k = 0; name && k < SHCOLL_NKINDS; k++)
        if (shcoll_same_name_(name, shcoll_kind_name((shcoll_kind_t)k)))
            return k;
    return -1;
}

/* The index of algorithm name of collective kind, -1 if it has none. */
static inline int shcoll_alg_of(shcoll_kind_t kind, const char *name)
{
    const shcoll_entry_t *e;
    for (int a = 0; name && (e = shcoll_entry(kind, a)); a++)
        if (shcoll_same_name_(name, e->name))
            return a;
    return -1;
}

/* The row of algorithm alg of the collective called kind, NULL if none. */
static inline const shcoll_entry_t *shcoll_entry_named(const char *kind,
                                                       const char *alg)
{
    int k = shcoll_kind_of(kind);
    return k < 0 ? 0 : shcoll_entry((shcoll_kind_t)k,
                                    shcoll_alg_of((shcoll_kind_t)k, alg));
}

#endif
