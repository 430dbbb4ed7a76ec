/* internal.h - helpers shared by the algorithms (not part of the contract).
 *
 * Only <shmem.h> and the C library: everything here must build against a
 * real OpenSHMEM 1.4 (Open MPI's oshcc) as well as the simulator.
 *
 * Cost notation used in every algorithm's opening comment:
 *   p      members in the set,
 *   n      bytes (per member for fcollect, payload for broadcast/reduce),
 *   N      collect: total bytes of all members,
 *   alpha  per-message latency, beta per-byte transfer time,
 *   gamma  per-byte local combine time (reductions).
 *
 * Invariant every algorithm keeps, and why alternating two psync arrays
 * needs no barrier: no member leaves call k before every member has
 * entered it (each exit depends on every entry). Then a PE writing into
 * psync A during call k+2 knows every member has finished call k, the
 * previous user of A, and has restored its words. It also keeps apart
 * calls of different kinds that share one pair of workspaces (a team's
 * calls, in the simulator): any call in between separates them. Tree and
 * ring algorithms get this for free when data flows all-to-all; one-to-
 * all ones (broadcast) run a dissemination barrier under or beside the
 * data (broadcast/common.c).
 *
 * No hot spot: apart from the algorithms that are linear by definition
 * (linear, direct) and the ring-step ones, whose p-1 steps each bring
 * every member one message, no member receives more than O(k log p)
 * messages in a call (k the radix), counting flags, counters and
 * barrier increments: nothing where every member bumps one counter or
 * one member raises a flag on all.
 */
#ifndef SHCOLL_INTERNAL_H
#define SHCOLL_INTERNAL_H

#include "shcoll.h"
#include <string.h>

/* Every algorithm's functions, declared from the catalogue: the file of
 * algorithm <alg> of <kind> (<kind>/<alg>.c) defines
 * shcoll_<kind>_<alg>_run, _psync_words and _work_bytes, and a STEPS one
 * (shcoll_steps_t) _nsteps as well; shcoll.c makes the registries of
 * them (docs/adding-an-algorithm.md: what else a new one needs). */
#define SHCOLL_NSTEPS_PROTO_LINEAR(f)
#define SHCOLL_NSTEPS_PROTO_RING(f)
#define SHCOLL_NSTEPS_PROTO_STEPS(f) int f##_nsteps(int npes);
#define SHCOLL_NSTEPS_PROTO_LOG(f)
#define SHCOLL_NSTEPS_PROTO_KNOMIAL2(f)
#define SHCOLL_PROTO_(KIND, kind, ALG, alg, shape, radix_, segment_, desc_) \
    int shcoll_##kind##_##alg##_run(const shcoll_args_t *a);                \
    size_t shcoll_##kind##_##alg##_psync_words(int npes, int radix);        \
    size_t shcoll_##kind##_##alg##_work_bytes(int npes, size_t nbytes,      \
                                              int radix);                   \
    SHCOLL_NSTEPS_PROTO_##shape(shcoll_##kind##_##alg)
SHCOLL_ALGS(SHCOLL_PROTO_)

/* The steps [*lo, *hi) of n that a call runs (its window, or all). */
static inline void shcoll_step_range(const shcoll_args_t *a, int n, int *lo,
                                     int *hi)
{
    *lo = a->steps.count > 0 ? a->steps.first : 0;
    *hi = a->steps.count > 0 ? a->steps.first + a->steps.count : n;
    *lo = *lo < 0 ? 0 : *lo > n ? n : *lo;
    *hi = *hi < *lo ? *lo : *hi > n ? n : *hi;
}

/* Byte address inside a (symmetric) buffer. */
static inline void *shcoll_at(void *base, size_t off)
{
    return (char *)base + off;
}

/* Local copy that tolerates source == dest (in-place reductions). */
static inline void shcoll_copy(void *dest, const void *src, size_t n)
{
    if (n > 0 && dest != src)
        memmove(dest, src, n);
}

