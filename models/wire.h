/* wire.h - the small-message model: when a message of a few bytes lands,
 * without SimGrid's flow-sharing solver. */
#ifndef SS_WIRE_H
#define SS_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* The small messages a link is sending: its latest busy period, from the
 * first byte to the last of the messages reserved on it back to back;
 * and its latest burst: the messages of one instant (sent at the same
 * simulated time) served back to back in it, gn of them, gsum seconds of
 * link from gstart, numbered gid. */
typedef struct ss_link_q {
    double from, until;
    double gnow, gstart, gsum, gend;
    uint32_t gn, gid;
} ss_link_q_t;

/* Where one message was put on one link: its burst there and its own
 * serialisation time (for ss_wire_shared). q is NULL where it is in no
 * burst (a link that does not share, or it went before the period). */
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
/* When a message reserved with marks[0..n), first come first served to
 * land at `lands`, lands once its instant is over (no more messages can
 * join its bursts) if each burst shares its link as SimGrid's flows do:
 * the burst's messages progress together, so one of d seconds is done
 * after sum over the burst of min(d_i, d) from its start, bounded here by
 * min(gsum, gn x d) (exact for equal messages). Never earlier than
 * `lands`. */
double ss_wire_shared(const ss_mark_t *marks, size_t n, double lands);

#endif
