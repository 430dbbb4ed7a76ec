/* broadcast/common.c - the pieces the tree and chain broadcasts share:
 * member numbering relative to the root, the arrival handshake, and two
 * data engines (a pipelined push down any tree, and the k-nomial rounds).
 * Not an algorithm itself: it has no registry row.
 *
 * Relative ranks: rel = (member - root) mod p, so the root is rel 0 and
 * every tree is drawn once, over 0..p-1.
 *
 * Arrival handshake (why it is shaped this way). A one-to-all broadcast
 * must still make every exit depend on every entry (see internal.h). The
 * writes themselves need not wait for their target to enter: whoever
 * writes into a member's psync during call k+2 has left call k+1, so
 * that member has entered k+1 and is done with call k, the last user of
 * that psync array (and 1.4 requires dest to be ready before anyone
 * calls). So the payload goes down the tree at once and the handshake
 * runs beside it, off the critical path:
 *   - every member except a chosen leaf Z adds one to a counter at Z
 *     (the root only when n == 0: with a payload, Z's copy proves the
 *     root entered),
 *   - Z, having nothing to forward, waits for those arrivals and raises
 *     a release flag on every other member,
 *   - each member leaves once its data work is done and it is released.
 * Cost: 2 alpha + (m + p-1) F beta with m = p-2 arrivals (p-1 if n == 0),
 * F = 8 bytes. It overlaps the data, which on any tree of depth >= 2
 * takes longer, so the broadcast usually costs its data path alone. An
 * arrival round at the root before the data (as in linear.c) would add
 * alpha to every algorithm; gathering arrivals up the tree would cost
 * depth * alpha. The flat counter puts (p-1) F bytes through Z's link;
 * at very large p a tree of counters would be cheaper. Each algorithm
 * picks as Z a leaf whose payload lands late (after alpha), so that the
 * arrivals do not share Z's link with it.
 *
 * psync words 0 (ARRIVED, counter at Z) and 1 (RELEASE, flag) belong to
 * the handshake; each algorithm numbers its own words from 2.
 */
#include "common.h"

enum { ARRIVED, RELEASE };

/* This PE's rank relative to the root, or -1 if it is not a member or
 * the root is not one. */
int shcoll_bcast_rel(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    int me = shcoll_my_index(s);
    if (me < 0 || a->root < 0 || a->root >= s->size)
        return -1;
    return (me - a->root + s->size) % s->size;
}

int shcoll_bcast_pe(const shcoll_args_t *a, int rel)
{
    const shcoll_set_t *s = &a->set;
    return shcoll_pe(s, (rel + a->root) % s->size);
}

/* The root's own dest gets the payload first, so every engine forwards
 * from dest whoever it is. Z runs its whole part of the handshake here:
 * it is a leaf, so waiting costs it nothing it could forward. */
void shcoll_bcast_enter(const shcoll_args_t *a, int rel, int z)
{
    int p = a->set.size;

    if (rel == 0)
        shcoll_copy(a->dest, a->source, a->nbytes);
    if (p == 1)
        return;
    if (rel != z) {
        if (rel != 0 || a->nbytes == 0)
            shmem_long_atomic_inc(&a->psync[ARRIVED], shcoll_bcast_pe(a, z));
        return;
    }
    shcoll_wait_count(&a->psync[ARRIVED], a->nbytes > 0 ? p - 2 : p - 1);
    for (int r = 0; r < p; r++)
        if (r != z)
            shmem_long_atomic_add(&a->psync[RELEASE], 1,   /* see put_flag */
                                  shcoll_bcast_pe(a, r));
}

/* Every member but Z leaves only once Z has seen all arrivals. */
void shcoll_bcast_leave(const shcoll_args_t *a, int rel, int z)
{
    if (a->set.size > 1 && rel != z)
        shcoll_wait_flag(&a->psync[RELEASE]);
}

/* Push the payload down a heap-numbered tree (rel's kids are the nkids
 * ranks from `first` on) in segments of `seg` bytes: each segment goes
 * to all kids at once (they share this PE's link), and the next one
 * waits for the previous to complete, so segments follow each other down
 * the tree instead of splitting the link between them. `got` counts the
 * segments landed here; the parent is the only writer. */
void shcoll_bcast_pipeline(const shcoll_args_t *a, int rel, long *got,
                           int first, int nkids, size_t seg)
{
    size_t n = a->nbytes;
    long i = 0;

    for (size_t off = 0; off < n; off += seg, i++) {
        size_t len = n - off < seg ? n - off : seg;
        void *at = shcoll_at(a->dest, off);
        if (rel != 0)
            shmem_long_wait_until(got, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + i + 1);
        if (i > 0 && nkids > 0)
            shmem_quiet();
        for (int c = 0; c < nkids; c++)
            shcoll_put_count(at, at, len, got, shcoll_bcast_pe(a, first + c));
    }
    if (rel != 0 && n > 0)
        *got = SHMEM_SYNC_VALUE;
}

/* k-nomial rounds: rel's subtree spans the next power of k above its
 * lowest non-zero base-k digit (the root: all of 0..p-1). Round by round,
 * largest subtrees first, it hands each of up to k-1 sub-spans to its
 * first member; a round's puts run together and the next round waits for
 * them, so a child starts forwarding after one round, not after all. */
void shcoll_bcast_knomial(const shcoll_args_t *a, int rel, long *flag,
                          int k)
{
    int p = a->set.size;
    long span = 1;

    if (a->nbytes == 0 || p == 1)
        return;
    if (rel != 0) {
        shcoll_wait_flag(flag);
        while (rel % (span * k) == 0)
            span *= k;
    } else {
        while (span < p)
            span *= k;
    }
    int started = 0;
    for (long step = span / k; step >= 1; step /= k) {
        if (rel + step >= p)
            continue;
        if (started)
            shmem_quiet();
        for (long c = rel + step; c < p && c < rel + k * step; c += step)
            shcoll_put_flag(a->dest, a->dest, a->nbytes, flag, 0,
                            shcoll_bcast_pe(a, (int)c));
        started = 1;
    }
}
