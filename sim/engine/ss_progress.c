/* ss_progress.c - delivery of messages, and the progress loop every
 * blocking call of a PE runs (sending is ss_send.c's).
 *
 * Delivery. A message to PE t is sg_mailbox_put_async into t's mailbox; t
 * is its permanent receiver, so the transfer starts at once. t applies the
 * message when it has a receive posted that matched it and that receive
 * completes. t keeps one spare receive posted beyond the messages it knows
 * of, so the next message sent to it while it waits wakes it exactly when
 * that message lands. If more arrive during one wait, the sender rings t's
 * doorbell: a 0-byte message on the same route, which lands no later than
 * the data itself, so t wakes in time to post a receive for it.
 *
 * Small messages (ss_small.c) are no communication: the sender files them
 * in t's inbox with their landing time, and t's wait ends at the next
 * landing at the latest. While nothing else can end it, t blocks
 * (ss_block) instead of waiting on its communications (a wake-up costs a
 * fraction of a communication), unblocked by its alarm at the landing (ss_alarm.c); a
 * sender that needs t earlier moves the alarm.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss_defer.h"
#include "ss_trace.h"

static void out_retire(ss_pe_t *pe, uint32_t i)
{
    pe->ncomm -= pe->out[i].comm != NULL;
    ss_msg_unref(pe->out[i].msg);
    memmove(pe->out + i, pe->out + i + 1, (pe->nout - i - 1) * sizeof *pe->out);
    pe->nout--;
    if (pe->thr)   /* a quiet of another thread may be over */
        ss_thread_woken(pe);
}

/* Is send o over? A small message is once its landing time has come. */
static int out_landed(const ss_out_t *o, double now)
{
    return !o->comm && o->msg->lands <= now;
}

/* Retire sends already known to be complete: their message has been
 * applied at the target, so sg_comm_wait returns at once. Not
 * sg_comm_test: in SimGrid 3.32 a handle consumed by a successful test
 * stays on the actor's activity list, which every later completion scans
 * linearly (thousands of entries after a few hundred collectives).
 * Doorbells (no message) are retired by the next quiet. */
void ss_out_sweep(ss_pe_t *pe)
{
    uint32_t w = 0;
    double now = simgrid_get_clock();
    for (uint32_t i = 0; i < pe->nout; i++) {
        if ((pe->out[i].msg && pe->out[i].msg->applied) || out_landed(&pe->out[i], now)) {
            if (pe->out[i].comm)
                sg_comm_wait(pe->out[i].comm);
            ss_msg_unref(pe->out[i].msg);
            pe->ncomm -= pe->out[i].comm != NULL;
        } else {
            pe->out[w++] = pe->out[i];
        }
    }
    if (pe->thr && w < pe->nout)   /* as out_retire */
        ss_thread_woken(pe);
    pe->nout = w;
    pe->sweep_at = pe->nout * 2 > 8 ? pe->nout * 2 : 8;
}

/* Windows. SimGrid 3.32 takes a finished communication off its actor's
 * list of activities by a linear scan, and a wait on any of n handles
 * registers with each: a PE with n sends or receives alive pays O(n) for
 * each message, O(n^2) for a program that issues n puts before a quiet.
 * So a PE keeps at most SS_SEND_WINDOW SimGrid sends alive: past that it
 * waits for its oldest (landed long since unless the network is that far
 * behind: a NIC's limit on operations in flight), and at most RX_WINDOW
 * receives posted. Collectives stay far below both; beyond RX_WINDOW a
 * message landing before every posted one wakes the PE only once one of
 * those lands. */
#define RX_WINDOW 1024

/* Waits for the k oldest sends that `pick` takes (arg: its argument)
 * and retires them in one pass: O(n) for all k, where retiring one at a
 * time moved the rest each time. */
static void out_finish_oldest(ss_pe_t *pe, uint32_t k,
                              int (*pick)(const ss_out_t *, uint32_t), uint32_t arg)
{
    uint32_t w = 0;
    for (uint32_t i = 0; i < pe->nout; i++) {
        ss_out_t o = pe->out[i];
        if (!k || !pick(&o, arg)) {
            pe->out[w++] = o;
            continue;
        }
        k--;
        pe->ncomm -= o.comm != NULL;
        if (o.comm)
            sg_comm_wait(o.comm);
        else
            ss_small_nap(pe, o.msg->lands);
        ss_msg_unref(o.msg);
    }
    pe->nout = w;
}

static int is_comm(const ss_out_t *o, uint32_t unused)
{
    (void)unused;
    return o->comm != NULL;
}

