/* check_routes.c - after placement, before the simulation: can every PE's host
 * reach every other PE's host? SimGrid finds out mid-run, by aborting
 * ("no connecting path", "No route from"), crashing (Dijkstra), or not at
 * all (a Full zone missing the stretch from a host to its zone's gateway
 * drops it from the route and times it too fast).
 *
 * Only the hosts PEs run on matter, zone by zone from the root. In a
 * zone, each such host stands for itself if it is directly inside, else
 * for the child zone holding it (its "rep"). The reps must be joined:
 *   Full             a route for each ordered pair (or a symmetrical one
 *                    the other way): pairs of reps, looked up by hash
 *   Floyd, Dijkstra  a path both ways: one search forward and one back
 *                    from one rep, linear in the zone's routes
 *   None             no routes at all: at most one rep, and no PE host
 *                    directly inside (PEs send to themselves too)
 *   Vivaldi          a <host> needs coordinates and cannot reach itself
 *                    (a <peer> can)
 *   Cluster (star)   a host routes through its <host_link>
 *   clusters, Wifi   left to SimGrid (the former always route)
 * A child zone reached through zoneRoutes must then join its PE hosts to
 * the gateways used: they are checked with them one level down. Zones
 * with bypass routes are left to SimGrid. Every host is checked against
 * itself too: PEs put to themselves. Platforms made of one <cluster>
 * (and specs) cost nothing here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_routes.h"

typedef ss_rent_t ent_t;
typedef ss_rctx_t ctx_t;

const char *ss_routes_node(const ctx_t *c, int n, char *buf, size_t len)
{
    const ss_pmodel_t *m = c->m;
    if (n >= m->nnps)
        snprintf(buf, len, "zone \"%s\"",
                 ss_names_str(m->names, m->zones[n - m->nnps].name));
    else
        snprintf(buf, len, "%s \"%s\"", m->nps[n].router ? "router" : "host",
                 ss_names_str(m->names, m->nps[n].name));
    return buf;
}

static int rep_of(const ss_pmodel_t *m, int np, int zone)
{
    int z = m->nps[np].zone;
    if (z == zone)
        return np;
    while (m->zones[z].parent != zone)
        z = m->zones[z].parent;
    return m->nnps + z;
}

static int by_rep(const void *a, const void *b)
{
    const ent_t *x = a, *y = b;
    return x->rep != y->rep ? (x->rep < y->rep ? -1 : 1)
                            : (x->np < y->np ? -1 : x->np > y->np);
}

static int zone_check(ctx_t *c, int z, const int *nps, int n);

/* Sorts ents by rep and recurses into each child zone whose group holds
 * a PE host. */
static int descend(ctx_t *c, ent_t *ents, int n)
{
    qsort(ents, (size_t)n, sizeof *ents, by_rep);
    int *nps = malloc((size_t)(n ? n : 1) * sizeof *nps), rc = 0;
    if (!nps)
        return ss_perr(c->e, 0, "out of memory");
    for (int i = 0, j; i < n && !rc; i = j) {
        int k = 0, placed = 0;
        for (j = i; j < n && ents[j].rep == ents[i].rep; j++)
            if (j == i || ents[j].np != ents[j - 1].np) {
                nps[k++] = ents[j].np;
                placed |= c->pes[ents[j].np] > 0;
            }
        if (placed && ents[i].rep >= c->m->nnps)
            rc = zone_check(c, ents[i].rep - c->m->nnps, nps, k);
    }
    free(nps);
    return rc;
}

static int zone_check(ctx_t *c, int z, const int *nps, int n)
{
    int cap = 2 * n + 16, rc;
    ent_t *ents = malloc((size_t)cap * sizeof *ents);
    if (!ents)
        return ss_perr(c->e, 0, "out of memory");
    for (int i = 0; i < n; i++)
        ents[i] = (ent_t){rep_of(c->m, nps[i], z), nps[i]};
    qsort(ents, (size_t)n, sizeof *ents, by_rep);
    rc = ss_routes_level(c, z, &ents, &n, &cap);
    if (!rc)
        rc = descend(c, ents, n);
    free(ents);
    return rc;
}

/* The netpoints PEs run on, once each, with their PE counts in c->pes. */
static int *placed(ctx_t *c, sg_host_t *hosts, const size_t *slot, size_t n, int *count)
{
    const ss_pmodel_t *m = c->m;
    int *nps = malloc((n ? n : 1) * sizeof *nps), last = -1;
    sg_host_t prev = NULL;
    *count = 0;
    for (size_t i = 0; nps && i < n; i++) {
        sg_host_t h = hosts[slot[i]];
        if (h != prev) {   /* block placement: runs of PEs on one host */
            int id = ss_names_find(m->names, sg_host_get_name(h));
            last = id >= 0 && id < m->nmap ? m->np_of[id] : -1;
            prev = h;
        }
        if (last >= 0 && c->pes[last]++ == 0)
            nps[(*count)++] = last;
        if (last >= 0 && c->pes[last] > 2)
            c->pes[last] = 2;
    }
    return nps;
}

/* Routes grouped by zone (a counting sort). */
static int by_zone(ctx_t *c)
{
    const ss_pmodel_t *m = c->m;
    c->first = calloc((size_t)m->nzones + 1, sizeof *c->first);
    c->list = malloc((size_t)(m->nroutes ? m->nroutes : 1) * sizeof *c->list);
    if (!c->first || !c->list)
        return -1;
    for (int r = 0; r < m->nroutes; r++)
        c->first[m->routes[r].zone + 1]++;
    for (int z = 0; z < m->nzones; z++)
        c->first[z + 1] += c->first[z];
    int *at = malloc((size_t)(m->nzones ? m->nzones : 1) * sizeof *at);
    if (!at)
        return -1;
    memcpy(at, c->first, (size_t)m->nzones * sizeof *at);
    for (int r = 0; r < m->nroutes; r++)
        c->list[at[m->routes[r].zone]++] = r;
    free(at);
    return 0;
}

/* A file of clusters only routes everywhere: nothing to check. */
static int needed(const ss_pmodel_t *m)
{
    for (int z = 0; z < m->nzones; z++)
        if (m->zones[z].kind != SS_ZK_CLUSTER)
            return 1;
    return 0;
}

int ss_routes_check(const ss_pmodel_t *m, sg_host_t *hosts, const size_t *slot,
                    size_t n, ss_perr_t *e)
{
    if (!m || !needed(m))
        return 0;
    ctx_t c = {.m = m, .e = e};
    int count = 0, *nps = NULL, rc = -1, root = 0;
    size_t nodes = (size_t)m->nnps + (size_t)m->nzones;
    c.pes = calloc((size_t)m->nnps + 1, 1);
    c.loc = malloc(nodes * sizeof *c.loc);
    if (c.pes && c.loc && !by_zone(&c) && (nps = placed(&c, hosts, slot, n, &count))) {
        for (size_t i = 0; i < nodes; i++)
            c.loc[i] = -1;
        while (m->zones[root].parent >= 0)
            root = m->zones[root].parent;
        rc = count ? zone_check(&c, root, nps, count) : 0;
    } else {
        ss_perr(e, 0, "out of memory");
    }
    free(nps);
    free(c.pes);
    free(c.loc);
    free(c.first);
    free(c.list);
    return rc;
}
