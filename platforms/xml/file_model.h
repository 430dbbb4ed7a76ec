/* file_model.h - what the checks learn of a platform file: its zones, hosts
 * and routers (netpoints), links and routes, by interned name. Built
 * while the file streams by (check_elements.c), completed at its end
 * (check_whole_file.c), and kept for the route check after placement
 * (check_routes.c).
 *
 * Zone-level graphs use one node numbering: netpoint i is node i, zone z
 * is node nnp + z. */
#ifndef SS_FILE_MODEL_H
#define SS_FILE_MODEL_H

#include <stddef.h>

#include "names.h"
#include "pairs.h"

/* How a zone routes. SS_ZK_CLUSTER: a <cluster>, which always routes
 * inside itself. */
typedef enum {
    SS_ZK_FULL, SS_ZK_FLOYD, SS_ZK_DIJKSTRA, SS_ZK_STAR, SS_ZK_NONE,
    SS_ZK_VIVALDI, SS_ZK_WIFI, SS_ZK_CLUSTER
} ss_zkind_t;

typedef struct ss_pzone {
    int name, parent, line;      /* parent -1: the root zone */
    ss_zkind_t kind;
    int hosts, routers, zones;   /* directly inside it */
    int bypass;                  /* has bypass routes: left to SimGrid */
} ss_pzone_t;

typedef struct ss_pnp {          /* a host or a router */
    int name, zone, line;
    unsigned char router, peer, coords, hostlink, routed;
} ss_pnp_t;

typedef struct ss_plink {
    int name, line;
    unsigned char split;         /* SPLITDUPLEX: used as NAME_UP / NAME_DOWN */
} ss_plink_t;

typedef struct ss_proute {
    int zone, line;
    int src, dst, gw_src, gw_dst;    /* names; gateways -1 for <route> */
    int a, b, ga, gb;                /* resolved: nodes a -> b, gateway netpoints */
    unsigned char sym, zone_route;
} ss_proute_t;

/* Host names a <cluster> or <cabinet> makes: prefix N suffix for each N
 * of its radical. Generated into the name table only when something
 * can collide with them or route to them (check_whole_file.c). */
typedef struct ss_pgen {
    int zone, line, cluster;         /* cluster: 1, cabinet: 0 */
    char *prefix, *suffix;
    long *lo, *hi;                   /* radical ranges */
    int nranges;
} ss_pgen_t;

typedef struct ss_pmodel {
    ss_names_t *names;
    int *np_of, *zone_of, *link_of;  /* per name id: index or -1 */
    int nmap;                        /* their length */
    ss_pzone_t *zones;
    ss_pnp_t *nps;
    ss_plink_t *links;
    ss_proute_t *routes;
    ss_pgen_t *gens;
    int nzones, nnps, nlinks, nroutes, ngens;
    int czones, cnps, clinks, croutes, cgens;   /* capacities */
    int host_sources;      /* <host>, <peer>, <cluster>, <cabinet> elements */
    int generated;         /* gens' host names are in the name table */
    ss_pairs_t *pairs;     /* (a, b) -> route, in Full, Floyd and Dijkstra zones */
} ss_pmodel_t;

/* An empty model; NULL when out of memory. */
ss_pmodel_t *ss_pmodel_new(void);
void ss_pmodel_free(ss_pmodel_t *m);

/* Interns s and grows the per-name maps; -1 when out of memory. */
int ss_pmodel_name(ss_pmodel_t *m, const char *s);

/* Appends an element to an array of the model (a zone, netpoint, ...);
 * its index, or -1 when out of memory. */
int ss_pmodel_add_zone(ss_pmodel_t *m);
int ss_pmodel_add_np(ss_pmodel_t *m);
int ss_pmodel_add_link(ss_pmodel_t *m);
int ss_pmodel_add_route(ss_pmodel_t *m);
int ss_pmodel_add_gen(ss_pmodel_t *m);

/* Is zone z (or netpoint np's zone) inside zone anc, or anc itself? */
int ss_pmodel_within(const ss_pmodel_t *m, int z, int anc);

#endif
