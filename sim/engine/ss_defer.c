/* ss_defer.c - a PE's operations carried on by the runtime while the PE
 * blocks only once.
 *
 * Under loggp a collective step is put, fence, flag, wait. The put waits
 * for the CPU (the overhead of the signals the PE consumed, its own issue
 * overhead) and for the node's NIC; on a network that delivers out of
 * order the fence waits for the put's acknowledgement; the flag waits for
 * the CPU again. A PE that napped through each of these waits blocked
 * and woke up three or four times a step (two context switches each)
 * with nothing observable happening in between.
 *
 * Instead, those sends and fences go into the PE's list of steps, and the
 * runtime carries each out in maestro, on the PE's step alarm
 * (ss_alarm.c), at the very instant the napping PE would have: a send's
 * issue cost is counted from when the step before it ended, a fence's
 * wait from when it was reached. Meanwhile the PE goes on to its wait and
 * blocks once (SS_PARK_WAIT). When the last step is done the runtime
 * looks at that wait as the PE would have: applies what has landed, and
 * either releases the PE or puts it to sleep until the landing that ends
 * its wait (SS_PARK_SLEPT). A fence's wait serves the signals that land
 * meanwhile as the napping PE's would (ss_progress.c's idle CPU).
 *
 * Nothing the PE does is observed before its steps are done: any call
 * other than a put, a non-fetching atomic, a fence, a quiet and a watched
 * wait (ss_self, ss_overhead, a blocking point) finishes them first
 * (SS_PARK_FINISH), so the PE goes on at the instant its last step ended.
 *
 * Where: only inside a collective algorithm (whose code synchronises
 * through waits, never by reading memory a message may change), on the
 * default context, with no get or fetching atomic outstanding, and when
 * every message is a small one (ss_small.c: sends need no actor of their
 * own, and landings are known when sent), tracing off. --no-defer naps
 * as before. Simulated times are those of the napping runtime except
 * where several events fall on one instant: a step runs in the alarm's
 * ring, a napping PE after it, so ties between a step and another PE's
 * send at that instant may resolve the other way (docs/models.md).
 *
 * Cost: per PE a list of steps (24 bytes each; room for 3 in the PE,
 * a put, its fence and its flag, grown as needed), O(1) to add one,
 * O(log p) to set its alarm. */
#include <math.h>
#include <stdlib.h>

#include "ss_alarm.h"
#include "ss_defer.h"

enum { STEP_SEND, STEP_PUT, STEP_QUIET, STEP_FENCE };

static int enabled;

void ss_defer_setup(const ss_config_t *cfg)
{
    enabled = !cfg->no_defer && !cfg->trace_dir && ss_w.all_small;
}

int ss_defer_enabled(void) { return enabled; }

static int may_defer(const ss_pe_t *pe)
{
    return enabled && pe->in_coll && !pe->cur && pe->dflt.pending == 0 &&
           pe->pending_replies == 0;
}

static struct ss_step *push(ss_pe_t *pe, int kind, int target, ss_msg_t *m,
                            size_t wire)
{
    if (!pe->capsteps) {
        pe->steps = pe->inl;
        pe->capsteps = SS_STEPS_INLINE;
    }
    if (pe->nsteps == pe->capsteps) {
        /* unroll the ring into a larger array, head first */
        uint32_t cap = 2u * pe->capsteps;
        struct ss_step *s = malloc(cap * sizeof *s);
        if (!s || cap > UINT16_MAX)
            ss_fatal("PE %d: out of memory deferring its operations", pe->id);
        for (uint32_t i = 0; i < pe->nsteps; i++)
            s[i] = pe->steps[(pe->step_head + i) % pe->capsteps];
        if (pe->steps != pe->inl)
            free(pe->steps);
        pe->steps = s;
        pe->capsteps = (uint16_t)cap;
        pe->step_head = 0;
    }
    ss_w.stats.deferred++;
    struct ss_step *s = &pe->steps[(pe->step_head + pe->nsteps++) % pe->capsteps];
    *s = (struct ss_step){m, wire, target, kind};
    return s;
}

/* The first step of an empty list starts already under way (phase 1):
 * its wait was computed by the PE itself, at the call. */
static void start(ss_pe_t *pe, double at)
{
    pe->step_phase = 1;
    ss_alarm_set_step(pe, at);
}

int ss_defer_send(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire, int put)
{
    if (!may_defer(pe)) {
        ss_overhead(pe, target);   /* finishes the steps first */
        return 0;
    }
    int kind = put ? STEP_PUT : STEP_SEND;
    if (pe->nsteps) {
        push(pe, kind, target, m, wire);
        return 1;
    }
    double ready = ss_issue_ready(pe, target);
    if (ready <= simgrid_get_clock())
        return 0;
    push(pe, kind, target, m, wire);
    start(pe, ready);
    return 1;
}

