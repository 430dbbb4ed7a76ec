/* shcoll.h - the contract between a collective algorithm and its caller.
 *
 * Everything under algorithms/ is plain C over the standard OpenSHMEM API
 * (spec 1.4 calls only, so it also builds with Open MPI 4.1's oshcc). The
 * caller is either the simulated runtime (sim/) or a test harness running
 * on a real OpenSHMEM; both fill a shcoll_args_t and call an algorithm
 * found in a registry table (one table per collective).
 */
#ifndef SHCOLL_H
#define SHCOLL_H

#include <shmem.h>
#include <stddef.h>

#include "catalogue.h"

/* 1 when shmem.h has put with signal (OpenSHMEM 1.5: SHMEM_SIGNAL_ADD,
 * shmem_putmem_signal), so that shcoll_args_t.signal can be honoured;
 * 0 under 1.4 (Open MPI 4.1's oshcc). */
#if defined(SHMEM_SIGNAL_ADD) || \
    (defined(SHMEM_MAJOR_VERSION) && defined(SHMEM_MINOR_VERSION) && \
     SHMEM_MAJOR_VERSION * 100 + SHMEM_MINOR_VERSION >= 105)
#define SHCOLL_HAVE_PUT_SIGNAL 1
#else
#define SHCOLL_HAVE_PUT_SIGNAL 0
#endif

/* The participating PEs: member r (0 <= r < size) is global PE
 * start + r * stride. Covers both active sets (stride = 1 << logPE_stride)
 * and teams split strided from the world team. */
typedef struct shcoll_set {
    int start;
    int stride;
    int size;
} shcoll_set_t;

typedef enum shcoll_op {
    SHCOLL_OP_AND, SHCOLL_OP_OR, SHCOLL_OP_XOR,
    SHCOLL_OP_MAX, SHCOLL_OP_MIN, SHCOLL_OP_SUM, SHCOLL_OP_PROD,
    SHCOLL_NOPS
} shcoll_op_t;

/* Reduction element types (the OpenSHMEM 1.5 reduction type table). */
typedef enum shcoll_type {
    SHCOLL_T_CHAR, SHCOLL_T_SCHAR, SHCOLL_T_SHORT, SHCOLL_T_INT, SHCOLL_T_LONG,
    SHCOLL_T_LONGLONG, SHCOLL_T_PTRDIFF, SHCOLL_T_UCHAR, SHCOLL_T_USHORT,
    SHCOLL_T_UINT, SHCOLL_T_ULONG, SHCOLL_T_ULONGLONG, SHCOLL_T_INT8,
    SHCOLL_T_INT16, SHCOLL_T_INT32, SHCOLL_T_INT64, SHCOLL_T_UINT8,
    SHCOLL_T_UINT16, SHCOLL_T_UINT32, SHCOLL_T_UINT64, SHCOLL_T_SIZE,
    SHCOLL_T_FLOAT, SHCOLL_T_DOUBLE, SHCOLL_T_LONGDOUBLE,
    SHCOLL_T_COMPLEXF, SHCOLL_T_COMPLEXD,
    SHCOLL_NTYPES
} shcoll_type_t;

struct shcoll_args;

/* A window of a step algorithm's steps (ring, neighbour exchange, the
 * shifted alltoall exchange: one round shape repeated p-1 or p/2 times),
 * for timing it at sizes too large to run whole (`shmemsim scale`
 * samples windows and extrapolates in steps): only steps [first, first +
 * count) run, each exactly as in a whole call (its partners, its
 * blocks), and the call ends when they are done. count 0: every step.
 * The result is then incomplete, so this is for timing only. */
typedef struct shcoll_steps {
    int first, count;
} shcoll_steps_t;

/* Local combine inout[i] = inout[i] OP in[i] for nelems elements of
 * a->type. The caller supplies it so that a simulator can charge compute
 * time for it; shcoll_combine_local is the plain implementation. */
typedef void (*shcoll_combine_fn)(const struct shcoll_args *a, void *inout,
                                  const void *in, size_t nelems);

