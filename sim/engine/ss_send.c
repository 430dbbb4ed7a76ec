/* ss_send.c - the sending side of the progress engine: how a PE issues a
 * message, in what order it may be applied, and which messages travel
 * together. Delivery and the progress loop are ss_progress.c's.
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
#include <stdlib.h>

#include "ss_defer.h"

static char ss_bell_token;

/* The context a message is issued on: the call's, except for replies
 * (they serve another PE's request) and doorbells. */
static const ss_ctx_state_t *ctx_of(const ss_pe_t *pe, const ss_msg_t *m)
{
    return m && m->kind != SS_MSG_REPLY && pe->cur ? pe->cur : &pe->dflt;
}

static void out_push(ss_pe_t *pe, sg_comm_t c, ss_msg_t *m, int target,
                     uint32_t epoch, uint32_t ctx)
{
    if (pe->nout == pe->capout)
        ss_grow((void **)&pe->out, &pe->capout, sizeof *pe->out);
    pe->out[pe->nout++] = (ss_out_t){c, m, target, epoch, ctx};
    pe->ncomm += c != NULL;
}

static void ring_bell(ss_pe_t *from, ss_pe_t *t)
{
    t->bells++;
    ss_w.stats.wakeups++;
    ss_w.stats.comms++;
    sg_comm_t c = sg_mailbox_put_async(t->bell_mb, &ss_bell_token, 0);
    out_push(from, c, NULL, t->id, from->fence_epoch, from->dflt.id);
}

/* Wake t, which is blocked in ss_progress_wait, so that it looks again at
 * what it waits for: a doorbell when it waits on SimGrid communications,
 * its alarm set to now when it is blocked (ss_small.c). */
void ss_wake_pe(ss_pe_t *from, ss_pe_t *t)
{
    if (t->in_wait && !t->bells)
        ring_bell(from, t);
    else if (t->in_sem)
        ss_small_kick(t);
}

void ss_wake(int target)
{
    ss_wake_pe(ss_self(), &ss_w.pes[target]);
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
    if (ss_small_takes(t, wire_bytes)) {
        double lands = ss_small_send(pe, t, m, wire_bytes);
        out_push(pe, NULL, m, target, epoch, ctx);
        /* t would sleep past it. After out_push: a doorbell is listed in
         * the current epoch, and out must stay in epoch order. */
        if (t->in_sem)
            ss_small_filed(t, lands);
        else if (lands < t->wait_until)   /* a no-op unless t waits */
            ss_wake_pe(pe, t);
    } else {
        ss_w.stats.comms++;
        sg_comm_t c = sg_mailbox_put_async(t->mb, m, (long)wire_bytes);
        out_push(pe, c, m, target, epoch, ctx);
        /* Beyond its spare receive, or blocked on its alarm: t must
         * post a receive for this one before it lands. */
        if (++t->in_issued > t->in_posted || t->in_sem)
            ss_wake_pe(pe, t);
        if (pe->ncomm > SS_SEND_WINDOW)
            ss_out_bound(pe);
        if (pe->in_issued >= pe->keep_up_at)
            ss_progress_keep_up(pe);
    }
    if (pe->nout >= pe->sweep_at)
        ss_out_sweep(pe);
}

/* A put or atomic: the next quiet of its context (the call's, as
 * ctx_of gives for these) has something to complete (ss_order.c charges
 * the quiet's cost by where they went). */
static void since_quiet(ss_pe_t *pe, const ss_msg_t *m, int target)
{
    if (!m || (m->kind != SS_MSG_PUT && m->kind != SS_MSG_AMO))
        return;
    ss_ctx_state_t *cx = pe->cur ? pe->cur : &pe->dflt;
    if (cx->since_gen != pe->quiet_gen) {
        cx->since_gen = pe->quiet_gen;
        cx->since = 0;
    }
    cx->since |= ss_w.pes[target].node == pe->node ? SS_SINCE_NODE : SS_SINCE_REMOTE;
}

static void send_now(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes)
{
    const ss_ctx_state_t *cx = ctx_of(pe, m);
    since_quiet(pe, m, target);
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
    if (m->has_amo || md->o_send > 0 || md->gap > 0 || md->shm_o > 0) {
        send_now(pe, target, m, wire_bytes);
        return;
    }
    const ss_ctx_state_t *cx = ctx_of(pe, m);
    since_quiet(pe, m, target);
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

/* Issue cost of one operation to `target` (zero under alpha-beta): the
 * CPU time still owed for consumed signals, then the issue overhead (a
 * get's own where the platform gives one), and for another node the
 * message waits for its NIC, which takes one per gap from all of the
 * node's PEs that send through it. */
static double ready_for(ss_pe_t *pe, int target, int get)
{
    const ss_model_t *m = &ss_w.cfg.model;
    int same = ss_w.pes[target].node == pe->node;
    double cost = get ? ss_model_get(m, same) : ss_model_issue(m, same);
    double ready = simgrid_get_clock() + pe->cpu_debt + cost;
    pe->cpu_debt = 0;
    if (ss_w.nic_free && !same) {
        double *nic = &ss_w.nic_free[(size_t)pe->node * ss_w.nics + pe->nic];
        if (*nic > ready)
            ready = *nic;
        *nic = ready + m->gap;
    }
    return ready;
}

double ss_issue_ready(ss_pe_t *pe, int target)
{
    return ready_for(pe, target, 0);
}

static void pay(ss_pe_t *pe, int target, int get)
{
    ss_defer_finish(pe);
    double ready = ready_for(pe, target, get);
    if (ready > simgrid_get_clock())
        ss_small_nap(pe, ready);
}

/* The PE pays it in one sleep, after its deferred operations. */
void ss_overhead(ss_pe_t *pe, int target)
{
    pay(pe, target, 0);
}

void ss_overhead_get(ss_pe_t *pe, int target)
{
    pay(pe, target, 1);
}

/* Pay the CPU time owed for consumed signals (before the PE blocks, or
 * leaves a call whose end is observed). */
void ss_cpu_settle(ss_pe_t *pe)
{
    ss_defer_finish(pe);
    if (pe->cpu_debt > 0) {
        double d = pe->cpu_debt;
        pe->cpu_debt = 0;
        ss_small_nap(pe, simgrid_get_clock() + d);
    }
}

