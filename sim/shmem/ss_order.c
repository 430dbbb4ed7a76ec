/* ss_order.c - fence and quiet, on the default context and on any other.
 *
 * The PE's fence_epoch counts every fence it makes on any context; a
 * fence marks the new epoch on its own context only, and the progress
 * engine orders a message after those of its context issued before that
 * mark (ss_progress.c). A quiet waits for the context's own sends and
 * answers: other contexts' operations stay in flight.
 *
 * On a network that delivers out of order (loggp with order=adaptive:
 * per-packet adaptive routing) a fence cannot be kept by the target: it
 * waits like a quiet for the earlier puts and atomics, and the source
 * learns of their landing from acknowledgements, one route latency after
 * the last lands. That is what runtimes do there (Sandia OpenSHMEM's
 * OFI transport turns fence into quiet unless the provider orders
 * messages). */
#include "ss_ctx.h"
#include "ss_defer.h"
#include "ss_route.h"
#include "ss_trace.h"

int ss_order_unordered(void)
{
    return ss_w.cfg.model.kind == SS_MODEL_LOGGP && ss_w.cfg.model.unordered;
}

static int unordered(void)
{
    return ss_order_unordered();
}

/* How long an acknowledgement takes back from target: the route's
 * latency, through the small-message model's route cache when the route
 * may be asked there (ss_small.c), else from SimGrid. None from a PE of
 * the same node where the platform gives the node a path of its own: a
 * store there is complete once it has landed. */
static double route_latency(const ss_pe_t *pe, int target)
{
    const ss_pe_t *t = &ss_w.pes[target];
    if (t->host == pe->host && ss_w.cfg.model.shm_path)
        return 0;
    return pe->inbox && t->inbox ? ss_route_latency(pe->host, t->host)
                             : sg_host_get_route_latency(pe->host, t->host);
}

/* When the last acknowledgement of cx's outstanding puts and atomics
 * returns, counted from their landing (gets end with their reply):
 * *ack gets the longest route latency, and the result is the latest
 * landing plus it when every one of them is a small message (its landing
 * known), else -1. */
static double acks_back(ss_pe_t *pe, const ss_ctx_state_t *cx, double *ack)
{
    double last = 0;
    int known = 1;
    *ack = 0;
    for (uint32_t i = 0; i < pe->nout; i++) {
        const ss_out_t *o = &pe->out[i];
        if (!o->msg || o->ctx != cx->id ||
            (o->msg->kind != SS_MSG_PUT && o->msg->kind != SS_MSG_AMO))
            continue;
        double lat = route_latency(pe, o->target);
        if (lat > *ack)
            *ack = lat;
        if (o->comm)
            known = 0;
        else if (o->msg->lands + lat > last)
            last = o->msg->lands + lat;
    }
    return known ? last : -1;
}

/* Are all of cx's outstanding puts and atomics to PEs of this PE's own
 * node, and has the node a path of its own (shm-lat, shm-bw; else its
 * PEs reach each other through the NIC, as any other PE)? A fence then
 * needs no wait even on an adaptive network: the
 * node's memory keeps one PE's stores in order, and the epoch the fence
 * marks orders them at the target as on a FIFO network. */
int ss_order_local_only(const ss_pe_t *pe, const ss_ctx_state_t *cx)
{
    if (!ss_w.cfg.model.shm_path)   /* node-mates go out through the NIC */
        return 0;
    if (pe->held && ss_w.pes[pe->held_target].host != pe->host)
        return 0;   /* a held put (ss_send.c) is outstanding too */
    for (uint32_t i = 0; i < pe->nout; i++) {
        const ss_out_t *o = &pe->out[i];
        if (o->msg && o->ctx == cx->id &&
            (o->msg->kind == SS_MSG_PUT || o->msg->kind == SS_MSG_AMO) &&
            ss_w.pes[o->target].host != pe->host)
            return 0;
    }
    return 1;
}

