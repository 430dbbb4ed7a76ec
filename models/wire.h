/* wire.h - the small-message model: when a message of a few bytes lands,
 * without SimGrid's flow-sharing solver. */
#ifndef SS_WIRE_H
#define SS_WIRE_H

#include <stddef.h>

/* The small messages a link is sending: its latest busy period, from the
 * first byte to the last of the messages reserved on it back to back. */
typedef struct ss_link_q {
    double from, until;
} ss_link_q_t;

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

#endif
