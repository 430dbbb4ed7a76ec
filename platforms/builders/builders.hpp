// builders.hpp - the zone builders of topology specs, for load.cpp: the
// fat-tree (fattree.cpp) and SimGrid's own DragonflyZone
// (dragonfly_simgrid.cpp); the cabled dragonfly, the default, is
// dragonfly.hpp's. Each builds the machine as the root zone of
// SimGrid's engine.
#ifndef SS_BUILDERS_HPP
#define SS_BUILDERS_HPP

extern "C" {
#include "cabling.h"
#include "topo.h"
}

void ss_fattree_build(const ss_topo_t *t);

// dragonfly:...,zone=simgrid, of cabling c (its groups and links per pair).
void ss_dfly_simgrid_build(const ss_topo_t *t, const ss_cabling_t *c);

// Does the spec give the intra-node path its own link (shm-lat, shm-bw)?
inline bool ss_has_shm(const ss_topo_t *t)
{
    return t->shm_lat > 0 || t->shm_bw > 0;
}

// Its bandwidth: shm-bw, else SimGrid's loopback default (10 GB/s).
inline double ss_shm_bw(const ss_topo_t *t)
{
    return t->shm_bw > 0 ? t->shm_bw : 10e9;
}

#endif