void ss_out_bound(ss_pe_t *pe)
{
    ss_out_sweep(pe);
    if (pe->ncomm > SS_SEND_WINDOW)
        out_finish_oldest(pe, pe->ncomm - SS_SEND_WINDOW / 2, is_comm, 0);
}

static void send_reply(ss_pe_t *pe, const ss_msg_t *req, const void *data,
                       size_t n)
{
    ss_msg_t *r = ss_msg_new(SS_MSG_REPLY, n);
    ss_copy_elems(r->data, (ptrdiff_t)req->elem, data, req->tstride, req->elem, n);
    r->raddr = req->raddr;
    r->pending = req->pending;
    r->elem = req->elem;
    r->rstride = req->rstride;
    r->trace = req->trace;   /* a get completes when its reply lands */
    ss_send(pe, req->src, r, n);
}

static void apply(ss_pe_t *pe, ss_msg_t *m);

/* m is applied: release the messages that waited for it. */
static void release_waiters(ss_pe_t *pe, ss_msg_t *m)
{
    for (uint32_t i = 0; i < m->nwaiters; i++) {
        ss_msg_t *w = m->waiters[i];
        if (--w->ndeps == 0 && w->arrived)
            apply(pe, w);
        ss_msg_unref(w);
    }
    m->nwaiters = 0;
}

/* A signal (an atomic, or a put's signal or fused flag) costs the PE
 * that consumes it o_recv of CPU time (models/model.h), shm_o_recv when
 * it comes from the PE's own node; the NIC or the cache serves the rest. */
static void charge_signal(ss_pe_t *pe, const ss_msg_t *m)
{
    if (!(m->kind == SS_MSG_AMO || (m->kind == SS_MSG_PUT && m->has_amo)))
        return;
    double cost = ss_model_signal(&ss_w.cfg.model, ss_w.pes[m->src].host == pe->host);
    if (!pe->idle) {
        pe->cpu_debt += cost;
        return;
    }
    double landed = ss_w.landed_at >= 0 ? ss_w.landed_at : simgrid_get_clock();
    pe->idle_cpu = (pe->idle_cpu > landed ? pe->idle_cpu : landed) + cost;
}

/* A blocked PE serves each signal from its landing (charge_signal),
 * whether it woke for it (SimGrid's communications) or takes it later
 * (a small message that did not end its wait): the two paths owe the
 * same. It is busy first with what it owed when it blocked; what is
 * still to serve when it goes on is owed. */
double ss_idle_begin(ss_pe_t *pe)
{
    double busy = simgrid_get_clock() + pe->cpu_debt;
    pe->cpu_debt = 0;
    pe->idle = 1;
    pe->idle_cpu = busy;
    return busy;
}

void ss_idle_end(ss_pe_t *pe)
{
    double now = simgrid_get_clock();
    pe->idle = 0;
    if (pe->idle_cpu > now)
        pe->cpu_debt += pe->idle_cpu - now;
}

static void apply(ss_pe_t *pe, ss_msg_t *m)
{
    uint64_t old;
    charge_signal(pe, m);
    /* Whichever thread of the PE applies it, the waits of the others
     * must look again (ss_thread.c). */
    if (pe->thr)
        ss_thread_woken(pe);
    switch (m->kind) {
    case SS_MSG_PUT:
        ss_trace_end(m->trace);
        ss_copy_elems(m->taddr, m->tstride, m->data, (ptrdiff_t)m->elem,
                      m->elem, m->nbytes);
        if (m->has_amo) {
            ss_trace_end(m->trace_amo);
            ss_amo_apply(m->aaddr, m->width, m->op, m->operand, m->operand2);
        }
        break;
    case SS_MSG_AMO:
        ss_trace_end(m->trace);
        ss_amo_apply(m->taddr, m->width, m->op, m->operand, m->operand2);
        break;
    case SS_MSG_FAMO:
        old = ss_amo_apply(m->taddr, m->width, m->op, m->operand, m->operand2);
        send_reply(pe, m, &old, m->width);   /* little-endian: low bytes */
        break;
    case SS_MSG_GET:
        send_reply(pe, m, m->taddr, m->nbytes);
        break;
    case SS_MSG_REPLY:
        ss_trace_end(m->trace);
        ss_copy_elems(m->raddr, m->rstride, m->data, (ptrdiff_t)m->elem,
                      m->elem, m->nbytes);
        pe->pending_replies--;
        if (m->pending)
            (*m->pending)--;
        break;
    }
    m->applied = 1;
    release_waiters(pe, m);
    ss_msg_unref(m);
}

