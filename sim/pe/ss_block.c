/* ss_block.c - a PE (or the thread of it that holds its token) blocks
 * until the runtime unblocks it: at its alarm, or when its deferred
 * steps are done (sim/engine/ss_alarm.c, ss_defer.c).
 *
 * Why the PE suspends its actor: a SimGrid semaphore's acquire is an
 * activity that SimGrid allocates, reference-counts and frees, and its
 * release walks it; with a PE blocking about once per message that was
 * about a fifth of the user time of a 131,072-PE broadcast, spent in
 * SimGrid and the allocator. A self-suspension is the simcall that
 * yields to maestro and nothing more, and resuming the actor puts it on
 * the run list at the same point of the round as a release did, so the
 * actors run in the same order and every output is the same.
 *
 * Why not always: suspending an actor suspends its SimGrid
 * communications too, posted receives and sends alike, so a message
 * that SimGrid carries to or from a PE asleep on its alarm would stall.
 * Where some messages travel as SimGrid communications (--small-msg N,
 * or PEs on hosts without an inbox: routed zones, ss_small.c), every PE
 * blocks on a semaphore of its own (pe->sem) instead.
 *
 * Semantics are a semaphore's either way: an unblock that comes before
 * the block is kept, and the block then returns at once. */
#include "ss_internal.h"

void ss_block_setup(void)
{
    for (int i = 0; !ss_w.all_small && i < ss_w.npes; i++)
        if (ss_w.pes[i].inbox && !(ss_w.pes[i].sem = sg_sem_init(0)))
            ss_fatal("out of memory for %d PEs' semaphores", ss_w.npes);
}

void ss_block_free(void)
{
    for (int i = 0; ss_w.pes && i < ss_w.npes; i++) {
        if (ss_w.pes[i].sem)
            sg_sem_destroy(ss_w.pes[i].sem);
        ss_w.pes[i].sem = NULL;
    }
}

void ss_block(ss_pe_t *pe)
{
    if (pe->sem) {
        sg_sem_acquire(pe->sem);
        return;
    }
    if (pe->unblocks) {
        pe->unblocks--;
        return;
    }
    pe->blocked = sg_actor_self();
    sg_actor_suspend(pe->blocked);
}

void ss_unblock(ss_pe_t *pe)
{
    if (pe->sem) {
        sg_sem_release(pe->sem);
        return;
    }
    sg_actor_t a = pe->blocked;
    if (!a) {
        pe->unblocks++;
        return;
    }
    pe->blocked = NULL;
    sg_actor_resume(a);
}
