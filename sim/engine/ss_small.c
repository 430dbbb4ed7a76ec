/* ss_small.c - how small messages travel (models/wire.h).
 *
 * A message of at most model.small_bytes (any size under --small-msg all,
 * the default) does not become a SimGrid flow. Its sender
 * computes when it lands (ss_route_reserve: route latency, bytes /
 * bottleneck bandwidth, and a place in each shared link's queue) and
 * files it in the target's inbox, a min-heap on landing time. The target
 * applies it itself: whenever it waits, it first applies what has landed,
 * and then sleeps until the next landing at the latest.
 *
 * How the target sleeps. While no SimGrid communication can end its wait
 * (no large message on its way to it, no doorbell, no large send of its
 * own awaited) it blocks (sim/pe/ss_block.c), and its alarm
 * (ss_alarm.c) unblocks it at the next landing; a sender of a message
 * due earlier moves the alarm, so the target wakes once, at that landing.
 * Otherwise it waits on its communications with that timeout, and an
 * earlier landing rings its doorbell instead (ss_progress.c). SimGrid
 * 3.32 cannot wait on a suspension and communications at once, hence
 * the two ways.
 *
 * Why: a SimGrid communication costs several wake-ups' wall time at 100,000
 * actors (bench/simgrid_floor.c measures both; docs/performance.md has the
 * figures); and SimGrid re-solves every flow that shares a link with one
 * that ends, so p flows crossing the same global links cost O(p^2) per
 * round. Cost per message here: O(route hops) to reserve, O(log q) to file
 * and to apply at an inbox holding q, O(log p) to move an alarm, and at
 * most one wake-up.
 *
 * Messages within a host take this path too (their route is the host's
 * loopback, or its router on presets without one). Left as SimGrid flows
 * they cost binomial broadcast at 100,000 PEs on aries-xc most of its wall
 * time again (docs/performance.md): each is a communication, and a PE
 * waiting on one must be woken by a doorbell (a communication too) for
 * every small message that lands meanwhile. The price is fidelity within a
 * node: its PEs send a round's messages together, and this model serves
 * that burst first come first served where SimGrid shares the links
 * (docs/models.md: how far apart the two are). Hosts outside cluster zones
 * (a file of routed zones) have no inbox: SimGrid may abort when asked such
 * a host's route to itself (ss_route_self tells them), and such platforms
 * are small.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ss_alarm.h"
#include "ss_burst.h"
#include "ss_defer.h"
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

/* Every move in the heap goes through here: a message knows its place,
 * so a later landing (ss_small_reland) finds it in O(1). */
static void place(ss_pe_t *t, uint32_t i, ss_arrival_t a)
{
    t->inq[i] = a;
    a.msg->inq_at = i;
}

