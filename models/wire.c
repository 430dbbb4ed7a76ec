/* wire.c - the small-message model.
 *
 * Why: at 100,000 PEs a log-step collective puts p messages of a few bytes
 * in flight per round, and when many of them share a link (the global
 * links of a dragonfly, the spine of a fat-tree) SimGrid's max-min solver
 * re-solves every flow on that link each time one ends: quadratic in the
 * flows in flight, minutes per round (docs/performance.md). A message of
 * a few bytes hardly uses bandwidth, so its time is latency plus a queue.
 * Like CM02, the message spends the route's latency L first and then uses
 * every link of the route at once. Each shared link keeps its latest busy
 * period [from, until); a message ready at r = now + L that needs
 * d = bytes / bw_i of link i
 *
 *   starts at r and leaves the period alone   if r >= until (a new period
 *                                             [r, r + d)) or r + d <= from
 *                                             (it fits before it)
 *   waits for the period's end                if from <= r < until
 *                                             (until += d)
 *   goes first and pushes the period back     if r < from < r + d
 *                                             (from = r, until += d)
 *
 * so messages are served in the order they reach the link, not the order
 * they were sent (a message over a long route, sent first, does not hold
 * up one over a short route that gets there before it). It lands when its
 * last byte has crossed every link: at least now + L + bytes / min bw_i.
 *
 * Alone, that is CM02's lone flow exactly. When k small messages reach a
 * link together, the last one lands k * bytes / bw after the first, as
 * under fair sharing; what differs is the order within the k (first come,
 * first served, rather than all together at the end): each link therefore
 * also notes its bursts, and sim/engine/ss_burst.c moves their messages to land
 * together (ss_wire_burst_share) once no more can join. Small messages and
 * SimGrid's flows do not see each other: a few bytes take a negligible
 * share of a link that carries bulk data, and the bulk data loses as
 * little to them. */
#include "wire.h"

#include <stdlib.h>

static uint32_t bursts;   /* numbers them; only compared for equality */

/* A message sent at `now`, reaching link q at r, takes it over [s, e): it
 * joins q's burst if [s, e) touches it and the burst is of the same
 * instant or its first message is still on the link (r < gopen);
 * `pushed`: the message went first and delayed what was queued after it
 * by d. */
static void join(ss_link_q_t *q, double now, double r, double s, double e,
                 int pushed, ss_mark_t *mk)
{
    double d = e - s;
    if (q->gn > 0 && (q->gnow == now || r < q->gopen) && s <= q->gend &&
        e >= q->gstart) {
        q->gstart = s < q->gstart ? s : q->gstart;
        q->gend = pushed ? q->gend + d : (e > q->gend ? e : q->gend);
    } else {
        q->gid = ++bursts;
        q->gnow = now;
        q->gstart = s;
        q->gend = e;
        q->gopen = e;
        q->gsum = 0;
        q->gn = 0;
        q->gmin = d;
    }
    q->gmin = d < q->gmin ? d : q->gmin;
    q->gn++;
    q->gsum += d;
    if (mk)
        *mk = (ss_mark_t){q, q->gid, d};
}

/* When the message ready at r needing d seconds of link q, sent at now,
 * is sent out. */
static double queue(ss_link_q_t *q, double r, double d, double now, ss_mark_t *mk)
{
    if (r >= q->until) {
        q->from = r;
        q->until = r + d;
        join(q, now, r, r, r + d, 0, mk);
        return r + d;
    }
    if (r + d <= q->from) {
        join(q, now, r, r, r + d, 0, mk);
        return r + d;
    }
    if (r >= q->from) {
        join(q, now, r, q->until, q->until + d, 0, mk);
        q->until += d;
        return q->until;
    }
    q->from = r;
    q->until += d;
    join(q, now, r, r, r + d, 1, mk);
    return r + d;
}

double ss_wire_reserve_marked(const ss_hop_t *hops, size_t n, double lat,
                              double bytes, double now, ss_mark_t *marks)
{
    double ready = now + lat, lands = ready;
    for (size_t i = 0; i < n; i++) {
        double d = bytes / hops[i].bw;
        ss_mark_t *mk = marks ? &marks[i] : NULL;
        if (mk)
            *mk = (ss_mark_t){NULL, 0, d};
        double end = hops[i].q ? queue(hops[i].q, ready, d, now, mk) : ready + d;
        if (end > lands)
            lands = end;
    }
    return lands;
}

double ss_wire_reserve(const ss_hop_t *hops, size_t n, double lat, double bytes,
                       double now)
{
    return ss_wire_reserve_marked(hops, n, lat, bytes, now, NULL);
}

/* queue() without reserving: when the message would leave link q. */
static double peek(const ss_link_q_t *q, double r, double d)
{
    if (r >= q->until || r + d <= q->from || r < q->from)
        return r + d;
    return q->until + d;
}

/* When the message lands, reserving nothing: through the links' queues,
 * or (queued 0) as if every link were idle; one loop for both, so that
 * an idle route gives ss_wire_estimate and ss_wire_alone the same bits. */
static double lands_by(const ss_hop_t *hops, size_t n, double lat, double bytes, double now,
                       int queued)
{
    double ready = now + lat, lands = ready;
    for (size_t i = 0; i < n; i++) {
        double d = bytes / hops[i].bw;
        double end = queued && hops[i].q ? peek(hops[i].q, ready, d) : ready + d;
        if (end > lands)
            lands = end;
    }
    return lands;
}

double ss_wire_estimate(const ss_hop_t *hops, size_t n, double lat, double bytes, double now)
{
    return lands_by(hops, n, lat, bytes, now, 1);
}

double ss_wire_alone(const ss_hop_t *hops, size_t n, double lat, double bytes, double now)
{
    return lands_by(hops, n, lat, bytes, now, 0);
}

double ss_wire_burst_floor(double start, double sum, uint32_t n, double dmin, double d)
{
    double least = d + (double)(n - 1) * (dmin < d ? dmin : d);
    return start + (sum < least ? sum : least);
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void ss_wire_burst_prepare(double *ds, double *pre, uint32_t k)
{
    qsort(ds, k, sizeof *ds, ascending);
    pre[0] = 0;
    for (uint32_t i = 0; i < k; i++)
        pre[i + 1] = pre[i] + ds[i];
}

double ss_wire_burst_share(double start, const double *ds, const double *pre, uint32_t k,
                           uint32_t n, double sum, double d)
{
    uint32_t lo = 0, hi = k;   /* the members no longer than d: ds[0..lo) */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (ds[mid] <= d)
            lo = mid + 1;
        else
            hi = mid;
    }
    double t = pre[lo] + d * (double)(k - lo);
    if (n > k) {
        double each = (sum - pre[k]) / (double)(n - k);
        t += (double)(n - k) * (each < d ? each : d);
    }
    return start + t;
}