void ss_progress_apply(ss_pe_t *pe, ss_msg_t *m)
{
    if (m->ndeps > 0) {
        m->arrived = 1;   /* the last of its dependencies applies it */
        return;
    }
    apply(pe, m);
}

/* Post receives for every message known to be on its way plus one spare,
 * and keep the doorbell receive posted. */
static void post_receives(ss_pe_t *pe)
{
    while (pe->in_posted <= pe->in_issued && pe->nrx < RX_WINDOW) {
        if (pe->nrx == pe->caprx)
            ss_grow((void **)&pe->rx, &pe->caprx, sizeof *pe->rx);
        ss_rx_t *r = ss_rx_new();
        r->comm = sg_mailbox_get_async(pe->mb, (void **)&r->msg);
        pe->rx[pe->nrx++] = r;
        pe->in_posted++;
    }
    if (!pe->bell_posted) {
        pe->bell.comm = sg_mailbox_get_async(pe->bell_mb, (void **)&pe->bell.msg);
        pe->bell_posted = 1;
    }
}

static void rx_done(ss_pe_t *pe, uint32_t i)
{
    ss_rx_t *r = pe->rx[i];
    memmove(pe->rx + i, pe->rx + i + 1, (pe->nrx - i - 1) * sizeof *pe->rx);
    pe->nrx--;
    ss_msg_t *m = r->msg;
    ss_rx_free(r);
    ss_progress_apply(pe, m);
}

/* Messages sent to this PE through SimGrid and not yet received. */
static uint64_t backlog(const ss_pe_t *pe)
{
    return pe->in_issued - (pe->in_posted - pe->nrx);
}

/* Behind a full window (more messages on their way than RX_WINDOW),
 * those already landed are taken in this one wake-up, oldest first: a
 * wait over the whole window for each would cost O(window) a message. */
static void drain_backlog(ss_pe_t *pe)
{
    while (pe->nrx && backlog(pe) > RX_WINDOW) {
        post_receives(pe);
        if (ss_comm_wait_any_for(&pe->rx[0]->comm, 1, 0.0) != 0)
            return;
        rx_done(pe, 0);
    }
}

/* A PE that sends without waiting (a long run of puts) posts no receive,
 * and what lands for it meanwhile piles up in its SimGrid mailbox, from
 * whose front SimGrid 3.32 takes each later receive by moving every
 * message behind it: O(n) a message. So every KEEP_UP messages sent to
 * it, a sending PE takes those that have landed, oldest first (a NIC
 * writes them into its memory while it computes, as on a machine). */
#define KEEP_UP 256

void ss_progress_keep_up(ss_pe_t *pe)
{
    pe->keep_up_at = UINT64_MAX;   /* not again from a reply it sends */
    if (backlog(pe) >= KEEP_UP) {
        post_receives(pe);
        while (pe->nrx && ss_comm_wait_any_for(&pe->rx[0]->comm, 1, 0.0) == 0) {
            rx_done(pe, 0);
            post_receives(pe);
        }
    }
    pe->keep_up_at = pe->in_issued + KEEP_UP;
}

/* Retire the small sends that have landed by `by`; how many. */
static uint32_t out_retire_landed(ss_pe_t *pe, double by)
{
    uint32_t done = 0;
    for (uint32_t i = pe->nout; i-- > 0;)
        if (out_landed(&pe->out[i], by)) {
            out_retire(pe, i);
            done++;
        }
    return done;
}

/* Large messages known to be on their way to this PE, or a doorbell:
 * only a communication can end its wait then. */
static int comms_due(const ss_pe_t *pe)
{
    return pe->bells || backlog(pe) > 0;
}

/* Apply the small messages landed by `by`, and (with_out) retire the
 * small sends landed by then; how many of both. */
static uint32_t take_landed(ss_pe_t *pe, int with_out, double by)
{
    return ss_small_take(pe, by) + (with_out ? out_retire_landed(pe, by) : 0);
}

/* Wait on the PE's communications (its receives, its doorbell and, with_out,
 * its SimGrid sends) until one completes or `until`. */
