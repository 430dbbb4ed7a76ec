/* ss_route.h - routes under the small-message model (ss_route.cpp). */
#ifndef SS_ROUTE_H
#define SS_ROUTE_H

#include <simgrid/host.h>

#include "wire.h"

/* Links of a route whose bursts are noted (longer routes: none). */
#define SS_ROUTE_MARKS 12

/* A NIC: its host, the host's index among the run's (ss_w.hosts), and
 * which of the host's NICs. */
typedef struct ss_nic {
    sg_host_t host;
    size_t node;
    unsigned nic;
} ss_nic_t;

/* When a message of `bytes` sent at `now` from src to dst lands, its
 * serialisation reserved on the route's shared links (models/wire.h);
 * marks[0..*nmarks) (room for SS_ROUTE_MARKS) the bursts it joined. */
double ss_route_reserve(ss_nic_t src, ss_nic_t dst, double bytes, double now,
                        ss_mark_t *marks, size_t *nmarks);
/* The route's latency (through the same cache). */
double ss_route_latency(sg_host_t src, sg_host_t dst);
/* May h be asked its route to itself? Yes in a cluster zone; not in
 * routed zones, where asking SimGrid may abort. */
int ss_route_self(sg_host_t h);
/* Every pair of hosts weighs its own first candidates again (adaptive
 * routing, ss_route.cpp): at a synchronisation of every PE, so that
 * what a call costs does not depend on the calls before it. */
void ss_route_restart_turns(void);
/* Forget every link's reservations (end of a run). */
void ss_route_reset(void);

#endif
