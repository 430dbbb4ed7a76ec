/* ss_progress.c - messages, their delivery, and the progress loop.
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
 * Ordering. shmem_fence starts a new epoch; a message to t issued after a
 * fence depends on every earlier-epoch message to t not yet applied (they
 * may land in any order: a small one overtakes a large one), and t parks
 * it until all of them are.
 *
 * Contexts. Every send records the context it was issued on; a fence
 * moves the PE's epoch and marks it on that context only, so a message
 * depends on earlier-fenced messages of its own context, and a quiet on
 * a context waits for that context's sends and answers alone. Replies
 * and doorbells belong to the default context.
 *
 * Small messages (ss_nic.c) between hosts reach t through its host's NIC
 * at the time the small-message model gives, into a mailbox of their own
 * on which t always has one receive posted: a doorbell could be late (its
 * receive may be matched by a ringer still on its way). The sender has
 * no handle, only the landing time; t counts them (small_in) until
 * received.
 *
 * Fusion. A put followed by a fence and a non-fetching atomic to the same
 * PE on the same context (a payload and its flag: most collective steps)
 * travels as one communication of both sizes, the atomic applied right
 * after the data. Alone on a route this lands when the two separate
 * messages would (they share the route's bandwidth until the last byte,
 * one latency each in parallel); what changes is contention: one flow
 * instead of two in the max-min share. The put is held until the PE's
 * next operation, which is still at the same simulated time (every
 * blocking point sends it first); it keeps the epoch and the dependencies
 * it was issued with, so the pair orders exactly like the two messages
 * would. Not done when an issue overhead is modelled (the atomic then
 * leaves later than the put).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss_internal.h"
#include "ss_trace.h"

static char ss_bell_token;

static void grow(void **v, uint32_t *cap, size_t elem)
{
    uint32_t c = *cap ? *cap * 2 : 4;
    void *p = realloc(*v, c * elem);
    if (!p)
        ss_fatal("out of memory in the progress engine");
    *v = p;
    *cap = c;
}

/* The context a message is issued on: the call's, except for replies
 * (they serve another PE's request) and doorbells. */
static const ss_ctx_state_t *ctx_of(const ss_pe_t *pe, const ss_msg_t *m)
{
    return m && m->kind != SS_MSG_REPLY && pe->cur ? pe->cur : &pe->dflt;
}

static void out_push(ss_pe_t *pe, sg_comm_t c, double lands, ss_msg_t *m,
                     int target, uint32_t epoch, uint32_t ctx)
{
    if (pe->nout == pe->capout)
        grow((void **)&pe->out, &pe->capout, sizeof *pe->out);
    pe->out[pe->nout++] = (ss_out_t){c, lands, m, target, epoch, ctx};
}

static void out_retire(ss_pe_t *pe, uint32_t i)
{
    ss_msg_unref(pe->out[i].msg);
    memmove(pe->out + i, pe->out + i + 1, (pe->nout - i - 1) * sizeof *pe->out);
    pe->nout--;
}

/* Is send o over? A small message is once its landing time has come. */
static int out_landed(const ss_out_t *o, double now)
{
    return !o->comm && o->lands <= now;
}

/* Block until send i is over, then retire it. */
static void out_finish(ss_pe_t *pe, uint32_t i)
{
    if (pe->out[i].comm)
        sg_comm_wait(pe->out[i].comm);
    else if (pe->out[i].lands > simgrid_get_clock())
        sg_actor_sleep_until(pe->out[i].lands);
    out_retire(pe, i);
}

/* Retire sends already known to be complete: their message has been
 * applied at the target, so sg_comm_wait returns at once. Not
 * sg_comm_test: in SimGrid 3.32 a handle consumed by a successful test
 * stays on the actor's activity list, which every later completion scans
 * linearly (thousands of entries after a few hundred collectives).
 * Doorbells (no message) are retired by the next quiet. */
static void out_sweep(ss_pe_t *pe)
{
    uint32_t w = 0;
    double now = simgrid_get_clock();
    for (uint32_t i = 0; i < pe->nout; i++) {
        if ((pe->out[i].msg && pe->out[i].msg->applied) || out_landed(&pe->out[i], now)) {
            if (pe->out[i].comm)
                sg_comm_wait(pe->out[i].comm);
            ss_msg_unref(pe->out[i].msg);
        } else {
            pe->out[w++] = pe->out[i];
        }
    }
    pe->nout = w;
    pe->sweep_at = pe->nout * 2 > 8 ? pe->nout * 2 : 8;
}

