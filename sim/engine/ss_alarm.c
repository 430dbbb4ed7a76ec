/* ss_alarm.c - the PEs' alarm clocks. A PE waiting for a small message
 * (ss_small.c) blocks (sim/pe/ss_block.c) with no timeout, and its
 * alarm unblocks it when the message lands. A PE also has a second alarm, its
 * step alarm: the runtime carries on the PE's deferred operations then,
 * in maestro, while the PE stays blocked (ss_defer.c).
 *
 * Why not a timed acquire: its timeout belongs to the PE, so a sender
 * whose message lands earlier had to wake the PE (a simcall and a context
 * switch) only for it to sleep again with the new timeout: two wake-ups
 * per message where one suffices. An alarm is the runtime's: a sender
 * moves it and the PE wakes once, at the landing. Nor does it cost a
 * model action (a timed acquire is a sleep action on the host's CPU).
 *
 * Why one engine timer for all of them: SimGrid's timers live in a
 * Fibonacci heap of separately allocated nodes; with 100,000 PEs parked
 * its pops took 12% of a run. Here the alarms are a 4-ary heap in one
 * array (half the levels of a binary one, and a node's children share a
 * cache line), with each alarm's place in another (moving an alarm is
 * O(log n) and touches no PE structure), and a single engine timer is set
 * at the earliest; when it rings it serves every alarm due by then. Ties
 * ring in the order the alarms were set, so runs stay deterministic. */
#include <stdint.h>
#include <stdlib.h>

#include "ss_alarm.h"
#include "ss_defer.h"

/* 16 bytes, so that a node's four children share a cache line: key is
 * the order it was set in (ties ring in it) above the slot, 2 pe + kind
 * (0 wakes the PE, 1 is its step), in the low SLOT_BITS. */
typedef struct alarm {
    double at;
    uint64_t key;
} alarm_t;

enum { ARITY = 4, SLOT_BITS = 26 };
#define SLOT(a) ((uint32_t)((a).key & ((1u << SLOT_BITS) - 1)))

static alarm_t *H;
static uint32_t n, cap;
static uint32_t *pos;    /* per slot: 1 + its place in H, or 0 (dense: a
                            move touches no PE structure) */
static uint64_t seq;
static void *timer;      /* the engine timer, set at timer_at */
static double timer_at;

static int before(const alarm_t *a, const alarm_t *b)
{
    return a->at < b->at || (a->at == b->at && a->key < b->key);
}

static void place(uint32_t i, alarm_t a)
{
    H[i] = a;
    pos[SLOT(a)] = i + 1;
}

static void sift_up(uint32_t i, alarm_t a)
{
    for (; i > 0 && before(&a, &H[(i - 1) / ARITY]); i = (i - 1) / ARITY)
        place(i, H[(i - 1) / ARITY]);
    place(i, a);
}

static void sift_down(uint32_t i, alarm_t a)
{
    for (;;) {
        uint32_t c = ARITY * i + 1, best = c;
        if (c >= n)
            break;
        uint32_t end = c + ARITY < n ? c + ARITY : n;
        for (uint32_t k = c + 1; k < end; k++)
            if (before(&H[k], &H[best]))
                best = k;
        if (!before(&H[best], &a))
            break;
        place(i, H[best]);
        i = best;
    }
    place(i, a);
}

/* Put a at place i (its own, or the hole left by a removal). */
static void settle(uint32_t i, alarm_t a)
{
    if (i > 0 && before(&a, &H[(i - 1) / ARITY]))
        sift_up(i, a);
    else
        sift_down(i, a);
}

static void remove_at(uint32_t i)
{
    pos[SLOT(H[i])] = 0;
    alarm_t last = H[--n];
    if (i < n)
        settle(i, last);
}

static void ring(void);

/* Keep the engine timer at the earliest alarm. */
static void arm(void)
{
    if (timer && (!n || H[0].at != timer_at)) {
        ss_timer_cancel(timer);
        timer = NULL;
    }
    if (n && !timer) {
        timer_at = H[0].at;
        timer = ss_timer_set(timer_at, ring);
    }
}

/* A step may set alarms (its own next one, a target's wake-up): those at
 * this very instant are served in this loop, after those set before; the
 * later ones wait, even when setting them moved the engine timer (and
 * timer_at) while the loop runs. */
static void ring(void)
{
    double due = timer_at;
    timer = NULL;   /* the engine frees a timer that has rung */
    while (n && H[0].at <= due) {
        uint32_t slot = SLOT(H[0]);
        remove_at(0);
        if (slot & 1)
            ss_defer_step(&ss_w.pes[slot >> 1]);
        else
            ss_unblock(&ss_w.pes[slot >> 1]);
    }
    arm();
}

/* A moved alarm keeps its place in the heap and settles from there. */
static void set_slot(uint32_t slot, double at)
{
    double now = simgrid_get_clock();
    alarm_t a = {at > now ? at : now, seq++ << SLOT_BITS | slot};
    if (pos[slot]) {
        settle(pos[slot] - 1, a);
    } else {
        if (n == cap)
            ss_grow((void **)&H, &cap, sizeof *H);
        sift_up(n++, a);
    }
    arm();
}

void ss_alarm_set(ss_pe_t *pe, double at)
{
    set_slot(2 * (uint32_t)pe->id, at);
}

void ss_alarm_set_step(ss_pe_t *pe, double at)
{
    set_slot(2 * (uint32_t)pe->id + 1, at);
}

void ss_alarm_init(int npes)
{
    if (2 * (uint64_t)npes > 1u << SLOT_BITS)
        ss_fatal("%d PEs: the alarms hold at most %u", npes, 1u << (SLOT_BITS - 1));
    if (!pos && !(pos = calloc(2 * (size_t)npes, sizeof *pos)))
        ss_fatal("out of memory for the PEs' alarms");
}

void ss_alarm_cancel(ss_pe_t *pe)
{
    uint32_t slot = 2 * (uint32_t)pe->id;
    if (!pos || !pos[slot])
        return;
    remove_at(pos[slot] - 1);
    arm();
}

void ss_alarm_reset(void)
{
    if (timer)
        ss_timer_cancel(timer);
    timer = NULL;
    free(H);
    free(pos);
    H = NULL;
    pos = NULL;
    n = cap = 0;
    seq = 0;
}
