/* ss_route.h - routes under the small-message model (ss_route.cpp). */
#ifndef SS_ROUTE_H
#define SS_ROUTE_H

#include <simgrid/host.h>

/* When a message of `bytes` sent at `now` from src to dst lands, its
 * serialisation reserved on the route's shared links (models/wire.h). */
double ss_route_reserve(sg_host_t src, sg_host_t dst, double bytes, double now);
/* The latency from h to itself, if h is in a cluster zone (0); -1 for
 * hosts of routed zones, where asking SimGrid may abort. */
int ss_route_loopback(sg_host_t h, double *latency);
/* Forget every link's reservations (end of a run). */
void ss_route_reset(void);

#endif
