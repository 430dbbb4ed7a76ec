/* ss_burst.c - the small messages that reach a link together share it.
 *
 * Why: a log-step round sends its messages together, all PEs of a node
 * at once; first come, first served (models/wire.c) lands the first of
 * such a burst after one serialisation time and the last after all of
 * them, so the PEs served first move on to the next round early. SimGrid
 * shares the links among the burst's flows instead and all of them land
 * at its end. With blocks of kilobytes, where serialisation is most of a
 * round, first come first served made recursive-doubling and Bruck
 * fcollect at 4,096 PEs on the dragonfly presets 25% to 49% faster than
 * SimGrid's flows, and Bruck 41% at 8,192.
 *
 * A burst (models/wire.h) is what one instant sends over a link back to
 * back, plus what later instants bring while its first message is still
 * on the link: in Bruck and collect a PE sends when its own data arrives,
 * so a node's messages leave at instants a latency apart.
 *
 * How: a message is filed first come, first served as it is sent, and
 * noted in each burst it joined. It lands no earlier than each of its
 * bursts lets it (ss_wire_burst_end): settled against all of them as
 * they stand when its instant is over (when the engine's clock moves
 * on: after every PE and deferred step of the instant), then against
 * each one as it
 * closes (the clock passes the end of the burst's first message on the
 * link, which is before any of the burst's messages lands): no message
 * can join it any more. A later landing moves the message in the
 * target's inbox and in the sender's sends, moves the messages fenced
 * behind it along, and moves a parked target's or sender's alarm.
 * Cost: O(route) per message, a scan of the target's inbox and the
 * sender's sends when it moves, and each burst's notes walked once when
 * it closes, O(1) each.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>

#include "ss_alarm.h"
#include "ss_burst.h"
#include "ss_route.h"

/* A noted message and the n bursts it joined: hop[i] took d seconds of
 * burst rec's link, whose list of notes goes on through next. open: its
 * bursts not closed yet. Kept small: closing a burst walks its notes.
 * A burst's list links name a note and its hop (LINK), so the walk goes
 * straight to the hop. */
#define LINK(note, hop) ((note) << 4 | (hop))
_Static_assert(SS_ROUTE_MARKS <= 16, "a hop index takes 4 bits of a link");
typedef struct note_hop {
    uint32_t rec, next;
    double d;
} note_hop_t;

typedef struct note {
    ss_msg_t *msg;
    int from, to;
    double lands;
    uint32_t n, open;
    note_hop_t hop[SS_ROUTE_MARKS];
} note_t;

/* A burst: what its link held when its last message joined, its notes,
 * and when no later message can join it any more. refs: notes on it. */
typedef struct burst {
    double start, sum, closes, dmin;
    uint32_t n, head, refs;
} burst_t;

#define NONE UINT32_MAX

static note_t *notes;
static burst_t *bursts;
static uint32_t nnotes, capnotes, nbursts, capbursts;
static uint32_t free_note = NONE, free_burst = NONE;   /* through .n / .head */
/* The open bursts by closing time: a 4-ary heap that holds each one's
 * closing time, so that ordering it reads no burst (at 100,000 PEs those
 * reads were cache misses, 6% of a run). */
typedef struct hnode {
    double closes;
    uint32_t b;
} hnode_t;
enum { ARITY = 4 };
static hnode_t *heap;
static uint32_t nheap, capheap;
static void *timer;
static double timer_at;
static uint32_t *fresh, nfresh, capfresh;   /* notes of this instant,
                                               settled when it is over */
static double fresh_at;                     /* ... which is then */
static double *ds, *pre;                    /* a closing burst's lengths */
static uint32_t capds;

static int closes_first(const hnode_t *a, const hnode_t *b)
{
    return a->closes < b->closes || (a->closes == b->closes && a->b < b->b);
}

static void heap_push(uint32_t b)
{
    if (nheap == capheap)
        ss_grow((void **)&heap, &capheap, sizeof *heap);
    hnode_t x = {bursts[b].closes, b};
    uint32_t i = nheap++;
    for (; i > 0 && closes_first(&x, &heap[(i - 1) / ARITY]); i = (i - 1) / ARITY)
        heap[i] = heap[(i - 1) / ARITY];
    heap[i] = x;
}

