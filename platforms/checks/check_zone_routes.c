/* check_zone_routes.c - routes inside one zone between the reps of the
 * hosts PEs run on (check_routes.c says what a rep is and what each
 * routing needs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_routes.h"

typedef ss_rent_t ent_t;
typedef ss_rctx_t ctx_t;

static const char *kind_name(ss_zkind_t k)
{
    static const char *const n[] = {"Full", "Floyd", "Dijkstra", "Cluster", "None",
                                    "Vivaldi", "Wifi", "cluster"};
    return n[k];
}

/* Does rep hold a PE host (and not only gateways)? */
static int placed_rep(const ctx_t *c, const ent_t *ents, int n, int i)
{
    for (int j = i; j < n && ents[j].rep == ents[i].rep; j++)
        if (c->pes[ents[j].np])
            return 1;
    return 0;
}

static int add(ctx_t *c, ent_t **ents, int *n, int *cap, int rep, int np)
{
    if (*n == *cap) {
        ent_t *e = realloc(*ents, (size_t)(*cap *= 2) * sizeof *e);
        if (!e)
            return ss_perr(c->e, 0, "out of memory");
        *ents = e;
    }
    (*ents)[(*n)++] = (ent_t){rep, np};
    return 0;
}

/* The reps of ents (distinct, in order) and whether each holds a PE host. */
static int reps(const ctx_t *c, const ent_t *ents, int n, int *rep, unsigned char *pl)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || ents[i].rep != ents[i - 1].rep) {
            pl[k] = (unsigned char)placed_rep(c, ents, n, i);
            rep[k++] = ents[i].rep;
        }
    return k;
}

static int no_route(ctx_t *c, int z, int from, int to, const char *how)
{
    char a[300], b[300], gw[400] = "";
    const ss_pmodel_t *m = c->m;
    const ss_pzone_t *zone = &m->zones[z];
    int both_zones = from >= m->nnps && to >= m->nnps;
    for (int k = 0; k < 2 && !*gw; k++) {
        int n = k ? to : from;
        if (n < m->nnps && !c->pes[n])
            snprintf(gw, sizeof gw, " (\"%s\" is the gateway of a <zoneRoute> their "
                     "traffic takes)", ss_names_str(m->names, m->nps[n].name));
    }
    return ss_perr(c->e, zone->line, "no route from %s to %s in zone \"%s\" (routing %s), "
                   "which PEs need%s; %s (SimGrid would abort or misroute mid-run)",
                   ss_routes_node(c, from, a, sizeof a), ss_routes_node(c, to, b, sizeof b),
                   ss_names_str(m->names, zone->name), kind_name(zone->kind), gw,
                   how ? how : both_zones ? "add a <zoneRoute> between them (with gw_src "
                   "and gw_dst), or a symmetrical one back" : "add a <route> between them, "
                   "or a symmetrical one back");
}

/* Full: a route (or a symmetrical one backwards) for each ordered pair
 * of reps one of which holds PE hosts; each zone end adds its gateway. */
static int full(ctx_t *c, int z, ent_t **ents, int *n, int *cap, const int *rep,
                const unsigned char *pl, int k)
{
    const ss_pmodel_t *m = c->m;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            if (i == j || !(pl[i] || pl[j]))
                continue;
            int r = ss_pairs_get(m->pairs, rep[i], rep[j]);
            if (r < 0)
                return no_route(c, z, rep[i], rep[j], NULL);
            const ss_proute_t *ro = &m->routes[r];
            int fwd = ro->a == rep[i];
            if (ro->zone_route && (add(c, ents, n, cap, rep[i], fwd ? ro->ga : ro->gb) ||
                                   add(c, ents, n, cap, rep[j], fwd ? ro->gb : ro->ga)))
                return -1;
        }
    return 0;
}

/* Breadth-first over the zone's routes from local node s, forward or
 * backward; seen[] marks what is reached. */