/* Flags carry a value v >= 0 as SHMEM_SYNC_VALUE + 1 + v, so a raised
 * flag differs from the idle value whatever SHMEM_SYNC_VALUE the
 * implementation picked (Open MPI: -1, others: 0). */
static inline long shcoll_flag_encode(long v)
{
    return SHMEM_SYNC_VALUE + 1 + v;
}

/* Raise *flag on pe carrying v, ordered after nothing: what it announces
 * travels with it or was ordered before by the caller. An atomic, not
 * shmem_long_p: a put may store the word in more than one piece (seen on
 * Open MPI 4.1 over shared memory), and the waiter could reset the flag
 * between them. The flag is idle when this lands, so adding v + 1 leaves
 * shcoll_flag_encode(v). */
static inline void shcoll_raise_flag(long *flag, long v, int pe)
{
    shmem_long_atomic_add(flag, v + 1, pe);
}

/* Put n bytes (may be 0) to pe, then raise *flag there carrying v. The
 * fence orders the payload, and every earlier put to pe, before the flag,
 * so whoever sees the flag sees the data. */
static inline void shcoll_put_flag(void *dest, const void *src, size_t n,
                                   long *flag, long v, int pe)
{
    if (n > 0)
        shmem_putmem(dest, src, n, pe);
    shmem_fence();
    shcoll_raise_flag(flag, v, pe);
}

/* Wait for a flag raised by shcoll_put_flag, restore it to the idle value
 * (exactly one writer per flag per call, so nothing else will land on it)
 * and return the value it carried. */
static inline long shcoll_wait_flag(long *flag)
{
    shmem_long_wait_until(flag, SHMEM_CMP_NE, SHMEM_SYNC_VALUE);
    long v = *flag;
    *flag = SHMEM_SYNC_VALUE;
    return v - SHMEM_SYNC_VALUE - 1;
}

/* Put n bytes (may be 0) to pe, then add one to a counter there. Many
 * senders share one counter word: an atomic add keeps psync O(1). */
static inline void shcoll_put_count(void *dest, const void *src, size_t n,
                                    long *counter, int pe)
{
    if (n > 0)
        shmem_putmem(dest, src, n, pe);
    shmem_fence();
    shmem_long_atomic_inc(counter, pe);
}

/* Wait until `expected` increments have landed on a local counter, then
 * restore it. All increments of this call have arrived by then, so no
 * later write of this call can reach the word. */
static inline void shcoll_wait_count(long *counter, long expected)
{
    if (expected <= 0)
        return;
    shmem_long_wait_until(counter, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + expected);
    *counter = SHMEM_SYNC_VALUE;
}

/* Member 0 of a root-based algorithm, once its dest holds the whole
 * result (total bytes): put it to every other member, raising `flag`. */
static inline void shcoll_put_to_all(const shcoll_args_t *a, size_t total,
                                     long *flag)
{
    for (int r = 1; r < a->set.size; r++)
        shcoll_put_flag(a->dest, a->dest, total, flag, 0,
                        shcoll_pe(&a->set, r));
}

/* Reductions: this PE's member index, with the element size in *esize;
 * -1 when the call is invalid (not a member, op not defined on the type,
 * nbytes not a whole number of elements). */
static inline int shcoll_reduce_member(const shcoll_args_t *a, size_t *esize)
{
    int me = shcoll_my_index(&a->set);
    *esize = a->elem_size ? a->elem_size : shcoll_type_size(a->type);
    if (me < 0 || !shcoll_op_valid(a->op, a->type) || *esize == 0 ||
        a->nbytes % *esize != 0)
        return -1;
    return me;
}

/* The combine to use: the caller's (so a simulator can charge for it) or
 * the plain one. */
static inline shcoll_combine_fn shcoll_combiner(const shcoll_args_t *a)
{
    return a->combine ? a->combine : shcoll_combine_local;
}

#endif