static void wait_comms(ss_pe_t *pe, int with_out, double until)
{
    /* Set before any SimGrid call: posting a receive is a simcall, during
     * which other PEs run and must already see this PE as waiting. */
    pe->in_wait = 1;
    pe->wait_until = until;
    post_receives(pe);
    uint32_t n = pe->nrx + 1 + (with_out ? pe->nout : 0);   /* + bell */
    sg_comm_t stackv[64];
    uint32_t stacki[64];
    sg_comm_t *v = n <= 64 ? stackv : malloc(n * sizeof *v);
    uint32_t *idx = n <= 64 ? stacki : malloc(n * sizeof *idx);
    if (!v || !idx)
        ss_fatal("out of memory waiting");
    for (uint32_t i = 0; i < pe->nrx; i++)
        v[i] = pe->rx[i]->comm;
    v[pe->nrx] = pe->bell.comm;
    n = pe->nrx + 1;
    for (uint32_t i = 0; with_out && i < pe->nout; i++)
        if (pe->out[i].comm) {
            idx[n] = i;
            v[n++] = pe->out[i].comm;
        }
    ssize_t k = ss_comm_wait_any_for(v, n, isinf(until) ? -1.0
                                                        : until - simgrid_get_clock());
    pe->in_wait = 0;
    uint32_t out_i = k > (ssize_t)pe->nrx ? idx[k] : 0;
    if (v != stackv)
        free(v);
    if (idx != stacki)
        free(idx);
    if (k < 0 && !isinf(until)) {
        /* Timed out at a landing (the clock may miss it by a rounding, so
         * take by the time waited for). */
        take_landed(pe, with_out, until);
    } else if (k < 0) {
        ss_fatal("PE %d: SimGrid wait failed in %s", pe->id, pe->where);
    } else if ((uint32_t)k < pe->nrx) {
        rx_done(pe, (uint32_t)k);
        drain_backlog(pe);
    } else if ((uint32_t)k == pe->nrx) {
        pe->bell_posted = 0;
        pe->bells--;
    } else {
        out_retire(pe, out_i);
    }
}

static void block(ss_pe_t *pe, int with_out);

/* Woken from an idle block: it goes on once its CPU has paid what it
 * owed when it blocked (busy). */
static void idle_wake(ss_pe_t *pe, double busy)
{
    pe->idle = 0;
    if (simgrid_get_clock() < busy)
        ss_small_nap(pe, busy);
    ss_idle_end(pe);
}

/* A watched wait while the PE's deferred operations run: it blocks until
 * they are done, and the runtime then starts the wait for it
 * (ss_defer.c): it releases the PE at once, or puts it to sleep. */
static void park_wait(ss_pe_t *pe)
{
    pe->parked = SS_PARK_WAIT;
    ss_block(pe);
    if (pe->parked != SS_PARK_SLEPT)
        return;
    pe->parked = SS_PARK_NONE;
    take_landed(pe, 0, ss_small_sleep_end(pe));
    idle_wake(pe, pe->park_busy);
}

/* Block until one thing happens: a message lands (it is applied), the
 * PE is woken, or (with_out) one of its sends completes: a SimGrid send,
 * or a small one whose landing time comes first. */
void ss_progress_wait(ss_pe_t *pe, int with_out)
{
    if (ss_deferring(pe)) {
        if (pe->watch.addr && !with_out) {
            park_wait(pe);
            return;
        }
        ss_defer_finish(pe);
    }
    if (pe->thr && ss_thread_turn(pe, &with_out))
        return;
    ss_flush(pe);
    ss_stack_check(pe);
    if (take_landed(pe, with_out, simgrid_get_clock()))
        return;
    /* Still busy with what it consumed: it blocks now and looks at what
     * wakes it once the debt is paid, so a landing later than that costs
     * no extra wake-up. */
    double busy = ss_idle_begin(pe);
    block(pe, with_out);
    idle_wake(pe, busy);
    if (pe->thr)
        ss_thread_woken(pe);
}

void ss_progress_sleep(ss_pe_t *pe, double until)
{
    ss_defer_finish(pe);
    ss_idle_begin(pe);
    while (simgrid_get_clock() < until) {
        if (!comms_due(pe)) {
            ss_small_nap(pe, until);   /* only small messages can land */
            break;
        }
        wait_comms(pe, 0, until);
    }
    ss_small_take(pe, simgrid_get_clock());
    ss_idle_end(pe);
}

static void block(ss_pe_t *pe, int with_out)
{
    int sends = 0;   /* SimGrid sends to wait for */
    for (uint32_t i = 0; with_out && i < pe->nout; i++)
        sends |= pe->out[i].comm != NULL;
    if (pe->inbox && !sends && !comms_due(pe)) {
        /* The look-ahead knows only this wait's word: with other
         * threads of the PE waiting on theirs, every landing counts. */
        int looking = pe->watch.addr && !with_out &&
                      !(pe->thr && ss_thread_others_wait(pe));
        take_landed(pe, with_out, ss_small_sleep(pe, looking, with_out));
        return;
    }
    wait_comms(pe, with_out, ss_small_wake_time(pe, with_out, 0));
}

/* Apply every message already sent to this PE: used after synchronisation
 * points where all senders have completed their sends. */
