/* cabling.h - how a dragonfly spec is cabled: which router of a group
 * holds each global link, which links a route takes, and the capacities
 * that follow. Pure arithmetic, shared by the zone builder
 * (dragonfly.cpp), the span estimates (capacity.c) and `shmemsim
 * platform --describe`.
 *
 * A group is C chassis of R routers, N nodes on each router. In a
 * chassis every two routers are joined (green: `routers=R/k`, k links);
 * routers at the same place in two chassis of a group are joined
 * (black: `chassis=C/k`). Every router has up to P global ports, and
 * every two groups are joined by L links (`groups=G/L`, or L =
 * floor(C x R x P / (G - 1)) from `global-per-router=P`).
 *
 * The pattern: group g numbers its global ports k = 0 .. C*R*P-1, router k / P
 * holding port k. Its link number l (0..L) to group h, at relative
 * distance d = (h - g - 1) mod G (0..G-2), is on port k = d + l*(G-1).
 * The far end is group h's port d' + l*(G-1), d' = (g - h - 1) mod G, so
 * each cable joins one port on each side, no port is used twice, and a
 * group pair's L links sit on routers spread over the whole group (one
 * every (G-1)/P routers) instead of on one. */
#ifndef SS_CABLING_H
#define SS_CABLING_H

#include <stddef.h>

#include "topo.h"

typedef struct ss_cabling {
    unsigned groups, chassis, routers, nodes;   /* G, C, R, N */
    unsigned green, black;   /* parallel links per router pair */
    unsigned ports;          /* P: global ports in use per router, at most */
    unsigned per_pair;       /* L: links between two groups */
    double bw, lat;          /* a link in a group */
    double gbw, glat;        /* a global link */
    double node_bw, node_lat;   /* a node's link to its router (NIC included) */
    unsigned nics;              /* such links per node */
} ss_cabling_t;

/* The cabling of a dragonfly spec; -1 with one line in err when it
 * cannot be cabled (more links per group pair than a group has ports). */
int ss_cabling_of(const ss_topo_t *t, ss_cabling_t *c, char *err, size_t errlen);

/* Nodes in a group, routers in a group. */
size_t ss_cabling_group_nodes(const ss_cabling_t *c);
unsigned ss_cabling_group_routers(const ss_cabling_t *c);

/* The router (0 .. C*R-1, chassis-major) of group g holding its link l
 * to group h (g != h, l < L). */
unsigned ss_cabling_router(const ss_cabling_t *c, unsigned g, unsigned h, unsigned l);

/* How many routers of group g hold its links to group h. */
unsigned ss_cabling_pair_routers(const ss_cabling_t *c, unsigned g, unsigned h);

/* The link of the group pair a route from node s to node d takes:
 * spread over the pair's L links by a hash of (s, d), so the traffic of
 * a pair of groups enters and leaves through all of the pair's routers,
 * each route always the same (deterministic). */
unsigned ss_cabling_pick(const ss_cabling_t *c, size_t s, size_t d);

/* Valiant's intermediate group for a route from node s (group gs) to
 * node d (group gd), candidate k >= 1: one of the other G-2 groups,
 * from a hash of (s, d), the next one for each next k (the k-th
 * non-minimal route adaptive routing may weigh); gd when there is none
 * (G < 3). The static Valiant routing takes k = 1. */
unsigned ss_cabling_via(const ss_cabling_t *c, size_t s, size_t d, unsigned gs, unsigned gd,
                        unsigned k);

/* The same inside one group: the k-th intermediate router (0 .. C*R-1)
 * for a route from node s on router as to node d on router ad != as of
 * the same group; ad when there is none (fewer than 3 routers). */
unsigned ss_cabling_via_router(const ss_cabling_t *c, size_t s, size_t d, unsigned as,
                               unsigned ad, unsigned k);

/* The links of a route, as cabling (the zone builder maps them to its
 * SimGrid links, platforms/crossing.c to its load tables). One direction
 * of a split-duplex link: a node's link up to its router or down from it,
 * its loopback (a node's own PEs, shm-lat/shm-bw), a green link between
 * blades a -> b of chassis `x` (group g's chassis c: x = g*C + c), a
 * black link between chassis a -> b of blade `x` (x = g*R + blade), or
 * the global bundle (all L links) of groups a -> b. */
typedef enum {
    SS_HOP_UP, SS_HOP_DOWN, SS_HOP_LOOP, SS_HOP_GREEN, SS_HOP_BLACK, SS_HOP_GLOBAL
} ss_hop_kind_t;
typedef struct ss_cabling_hop {
    unsigned char kind;    /* ss_hop_kind_t */
    unsigned x, a, b;      /* UP, DOWN, LOOP: x the node */
} ss_cabling_hop_t;

/* Links on the longest route (Valiant: node, 2 local, global, 2 local,
 * global, 2 local, node; within a group at most 6). */
#define SS_CABLING_MAXHOPS 12

/* How many routes there are from node s to node d: the minimal one and
 * the non-minimal candidates (another group between groups, another
 * router within one). */
unsigned ss_cabling_paths(const ss_cabling_t *c, size_t s, size_t d);

/* Route number `path` from node s to node d into hops (room for
 * SS_CABLING_MAXHOPS): path 0 the minimal one, k >= 1 the k-th
 * non-minimal candidate. A node to itself takes its loopback when
 * `loopback`, else its link up and back down. Between groups the route
 * crosses the pair's link picked for (s, d) (ss_cabling_pick), through
 * the routers holding it: local hops green to the blade, then black to
 * the chassis. Returns the hops, 0 when there is no such path. */
size_t ss_cabling_route(const ss_cabling_t *c, size_t s, size_t d, unsigned path,
                        int loopback, ss_cabling_hop_t *hops);

/* What the cabling amounts to, for --describe and the tests. Bandwidths
 * are one direction, B/s. */
typedef struct ss_cabling_sum {
    size_t nodes, routers;
    size_t green_links, black_links, global_links, node_links;
    double pair_bw;        /* L x global-bw: between two groups */
    double group_out_bw;   /* one group to all others */
    double group_in_bw;    /* its nodes' injection (N x C x R x NICs x NIC) */
    double bisection_bw;   /* global links between two halves of the groups */
} ss_cabling_sum_t;
void ss_cabling_sum(const ss_cabling_t *c, ss_cabling_sum_t *s);

#endif