static uint32_t heap_pop(void)
{
    uint32_t top = heap[0].b, i = 0;
    hnode_t last = heap[--nheap];
    for (;;) {
        uint32_t c = ARITY * i + 1, best = c;
        if (c >= nheap)
            break;
        uint32_t end = c + ARITY < nheap ? c + ARITY : nheap;
        for (uint32_t k = c + 1; k < end; k++)
            if (closes_first(&heap[k], &heap[best]))
                best = k;
        if (!closes_first(&heap[best], &last))
            break;
        heap[i] = heap[best];
        i = best;
    }
    if (nheap)
        heap[i] = last;
    return top;
}

/* A slot of the pool *v (elem bytes each, *n used of *cap): the head of
 * its free list, whose next is the uint32_t at link_off in the slot, or
 * a new one. */
static uint32_t pool_take(void **v, uint32_t *n, uint32_t *cap, size_t elem,
                          uint32_t *free_head, size_t link_off)
{
    uint32_t i = *free_head;
    if (i != NONE) {
        memcpy(free_head, (char *)*v + (size_t)i * elem + link_off, sizeof *free_head);
        return i;
    }
    if (*n == *cap)
        ss_grow(v, cap, elem);
    return (*n)++;
}

static uint32_t new_note(void)
{
    if (nnotes >= 1u << 28 && free_note == NONE)   /* LINK's 28 bits */
        ss_fatal("more than 2^28 small messages in flight at once");
    return pool_take((void **)&notes, &nnotes, &capnotes, sizeof *notes, &free_note,
                     offsetof(note_t, n));
}

static uint32_t new_burst(void)
{
    return pool_take((void **)&bursts, &nbursts, &capbursts, sizeof *bursts,
                     &free_burst, offsetof(burst_t, head));
}

/* m lands later; the messages fenced behind it (same sender and target)
 * cannot be applied before it, so they land no earlier: kept in that
 * order, the target's look-ahead replays them with it in one wake-up. */
static void reland(int to, ss_msg_t *m, double lands)
{
    ss_small_reland(&ss_w.pes[to], m, lands);
    m->lands = lands;
    for (uint32_t k = 0; k < m->nwaiters; k++)
        if (!m->waiters[k]->applied) {
            ss_small_reland(&ss_w.pes[to], m->waiters[k], lands);
            m->waiters[k]->lands = lands;
        }
}

/* When nt lands if each of its bursts shares its link (as they stand). */
static double shared(const note_t *nt)
{
    double lands = nt->lands;
    for (uint32_t i = 0; i < nt->n; i++) {
        const burst_t *b = &bursts[nt->hop[i].rec];
        double end = ss_wire_burst_floor(b->start, b->sum, b->n, b->dmin, nt->hop[i].d);
        if (b->n > 1 && end > lands)
            lands = end;
    }
    return lands;
}

static void burst_unref(uint32_t bi)
{
    if (--bursts[bi].refs == 0) {
        bursts[bi].head = free_burst;
        free_burst = bi;
    }
}

static void note_done(uint32_t j)
{
    note_t *nt = &notes[j];
    for (uint32_t i = 0; i < nt->n; i++)
        burst_unref(nt->hop[i].rec);
    ss_msg_unref(nt->msg);
    nt->msg = NULL;
    nt->n = free_note;
    free_note = j;
}

/* nt lands at 'lands' if that is later (and it has not landed yet). */
static void settle_at(note_t *nt, double lands, double now)
{
    if (lands > nt->lands && !nt->msg->applied && nt->lands > now) {
        reland(nt->to, nt->msg, lands);
        ss_small_rearm(&ss_w.pes[nt->to]);
        if (ss_w.pes[nt->from].sleep_out)   /* else its sends do not wake it */
            ss_small_rearm(&ss_w.pes[nt->from]);
        nt->lands = lands;
    }
}

/* The instant is over (the engine's clock moved on: every PE and every
 * deferred step of the instant has sent): its messages share their
 * bursts so far. None has landed yet: a burst closes, with its engine
 * timer, before any of its messages lands. */
void ss_burst_instant_over(void)
{
    if (!nfresh)
        return;
    double now = fresh_at;
    for (uint32_t f = 0; f < nfresh; f++)
        if (notes[fresh[f]].msg)   /* not done: its bursts still open */
            settle_at(&notes[fresh[f]], shared(&notes[fresh[f]]), now);
    nfresh = 0;
}

/* Burst bi can take no more messages: its notes land as it shares,
 * exactly (ss_wire_burst_share: its lengths sorted once, O(n log n)).
 * Only bi is looked at: a burst that closed earlier has moved them
 * already, and one still open will when it closes, before any of them
 * lands. */
