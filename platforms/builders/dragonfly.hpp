// dragonfly.hpp - the cabled dragonfly zone (dragonfly.cpp), for load.cpp
// and for the runtime's small-message routes (sim/engine/ss_route.cpp).
#ifndef SS_DRAGONFLY_HPP
#define SS_DRAGONFLY_HPP

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <cstddef>

extern "C" {
#include "cabling.h"
#include "topo.h"
}

// Links on the longest route (Valiant: node, 2 local, global, 2 local,
// global, 2 local, node).
#define SS_DFLY_MAXHOPS 12

// Builds the machine as the root zone of SimGrid's engine.
void ss_dfly_build(const ss_topo_t *t, const ss_cabling_t *c);

// The routing of the cabled dragonfly h is on (ss_routing_t), -1 when
// it is on none.
int ss_dfly_routing(const simgrid::s4u::Host *h);

// The route from src to dst under `mode` (SS_ROUTE_MINIMAL or
// SS_ROUTE_VALIANT) into hops (room for SS_DFLY_MAXHOPS), its latency in
// *lat; how many links, 0 when the hosts are not on a cabled dragonfly.
std::size_t ss_dfly_route(const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst, int mode,
                          simgrid::s4u::Link **hops, double *lat);

#endif