static void ring_bell(ss_pe_t *from, ss_pe_t *t)
{
    t->bells++;
    ss_w.stats.wakeups++;
    ss_w.stats.comms++;
    sg_comm_t c = sg_mailbox_put_async(t->bell_mb, &ss_bell_token, 0);
    out_push(from, c, 0, NULL, t->id, from->fence_epoch, from->dflt.id);
}

void ss_wake(int target)
{
    ss_pe_t *t = &ss_w.pes[target];
    if (t->in_wait && !t->bells)
        ring_bell(ss_self(), t);
}

static void add_waiter(ss_msg_t *d, ss_msg_t *m)
{
    if (d->nwaiters == d->capwaiters) {
        uint32_t c = d->capwaiters ? 2 * d->capwaiters : 2;
        ss_msg_t **w = realloc(d->waiters, c * sizeof *w);
        if (!w)
            ss_fatal("out of memory ordering messages");
        d->waiters = w;
        d->capwaiters = c;
    }
    d->waiters[d->nwaiters++] = m;
    m->ndeps++;
    m->refs++;   /* held until d is applied */
}

/* Fence dependencies of a message of context ctx whose last fence was at
 * `mark`: every message of that context to `target` issued in an earlier
 * epoch and not yet applied. Sends still listed in out are the only ones
 * that can be unapplied: out_sweep retires applied ones only, and a wait
 * retires a send when its transfer is done, which (unless that message is
 * itself parked behind an earlier fence) is when it is applied. */
static void fence_deps(ss_pe_t *pe, int target, ss_msg_t *m, uint32_t mark,
                       uint32_t ctx)
{
    /* out is in issue order, so earlier epochs come first: stop at the
     * context's last fence (a PE that never fences scans nothing). */
    for (uint32_t i = 0; i < pe->nout && pe->out[i].epoch < mark; i++) {
        const ss_out_t *o = &pe->out[i];
        if (o->msg && o->ctx == ctx && o->target == target && !o->msg->applied)
            add_waiter(o->msg, m);
    }
}

/* Send m as issued in `epoch` on context ctx, whose last fence was at
 * mark (a held put keeps those of its own issue). */
static void send_as(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes,
                    uint32_t epoch, uint32_t mark, uint32_t ctx)
{
    ss_pe_t *t = &ss_w.pes[target];
    m->src = pe->id;
    if (m->kind == SS_MSG_GET || m->kind == SS_MSG_FAMO) {
        ss_ctx_state_t *cx = pe->cur ? pe->cur : &pe->dflt;
        m->pending = &cx->pending;   /* the reply counts it down */
        cx->pending++;
    }
    fence_deps(pe, target, m, mark, ctx);
    m->refs++;   /* the sender's reference, dropped when the send is done */
    ss_w.stats.messages += 1u + m->has_amo_fused;
    if (ss_nic_takes(pe, t, wire_bytes)) {
        double lands = ss_nic_send(pe, t, m, wire_bytes);
        out_push(pe, NULL, lands, m, target, epoch, ctx);
    } else {
        ss_w.stats.comms++;
        sg_comm_t c = sg_mailbox_put_async(t->mb, m, (long)wire_bytes);
        out_push(pe, c, 0, m, target, epoch, ctx);
        if (++t->in_issued > t->in_posted && t->in_wait && !t->bells)
            ring_bell(pe, t);
    }
    if (pe->nout >= pe->sweep_at)
        out_sweep(pe);
}

static void send_now(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes)
{
    const ss_ctx_state_t *cx = ctx_of(pe, m);
    send_as(pe, target, m, wire_bytes, pe->fence_epoch, cx->fence_mark, cx->id);
}

void ss_flush_held(ss_pe_t *pe)
{
    ss_msg_t *m = pe->held;
    pe->held = NULL;
    send_as(pe, pe->held_target, m, pe->held_wire, pe->held_epoch,
            pe->held_mark, pe->held_ctx);
}

void ss_send_put(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes)
{
    const ss_model_t *md = &ss_w.cfg.model;
    ss_flush(pe);
    if (m->has_amo || md->o_send > 0 || md->gap > 0) {
        send_now(pe, target, m, wire_bytes);
        return;
    }
    const ss_ctx_state_t *cx = ctx_of(pe, m);
    pe->held = m;
    pe->held_target = target;
    pe->held_wire = wire_bytes;
    pe->held_epoch = pe->fence_epoch;
    pe->held_mark = cx->fence_mark;
    pe->held_ctx = cx->id;
}

/* Can the atomic m (to target, issued now) ride on the held put? Only
 * on the put's context after a fence of it (several in a row are one: no
 * message lies between), and only if no other message of that context to
 * target issued before the put since the context's previous fence is
 * still unapplied: the atomic would have had to wait for it while the put
 * did not, which one dependency count cannot express. */