static void search(const int *off, const int *to, int s, unsigned char *seen, int *queue)
{
    int head = 0, tail = 0;
    seen[s] = 1;
    queue[tail++] = s;
    while (head < tail)
        for (int u = queue[head++], e = off[u]; e < off[u + 1]; e++)
            if (!seen[to[e]]) {
                seen[to[e]] = 1;
                queue[tail++] = to[e];
            }
}

typedef struct graph {
    int nodes, *node;            /* local -> node */
    int *off[2], *to[2];         /* CSR forward [0] and backward [1] */
} graph_t;

static void graph_free(ctx_t *c, graph_t *g)
{
    for (int i = 0; i < g->nodes; i++)
        c->loc[g->node[i]] = -1;
    free(g->node);
    for (int d = 0; d < 2; d++) {
        free(g->off[d]);
        free(g->to[d]);
    }
}

static int local(ctx_t *c, graph_t *g, int node)
{
    if (c->loc[node] < 0) {
        c->loc[node] = g->nodes;
        g->node[g->nodes++] = node;
    }
    return c->loc[node];
}

/* The zone's routes as a graph over local indices, both directions. */
static int build(ctx_t *c, int z, graph_t *g)
{
    const ss_pmodel_t *m = c->m;
    int lo = c->first[z], nr = c->first[z + 1] - lo, cnt = 0;
    memset(g, 0, sizeof *g);
    g->node = malloc((size_t)(2 * nr + 1) * sizeof *g->node);
    for (int d = 0; d < 2; d++) {
        g->off[d] = calloc((size_t)(2 * nr + 2), sizeof *g->off[d]);
        g->to[d] = malloc((size_t)(2 * nr + 1) * sizeof *g->to[d]);
        if (!g->node || !g->off[d] || !g->to[d])
            return ss_perr(c->e, 0, "out of memory");
    }
    int (*edge)[2] = malloc((size_t)(2 * nr + 1) * sizeof *edge);
    if (!edge)
        return ss_perr(c->e, 0, "out of memory");
    for (int i = 0; i < nr; i++) {
        const ss_proute_t *r = &m->routes[c->list[lo + i]];
        int a = local(c, g, r->a), b = local(c, g, r->b);
        edge[cnt][0] = a, edge[cnt++][1] = b;
        if (r->sym && a != b)
            edge[cnt][0] = b, edge[cnt++][1] = a;
    }
    for (int d = 0; d < 2; d++) {
        for (int e = 0; e < cnt; e++)
            g->off[d][edge[e][d] + 1]++;
        for (int u = 0; u < g->nodes; u++)
            g->off[d][u + 1] += g->off[d][u];
        int *at = g->off[d];
        for (int e = 0; e < cnt; e++)   /* fill, then shift the offsets back */
            g->to[d][at[edge[e][d]]++] = edge[e][!d];
        memmove(at + 1, at, (size_t)g->nodes * sizeof *at);
        at[0] = 0;
    }
    free(edge);
    return 0;
}

/* The gateways of zoneRoutes between reached nodes: the child zones
 * must join them to their PE hosts. */
static int gateways(ctx_t *c, int z, const unsigned char *seen, ent_t **ents, int *n,
                    int *cap)
{
    for (int i = c->first[z]; i < c->first[z + 1]; i++) {
        const ss_proute_t *r = &c->m->routes[c->list[i]];
        if (r->zone_route && seen[c->loc[r->a]] && seen[c->loc[r->b]] &&
            (add(c, ents, n, cap, r->a, r->ga) || add(c, ents, n, cap, r->b, r->gb)))
            return -1;
    }
    return 0;
}

/* Floyd, Dijkstra: all reps on one cycle of routes with the first rep
 * holding PE hosts; gateways of the zoneRoutes among them go down. */
