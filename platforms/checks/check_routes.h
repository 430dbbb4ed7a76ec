/* check_routes.h - the route check between the hosts PEs run on
 * (check_routes.c, the walk down the zones; check_zone_routes.c, the
 * check inside one zone). Internal to platforms/xml/; the simulator calls
 * ss_platform_check_routes (platform.h). */
#ifndef SS_CHECK_ROUTES_H
#define SS_CHECK_ROUTES_H

#include <simgrid/host.h>
#include <stddef.h>

#include "check_error.h"
#include "xml/file_model.h"

/* PE i runs on hosts[slot[i]], for n PEs: -1 with the error in e when
 * two of those hosts (or one and itself) have no route in the model m. */
int ss_routes_check(const ss_pmodel_t *m, sg_host_t *hosts, const size_t *slot,
                    size_t n, ss_perr_t *e);

typedef struct ss_rent { int rep, np; } ss_rent_t;   /* rep: node (file_model.h) */

typedef struct ss_rctx {
    const ss_pmodel_t *m;
    ss_perr_t *e;
    unsigned char *pes;        /* per netpoint: PEs on it, saturated at 2 */
    int *first, *list;         /* routes by zone: list[first[z] .. first[z+1]) */
    int *loc;                  /* per node: index in the zone being searched, -1 */
} ss_rctx_t;

/* Checks the reps of ents (sorted by rep) inside zone z; may append
 * gateways the reps are reached through (*n, *cap grow). */
int ss_routes_level(ss_rctx_t *c, int z, ss_rent_t **ents, int *n, int *cap);

/* "host "h"", "router "r"" or "zone "z"" for node n. */
const char *ss_routes_node(const ss_rctx_t *c, int n, char *buf, size_t len);

#endif
