/* check_route_ends.c - the ends of routes. A <route> joins two hosts or
 * routers of its own zone; a <zoneRoute> joins two zones directly inside
 * its zone, through a gateway inside each. In Full, Floyd and Dijkstra zones
 * SimGrid aborts (or crashes) on a route given twice, counting a
 * symmetrical route as also given backwards; Floyd and Dijkstra count a
 * symmetrical route from a host to itself twice as well. */
#include <stdio.h>

#include "checker.h"

static const char *str(const ss_checker_t *b, int name)
{
    return ss_names_str(b->m->names, name);
}

static int routed(ss_zkind_t k)
{
    return k == SS_ZK_FULL || k == SS_ZK_FLOYD || k == SS_ZK_DIJKSTRA;
}

/* A host or router directly in zone z, by name. */
static int end_np(ss_checker_t *b, const ss_proute_t *r, const char *attr, int name)
{
    const ss_pmodel_t *m = b->m;
    int i = m->np_of[name];
    if (i >= 0 && m->nps[i].zone == r->zone)
        return i;
    return ss_ck_fail(b, r->line, "route %s=\"%s\": zone \"%s\" has no host or router of "
                      "that name (a <route> joins elements of its own zone; between "
                      "zones use <zoneRoute>)", attr, str(b, name),
                      str(b, m->zones[r->zone].name));
}

/* A zone directly in r's zone, by name. */
static int end_zone(ss_checker_t *b, const ss_proute_t *r, const char *attr, int name)
{
    const ss_pmodel_t *m = b->m;
    int z = m->zone_of[name];
    if (z >= 0 && m->zones[z].parent == r->zone)
        return z;
    return ss_ck_fail(b, r->line, "zoneRoute %s=\"%s\": no zone or cluster of that name "
                      "directly inside zone \"%s\"", attr, str(b, name),
                      str(b, m->zones[r->zone].name));
}

/* A host or router inside zone z (at any depth). */
static int gateway(ss_checker_t *b, const ss_proute_t *r, const char *attr, int name, int z)
{
    const ss_pmodel_t *m = b->m;
    int i = m->np_of[name];
    if (i >= 0 && ss_pmodel_within(m, m->nps[i].zone, z))
        return i;
    return ss_ck_fail(b, r->line, "zoneRoute %s=\"%s\" must be a host or router inside "
                      "zone \"%s\"%s", attr, str(b, name), str(b, m->zones[z].name),
                      i >= 0 ? ", but it is in another zone" : "");
}

static int resolve(ss_checker_t *b, ss_proute_t *r)
{
    ss_pmodel_t *m = b->m;
    if (!r->zone_route) {
        if ((r->a = end_np(b, r, "src", r->src)) < 0 || (r->b = end_np(b, r, "dst", r->dst)) < 0)
            return -1;
        m->nps[r->a].routed = m->nps[r->b].routed = 1;
        return 0;
    }
    int za = end_zone(b, r, "src", r->src), zb = za < 0 ? -1 : end_zone(b, r, "dst", r->dst);
    if (zb < 0)
        return -1;
    if (za == zb)
        return ss_ck_fail(b, r->line, "zoneRoute from zone \"%s\" to itself: SimGrid "
                          "refuses it; routes inside a zone are that zone's <route>s",
                          str(b, r->src));
    if ((r->ga = gateway(b, r, "gw_src", r->gw_src, za)) < 0 ||
        (r->gb = gateway(b, r, "gw_dst", r->gw_dst, zb)) < 0)
        return -1;
    r->a = m->nnps + za;
    r->b = m->nnps + zb;
    return 0;
}

static int twice(ss_checker_t *b, const ss_proute_t *r, int first)
{
    const ss_proute_t *f = &b->m->routes[first];
    if (f->a == r->a && f->b == r->b)
        return ss_ck_fail(b, r->line, "a second route from \"%s\" to \"%s\" (the first "
                          "is at line %d; SimGrid aborts); keep one", str(b, r->src),
                          str(b, r->dst), f->line);
    return ss_ck_fail(b, r->line, "the route from \"%s\" to \"%s\" and the one of line %d "
                      "go the same way, a symmetrical route counting also backwards "
                      "(SimGrid aborts); keep one, or add symmetrical=\"NO\" to both",
                      str(b, r->src), str(b, r->dst), f->line);
}

static int enter(ss_checker_t *b, int i)
{
    const ss_proute_t *r = &b->m->routes[i];
    ss_zkind_t kind = b->m->zones[r->zone].kind;
    int got = ss_pairs_add(b->m->pairs, r->a, r->b, i);
    if (got > 0)
        return twice(b, r, got - 1);
    if (got == 0 && r->sym && r->a == r->b && kind != SS_ZK_FULL)
        return ss_ck_fail(b, r->line, "a symmetrical route from \"%s\" to itself: a %s zone "
                          "counts it twice and SimGrid aborts; add symmetrical=\"NO\"",
                          str(b, r->src), kind == SS_ZK_FLOYD ? "Floyd" : "Dijkstra");
    if (got == 0 && r->sym && r->a != r->b)
        got = ss_pairs_add(b->m->pairs, r->b, r->a, i);
    if (got > 0)
        return twice(b, r, got - 1);
    return got < 0 ? ss_ck_fail(b, r->line, "out of memory") : 0;
}

int ss_ck_resolve_routes(ss_checker_t *b)
{
    ss_pmodel_t *m = b->m;
    if (!(m->pairs = ss_pairs_new(m->nroutes)))
        return ss_ck_fail(b, 0, "out of memory");
    for (int i = 0; i < m->nroutes; i++) {
        ss_proute_t *r = &m->routes[i];
        if (!routed(m->zones[r->zone].kind))
            continue;   /* SimGrid decides what routes mean in the other zones */
        if (resolve(b, r) || enter(b, i))
            return -1;
    }
    return 0;
}
