/* check_whole_file.c - the checks that need the whole platform file:
 * links used before (or without) their declaration, host_links, the
 * names clusters make, the ends and gateways of routes, routes given
 * twice, zones with nothing in them, a platform without hosts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"

static const char *str(const ss_checker_t *b, int name)
{
    return ss_names_str(b->m->names, name);
}

static int link_refs(ss_checker_t *b)
{
    for (int i = 0; i < b->nlinks; i++) {
        const ss_pref_t *r = &b->links[i];
        int l = b->m->link_of[r->name];
        if (l >= 0)
            return ss_ck_fail(b, r->line, "<link_ctn id=\"%s\"> comes before the link's "
                              "declaration at line %d, and SimGrid looks links up as it "
                              "reads; declare the link earlier", str(b, r->name),
                              b->m->links[l].line);
        return ss_ck_fail(b, r->line, "<link_ctn id=\"%s\">: no link \"%s\" is declared; "
                          "add <link id=\"%s\" bandwidth=\"...\" latency=\"...\"/> before "
                          "this route", str(b, r->name), str(b, r->name), str(b, r->name));
    }
    return 0;
}

static int host_links(ss_checker_t *b)
{
    const ss_pmodel_t *m = b->m;
    for (int i = 0; i < b->nhostlinks; i++) {
        const ss_pref_t *r = &b->hostlinks[i];
        int h = m->np_of[r->name];
        if (h < 0 || m->nps[h].router || m->nps[h].zone != r->zone)
            return ss_ck_fail(b, r->line, "<host_link id=\"%s\">: no host \"%s\" in zone "
                              "\"%s\"", str(b, r->name), str(b, r->name),
                              str(b, m->zones[r->zone].name));
        for (int k = 0; k < 2; k++) {
            int name = k ? r->down : r->up;
            if (m->link_of[name] < 0 && !ss_ck_split_half(m, str(b, name)))
                return ss_ck_fail(b, r->line, "<host_link id=\"%s\"> %s=\"%s\": no such "
                                  "link (a SPLITDUPLEX link L is L_UP and L_DOWN)",
                                  str(b, r->name), k ? "down" : "up", str(b, name));
        }
        m->nps[h].hostlink = 1;
    }
    return 0;
}

/* The host names of a cluster or cabinet into the name table, refusing
 * a name already taken. */
static int generate(ss_checker_t *b, const ss_pgen_t *g)
{
    ss_pmodel_t *m = b->m;
    char name[2048];
    for (int r = 0; r < g->nranges; r++)
        for (long k = g->lo[r]; k <= g->hi[r]; k++) {
            snprintf(name, sizeof name, "%s%ld%s", g->prefix, k, g->suffix);
            int id = ss_pmodel_name(m, name);
            if (id >= 0 && m->np_of[id] >= 0)
                return ss_ck_fail(b, g->line, "this %s makes a host \"%s\", a name already "
                                  "used by the %s at line %d; change its prefix, suffix or "
                                  "radical", g->cluster ? "cluster" : "cabinet", name,
                                  m->nps[m->np_of[id]].router ? "router" : "host",
                                  m->nps[m->np_of[id]].line);
            int i = id < 0 ? -1 : ss_pmodel_add_np(m);
            if (i < 0)
                return ss_ck_fail(b, g->line, "out of memory");
            m->np_of[id] = i;
            m->nps[i] = (ss_pnp_t){.name = id, .zone = g->zone, .line = g->line,
                                   .hostlink = !g->cluster};
        }
    return 0;
}

/* Cluster host names are only needed when they can clash with other
 * names or be a route's gateway: not for a file that is one cluster
 * (100,000 names would cost more than everything else here). */
static int generate_all(ss_checker_t *b)
{
    int zone_routes = 0;
    for (int r = 0; r < b->m->nroutes; r++)
        zone_routes |= b->m->routes[r].zone_route;
    if (b->m->host_sources < 2 && !zone_routes)
        return 0;
    for (int g = 0; g < b->m->ngens; g++)
        if (generate(b, &b->m->gens[g]))
            return -1;
    b->m->generated = 1;
    return 0;
}

static int empty_zones(ss_checker_t *b)
{
    ss_pmodel_t *m = b->m;
    long *inside = calloc((size_t)m->nzones + 1, sizeof *inside), hosts = 0;
    if (!inside)
        return ss_ck_fail(b, 0, "out of memory");
    /* A zone is declared before the zones in it: children come later. */
    for (int z = m->nzones - 1; z >= 0; z--) {
        inside[z] += m->zones[z].hosts + m->zones[z].routers;
        hosts += m->zones[z].hosts;
        if (m->zones[z].parent >= 0)
            inside[m->zones[z].parent] += inside[z];
    }
    for (int z = 0; z < m->nzones; z++)
        if (!inside[z]) {
            free(inside);
            return ss_ck_fail(b, m->zones[z].line, "zone \"%s\" has no host or router in "
                              "it (SimGrid aborts on a platform without hosts); add some or "
                              "remove the zone", str(b, m->zones[z].name));
        }
    free(inside);
    if (!hosts)
        return ss_ck_fail(b, 0, "has no host; add <host> elements or a <cluster>");
    return 0;
}

int ss_ck_finish(ss_checker_t *b)
{
    if (!b->tops)
        return ss_ck_fail(b, 0, "has no <zone> or <cluster>: a SimGrid platform is "
                          "<platform version=\"4.1\"><zone id=\"...\" routing=\"Full\"> "
                          "hosts, links, routes </zone></platform>");
    return link_refs(b) || host_links(b) || empty_zones(b) || generate_all(b) ||
           ss_ck_resolve_routes(b) ? -1 : 0;
}
