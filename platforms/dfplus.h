/* dfplus.h - a Dragonfly+ (InfiniBand machines such as Leonardo, JUWELS
 * Booster): its spec keys and checks (topo_dfplus.c, for topo.c) and how
 * it is cabled (dfplus.c): which spine holds each global link, which
 * candidates a route has, what the cables add up to. Pure arithmetic,
 * shared by the zone builder (builders/dragonfly_plus.cpp), the span
 * estimates (capacity.c) and `shmemsim platform --describe`.
 *
 *   dragonfly-plus:groups=G,leaves=L,spines=S[/u],nodes=N,global-per-spine=K
 *
 * A group is a two-level fat-tree: L leaf switches with N nodes each, S
 * spine switches, every leaf joined to every spine by u cables. Groups
 * are joined spine to spine: every spine has K global ports, and every
 * two groups by
 *
 *   P = floor(S x K / (G - 1))
 *
 * links; the S x K - P (G - 1) ports left over in each group stay
 * uncabled. The pattern (as the dragonfly's, cabling.h): group g numbers
 * its global ports k = 0 .. S*K-1, spine k / K holding port k. Its link
 * number l (0..P-1) to group h, at relative distance d = (h - g - 1) mod
 * G, is on port d + l (G-1); the far end is h's port d' + l (G-1), d' =
 * (g - h - 1) mod G. Each cable joins one port on each side, no port is
 * used twice, and with K = G - 1 (Leonardo) link l of every pair sits on
 * spine l at both ends: one link per spine to every other group. */
#ifndef SS_DFPLUS_H
#define SS_DFPLUS_H

#include <stddef.h>

#include "topo.h"

#define SS_DFP_PREFIX "dragonfly-plus:"

/* For topo.c: sets key (one of the Dragonfly+ keys) from v, 0; -1 with
 * one line in err when the value is bad or the key unknown. */
int ss_dfp_key(ss_topo_t *t, const char *key, const char *v, char *err, size_t n);

/* For topo.c: the spec as a whole (keys given, counts that fit,
 * every group pair cabled); -1 with one line in err. */
int ss_dfp_check(const ss_topo_t *t, char *err, size_t n);

typedef struct ss_dfp {
    unsigned groups, leaves, spines, nodes;   /* G, L, S, N */
    unsigned up;             /* u: cables from a leaf to each spine */
    unsigned ports;          /* K: global ports per spine */
    unsigned per_pair;       /* P: links between two groups (0: one group) */
    double bw, lat;          /* a leaf-spine cable */
    double gbw, glat;        /* a global cable */
    double node_bw, node_lat;   /* a node's link to its leaf (NIC included) */
} ss_dfp_t;

/* The cabling of a Dragonfly+ spec that ss_topo_parse accepted. */
void ss_dfp_of(const ss_topo_t *t, ss_dfp_t *c);

/* Nodes in a group; where node x sits (group, leaf within its group). */
size_t ss_dfp_group_nodes(const ss_dfp_t *c);
unsigned ss_dfp_group_of(const ss_dfp_t *c, size_t x);
unsigned ss_dfp_leaf_of(const ss_dfp_t *c, size_t x);

/* The spine (0..S-1) of group g holding its link l to group h (g != h,
 * l < P). */
unsigned ss_dfp_spine(const ss_dfp_t *c, unsigned g, unsigned h, unsigned l);

/* Port number (0 .. P (G-1) - 1) of that link in group g: where a table
 * of g's cabled ports holds it. */
size_t ss_dfp_port(const ss_dfp_t *c, unsigned g, unsigned h, unsigned l);

/* How many spines of group g hold its links to group h. */
unsigned ss_dfp_pair_spines(const ss_dfp_t *c, unsigned g, unsigned h);

/* Routes, by destination as InfiniBand's forwarding tables route
 * (d-mod-k): from node s to node d in another group, the minimal route
 * takes the pair's link d mod P; inside a group, spine d mod S.
 * Candidates (path 0 the minimal route; ss_dfp_candidates counts them, the
 * minimal one included):
 *   same node or leaf  1 (no spine to choose)
 *   same group         S: path k climbs to spine (d + k) mod S
 *   other groups       G - 1: path k >= 1 goes through the intermediate
 *                      group ss_dfp_via(c, s, d, k) */
unsigned ss_dfp_link(const ss_dfp_t *c, size_t d);
unsigned ss_dfp_route_spine(const ss_dfp_t *c, size_t d, unsigned path);
unsigned ss_dfp_candidates(const ss_dfp_t *c, size_t s, size_t d);

/* The k-th intermediate group (1 <= k <= G-2) of a route between nodes s
 * and d of different groups: the other groups in cyclic order, starting
 * at one picked by a hash of (s, d), so that pairs of the same two
 * groups spread their first choices over all the others. */
unsigned ss_dfp_via(const ss_dfp_t *c, size_t s, size_t d, unsigned k);

/* What the cabling amounts to, for --describe and the tests. Bandwidths
 * are one direction, B/s. */
typedef struct ss_dfp_sum {
    size_t nodes, leaves, spines;
    size_t node_links, local_links, global_links;   /* cables */
    size_t ports_unused;   /* global ports left uncabled in each group */
    double pair_bw;        /* P x global-bw: between two groups */
    double group_out_bw;   /* one group to all others */
    double group_in_bw;    /* its nodes' injection (L x N x NIC) */
    double leaf_up_bw;     /* one leaf to its spines (S x u x bw) */
    double bisection_bw;   /* see dfplus.c */
} ss_dfp_sum_t;
void ss_dfp_sum(const ss_dfp_t *c, ss_dfp_sum_t *s);

#endif
