/* ss_lock.c - distributed locks (shmem_set_lock, shmem_test_lock,
 * shmem_clear_lock) as an MCS queue lock kept inside the user's symmetric
 * long, so a lock costs no memory of its own:
 *   bytes 0..3 of PE 0's copy: the tail, 1 + the last PE to queue (0: free);
 *   bytes 4..7 of each PE's copy: its queue node, bit 0 "the lock is
 *   yours", bits 1.. 1 + the PE queued behind it.
 * Acquiring swaps oneself into the tail (a round trip to PE 0) and, when
 * the lock was taken, links behind the previous tail and waits to be
 * handed the lock: each waiter spins on its own word, and a release is
 * one message to the next in line, so contention never funnels messages
 * into one PE beyond the single swap each acquire makes. */
#include "ss_internal.h"
#include "ss_trace.h"

#define SS_NODE 4   /* byte offset of the node in the lock word */

static uint32_t *node_of(long *lock)
{
    return (uint32_t *)((unsigned char *)lock + SS_NODE);
}

static ss_pe_t *enter(long *lock, const char *call)
{
    ss_pe_t *pe = ss_self();
    pe->where = call;
    ss_heap_check_local(pe, lock, sizeof *lock, call);
    return pe;
}

/* 32-bit atomic on PE target's copy of the lock at byte offset off. */
static uint32_t lock_amo(ss_pe_t *pe, long *lock, int off, ss_amo_op_t op,
                         uint32_t a, uint32_t b, int target, int fetch)
{
    unsigned char *addr = (unsigned char *)lock + off;
    return (uint32_t)ss_amo(pe, addr, 4, op, a, b, target, fetch, pe->where);
}

static void wait_node(ss_pe_t *pe, volatile uint32_t *node, uint32_t mask)
{
    if (*node & mask)
        return;
    int32_t ev = ss_trace_begin(pe, "wait", pe->where, -1, 0, 1);
    while (!(*node & mask))
        ss_progress_wait(pe, 0);
    ss_trace_end(ev);
}

void shmem_set_lock(long *lock)
{
    ss_pe_t *pe = enter(lock, "shmem_set_lock");
    uint32_t me = (uint32_t)pe->id + 1;
    *node_of(lock) = 0;   /* nobody writes it until we are queued */
    uint32_t pred = lock_amo(pe, lock, 0, SS_AMO_SWAP, me, 0, 0, 1);
    if (pred == 0)
        return;
    lock_amo(pe, lock, SS_NODE, SS_AMO_OR, me << 1, 0, (int)pred - 1, 0);
    wait_node(pe, node_of(lock), 1);
}

int shmem_test_lock(long *lock)
{
    ss_pe_t *pe = enter(lock, "shmem_test_lock");
    uint32_t me = (uint32_t)pe->id + 1;
    *node_of(lock) = 0;
    return lock_amo(pe, lock, 0, SS_AMO_CSWAP, 0, me, 0, 1) != 0;
}

/* Completes the critical section's stores first (a quiet), then hands
 * the lock to the next in line, or frees it if nobody queued. */
void shmem_clear_lock(long *lock)
{
    ss_pe_t *pe = enter(lock, "shmem_clear_lock");
    uint32_t me = (uint32_t)pe->id + 1;
    volatile uint32_t *node = node_of(lock);
    ss_quiet(pe);
    if ((*node >> 1) == 0) {
        if (lock_amo(pe, lock, 0, SS_AMO_CSWAP, me, 0, 0, 1) == me)
            return;
        wait_node(pe, node, ~1u);   /* a PE is linking in behind us */
    }
    lock_amo(pe, lock, SS_NODE, SS_AMO_OR, 1, 0, (int)(*node >> 1) - 1, 0);
}