void ss_progress_drain(ss_pe_t *pe)
{
    /* A doorbell rung but not yet landed counts too: a PE that left with
     * one on its way would fail the ringer's send when its actor ends. */
    while (comms_due(pe) || pe->ninq)
        ss_progress_wait(pe, 0);
}

#define ANY_CTX UINT32_MAX   /* of_ctx: the sends of every context */
#define TAIL 64

static int of_ctx(const ss_out_t *o, uint32_t id)
{
    return id == ANY_CTX || o->ctx == id;
}

/* A long tail of sends (many puts before one quiet): all but the last
 * TAIL of context id are waited in issue order; waiting them as they
 * come (ss_progress_wait), each wait looks at every handle: O(n^2).
 * Those last TAIL end as they come, so the quiet also takes what lands
 * meanwhile, as before. */
static void out_finish_tail(ss_pe_t *pe, uint32_t id)
{
    uint32_t mine = 0;
    for (uint32_t i = 0; i < pe->nout; i++)
        mine += of_ctx(&pe->out[i], id);
    if (mine > TAIL)
        out_finish_oldest(pe, mine - TAIL, of_ctx, id);
}

/* quiet: every send complete and every get / fetching atomic answered. */
void ss_quiet(ss_pe_t *pe)
{
    ss_flush(pe);
    /* Sends already applied at their target only need their handle
     * released: retire them rather than wait on them one wake-up each. */
    if (pe->nout)
        ss_out_sweep(pe);
    out_finish_tail(pe, ANY_CTX);
    while (pe->nout > 0 || pe->pending_replies > 0)
        ss_progress_wait(pe, 1);
    pe->quiet_gen++;   /* every context's puts are complete */
}

/* First outstanding send of context id, or nout. */
static uint32_t first_out(const ss_pe_t *pe, uint32_t id)
{
    uint32_t i = 0;
    while (i < pe->nout && pe->out[i].ctx != id)
        i++;
    return i;
}

int ss_ctx_busy(const ss_pe_t *pe, const ss_ctx_state_t *cx)
{
    return cx->pending > 0 || first_out(pe, cx->id) < pe->nout;
}

/* quiet on one context: as ss_quiet, over that context's sends and
 * answers only (other contexts' may stay in flight). */
void ss_quiet_ctx(ss_pe_t *pe, const ss_ctx_state_t *cx)
{
    ss_flush(pe);
    out_finish_tail(pe, cx->id);
    while (first_out(pe, cx->id) < pe->nout || cx->pending > 0)
        ss_progress_wait(pe, 1);
}

/* After the PE's last synchronisation: nothing more will be sent to it.
 * Its spare and doorbell receives stay posted in SimGrid's mailbox; we
 * drop our references so that they are freed with the engine. */
void ss_pe_teardown(ss_pe_t *pe)
{
    ss_defer_finish(pe);
    /* Settle first: a wake-up may have been rung while this PE was in its
     * last wait; its receive must complete before it is dropped, or
     * SimGrid cancels the ringer's send. in_wait is 0 once this loop
     * ends, so nothing rings after it. */
    ss_flush(pe);
    while (pe->nout || pe->ninq || comms_due(pe))
        ss_progress_wait(pe, 1);
    pe->cpu_debt = 0;   /* nothing is observed after its last call */
    ss_pe_release(pe);
}

/* Drop the runtime's references (also for PEs the engine stopped). */
void ss_pe_release(ss_pe_t *pe)
{
    ss_defer_release(pe);
    ss_msg_unref(pe->held);
    pe->held = NULL;
    for (uint32_t i = 0; i < pe->nrx; i++) {
        sg_comm_unref(pe->rx[i]->comm);
        ss_rx_free(pe->rx[i]);
    }
    if (pe->bell_posted)
        sg_comm_unref(pe->bell.comm);
    free(pe->rx);
    free(pe->out);
    pe->rx = NULL;
    pe->out = NULL;
    pe->nrx = pe->caprx = pe->nout = pe->capout = pe->ncomm = 0;
    pe->bell_posted = 0;
}

/* Apply, without blocking, every message that has already landed (for
 * shmem_test and shmem_signal_fetch). sg_comm_test consumes a finished
 * receive's handle. */
void ss_progress_poll(ss_pe_t *pe)
{
    ss_defer_finish(pe);
    ss_flush(pe);
    post_receives(pe);
    uint32_t i = 0;
    while (i < pe->nrx) {
        if (sg_comm_test(pe->rx[i]->comm))
            rx_done(pe, i);
        else
            i++;
    }
    ss_small_take(pe, simgrid_get_clock());
}
