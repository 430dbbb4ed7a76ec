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
 * its pops took 12% of a run. Here a single engine timer is set at the
 * earliest alarm; when it rings it serves every alarm due by then. Ties
 * ring in the order the alarms were set, so runs stay deterministic.
 *
 * Why instants: the alarms of a log-step round fall on few instants (a
 * round's messages land together): at 65,536 PEs on aurora 92% of the
 * alarms of a binomial broadcast ring at the same instant as the one
 * before, 63% of Bruck's. So the alarms are kept by instant: each
 * distinct time holds its alarms in the order they were set (a list
 * through per-slot links: setting, moving and ringing one is O(1)), and
 * only the instants are in a 4-ary heap, found by their time through a
 * hash table. A heap of every alarm (2.2 million at 1.1 million PEs)
 * walked its depth, a cache miss a level, on every one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ss_alarm.h"
#include "ss_defer.h"

#define NONE UINT32_MAX

/* A slot is 2 pe + kind (0 wakes the PE, 1 is its step). Per slot: its
 * instant (NONE: no alarm) and its neighbours in that instant's list. */
static uint32_t *inst_of, *next, *prev;
static uint32_t nslots;

/* An instant: its time, its list, its place in the heap. Pooled, the
 * free ones linked through head. */
typedef struct instant {
    double at;
    uint32_t head, tail, hpos;
} instant_t;
static instant_t *ins;
static uint32_t nins, capins, free_ins = NONE;

/* The instants by time: a 4-ary heap of (at, instant), so ordering reads
 * no instant; times are distinct (one instant a time). */
typedef struct hnode {
    double at;
    uint32_t inst;
} hnode_t;
enum { ARITY = 4 };
static hnode_t *H;
static uint32_t n, cap;

/* The instants by the bits of their time: open addressing, linear
 * probing, NONE empty; at most half full. */
static uint32_t *T;
static uint32_t tmask, tcount;

static void *timer;      /* the engine timer, set at timer_at */
static double timer_at;

static void place(uint32_t i, hnode_t x)
{
    H[i] = x;
    ins[x.inst].hpos = i;
}

static void sift_up(uint32_t i, hnode_t x)
{
    for (; i > 0 && x.at < H[(i - 1) / ARITY].at; i = (i - 1) / ARITY)
        place(i, H[(i - 1) / ARITY]);
    place(i, x);
}

static void sift_down(uint32_t i, hnode_t x)
{
    for (;;) {
        uint32_t c = ARITY * i + 1, best = c;
        if (c >= n)
            break;
        uint32_t end = c + ARITY < n ? c + ARITY : n;
        for (uint32_t k = c + 1; k < end; k++)
            if (H[k].at < H[best].at)
                best = k;
        if (!(H[best].at < x.at))
            break;
        place(i, H[best]);
        i = best;
    }
    place(i, x);
}

static uint32_t hash(double at)
{
    uint64_t b;
    memcpy(&b, &at, sizeof b);
    b *= 0x9e3779b97f4a7c15ULL;
    return (uint32_t)(b >> 32) & tmask;
}

static void table_put(uint32_t inst)
{
    uint32_t h = hash(ins[inst].at);
    while (T[h] != NONE)
        h = (h + 1) & tmask;
    T[h] = inst;
}

static void table_grow(void)
{
    uint32_t *old = T, oldsize = T ? tmask + 1 : 0, size = oldsize ? 2 * oldsize : 1024;
    if (!(T = malloc(size * sizeof *T)))
        ss_fatal("out of memory for the PEs' alarms");
    memset(T, 0xff, size * sizeof *T);
    tmask = size - 1;
    for (uint32_t i = 0; i < oldsize; i++)
        if (old[i] != NONE)
            table_put(old[i]);
    free(old);
}

static uint32_t table_find(double at)
{
    if (!T)
        return NONE;
    for (uint32_t h = hash(at); T[h] != NONE; h = (h + 1) & tmask)
        if (ins[T[h]].at == at)
            return T[h];
    return NONE;
}

/* Linear probing's deletion: later entries of the run move back into
 * the hole when their home is not between it and them. */
static void table_remove(uint32_t inst)
{
    uint32_t h = hash(ins[inst].at);
    while (T[h] != inst)
        h = (h + 1) & tmask;
    for (uint32_t j = (h + 1) & tmask; T[j] != NONE; j = (j + 1) & tmask) {
        uint32_t home = hash(ins[T[j]].at);
        if (((j - home) & tmask) >= ((j - h) & tmask)) {
            T[h] = T[j];
            h = j;
        }
    }
    T[h] = NONE;
    tcount--;
}

/* The instant of time at, made if there is none. */
static uint32_t instant(double at)
{
    uint32_t x = table_find(at);
    if (x != NONE)
        return x;
    if (free_ins != NONE) {
        x = free_ins;
        free_ins = ins[x].head;
    } else {
        if (nins == capins)
            ss_grow((void **)&ins, &capins, sizeof *ins);
        x = nins++;
    }
    ins[x] = (instant_t){at, NONE, NONE, 0};
    if (2 * (tcount + 1) > (T ? tmask + 1 : 0))
        table_grow();
    table_put(x);
    tcount++;
    if (n == cap)
        ss_grow((void **)&H, &cap, sizeof *H);
    sift_up(n++, (hnode_t){at, x});
    return x;
}

static void instant_free(uint32_t x)
{
    table_remove(x);
    uint32_t i = ins[x].hpos;
    hnode_t last = H[--n];
    if (i < n) {
        if (i > 0 && last.at < H[(i - 1) / ARITY].at)
            sift_up(i, last);
        else
            sift_down(i, last);
    }
    ins[x].head = free_ins;
    free_ins = x;
}

static void unlink_slot(uint32_t s)
{
    uint32_t x = inst_of[s];
    if (prev[s] != NONE)
        next[prev[s]] = next[s];
    else
        ins[x].head = next[s];
    if (next[s] != NONE)
        prev[next[s]] = prev[s];
    else
        ins[x].tail = prev[s];
    inst_of[s] = NONE;
    if (ins[x].head == NONE)
        instant_free(x);
}

static void link_slot(uint32_t s, double at)
{
    uint32_t x = instant(at);
    inst_of[s] = x;
    next[s] = NONE;
    prev[s] = ins[x].tail;
    if (ins[x].tail != NONE)
        next[ins[x].tail] = s;
    else
        ins[x].head = s;
    ins[x].tail = s;
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
        uint32_t slot = ins[H[0].inst].head;
        unlink_slot(slot);
        if (slot & 1)
            ss_defer_step(&ss_w.pes[slot >> 1]);
        else
            ss_unblock(&ss_w.pes[slot >> 1]);
    }
    arm();
}

