// dragonfly_plus.hpp - the Dragonfly+ zone (dragonfly_plus.cpp), for
// load.cpp and for the runtime's adaptive routes: the minimal route and
// its non-minimal candidates between two hosts (platforms/dfplus.h says
// which they are).
#ifndef SS_DRAGONFLY_PLUS_HPP
#define SS_DRAGONFLY_PLUS_HPP

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <cstddef>

extern "C" {
#include "dfplus.h"
#include "topo.h"
}

// Links on the longest route (through an intermediate group whose two
// spines differ: node, leaf-spine, global, spine-leaf, leaf-spine,
// global, spine-leaf, node).
#define SS_DFP_MAXHOPS 8

// Builds a dragonfly-plus: spec (ss_topo_parse accepted it) as the root
// zone of SimGrid's engine.
void ss_dfp_build(const ss_topo_t *t);

// The routing (ss_routing_t) of the Dragonfly+ h is on, -1 when it is on
// none.
int ss_dfp_routing(const simgrid::s4u::Host *h);

// Candidate `path` from src to dst into hops (room for SS_DFP_MAXHOPS),
// its latency in *lat: path 0 the minimal route, path k >= 1 the k-th
// non-minimal one (through the k-th intermediate group for hosts of two
// groups, through spine (d + k) mod S for hosts of one group). How many
// links; 0 when there is no such candidate or the hosts are not on a
// Dragonfly+.
std::size_t ss_dfp_route(const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst,
                         unsigned path, simgrid::s4u::Link **hops, double *lat);

// How many candidates there are from src to dst, the minimal one
// included (1 on one leaf, S in one group, G - 1 between groups); 0 when
// the hosts are not on a Dragonfly+.
unsigned ss_dfp_paths(const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst);

#endif