static int fusible(const ss_pe_t *pe, int target, const ss_msg_t *m)
{
    const ss_ctx_state_t *cx = ctx_of(pe, m);
    if (!pe->held || pe->held_target != target || m->kind != SS_MSG_AMO ||
        cx->id != pe->held_ctx || cx->fence_mark <= pe->held_epoch)
        return 0;
    for (uint32_t i = pe->nout; i-- > 0 && pe->out[i].epoch >= pe->held_mark;) {
        const ss_out_t *o = &pe->out[i];
        if (o->msg && o->ctx == pe->held_ctx && o->target == target &&
            !o->msg->applied)
            return 0;
    }
    return 1;
}

void ss_send(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes)
{
    if (fusible(pe, target, m)) {
        ss_msg_t *h = pe->held;
        pe->held = NULL;
        h->has_amo = h->has_amo_fused = 1;
        h->aaddr = m->taddr;
        h->width = m->width;
        h->op = m->op;
        h->operand = m->operand;
        h->operand2 = m->operand2;
        h->trace_amo = m->trace;
        ss_msg_unref(m);
        send_as(pe, target, h, pe->held_wire + wire_bytes, pe->held_epoch,
                pe->held_mark, pe->held_ctx);
        return;
    }
    ss_flush(pe);
    send_now(pe, target, m, wire_bytes);
}