/* A moved alarm goes to the end of its new instant's list: it rings
 * after those set before it at that time, as a new one would. */
static void set_slot(uint32_t slot, double at)
{
    double now = simgrid_get_clock();
    if (inst_of[slot] != NONE)
        unlink_slot(slot);
    link_slot(slot, at > now ? at : now);
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
    if (inst_of)
        return;
    nslots = 2 * (uint32_t)npes;
    inst_of = malloc(nslots * sizeof *inst_of);
    next = malloc(nslots * sizeof *next);
    prev = malloc(nslots * sizeof *prev);
    if (!inst_of || !next || !prev)
        ss_fatal("out of memory for the PEs' alarms");
    memset(inst_of, 0xff, nslots * sizeof *inst_of);
}

void ss_alarm_cancel(ss_pe_t *pe)
{
    uint32_t slot = 2 * (uint32_t)pe->id;
    if (!inst_of || inst_of[slot] == NONE)
        return;
    unlink_slot(slot);
    arm();
}

void ss_alarm_reset(void)
{
    if (timer)
        ss_timer_cancel(timer);
    timer = NULL;
    free(H);
    free(ins);
    free(T);
    free(inst_of);
    free(next);
    free(prev);
    H = NULL;
    ins = NULL;
    T = NULL;
    inst_of = next = prev = NULL;
    n = cap = nins = capins = tmask = tcount = nslots = 0;
    free_ins = NONE;
}
