/* wire.h - the small-message model: when a message of a few bytes lands,
 * without SimGrid's flow-sharing solver. */
#ifndef SS_WIRE_H
#define SS_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* The small messages a link is sending: its latest busy period, from the
 * first byte to the last of the messages reserved on it back to back;
 * and its latest burst: messages served back to back in it, sent at one
 * instant or reaching the link while the burst's first message is still
 * on it (before gopen), gn of them, gsum seconds of link from gstart,
 * numbered gid. */
typedef struct ss_link_q {
    double from, until;
    double gnow, gstart, gsum, gend, gopen, gmin;   /* gmin: its shortest */
    uint32_t gn, gid;
    uint32_t tag, tag_gid;   /* the caller's record of burst tag_gid */
} ss_link_q_t;

/* Where one message was put on one link: its burst there and its own
 * serialisation time. q is NULL on a link that does not share. */
typedef struct ss_mark {
    ss_link_q_t *q;
    uint32_t gid;
    double d;
} ss_mark_t;

/* One link of a route. q is the link's queue (owned by the caller, one
 * per link, zero at first); NULL for a link that does not share (SimGrid
 * FATPIPE). */
typedef struct ss_hop {
    double bw;        /* bytes/s */
    ss_link_q_t *q;
} ss_hop_t;

/* A message of `bytes` leaving at `now` over the links hops[0..n) of a
 * route of latency `lat`: reserves its serialisation time on each shared
 * link, first come first served, and returns when its last byte lands.
 * Alone on the route that is now + lat + bytes / min(bw), what SimGrid's
 * CM02 model gives a lone flow. */
double ss_wire_reserve(const ss_hop_t *hops, size_t n, double lat, double bytes,
                       double now);
/* The same, noting in marks[0..n) the bursts the message joined. */
double ss_wire_reserve_marked(const ss_hop_t *hops, size_t n, double lat,
                              double bytes, double now, ss_mark_t *marks);
/* When such a message would land, reserving nothing: what adaptive
 * routing compares its candidate routes by. */
double ss_wire_estimate(const ss_hop_t *hops, size_t n, double lat, double bytes,
                        double now);
/* When it would land on an idle route: what ss_wire_estimate gives when
 * no queue delays it (the same arithmetic, so equal then). */
double ss_wire_alone(const ss_hop_t *hops, size_t n, double lat, double bytes, double now);
/* The earliest a message of d seconds of link can be done in a burst of
 * n messages and sum seconds from start, the shortest taking dmin, if
 * they share the link: start + min(sum, d + (n-1) min(dmin, d)). Never
 * later than sharing lands it, whatever the other messages' lengths. */
double ss_wire_burst_floor(double start, double sum, uint32_t n, double dmin, double d);
/* Exact sharing once a burst is complete: its members all starting at
 * `start`, a message of d is done after the sum over the burst of
 * min(d_j, d) (processor sharing). ds[0..k): the lengths of the members
 * the caller knows, sorted here; pre[0..k]: their prefix sums, filled
 * here; the other n - k members share sum - (their total) evenly. */
void ss_wire_burst_prepare(double *ds, double *pre, uint32_t k);
double ss_wire_burst_share(double start, const double *ds, const double *pre, uint32_t k,
                           uint32_t n, double sum, double d);

#endif