typedef struct shcoll_args {
    shcoll_set_t set;
    void *dest;          /* symmetric */
    const void *source;  /* symmetric */
    size_t nbytes;       /* fcollect: bytes per PE; collect: this PE's
                            bytes; broadcast: payload; reduce: array bytes;
                            alltoall: bytes of the block for each member */
    size_t elem_size;    /* reduce: bytes per element; alltoall: the
                            element the strides count (0 means 1) */
    ptrdiff_t dst, sst;  /* alltoall: elements between consecutive
                            elements of dest / source (0 or 1: contiguous) */
    int root;            /* broadcast: root as an index into set */
    shcoll_op_t op;      /* reduce */
    shcoll_type_t type;  /* reduce */
    int radix;           /* tuning knob; 0 means the algorithm's default */
    size_t segment;      /* pipeline segment bytes; 0 means default */
    long *psync;         /* symmetric, psync_words() longs */
    void *work;          /* symmetric scratch, work_bytes() bytes */
    shcoll_combine_fn combine;
    shcoll_steps_t steps;   /* step algorithms only; {0, 0}: all */
    /* Node structure of the set, as a runtime's team knows it from its
     * creation (SHMEM_TEAM_SHARED): members r and r' share a node, and so
     * memory, iff r / node == r' / node. 0 or 1: none known; node-aware
     * algorithms then run their network phase over every member. Timing
     * only: any value gives the right result. */
    int node;
    /* Node-aware algorithms: the algorithm of the same collective the
     * one leader per node runs among the leaders (a catalogue name);
     * NULL: the algorithm's own choice. */
    const char *leader;
    /* 1: a step's flag travels with its data in one shmem_put_signal
     * (OpenSHMEM 1.5), no fence; 0: put, fence, then the flag. Honoured
     * where SHCOLL_HAVE_PUT_SIGNAL (below) is 1; under a 1.4 shmem.h
     * it is ignored (algorithms/internal.h). Timing only: either value
     * gives the right result. */
    int signal;
} shcoll_args_t;

/* psync contract: on entry every word of psync is SHMEM_SYNC_VALUE on
 * every member; on return the calling PE's words are SHMEM_SYNC_VALUE
 * again and no write of this call will still reach them. Two calls in a
 * row that alternate two psync arrays need no barrier in between. */
typedef struct shcoll_alg {
    const char *name;
    const char *desc;
    int (*run)(const shcoll_args_t *a);         /* 0 on success */
    size_t (*psync_words)(int npes, int radix);
    /* nbytes as in shcoll_args_t; for collect it is 0 (members' sizes
     * differ and work must be symmetric): collect work depends on npes. */
    size_t (*work_bytes)(int npes, size_t nbytes, int radix);
    /* Step algorithms (shcoll_steps_t): how many steps a call has at
     * npes; NULL for the others. */
    int (*nsteps)(int npes);
} shcoll_alg_t;

/* Registries: one row per algorithm of the catalogue (catalogue.h), in
 * its order, so SHCOLL_<KIND>_<ALG> indexes them; a zero row (name ==
 * NULL) ends each. */
extern const shcoll_alg_t shcoll_fcollect_algs[SHCOLL_FCOLLECT_NALGS + 1];
extern const shcoll_alg_t shcoll_collect_algs[SHCOLL_COLLECT_NALGS + 1];
extern const shcoll_alg_t shcoll_broadcast_algs[SHCOLL_BROADCAST_NALGS + 1];
extern const shcoll_alg_t shcoll_reduce_algs[SHCOLL_REDUCE_NALGS + 1];
extern const shcoll_alg_t shcoll_alltoall_algs[SHCOLL_ALLTOALL_NALGS + 1];

const shcoll_alg_t *shcoll_registry(shcoll_kind_t kind);
const shcoll_alg_t *shcoll_find(shcoll_kind_t kind, const char *name);

size_t shcoll_type_size(shcoll_type_t t);
const char *shcoll_type_name(shcoll_type_t t);   /* OpenSHMEM TYPENAME */
const char *shcoll_op_name(shcoll_op_t op);      /* "sum", "max", ... */
int shcoll_op_valid(shcoll_op_t op, shcoll_type_t t);  /* per the spec tables */
void shcoll_combine_local(const shcoll_args_t *a, void *inout,
                          const void *in, size_t nelems);

/* Global PE number of member r. */
static inline int shcoll_pe(const shcoll_set_t *s, int r)
{
    return s->start + r * s->stride;
}

/* This PE's index in the set, or -1 if it is not a member. */
int shcoll_my_index(const shcoll_set_t *s);

#endif