/* When a quiet begun now would end (acknowledgements back), or now. */
static double order_begin(ss_pe_t *pe)
{
    double now = simgrid_get_clock();
    ss_flush(pe);
    double back = ss_order_back(pe, &pe->dflt);
    if (back > now)
        ss_idle_begin(pe);
    return back > now ? back : now;
}

static void order_end(ss_pe_t *pe, int fence, int waited)
{
    if (waited) {
        ss_small_take(pe, simgrid_get_clock());
        ss_idle_end(pe);
    }
    ss_out_sweep(pe);
    pe->cpu_debt += ss_order_quiet_cost(pe, &pe->dflt, fence);
    if (fence)
        ss_order_mark(pe, &pe->dflt);
}

int ss_defer_order(ss_pe_t *pe, int fence)
{
    if (!may_defer(pe)) {
        ss_defer_finish(pe);
        return 0;
    }
    int kind = fence ? STEP_FENCE : STEP_QUIET;
    if (pe->nsteps) {
        push(pe, kind, -1, NULL, 0);
        return 1;
    }
    double back = order_begin(pe);
    if (back <= simgrid_get_clock()) {
        order_end(pe, fence, 0);
        return 1;
    }
    push(pe, kind, -1, NULL, 0);
    start(pe, back);
    return 1;
}

/* Carry out the head step from its phase at now; when it must wait, the
 * time it goes on (> now), else now (it is done). */
static double step(ss_pe_t *pe, struct ss_step *s, double now)
{
    int send = s->kind == STEP_SEND || s->kind == STEP_PUT;
    if (!send && (!ss_order_unordered() ||   /* a fence is an epoch only */
                  (s->kind == STEP_FENCE && ss_order_local_only(pe, &pe->dflt)))) {
        ss_order_mark(pe, &pe->dflt);
        return now;
    }
    if (pe->step_phase == 0) {
        double at = send ? ss_issue_ready(pe, s->target) : order_begin(pe);
        pe->step_phase = 1;
        if (at > now)
            return at;
        if (!send) {
            order_end(pe, s->kind == STEP_FENCE, 0);
            return now;
        }
    } else if (!send) {
        /* A landing may have moved later since (its burst shared a link,
         * ss_burst.c): wait for the acknowledgement of the settled one. */
        double back = ss_order_back(pe, &pe->dflt);
        if (back > now)
            return back;
        order_end(pe, s->kind == STEP_FENCE, 1);
        return now;
    }
    if (s->kind == STEP_PUT)
        ss_send_put(pe, s->target, s->m, s->wire);
    else
        ss_send(pe, s->target, s->m, s->wire);
    return now;
}

/* The steps are done: the PE goes on, or its wait starts now. */
static void done(ss_pe_t *pe)
{
    int parked = pe->parked;
    pe->parked = SS_PARK_NONE;
    if (parked == SS_PARK_WAIT) {
        ss_flush(pe);
        ss_small_take(pe, simgrid_get_clock());
        const ss_watch_t *w = &pe->watch;
        if (!w->sat(w->addr, 0, w->cmp, w->value, 0)) {
            pe->park_busy = ss_idle_begin(pe);
            ss_small_sleep_begin(pe, 1, 0);
            pe->parked = SS_PARK_SLEPT;
            return;   /* its wake-up alarm releases it */
        }
    }
    if (parked != SS_PARK_NONE)
        ss_unblock(pe);
}

void ss_defer_step(ss_pe_t *pe)
{
    ss_ctx_state_t *cur = pe->cur;   /* the steps are the default context's */
    double now = simgrid_get_clock();
    pe->cur = NULL;
    while (pe->nsteps) {
        struct ss_step *s = &pe->steps[pe->step_head];
        double at = step(pe, s, now);
        if (at > now) {
            ss_alarm_set_step(pe, at);
            pe->cur = cur;
            return;
        }
        pe->step_head = (uint16_t)((pe->step_head + 1) % pe->capsteps);
        pe->nsteps--;
        pe->step_phase = 0;
    }
    pe->cur = cur;
    done(pe);
}

void ss_defer_finish(ss_pe_t *pe)
{
    if (!pe->nsteps)
        return;
    pe->parked = SS_PARK_FINISH;
    ss_block(pe);
}

void ss_defer_release(ss_pe_t *pe)
{
    for (uint32_t i = 0; i < pe->nsteps; i++)
        ss_msg_unref(pe->steps[(pe->step_head + i) % pe->capsteps].m);
    if (pe->steps != pe->inl)
        free(pe->steps);
    pe->steps = NULL;
    pe->nsteps = pe->capsteps = pe->step_head = 0;
}
