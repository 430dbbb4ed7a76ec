/* ss_sync.c - barriers and syncs over strided sets, and the runtime's own
 * synchronisation point. Point-to-point synchronisation is in ss_wait.c,
 * fence and quiet in ss_order.c. */
#include <stdlib.h>
#include <string.h>

#include "ss_route.h"
#include "ss_internal.h"
#include "ss_trace.h"

/* ---- barriers: dissemination over a strided set ----
 * ceil(log2 n) rounds; in round k member r signals r + 2^k and waits for
 * r - 2^k. Each signal is an 8-byte atomic add on a counter the runtime
 * keeps per (set, member, round); counts only grow, so back-to-back
 * barriers need no reset. T = ceil(log2 n) (alpha + 8 beta). */

typedef struct ss_syncset {
    int start, stride, size, rounds;
    uint64_t *ctr;           /* size x rounds arrival counts */
    uint64_t *done;          /* barriers completed, per member */
    struct ss_syncset *next;
} ss_syncset_t;

static ss_syncset_t *ss_sets;

static ss_syncset_t *syncset(int start, int stride, int size)
{
    for (ss_syncset_t *s = ss_sets; s; s = s->next)
        if (s->start == start && s->stride == stride && s->size == size)
            return s;
    ss_syncset_t *s = calloc(1, sizeof *s);
    int rounds = 0;
    while ((1L << rounds) < size)
        rounds++;
    if (s) {
        s->ctr = calloc((size_t)size * (rounds ? rounds : 1), sizeof *s->ctr);
        s->done = calloc((size_t)size, sizeof *s->done);
    }
    if (!s || !s->ctr || !s->done)
        ss_fatal("out of memory for a barrier over %d PEs", size);
    s->start = start;
    s->stride = stride;
    s->size = size;
    s->rounds = rounds;
    s->next = ss_sets;
    ss_sets = s;
    return s;
}

void ss_sync_sets_free(void)
{
    while (ss_sets) {
        ss_syncset_t *s = ss_sets;
        ss_sets = s->next;
        free(s->ctr);
        free(s->done);
        free(s);
    }
}

static void signal_member(ss_pe_t *pe, ss_syncset_t *s, int to, int round)
{
    ss_msg_t *m = ss_msg_new(SS_MSG_AMO, 0);
    m->taddr = (unsigned char *)&s->ctr[(size_t)to * s->rounds + round];
    m->width = 8;
    m->op = SS_AMO_ADD;
    m->operand = 1;
    ss_send(pe, s->start + to * s->stride, m, 8);
}

void ss_set_sync(ss_pe_t *pe, int start, int stride, int size, const char *call)
{
    pe->where = call;
    if (size < 1 || start < 0 || stride < 1 || start + (long)(size - 1) * stride >= ss_w.npes)
        ss_fatal("PE %d: %s: active set start %d stride %d size %d does not "
                 "fit in %d PEs", pe->id, call, start, stride, size, ss_w.npes);
    int me = (pe->id - start) / stride;
    if (pe->id < start || (pe->id - start) % stride || me >= size)
        ss_fatal("PE %d: %s: this PE is not in the active set (start %d, "
                 "stride %d, size %d)", pe->id, call, start, stride, size);
    ss_syncset_t *s = syncset(start, stride, size);
    uint64_t want = s->done[me] + 1;
    int32_t ev = ss_trace_begin(pe, "barrier", call, -1, 0, 1);
    for (int k = 0; k < s->rounds; k++) {
        signal_member(pe, s, (me + (1 << k)) % size, k);
        volatile uint64_t *c = &s->ctr[(size_t)me * s->rounds + k];
        while (*c < want)
            ss_progress_wait(pe, 0);
    }
    s->done[me] = want;
    ss_trace_end(ev);
}

void shmem_barrier_all(void)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_barrier_all";
    ss_quiet(pe);
    ss_set_sync(pe, 0, 1, ss_w.npes, "shmem_barrier_all");
}

void shmem_sync_all(void)
{
    ss_set_sync(ss_self(), 0, 1, ss_w.npes, "shmem_sync_all");
}

static int log_stride(int lg, const char *call)
{
    if (lg < 0 || lg > 30)
        ss_fatal("PE %d: %s: logPE_stride %d out of range 0..30",
                 ss_self()->id, call, lg);
    return 1 << lg;
}

void shmem_barrier(int start, int lg, int size, long *pSync)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_barrier";
    ss_heap_check_local(pe, pSync, sizeof *pSync, "shmem_barrier");
    ss_quiet(pe);
    ss_set_sync(pe, start, log_stride(lg, "shmem_barrier"), size, "shmem_barrier");
}

void(shmem_sync)(int start, int lg, int size, long *pSync)
{
    ss_pe_t *pe = ss_self();
    ss_heap_check_local(pe, pSync, sizeof *pSync, "shmem_sync");
    ss_set_sync(pe, start, log_stride(lg, "shmem_sync"), size, "shmem_sync");
}

/* ---- the runtime's own synchronisation point ----
 * Used by shmem_free, shmem_finalize and the run driver: every PE quiets,
 * then waits (servicing gets and atomics aimed at it) until the last one
 * arrives. The last one wakes PE 0 and every woken PE wakes its two
 * children in a binary tree, so release costs O(p) messages and no PE
 * holds more than two. With slack > 0 every PE then leaves at exactly
 * t_last + slack: aligned starts for measured phases. */
void ss_sync_point(ss_pe_t *pe, double slack)
{
    const char *where = pe->where;
    pe->where = "runtime synchronisation (shmem_free/shmem_finalize/driver)";
    ss_quiet(pe);
    ss_cpu_settle(pe);
    unsigned gen = ss_w.sync_gen;
    if (++ss_w.sync_count == ss_w.npes) {
        ss_w.sync_count = 0;
        ss_route_restart_turns();
        ss_w.sync_gen++;
        ss_w.sync_release = simgrid_get_clock() + slack;
        if (pe->id != 0)
            ss_wake(0);
    }
    while (ss_w.sync_gen == gen)
        ss_progress_wait(pe, 0);
    for (int c = 2 * pe->id + 1; c <= 2 * pe->id + 2 && c < ss_w.npes; c++)
        ss_wake(c);
    ss_progress_drain(pe);
    ss_quiet(pe);   /* the wake-ups this PE sent: an actor that ends kills its sends */
    if (slack > 0) {
        if (simgrid_get_clock() > ss_w.sync_release)
            ss_fatal("PE %d: woken at %.9f s, after the release at %.9f s: "
                     "synchronisation slack of %g s too short for this "
                     "platform's latencies", pe->id, simgrid_get_clock(), ss_w.sync_release, slack);
        sg_actor_sleep_until(ss_w.sync_release);
    }
    pe->where = where;
}