double ss_order_back(ss_pe_t *pe, const ss_ctx_state_t *cx)
{
    double ack, back = unordered() ? acks_back(pe, cx, &ack) : -1;
    for (uint32_t i = 0; back >= 0 && i < pe->nout; i++) {
        const ss_out_t *o = &pe->out[i];
        if (o->ctx != cx->id || (o->msg && (o->msg->kind == SS_MSG_PUT ||
                                            o->msg->kind == SS_MSG_AMO)))
            continue;
        back = o->comm ? -1 : o->msg->lands > back ? o->msg->lands : back;
    }
    return back;
}

void ss_order_mark(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    pe->fence_epoch++;
    cx->fence_mark = pe->fence_epoch;
}

double ss_order_quiet_cost(ss_pe_t *pe, ss_ctx_state_t *cx, int fence)
{
    if (cx->since_gen != pe->quiet_gen || !cx->since)
        return 0;
    int node = !(cx->since & SS_SINCE_REMOTE) && ss_w.cfg.model.shm_path;
    if (fence && node)
        return 0;   /* an epoch only (ss_order_local_only) */
    cx->since = 0;
    return ss_model_quiet(&ss_w.cfg.model, node);
}

/* Small sends only: one sleep to the last acknowledgement rather than a
 * wake-up at the last landing and another at its ack; none if they are
 * all back already; another if a landing moved later meanwhile (its
 * burst shared a link, ss_burst.c). */
static void complete(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    double ack = 0, back = unordered() ? acks_back(pe, cx, &ack) : -1;
    if (back >= 0 && cx->pending == 0) {
        while (back > simgrid_get_clock()) {
            ss_progress_sleep(pe, back);
            back = acks_back(pe, cx, &ack);
        }
        ss_quiet_ctx(pe, cx);
    } else {
        ss_quiet_ctx(pe, cx);
        if (ack > 0)
            ss_progress_sleep(pe, simgrid_get_clock() + ack);
    }
}

/* The sends completed, then the quiet's own CPU time. */
static void quiet_now(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    ss_defer_finish(pe);
    ss_flush(pe);   /* a held put (ss_progress.c) is outstanding too */
    double cost = ss_order_quiet_cost(pe, cx, 0);
    int busy = ss_ctx_busy(pe, cx);
    if (!busy && cost <= 0)
        return;
    int32_t ev = ss_trace_begin(pe, "quiet", pe->where, -1, 0, 1);
    if (busy)
        complete(pe, cx);
    if (cost > 0)
        ss_small_nap(pe, simgrid_get_clock() + cost);
    ss_trace_end(ev);
}

/* On the default context a collective's quiet or fence may be left to
 * the runtime (ss_defer.c). On an ordered network a fence is an epoch
 * only, taken at once, unless sends before it are still deferred: it
 * must come after them. */
static int deferred(ss_pe_t *pe, const ss_ctx_state_t *cx, int fence)
{
    if (cx != &pe->dflt)
        return 0;
    if (unordered())
        return ss_defer_order(pe, fence);
    return fence && ss_deferring(pe) && ss_defer_order(pe, 1);
}

static void quiet_on(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    if (!deferred(pe, cx, 0))
        quiet_now(pe, cx);
}

static void fence_on(ss_pe_t *pe, ss_ctx_state_t *cx)
{
    if (deferred(pe, cx, 1))
        return;
    if (unordered() && !ss_order_local_only(pe, cx))
        quiet_now(pe, cx);
    ss_order_mark(pe, cx);
}

void shmem_fence(void)
{
    ss_pe_t *pe = ss_self_raw();
    pe->where = "shmem_fence";
    fence_on(pe, &pe->dflt);
}

void shmem_quiet(void)
{
    ss_pe_t *pe = ss_self_raw();
    pe->where = "shmem_quiet";
    quiet_on(pe, &pe->dflt);
}

/* A PE outside a team gets SHMEM_CTX_INVALID from shmem_team_create_ctx
 * and may go on to fence and quiet on it: OpenSHMEM 1.5 makes both no-ops
 * there (as ctx_destroy), where any other use is an error. */
void shmem_ctx_fence(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    SS_ON_CTX(ctx, NULL, "shmem_ctx_fence", fence_on(me, ss_ctx_cur(me)));
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    SS_ON_CTX(ctx, NULL, "shmem_ctx_quiet", quiet_on(me, ss_ctx_cur(me)));
}
