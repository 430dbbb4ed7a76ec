/* ss_small.c - how small messages travel (models/wire.h).
 *
 * A message of at most model.small_bytes does not become a SimGrid flow.
 * Its sender computes when it lands (ss_route_reserve: route latency,
 * bytes / bottleneck bandwidth, and a place in each shared link's queue)
 * and files it in the target's inbox, a min-heap on landing time. The
 * target applies it itself: whenever it waits, it first applies what has
 * landed, and then sleeps until the next landing at the latest.
 *
 * How the target sleeps. While no SimGrid communication can end its wait
 * (no large message on its way to it, no doorbell, no large send of its
 * own awaited) it sleeps on its own semaphore with a timeout at its next
 * landing, and a sender of a message due earlier than that releases the
 * semaphore (at most once per sleep): the target wakes, files nothing,
 * and sleeps again until the new landing. Otherwise it waits on its
 * communications with that timeout, and an earlier landing rings its
 * doorbell instead (ss_progress.c). SimGrid 3.32 cannot wait on a
 * semaphore and communications at once, hence the two ways.
 *
 * Why: a SimGrid communication costs about 20 us of wall time at 100,000
 * actors, a semaphore wake-up a few (bench/simgrid_floor.c); and SimGrid
 * re-solves every flow that shares a link with one that ends, so p flows
 * of 8 bytes crossing the same global links cost O(p^2) per round. Cost
 * per small message here: O(route hops) to reserve, O(log q) to file and
 * to apply at an inbox holding q, and at most one semaphore release.
 *
 * Messages within a host take this path too (their route is the host's
 * loopback, or its router on presets without one). Left as SimGrid flows
 * they made binomial broadcast at 100,000 PEs on aries-xc take 50 s
 * instead of 28: each is a communication, and a PE waiting on one must be
 * woken by a doorbell (a communication too) for every small message that
 * lands meanwhile. The price is fidelity within a node: its PEs send a
 * round's messages together, and this model serves that burst first come
 * first served where SimGrid shares the links (README, Models: how far
 * apart the two are). Hosts outside cluster zones (a file of routed
 * zones) have no inbox: SimGrid may abort when asked such a host's route
 * to itself (ss_route_loopback tells them), and such platforms are small.
 */
#include <math.h>
#include <stdlib.h>

#include <simgrid/semaphore.h>

#include "ss_internal.h"
#include "ss_route.h"

struct ss_arrival {
    double lands;
    uint64_t seq;      /* ties: in the order sent */
    ss_msg_t *msg;
};

static int8_t *slot_ok;   /* per host slot: 1 on, -1 off, 0 not asked */
static uint64_t seq;

static int before(const ss_arrival_t *a, const ss_arrival_t *b)
{
    return a->lands < b->lands || (a->lands == b->lands && a->seq < b->seq);
}

static void push(ss_pe_t *t, ss_arrival_t a)
{
    if (t->ninq == t->capinq)
        ss_grow((void **)&t->inq, &t->capinq, sizeof *t->inq);
    uint32_t i = t->ninq++;
    while (i > 0 && before(&a, &t->inq[(i - 1) / 2])) {
        t->inq[i] = t->inq[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    t->inq[i] = a;
}

static ss_arrival_t pop(ss_pe_t *t)
{
    ss_arrival_t top = t->inq[0], last = t->inq[--t->ninq];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= t->ninq)
            break;
        if (c + 1 < t->ninq && before(&t->inq[c + 1], &t->inq[c]))
            c++;
        if (!before(&t->inq[c], &last))
            break;
        t->inq[i] = t->inq[c];
        i = c;
    }
    if (t->ninq)
        t->inq[i] = last;
    return top;
}

/* Gives pe an inbox (its semaphore) if its host has a cluster zone's
 * routes; nslots: the host slots of the run. */
void ss_small_attach(ss_pe_t *pe, size_t slot, size_t nslots)
{
    if (ss_w.cfg.model.small_bytes == 0)
        return;
    if (!slot_ok) {
        if (!(slot_ok = calloc(nslots, sizeof *slot_ok)))
            ss_fatal("out of memory setting up small messages");
    }
    double lat;
    if (!slot_ok[slot])
        slot_ok[slot] = ss_route_loopback(pe->host, &lat) ? -1 : 1;
    if (slot_ok[slot] > 0)
        pe->sem = sg_sem_init(0);
}

int ss_small_takes(const ss_pe_t *t, size_t wire_bytes)
{
    return t->sem && wire_bytes <= ss_w.cfg.model.small_bytes;
}

double ss_small_send(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, size_t wire_bytes)
{
    double now = simgrid_get_clock();
    double lands = ss_route_reserve(from->host, t->host, (double)wire_bytes, now);
    push(t, (ss_arrival_t){lands, seq++, m});
    ss_w.stats.small++;
    return lands;
}

void ss_small_kick(ss_pe_t *t)
{
    if (t->kicked)
        return;
    t->kicked = 1;
    ss_w.stats.wakeups++;
    sg_sem_release(t->sem);
}

double ss_small_due(const ss_pe_t *pe)
{
    return pe->ninq ? pe->inq[0].lands : INFINITY;
}

uint32_t ss_small_take(ss_pe_t *pe, double by)
{
    uint32_t n = 0;
    for (; pe->ninq && pe->inq[0].lands <= by; n++)
        ss_progress_apply(pe, pop(pe).msg);
    return n;
}

/* Sleep until `until` or a kick; whether it timed out. A kick that comes
 * after the timeout but before this PE runs leaves the semaphore at 1:
 * the next sleep then returns at once and the loop looks again. */
int ss_small_sleep(ss_pe_t *pe, double until)
{
    pe->in_sem = 1;
    pe->wait_until = until;
    int timed_out = 0;
    if (isinf(until))
        sg_sem_acquire(pe->sem);
    else
        timed_out = sg_sem_acquire_timeout(pe->sem, until - simgrid_get_clock());
    pe->in_sem = 0;
    pe->kicked = 0;
    return timed_out;
}

void ss_small_release(ss_pe_t *pe)
{
    while (pe->ninq)
        ss_msg_unref(pop(pe).msg);
    free(pe->inq);
    pe->inq = NULL;
    pe->capinq = 0;
}

void ss_small_free(void)
{
    for (int i = 0; ss_w.pes && i < ss_w.npes; i++) {
        ss_small_release(&ss_w.pes[i]);
        if (ss_w.pes[i].sem)
            sg_sem_destroy(ss_w.pes[i].sem);
        ss_w.pes[i].sem = NULL;
    }
    free(slot_ok);
    slot_ok = NULL;
    seq = 0;
    ss_route_reset();
}