/* LogGP-style issue cost of one operation (zero under alpha-beta). */
void ss_overhead(ss_pe_t *pe)
{
    const ss_model_t *m = &ss_w.cfg.model;
    double now = simgrid_get_clock();
    if (m->gap > 0 && pe->next_inject > now + m->o_send) {
        sg_actor_sleep_until(pe->next_inject);
        now = pe->next_inject;
    } else if (m->o_send > 0) {
        sg_actor_sleep_for(m->o_send);
        now += m->o_send;
    }
    pe->next_inject = now + m->gap;
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

static void apply(ss_pe_t *pe, ss_msg_t *m)
{
    uint64_t old;
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

/* Into t's NIC mailbox, on which t is the permanent receiver and always
 * has a receive posted. One byte, not 0: SimGrid 3.32 hands a receive a
 * 0-byte send that is still in its latency at once (it counts as done
 * when nothing remains to send), which landed small messages one loopback
 * latency early whenever two reached a PE within it. The NIC keeps the
 * handle and retires it once t has received m. */
sg_comm_t ss_progress_landed(ss_pe_t *t, ss_msg_t *m)
{
    ss_w.stats.comms++;
    return sg_mailbox_put_async(t->nic_mb, m, 1);
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
    while (pe->in_posted <= pe->in_issued) {
        if (pe->nrx == pe->caprx)
            grow((void **)&pe->rx, &pe->caprx, sizeof *pe->rx);
        ss_rx_t *r = ss_rx_new();
        r->comm = sg_mailbox_get_async(pe->mb, (void **)&r->msg);
        pe->rx[pe->nrx++] = r;
        pe->in_posted++;
    }
    if (!pe->bell_posted) {
        pe->bell.comm = sg_mailbox_get_async(pe->bell_mb, (void **)&pe->bell.msg);
        pe->bell_posted = 1;
    }
    if (pe->nic && !pe->nic_posted) {
        pe->nicrx.comm = sg_mailbox_get_async(pe->nic_mb, (void **)&pe->nicrx.msg);
        pe->nic_posted = 1;
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

/* The receive on the NIC mailbox completed: apply what it brought. */
static void nic_done(ss_pe_t *pe)
{
    pe->nic_posted = 0;
    pe->small_in--;
    ss_progress_apply(pe, pe->nicrx.msg);
}

/* Block until one thing happens: a message lands (it is applied), the
 * doorbell rings, or (with_out) one of this PE's sends completes: a
 * SimGrid send, or a small one whose landing time comes first. */
void ss_progress_wait(ss_pe_t *pe, int with_out)
{
    ss_flush(pe);
    ss_stack_check(pe);
    if (with_out && out_retire_landed(pe, simgrid_get_clock()))
        return;
    /* Set before any SimGrid call: posting a receive is a simcall, during
     * which other PEs run and must already see this PE as waiting. */
    pe->in_wait = 1;
    post_receives(pe);
    uint32_t n = pe->nrx + 2 + (with_out ? pe->nout : 0);   /* + bell, NIC */
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
    uint32_t nic_at = pe->nic_posted ? n : UINT32_MAX;
    if (pe->nic_posted)
        v[n++] = pe->nicrx.comm;
    uint32_t outs_at = n;
    double due = INFINITY;   /* earliest landing of a small send */
    for (uint32_t i = 0; with_out && i < pe->nout; i++) {
        if (pe->out[i].comm) {
            idx[n] = i;
            v[n++] = pe->out[i].comm;
        } else if (pe->out[i].lands < due) {
            due = pe->out[i].lands;
        }
    }
    ssize_t k = isinf(due) ? sg_comm_wait_any(v, n)
                           : ss_comm_wait_any_for(v, n, due - simgrid_get_clock());
    pe->in_wait = 0;
    uint32_t out_i = k >= (ssize_t)outs_at ? idx[k] : 0;
    if (v != stackv)
        free(v);
    if (idx != stacki)
        free(idx);
    if (k < 0 && !isinf(due)) {
        /* Timed out at the first landing (the clock may miss it by a
         * rounding, so retire by the time waited for). */
        out_retire_landed(pe, due);
    } else if (k < 0) {
        ss_fatal("PE %d: SimGrid wait failed in %s", pe->id, pe->where);
    } else if ((uint32_t)k < pe->nrx) {
        rx_done(pe, (uint32_t)k);
    } else if ((uint32_t)k == pe->nrx) {
        pe->bell_posted = 0;
        pe->bells--;
    } else if ((uint32_t)k == nic_at) {
        nic_done(pe);
    } else {
        out_retire(pe, out_i);
    }
}

/* Apply every message already sent to this PE: used after synchronisation
 * points where all senders have completed their sends. */
void ss_progress_drain(ss_pe_t *pe)
{
    /* A doorbell rung but not yet landed counts too: a PE that left with
     * one on its way would fail the ringer's send when its actor ends. */
    while (pe->in_posted - pe->nrx < pe->in_issued || pe->bells ||
           pe->small_in)
        ss_progress_wait(pe, 0);
}

/* quiet: every send complete and every get / fetching atomic answered. */
void ss_quiet(ss_pe_t *pe)
{
    ss_flush(pe);
    /* Sends already applied at their target only need their handle
     * released: retire them rather than wait on them one wake-up each. */
    if (pe->nout)
        out_sweep(pe);
    while (pe->nout > 0 || pe->pending_replies > 0) {
        if (pe->nout > 64) {
            /* A long tail of sends (e.g. after many puts): waiting them in
             * order is O(n), a wait_any over all of them O(n^2). */
            out_finish(pe, 0);
        } else {
            ss_progress_wait(pe, 1);
        }
    }
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
    for (;;) {
        uint32_t i = first_out(pe, cx->id);
        if (i == pe->nout && cx->pending == 0)
            return;
        if (i < pe->nout && pe->nout > 64) {
            out_finish(pe, i);
        } else {
            ss_progress_wait(pe, 1);
        }
    }
}

/* After the PE's last synchronisation: nothing more will be sent to it.
 * Its spare and doorbell receives stay posted in SimGrid's mailbox; we
 * drop our references so that they are freed with the engine. */
void ss_pe_teardown(ss_pe_t *pe)
{
    /* Settle first: a wake-up may have been rung while this PE was in its
     * last wait; its receive must complete before it is dropped, or
     * SimGrid cancels the ringer's send. in_wait is 0 once this loop
     * ends, so nothing rings after it. */
    ss_flush(pe);
    while (pe->nout || pe->bells || pe->small_in ||
           pe->in_posted - pe->nrx < pe->in_issued)
        ss_progress_wait(pe, 1);
    ss_pe_release(pe);
}

/* Drop the runtime's references (also for PEs the engine stopped). */
void ss_pe_release(ss_pe_t *pe)
{
    ss_msg_unref(pe->held);
    pe->held = NULL;
    for (uint32_t i = 0; i < pe->nrx; i++) {
        sg_comm_unref(pe->rx[i]->comm);
        ss_rx_free(pe->rx[i]);
    }
    if (pe->bell_posted)
        sg_comm_unref(pe->bell.comm);
    if (pe->nic_posted)
        sg_comm_unref(pe->nicrx.comm);
    free(pe->rx);
    free(pe->out);
    pe->rx = NULL;
    pe->out = NULL;
    pe->nrx = pe->caprx = pe->nout = pe->capout = 0;
    pe->bell_posted = pe->nic_posted = 0;
}

/* Apply, without blocking, every message that has already landed (for
 * shmem_test and shmem_signal_fetch). sg_comm_test consumes a finished
 * receive's handle. */
void ss_progress_poll(ss_pe_t *pe)
{
    ss_flush(pe);
    post_receives(pe);
    uint32_t i = 0;
    while (i < pe->nrx) {
        if (sg_comm_test(pe->rx[i]->comm))
            rx_done(pe, i);
        else
            i++;
    }
    while (pe->nic_posted && sg_comm_test(pe->nicrx.comm)) {
        nic_done(pe);
        post_receives(pe);
    }
}
