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
// global, 2 local, node; within a group at most 6).
#define SS_DFLY_MAXHOPS 12

// Builds the machine as the root zone of SimGrid's engine.
void ss_dfly_build(const ss_topo_t *t, const ss_cabling_t *c);

// The routing of the cabled dragonfly h is on (ss_routing_t), -1 when
// it is on none.
int ss_dfly_routing(const simgrid::s4u::Host *h);

// The route from src to dst numbered `path` (0: minimal; k >= 1: the
// k-th non-minimal candidate, dragonfly.cpp) into hops (room for
// SS_DFLY_MAXHOPS), its latency in *lat; how many links, 0 when the hosts
// are not on a cabled dragonfly or there is no such path.
std::size_t ss_dfly_route(const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst,
                          unsigned path, simgrid::s4u::Link **hops, double *lat);

// NICs per node of the cabled dragonfly h is on (1 off one), and NIC j's
// links into the network and out of it. Routes from ss_dfly_route start
// on NIC 0 of the source and end on NIC 0 of the destination; a PE on
// another NIC takes its own instead (sim/engine/ss_route.cpp).
unsigned ss_dfly_nics(const simgrid::s4u::Host *h);
void ss_dfly_nic(const simgrid::s4u::Host *h, unsigned j, simgrid::s4u::Link **up,
                 simgrid::s4u::Link **down);

// How many paths ss_dfly_route numbers from src to dst (the minimal one
// included); 0 when the hosts are not on a cabled dragonfly.
unsigned ss_dfly_paths(const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst);

#endif
