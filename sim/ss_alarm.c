/* ss_alarm.c - parked PEs' alarm clocks. A PE waiting for a small message
 * (ss_small.c) blocks on its semaphore with no timeout, and its alarm
 * releases it when the message lands.
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
 * its pops took 12% of a run. Here the alarms are a binary heap in one
 * array, with each PE's place in another (moving an alarm is O(log n) and
 * touches no PE structure), and a single engine timer is set at the
 * earliest; when it rings it releases every PE due by then. Ties ring in
 * the order the alarms were set, so runs stay deterministic. */
#include <stdint.h>
#include <stdlib.h>

#include <simgrid/semaphore.h>

#include "ss_alarm.h"

typedef struct alarm {
    double at;
    uint64_t seq;
    int pe;
} alarm_t;

static alarm_t *H;
static uint32_t n, cap;
static uint32_t *pos;    /* per PE: 1 + its place in H, or 0 (dense: a
                            move touches no PE structure) */
static uint64_t seq;
static void *timer;      /* the engine timer, set at timer_at */
static double timer_at;

static int before(const alarm_t *a, const alarm_t *b)
{
    return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

static void place(uint32_t i, alarm_t a)
{
    H[i] = a;
    pos[a.pe] = i + 1;
}

static void sift_up(uint32_t i, alarm_t a)
{
    for (; i > 0 && before(&a, &H[(i - 1) / 2]); i = (i - 1) / 2)
        place(i, H[(i - 1) / 2]);
    place(i, a);
}

static void sift_down(uint32_t i, alarm_t a)
{
    for (uint32_t c; (c = 2 * i + 1) < n; i = c) {
        if (c + 1 < n && before(&H[c + 1], &H[c]))
            c++;
        if (!before(&H[c], &a))
            break;
        place(i, H[c]);
    }
    place(i, a);
}

/* Put a at place i (its own, or the hole left by a removal). */
static void settle(uint32_t i, alarm_t a)
{
    if (i > 0 && before(&a, &H[(i - 1) / 2]))
        sift_up(i, a);
    else
        sift_down(i, a);
}

static void remove_at(uint32_t i)
{
    pos[H[i].pe] = 0;
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

static void ring(void)
{
    timer = NULL;   /* the engine frees a timer that has rung */
    while (n && H[0].at <= timer_at) {
        int pe = H[0].pe;
        remove_at(0);
        sg_sem_release(ss_w.pes[pe].sem);
    }
    arm();
}

/* A moved alarm keeps its place in the heap and settles from there. */
void ss_alarm_set(ss_pe_t *pe, double at)
{
    double now = simgrid_get_clock();
    alarm_t a = {at > now ? at : now, seq++, pe->id};
    if (pos[pe->id]) {
        settle(pos[pe->id] - 1, a);
    } else {
        if (n == cap)
            ss_grow((void **)&H, &cap, sizeof *H);
        sift_up(n++, a);
    }
    arm();
}

void ss_alarm_init(int npes)
{
    if (!pos && !(pos = calloc((size_t)npes, sizeof *pos)))
        ss_fatal("out of memory for the PEs' alarms");
}

void ss_alarm_cancel(ss_pe_t *pe)
{
    if (!pos || !pos[pe->id])
        return;
    remove_at(pos[pe->id] - 1);
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
