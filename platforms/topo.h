/* topo.h - machine descriptions given as specs instead of XML:
 *   fat-tree:down=22/20/5,up=1/18/10,bw=25GBps,lat=0.5us,nic-bw=12.5GBps,...
 *   dragonfly:groups=9/4,chassis=6/3,routers=16/1,nodes=4,bw=5.25GBps,...
 *   dragonfly-plus:groups=19,leaves=18,spines=18,nodes=10,global-per-spine=18,...
 *   a preset name (ss_topo_presets), e.g. aries-xc
 * Built into SimGrid by load.cpp (its C++ zone API), or (fat-trees and
 * dragonflies) written out as platform XML (`shmemsim platform`). */
#ifndef SS_TOPO_H
#define SS_TOPO_H

#include <stddef.h>
#include <stdio.h>

#define SS_TOPO_MAXLEVELS 8
/* The longest spec, on the command line or in a .spec file's line. */
#define SS_TOPO_SPEC_MAX 511
/* The most nodes a spec may describe (SimGrid holds them all). */
#define SS_TOPO_MAX_HOSTS 10000000
/* The longest line of a .spec file (a comment may be longer than a spec). */
#define SS_TOPO_LINE_MAX 4095

typedef enum { SS_TOPO_FATTREE, SS_TOPO_DRAGONFLY, SS_TOPO_DRAGONFLY_PLUS } ss_topo_kind_t;

/* How a dragonfly (or Dragonfly+) routes between groups: minimal (one global link),
 * valiant (through an intermediate group), adaptive (per message, the
 * one that lands first, where the runtime times links itself; minimal
 * under SimGrid's flows). */
typedef enum { SS_ROUTE_ADAPTIVE, SS_ROUTE_MINIMAL, SS_ROUTE_VALIANT } ss_routing_t;
extern const char *const ss_routing_names[];   /* indexed by ss_routing_t */

#define SS_TOPO_MAX_NICS 16
typedef enum { SS_NIC_ROUND_ROBIN, SS_NIC_BLOCK } ss_nic_map_t;
extern const char *const ss_nic_map_names[];   /* indexed by ss_nic_map_t */

typedef struct ss_topo {
    ss_topo_kind_t kind;
    /* fat-tree (SimGrid's PGFT): per level, children per switch, parents
     * per element, parallel links */
    int levels;
    unsigned down[SS_TOPO_MAXLEVELS], up[SS_TOPO_MAXLEVELS],
             links[SS_TOPO_MAXLEVELS];
    /* dragonfly: (count, links) of groups, chassis per group, routers per
     * chassis; nodes per router */
    unsigned groups[2], chassis[2], routers[2], nodes;
    /* fat-tree: per level (1 value: all levels); dragonflies: [0] is the
     * local (router, chassis, group; leaf-spine) links */
    double bw[SS_TOPO_MAXLEVELS], lat[SS_TOPO_MAXLEVELS];   /* B/s, s */
    int nbw, nlat;
    double global_bw, global_lat;   /* dragonfly links between groups; 0:
                                       the local values */
    /* dragonfly cabling (platforms/cabling.h): global ports per router
     * (0: from groups' links per pair), routing, and whether SimGrid's own
     * DragonflyZone builds it instead (zone=simgrid) */
    unsigned global_per_router;
    /* Dragonfly+ (dfplus.h): groups[0] groups, nodes per leaf in nodes,
     * and leaf switches per group, (spine switches per group, cables
     * from a leaf to each), global ports per spine */
    unsigned leaves, spines[2], global_per_spine;
    int routing;               /* ss_routing_t */
    int simgrid_zone;
    double nic_bw, nic_lat;    /* node injection link; 0: none */
    /* NICs per node (dragonfly specs; 1 elsewhere), each its own link of
     * nic_bw with its own gap, and how a node's PEs spread over them:
     * round-robin by rank on the node, or in blocks (one NIC per socket
     * or GPU's worth of PEs) */
    unsigned nics;
    int nic_map;               /* ss_nic_map_t */
    int cores;                 /* cores per node */
    /* Per-message software costs of the loggp model (models/model.h), in
     * seconds and B/s; has_costs: the spec gave any of them. */
    double o, o_recv, gap, shm_o, shm_lat, shm_bw;
    double shm_o_recv;         /* < 0: not given, o_recv stands for it */
    double o_get, shm_o_get;   /* < 0: not given, o and shm-o stand for them */
    double o_quiet, shm_o_quiet;
    int unordered;             /* order=adaptive (1) or fifo (0) */
    int has_costs;
} ss_topo_t;

/* The NIC (0 .. nics-1) of the PE of rank `local` among the `ppn` PEs of
 * its node. */
unsigned ss_topo_nic_of(const ss_topo_t *t, unsigned local, unsigned ppn);

typedef struct ss_topo_preset {
    const char *name, *spec, *desc;
    int ppn;                   /* usual PEs per node */
} ss_topo_preset_t;

extern const ss_topo_preset_t ss_topo_presets[];   /* NULL-name ended */

/* Is `s` a spec, a preset, or a spec file (a name ending in ".spec"
 * whose first line that is not blank or a # comment is a spec or preset)? */
int ss_topo_is_spec(const char *s);

/* PEs per node a run uses unless told otherwise: a preset's usual count,
 * a spec's cores= (1 without); 0 when s is not a spec or preset. */
int ss_topo_default_ppn(const char *s);

/* Parse a spec or preset name; -1 with one line in err on a bad spec. */
int ss_topo_parse(const char *s, ss_topo_t *t, char *err, size_t errlen);

size_t ss_topo_hosts(const ss_topo_t *t);

/* Bandwidth and latency of fat-tree level l (1 = node to leaf switch). */
double ss_topo_bw(const ss_topo_t *t, int l);
double ss_topo_lat(const ss_topo_t *t, int l);

/* SimGrid platform XML for the topology; nothing for a Dragonfly+,
 * which cluster XML cannot describe (cmd_platform.c says so). */
void ss_topo_write_xml(FILE *f, const ss_topo_t *t);

#endif
