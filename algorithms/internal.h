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

/* Steps that carry their flag (shcoll_args_t.signal). A step is "put,
 * then tell the target": by default the put, a fence and an atomic add
 * on the flag or counter, two messages and, where the network may
 * deliver out of order (a fence then waits for the put's
 * acknowledgement), a round trip in between. OpenSHMEM 1.5's
 * shmem_putmem_signal is one message, the signal applied after its data
 * has landed: with a->signal set, shcoll_put_flag and shcoll_put_count
 * send that instead.
 *
 * Aliasing: flags and counters stay the long words every wait here
 * (shmem_long_wait_until) and the default mode's atomics use; the signal
 * is an SHMEM_SIGNAL_ADD of the same increment on the same 8 bytes, seen
 * as uint64_t. An add in two's complement is the same bit operation at
 * either signedness, so the word ends with the value the long atomic add
 * would leave (whatever SHMEM_SYNC_VALUE is), and the runtime updates it
 * atomically as it does an AMO. This needs long to be 64 bits (checked
 * below) and the runtime to wake a long wait on a signal update: a 1.5
 * runtime writes the signal word with its atomics, which shmem_wait_until
 * observes (the simulator does). The algorithms never read the word as
 * uint64_t themselves.
 *
 * What the fence also did: it ordered every earlier put to pe (and to
 * every other PE) before the flag; put-with-signal orders only its own
 * data. A step that puts more than once to one PE before its flag keeps
 * a fence ahead of the signalled put (shcoll_signal_fence, or the parts
 * of fcollect/engines.h), and so does a counter a target reads before
 * all its increments are in while one sender may have several steps in
 * flight to it; each such file says what it does.
 *
 * Under a 1.4 header (Open MPI 4.1's oshcc: no SHMEM_SIGNAL_ADD, no
 * put-with-signal) the mode is compiled out (SHCOLL_HAVE_PUT_SIGNAL 0,
 * shcoll.h): a->signal is ignored and every step is put, fence, flag,
 * which is always correct. */
#if SHCOLL_HAVE_PUT_SIGNAL
#include <stdint.h>
_Static_assert(sizeof(long) == sizeof(uint64_t),
               "flags are long words signalled as uint64_t");
#endif

/* Whether steps of this call carry their flag. */
static inline int shcoll_signal(const shcoll_args_t *a)
{
    return SHCOLL_HAVE_PUT_SIGNAL && a->signal;
}

/* Signal mode: order what this PE has put so far ahead of its next
 * signalled put (which orders only its own data). Nothing in the default
 * mode, where the flag's own fence does it. */
static inline void shcoll_signal_fence(const shcoll_args_t *a)
{
    if (shcoll_signal(a))
        shmem_fence();
}

/* Put n bytes (may be 0) to pe and add `add` to the long word *word
 * there, the add landing after the data. Signal mode with n > 0: one put
 * with signal. Otherwise put, fence, then the default mode's atomic (add,
 * or inc when `inc`), so a 0-byte step still orders the caller's earlier
 * puts to pe before its word, as it always did. */
static inline void shcoll_put_add_(const shcoll_args_t *a, void *dest,
                                   const void *src, size_t n, long *word,
                                   long add, int inc, int pe)
{
#if SHCOLL_HAVE_PUT_SIGNAL
    if (a->signal && n > 0) {
        shmem_putmem_signal(dest, src, n, (uint64_t *)(void *)word,
                            (uint64_t)add, SHMEM_SIGNAL_ADD, pe);
        return;
    }
#endif
    (void)a;
    if (n > 0)
        shmem_putmem(dest, src, n, pe);
    shmem_fence();
    if (inc)
        shmem_long_atomic_inc(word, pe);
    else
        shmem_long_atomic_add(word, add, pe);
}

/* Put n bytes (may be 0) to pe, then raise *flag there carrying v. The
 * fence orders the payload, and every earlier put to pe, before the flag,
 * so whoever sees the flag sees the data. Signal mode (n > 0): the flag
 * travels with the payload and orders nothing else. */
static inline void shcoll_put_flag(const shcoll_args_t *a, void *dest,
                                   const void *src, size_t n, long *flag,
                                   long v, int pe)
{
    shcoll_put_add_(a, dest, src, n, flag, v + 1, 0, pe);
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
 * senders share one counter word: an atomic add keeps psync O(1). Signal
 * mode (n > 0): the increment travels with the payload. */
static inline void shcoll_put_count(const shcoll_args_t *a, void *dest,
                                    const void *src, size_t n, long *counter,
                                    int pe)
{
    shcoll_put_add_(a, dest, src, n, counter, 1, 1, pe);
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
        shcoll_put_flag(a, a->dest, a->dest, total, flag, 0,
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