static void push(ss_pe_t *t, ss_arrival_t a)
{
    if (t->ninq == t->capinq)
        ss_grow((void **)&t->inq, &t->capinq, sizeof *t->inq);
    uint32_t i = t->ninq++;
    while (i > 0 && before(&a, &t->inq[(i - 1) / 2])) {
        place(t, i, t->inq[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    place(t, i, a);
}

/* Puts a at place i or below it (a lands no earlier than what was there). */
static void sift_down(ss_pe_t *t, uint32_t i, ss_arrival_t a)
{
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= t->ninq)
            break;
        if (c + 1 < t->ninq && before(&t->inq[c + 1], &t->inq[c]))
            c++;
        if (!before(&t->inq[c], &a))
            break;
        place(t, i, t->inq[c]);
        i = c;
    }
    place(t, i, a);
}

static ss_arrival_t pop(ss_pe_t *t)
{
    ss_arrival_t top = t->inq[0], last = t->inq[--t->ninq];
    if (t->ninq)
        sift_down(t, 0, last);
    return top;
}

void ss_small_reland(ss_pe_t *t, const ss_msg_t *m, double lands)
{
    uint32_t i = m->inq_at;
    if (i < t->ninq && t->inq[i].msg == m && t->inq[i].lands < lands) {
        ss_arrival_t a = t->inq[i];
        a.lands = lands;
        sift_down(t, i, a);
    }
}

/* Gives pe an inbox if its host has a cluster zone's
 * routes; nslots: the host slots of the run. */
void ss_small_attach(ss_pe_t *pe, size_t slot, size_t nslots)
{
    if (ss_w.cfg.model.small_bytes == 0)
        return;
    if (!slot_ok) {
        if (!(slot_ok = calloc(nslots, sizeof *slot_ok)))
            ss_fatal("out of memory setting up small messages");
        ss_alarm_init(ss_w.npes);
    }
    if (!slot_ok[slot])
        slot_ok[slot] = ss_route_self(pe->host) ? 1 : -1;
    if (slot_ok[slot] > 0)
        pe->inbox = 1;
}

int ss_small_takes(const ss_pe_t *t, size_t wire_bytes)
{
    return t->inbox && wire_bytes <= ss_w.cfg.model.small_bytes;
}

double ss_small_send(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, size_t wire_bytes)
{
    double now = simgrid_get_clock();
    ss_mark_t marks[SS_ROUTE_MARKS];
    size_t nmarks;
    double lands = ss_route_reserve((ss_nic_t){from->host, from->node, from->nic},
                                    (ss_nic_t){t->host, t->node, t->nic},
                                    (double)wire_bytes, now, marks, &nmarks);
    m->lands = lands;
    push(t, (ss_arrival_t){lands, seq++, m});
    ss_burst_note(from, t, m, lands, marks, nmarks);
    ss_w.stats.small++;
    return lands;
}

/* Bring a parked PE's wake-up forward to `at` (never into the past). */
static void wake_at(ss_pe_t *t, double at)
{
    if (!t->in_sem || at >= t->wait_until)
        return;
    ss_w.stats.wakeups++;
    t->wait_until = at;
    ss_alarm_set(t, at);
}

void ss_small_kick(ss_pe_t *t)
{
    wake_at(t, simgrid_get_clock());
}

/* A message landing at `lands` is in t's inbox. A PE looking ahead need
 * not wake for it unless it ends the replay earlier (it satisfies the
 * wait, or cannot be replayed): the sender looks ahead for it, which is
 * sound for the same reason as the PE's own look-ahead. */
void ss_small_filed(ss_pe_t *t, double lands)
{
    if (lands < t->wait_until)
        wake_at(t, t->looking ? ss_small_lookahead(t) : lands);
}

double ss_small_due(const ss_pe_t *pe)
{
    return pe->ninq ? pe->inq[0].lands : INFINITY;
}

/* Applied in landing order; the trace stamps each with its landing, which
 * a wait looking ahead (below) may have slept past. */
uint32_t ss_small_take(ss_pe_t *pe, double by)
{
    uint32_t n = 0;
    for (; pe->ninq && pe->inq[0].lands <= by; n++) {
        ss_arrival_t a = pop(pe);
        ss_w.landed_at = a.lands;
        ss_progress_apply(pe, a.msg);
        ss_w.landed_at = -1;
    }
    return n;
}

/* Looking ahead. A PE in wait_until (pe->watch) wakes when its word
 * satisfies the wait; the messages in its inbox that land before then
 * change nothing it could see, since nothing reads a PE's memory but the
 * PE itself (a get is a message in the same inbox). So it may sleep
 * straight to the landing that satisfies the wait, then apply everything
 * landed in order: one wake-up per wait, not per message (k-nomial and
 * k-ary rounds bring k-1 or k messages). Found by replaying the inbox in
 * landing order on a copy of the word: atomics on it are replayed; any
 * other message that touches it, one that answers or asks for a reply,
 * or one that the replay cannot order ends the replay at its own landing
 * (the PE wakes there and looks again). At most LOOK messages are
 * replayed, the first ones of the heap taken in order through a small
 * heap of its indices, so a PE with a long inbox pays O(LOOK log LOOK).
 *
 * Fences. A message behind a fence (ndeps > 0) replays once the replay
 * has passed every message it waits for: then it is applied after them
 * for real too, as they land first. A message some parked one waits for
 * (landed before its dependencies, out of the inbox) ends the replay:
 * applying it applies the parked one, which the replay cannot see. So
 * the parts of a fenced put, its padding and the flag after them (Bruck
 * and k-nomial rounds of collect) cost one wake-up, not one each. */
enum { LOOK = 16 };

static uint32_t look_gen;   /* one per look-ahead */

static int touches(const unsigned char *p, size_t n, const ss_watch_t *w)
{
    const unsigned char *a = w->addr;
    return p < a + w->size && a < p + n;
}

/* Whether m's place in the fence order lets it replay now. */
static int in_order(const ss_msg_t *m)
{
    if (m->ndeps > 0 && (m->look_gen != look_gen || m->look_deps != m->ndeps))
        return 0;
    for (uint32_t i = 0; i < m->nwaiters; i++)
        if (m->waiters[i]->arrived)
            return 0;
    return 1;
}

/* m replayed: its waiters have one dependency fewer to pass. */
static void passed(ss_msg_t *m)
{
    for (uint32_t i = 0; i < m->nwaiters; i++) {
        ss_msg_t *w = m->waiters[i];
        if (w->look_gen != look_gen) {
            w->look_gen = look_gen;
            w->look_deps = 0;
        }
        w->look_deps++;
    }
}

/* Replays m on the copy; 0 when it cannot be replayed. */
static int replay(ss_msg_t *m, const ss_watch_t *w, uint64_t *copy)
{
    if (!in_order(m) || (m->kind != SS_MSG_PUT && m->kind != SS_MSG_AMO))
        return 0;
    const unsigned char *amo = m->kind == SS_MSG_AMO ? m->taddr
                               : m->has_amo ? m->aaddr : NULL;
    if (m->kind == SS_MSG_PUT && (m->elem || touches(m->taddr, m->nbytes, w)))
        return 0;   /* strided puts are not looked into */
    if (amo && touches(amo, m->width, w)) {
        if (amo != (const unsigned char *)w->addr || m->width != w->size)
            return 0;
        ss_amo_apply(copy, m->width, m->op, m->operand, m->operand2);
    }
    passed(m);
    return 1;
}

static int look_before(const ss_pe_t *pe, uint32_t i, uint32_t j)
{
    return before(&pe->inq[i], &pe->inq[j]);
}

/* The look-ahead's own min-heap h[0..*n) of inbox indices. */
static void look_push(const ss_pe_t *pe, uint32_t *h, uint32_t *n, uint32_t i)
{
    uint32_t k = (*n)++;
    for (; k > 0 && look_before(pe, i, h[(k - 1) / 2]); k = (k - 1) / 2)
        h[k] = h[(k - 1) / 2];
    h[k] = i;
}

static uint32_t look_pop(const ss_pe_t *pe, uint32_t *h, uint32_t *n)
{
    uint32_t top = h[0], last = h[--*n], k = 0;
    for (uint32_t c; (c = 2 * k + 1) < *n; k = c) {
        if (c + 1 < *n && look_before(pe, h[c + 1], h[c]))
            c++;
        if (!look_before(pe, h[c], last))
            break;
        h[k] = h[c];
    }
    if (*n)
        h[k] = last;
    return top;
}

double ss_small_lookahead(const ss_pe_t *pe)
{
    const ss_watch_t *w = &pe->watch;
    uint64_t copy = 0;
    if (!pe->ninq || w->size > sizeof copy)
        return ss_small_due(pe);
    memcpy(&copy, w->addr, w->size);
    look_gen++;
    uint32_t h[LOOK + 1], nh = 0;   /* each pop pushes at most two */
    look_push(pe, h, &nh, 0);
    for (int seen = 0; nh > 0; seen++) {
        uint32_t i = look_pop(pe, h, &nh);
        const ss_arrival_t *a = &pe->inq[i];
        if (seen == LOOK - 1 || !replay(a->msg, w, &copy) ||
            w->sat(&copy, 0, w->cmp, w->value, 0))
            return a->lands;
        for (uint32_t c = 2 * i + 1; c <= 2 * i + 2 && c < pe->ninq; c++)
            look_push(pe, h, &nh, c);
    }
    return INFINITY;   /* nothing queued ends it: a new message will wake it */
}

double ss_small_wake_time(const ss_pe_t *pe, int with_out, int looking)
{
    if (looking)
        return ss_small_lookahead(pe);
    double until = ss_small_due(pe);
    for (uint32_t i = 0; with_out && i < pe->nout; i++)
        if (!pe->out[i].comm && pe->out[i].msg->lands < until)
            until = pe->out[i].msg->lands;
    return until;
}

/* Only an alarm still to ring moves (one at this instant may be ringing). */
void ss_small_rearm(ss_pe_t *pe)
{
    if (!pe->in_sem || pe->wait_until <= simgrid_get_clock())
        return;
    double until = ss_small_wake_time(pe, pe->sleep_out, pe->looking);
    if (until > pe->wait_until) {
        pe->wait_until = until;
        if (isinf(until))
            ss_alarm_cancel(pe);
        else
            ss_alarm_set(pe, until);
    }
}

/* Sleep until `at` on the PE's alarm rather than a SimGrid sleep, which
 * puts an action in the CPU model's solver each time (a quiet's wait for
 * its acknowledgements, a debt paid: several a round per PE). Nothing
 * else wakes it: in_sem stays 0, so no sender moves the alarm. */
void ss_small_nap(ss_pe_t *pe, double at)
{
    ss_defer_finish(pe);
    if (!pe->inbox) {
        sg_actor_sleep_until(at);
        return;
    }
    if (at <= simgrid_get_clock())
        return;
    ss_w.stats.naps++;
    ss_alarm_set(pe, at);
    ss_block(pe);
}

/* Park until the wake time (ss_small_wake_time; INFINITY: until woken),
 * or earlier if a sender brings the alarm forward; returns the time it
 * woke for (what has landed by then is due). `looking`: the time comes
 * from ss_small_lookahead; with_out: from its sends' landings too. */
void ss_small_sleep_begin(ss_pe_t *pe, int looking, int with_out)
{
    double until = ss_small_wake_time(pe, with_out, looking);
    pe->in_sem = 1;
    pe->looking = (uint8_t)looking;
    pe->sleep_out = (uint8_t)with_out;
    pe->wait_until = until;
    ss_w.stats.sleeps++;
    if (!isinf(until))
        ss_alarm_set(pe, until);
}

double ss_small_sleep_end(ss_pe_t *pe)
{
    pe->in_sem = 0;
    pe->looking = 0;
    return pe->wait_until;
}

double ss_small_sleep(ss_pe_t *pe, int looking, int with_out)
{
    ss_defer_finish(pe);
    ss_small_sleep_begin(pe, looking, with_out);
    ss_block(pe);
    return ss_small_sleep_end(pe);
}

void ss_small_release(ss_pe_t *pe)
{
    ss_alarm_cancel(pe);
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
        ss_w.pes[i].inbox = 0;
    }
    free(slot_ok);
    slot_ok = NULL;
    seq = 0;
    ss_alarm_reset();
    ss_burst_reset();
    ss_route_reset();
}