static void close_burst(uint32_t bi, double now)
{
    const burst_t *b = &bursts[bi];
    uint32_t k = 0;
    /* A burst of one (most of them) shares nothing: one walk, not two. */
    for (uint32_t link = b->n > 1 ? b->head : NONE; link != NONE;
         link = notes[link >> 4].hop[link & 15].next) {
        if (k + 1 >= capds) {
            uint32_t c = capds;
            ss_grow((void **)&ds, &capds, sizeof *ds);
            ss_grow((void **)&pre, &c, sizeof *pre);
        }
        ds[k++] = notes[link >> 4].hop[link & 15].d;
    }
    if (b->n > 1)
        ss_wire_burst_prepare(ds, pre, k);
    for (uint32_t link = b->head, next; link != NONE; link = next) {
        uint32_t j = link >> 4, i = link & 15;
        note_t *nt = &notes[j];
        next = nt->hop[i].next;
        if (b->n > 1)
            settle_at(nt, ss_wire_burst_share(b->start, ds, pre, k, b->n, b->sum,
                                              nt->hop[i].d), now);
        if (--nt->open == 0)
            note_done(j);
    }
    burst_unref(bi);
}

static void arm(void);

static void ring(void)
{
    timer = NULL;
    double now = simgrid_get_clock();
    while (nheap && heap[0].closes <= now)
        close_burst(heap_pop(), now);
    arm();
}

static void arm(void)
{
    if (!nheap || (timer && timer_at <= heap[0].closes))
        return;
    if (timer)
        ss_timer_cancel(timer);
    timer_at = heap[0].closes;
    timer = ss_timer_set(timer_at, ring);
}

/* The burst q is in now (its link keeps the current one's id in tag). */
static uint32_t burst_of(ss_link_q_t *q, double now)
{
    if (q->tag_gid == q->gid)
        return q->tag;
    uint32_t bi = new_burst();
    burst_t *b = &bursts[bi];
    b->head = NONE;
    b->refs = 1;   /* until it closes (and its notes are walked) */
    /* no message can join once the clock passes the first one's end on
     * the link (a message sent then reaches it later still) */
    b->closes = q->gopen > now ? q->gopen : now;
    q->tag = bi;
    q->tag_gid = q->gid;
    heap_push(bi);
    return bi;
}

void ss_burst_note(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, double lands,
                   const ss_mark_t *marks, size_t n)
{
    size_t sharing = 0;
    for (size_t i = 0; i < n; i++)
        sharing += marks[i].q != NULL;
    if (!sharing)
        return;
    uint32_t j = new_note();
    note_t *nt = &notes[j];
    double now = simgrid_get_clock();
    nt->msg = m;
    m->refs++;   /* the note's reference, dropped when its bursts close */
    nt->from = from->id;
    nt->to = t->id;
    nt->lands = lands;
    nt->n = 0;
    for (size_t i = 0; i < n; i++) {
        ss_link_q_t *q = marks[i].q;
        size_t dup = 0;
        while (dup < i && marks[dup].q != q)
            dup++;
        if (!q || dup < i || q->gid != marks[i].gid)
            continue;
        uint32_t bi = burst_of(q, now);
        burst_t *b = &bursts[bi];
        b->start = q->gstart;
        b->sum = q->gsum;
        b->n = q->gn;
        b->dmin = q->gmin;
        b->refs++;
        nt->hop[nt->n] = (note_hop_t){bi, b->head, marks[i].d};
        b->head = LINK(j, nt->n);
        nt->n++;
    }
    nt->open = nt->n;
    if (!nt->open) {
        note_done(j);
        return;
    }
    if (nfresh == capfresh)
        ss_grow((void **)&fresh, &capfresh, sizeof *fresh);
    fresh[nfresh++] = j;
    fresh_at = now;
    arm();
}

void ss_burst_reset(void)
{
    if (timer)
        ss_timer_cancel(timer);
    timer = NULL;
    free(fresh);
    fresh = NULL;
    nfresh = capfresh = 0;
    for (uint32_t j = 0; j < nnotes; j++)
        if (notes[j].msg)
            ss_msg_unref(notes[j].msg);
    free(notes);
    free(bursts);
    free(heap);
    free(ds);
    free(pre);
    ds = pre = NULL;
    capds = 0;
    notes = NULL;
    bursts = NULL;
    heap = NULL;
    nnotes = capnotes = nbursts = capbursts = nheap = capheap = 0;
    free_note = free_burst = NONE;
}