static int paths(ctx_t *c, int z, ent_t **ents, int *n, int *cap, const int *rep,
                 const unsigned char *pl, int k)
{
    graph_t g;
    int s = 0, rc = 0;
    while (!pl[s])
        s++;
    if (build(c, z, &g))
        return graph_free(c, &g), -1;
    unsigned char *seen = calloc((size_t)(2 * g.nodes + 2), 1);
    int *queue = malloc((size_t)(g.nodes + 1) * sizeof *queue), from = c->loc[rep[s]];
    if (!seen || !queue)
        rc = ss_perr(c->e, 0, "out of memory");
    for (int d = 0; d < 2 && !rc && from >= 0; d++)
        search(g.off[d], g.to[d], from, seen + d * g.nodes, queue);
    for (int i = 0; i < k && !rc; i++) {
        int at = c->loc[rep[i]];
        if (i == s)
            continue;
        if (at < 0 || from < 0 || !seen[at])
            rc = no_route(c, z, rep[s], rep[i], "join them with a chain of <route>s");
        else if (!seen[g.nodes + at])
            rc = no_route(c, z, rep[i], rep[s], "join them with a chain of <route>s");
    }
    if (!rc)
        rc = gateways(c, z, seen, ents, n, cap);
    free(seen);
    free(queue);
    graph_free(c, &g);
    return rc;
}

/* A host PEs run on directly in zone z: can it reach itself? */
static int self(ctx_t *c, int z, int np)
{
    const ss_pnp_t *p = &c->m->nps[np];
    ss_zkind_t kind = c->m->zones[z].kind;
    const char *why = NULL;
    if (p->router || !c->pes[np])
        return 0;
    if (kind == SS_ZK_DIJKSTRA && !p->routed)
        why = "it is in no <route> of this Dijkstra zone (SimGrid crashes); add one";
    else if (kind == SS_ZK_NONE)
        why = "routing=\"None\" has no routes at all; use Full, Floyd or a <cluster>";
    else if (kind == SS_ZK_VIVALDI && !p->peer && !p->coords)
        why = "a Vivaldi host needs coordinates=\"X Y Z\"";
    else if (kind == SS_ZK_VIVALDI && !p->peer)
        why = "a Vivaldi <host> has no route to itself in SimGrid 3.32; make it a <peer>";
    else if (kind == SS_ZK_STAR && !p->hostlink)
        why = "a host of a routing=\"Cluster\" zone needs a <host_link> (SimGrid would "
              "leave its links out)";
    if (!why)
        return 0;
    return ss_perr(c->e, c->m->zones[z].line, "PEs run on host \"%s\" (line %d) in zone "
                   "\"%s\", which cannot route to and from it: %s",
                   ss_names_str(c->m->names, p->name), p->line,
                   ss_names_str(c->m->names, c->m->zones[z].name), why);
}

int ss_routes_level(ctx_t *c, int z, ent_t **ents, int *n, int *cap)
{
    const ss_pzone_t *zone = &c->m->zones[z];
    int *rep = malloc((size_t)*n * sizeof *rep), k, rc = 0;
    unsigned char *pl = malloc((size_t)*n);
    if (!rep || !pl) {
        free(rep);
        free(pl);
        return ss_perr(c->e, 0, "out of memory");
    }
    k = reps(c, *ents, *n, rep, pl);
    for (int i = 0; i < k && !rc; i++)
        if (rep[i] < c->m->nnps)
            rc = self(c, z, rep[i]);
    if (rc || zone->bypass || k < 2)
        ;
    else if (zone->kind == SS_ZK_FULL)
        rc = full(c, z, ents, n, cap, rep, pl, k);
    else if (zone->kind == SS_ZK_FLOYD || zone->kind == SS_ZK_DIJKSTRA)
        rc = paths(c, z, ents, n, cap, rep, pl, k);
    else if (zone->kind == SS_ZK_NONE)
        rc = no_route(c, z, rep[0], rep[1], "routing=\"None\" has no routes at all; use "
                      "Full or Floyd with <route>s");
    free(rep);
    free(pl);
    return rc;
}
