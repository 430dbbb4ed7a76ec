#define _POSIX_C_SOURCE 200809L
/* check_elements.c - each element of a platform file as it streams by:
 * checked against the format (schema.c) and its values (check_values.c),
 * then entered in the model: zones, hosts and routers, links, routes.
 * What needs the whole file waits for ss_ck_finish (check_whole_file.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checker.h"

int ss_ck_fail(ss_checker_t *b, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_perr_v(&b->e, line, fmt, ap);
    va_end(ap);
    return -1;
}

const char *ss_ck_name(const ss_pxml_elem_t *e, char *buf, size_t n)
{
    const char *id = ss_pxml_attr(e, "id"), *src = ss_pxml_attr(e, "src");
    if (id)
        snprintf(buf, n, "<%s id=\"%s\">", e->name, id);
    else if (src)
        snprintf(buf, n, "<%s src=\"%s\" dst=\"%s\">", e->name, src,
                 ss_pxml_attr(e, "dst"));
    else
        snprintf(buf, n, "<%s>", e->name);
    return buf;
}

static int name_of(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr)
{
    int id = ss_pmodel_name(b->m, ss_pxml_attr(e, attr));
    return id >= 0 ? id : ss_ck_fail(b, e->line, "out of memory");
}

static int routing_kind(const char *r, ss_zkind_t *k)
{
    static const struct { const char *name; ss_zkind_t kind; } t[] = {
        {"Full", SS_ZK_FULL}, {"Floyd", SS_ZK_FLOYD}, {"Dijkstra", SS_ZK_DIJKSTRA},
        {"DijkstraCache", SS_ZK_DIJKSTRA}, {"Cluster", SS_ZK_STAR}, {"None", SS_ZK_NONE},
        {"Vivaldi", SS_ZK_VIVALDI}, {"Wifi", SS_ZK_WIFI},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcasecmp(r, t[i].name))   /* SimGrid compares without case */
            return *k = t[i].kind, 0;
    return -1;
}

static int add_zone(ss_checker_t *b, const ss_pxml_elem_t *e, ss_zkind_t kind)
{
    ss_pmodel_t *m = b->m;
    int name = name_of(b, e, "id"), z;
    if (name < 0)
        return -1;
    if (m->zone_of[name] >= 0)
        return ss_ck_fail(b, e->line, "zone id \"%s\" is already used at line %d; give "
                          "each zone and cluster its own id", ss_names_str(m->names, name),
                          m->zones[m->zone_of[name]].line);
    if (b->zone < 0 && ++b->tops > 1)
        return ss_ck_fail(b, e->line, "a second top-level zone \"%s\": SimGrid 3.32 takes "
                          "one root zone; put the zones in one <zone routing=\"Full\"> with "
                          "<zoneRoute>s between them", ss_names_str(m->names, name));
    if ((z = ss_pmodel_add_zone(m)) < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    m->zone_of[name] = z;
    m->zones[z] = (ss_pzone_t){.name = name, .parent = b->zone, .line = e->line, .kind = kind};
    if (b->zone >= 0)
        m->zones[b->zone].zones++;
    return z;
}

static int zone(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    ss_zkind_t kind;
    if (routing_kind(ss_pxml_attr(e, "routing"), &kind))
        return ss_ck_fail(b, e->line, "<%s id=\"%s\" routing=\"%s\">: unknown routing; "
                          "SimGrid 3.32 takes Full, Floyd, Dijkstra, DijkstraCache, Cluster, "
                          "None, Vivaldi or Wifi", e->name, ss_pxml_attr(e, "id"),
                          ss_pxml_attr(e, "routing"));
    int z = add_zone(b, e, kind);
    return z < 0 ? -1 : (b->zone = z);
}

/* A host or router called name (an interned id) in zone z. */
static int add_np(ss_checker_t *b, int line, int name, int z, int router)
{
    ss_pmodel_t *m = b->m;
    int i = m->np_of[name];
    if (i >= 0)
        return ss_ck_fail(b, line, "the name \"%s\" is already used by the %s at line %d; "
                          "hosts and routers need names of their own",
                          ss_names_str(m->names, name), m->nps[i].router ? "router" : "host",
                          m->nps[i].line);
    if ((i = ss_pmodel_add_np(m)) < 0)
        return ss_ck_fail(b, line, "out of memory");
    m->np_of[name] = i;
    m->nps[i] = (ss_pnp_t){.name = name, .zone = z, .line = line, .router = (unsigned char)router};
    if (router)
        m->zones[z].routers++;
    else
        m->zones[z].hosts++;
    return i;
}

static int in_zone(ss_checker_t *b, const ss_pxml_elem_t *e, ss_zkind_t want, const char *r)
{
    if (b->m->zones[b->zone].kind == want)
        return 0;
    return ss_ck_fail(b, e->line, "<%s> only goes in a zone with routing=\"%s\" (SimGrid "
                      "aborts or ignores it elsewhere)", e->name, r);
}

static int host(ss_checker_t *b, const ss_pxml_elem_t *e, int peer)
{
    const char *c = ss_pxml_attr(e, "coordinates");
    int name = name_of(b, e, "id"), i;
    if (name < 0 || (peer && in_zone(b, e, SS_ZK_VIVALDI, "Vivaldi")) ||
        (i = add_np(b, e->line, name, b->zone, 0)) < 0)
        return -1;
    b->m->nps[i].peer = (unsigned char)peer;
    b->m->nps[i].coords = c && *c;
    b->m->host_sources++;
    return i;
}

static int router(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    int name = name_of(b, e, "id");
    return name < 0 ? -1 : add_np(b, e->line, name, b->zone, 1);
}

static int add_link(ss_checker_t *b, const ss_pxml_elem_t *e, int split)
{
    ss_pmodel_t *m = b->m;
    int name = name_of(b, e, "id"), l;
    if (name < 0)
        return -1;
    if (m->link_of[name] >= 0)
        return ss_ck_fail(b, e->line, "link id \"%s\" is already used at line %d (SimGrid "
                          "aborts); give each link its own id", ss_names_str(m->names, name),
                          m->links[m->link_of[name]].line);
    if ((l = ss_pmodel_add_link(m)) < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    m->link_of[name] = l;
    m->links[l] = (ss_plink_t){.name = name, .line = e->line, .split = (unsigned char)split};
    return l;
}

static int link(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    const char *sp = ss_pxml_attr(e, "sharing_policy");
    return add_link(b, e, sp && (!strcmp(sp, "SPLITDUPLEX") || !strcmp(sp, "FULLDUPLEX")));
}

static int generator(ss_checker_t *b, const ss_pxml_elem_t *e, int z, int cluster)
{
    ss_pmodel_t *m = b->m;
    int g = ss_pmodel_add_gen(m);
    if (g < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    m->gens[g] = (ss_pgen_t){.zone = z, .line = e->line, .cluster = cluster,
                             .prefix = strdup(ss_pxml_attr(e, "prefix")),
                             .suffix = strdup(ss_pxml_attr(e, "suffix"))};
    if (!m->gens[g].prefix || !m->gens[g].suffix)
        return ss_ck_fail(b, e->line, "out of memory");
    m->host_sources++;
    return g;
}

/* A cluster is a zone that always routes inside itself; a flat one also
 * has a router, named router_id or PREFIX ID_router SUFFIX. */
static int cluster(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    ss_pmodel_t *m = b->m;
    const char *topo = ss_pxml_attr(e, "topology"), *rid = ss_pxml_attr(e, "router_id");
    int z = add_zone(b, e, SS_ZK_CLUSTER), g = z < 0 ? -1 : generator(b, e, z, 1);
    long count = 0;
    char name[1024];
    if (g < 0 || ss_pv_check(b, e, SS_EL_CLUSTER, &m->gens[g]))
        return -1;
    for (int i = 0; i < m->gens[g].nranges; i++)
        count += m->gens[g].hi[i] - m->gens[g].lo[i] + 1;
    m->zones[z].hosts = (int)count;
    if (topo && strcmp(topo, "FLAT"))
        return z;
    if (rid && *rid)
        snprintf(name, sizeof name, "%s", rid);
    else
        snprintf(name, sizeof name, "%s%s_router%s", ss_pxml_attr(e, "prefix"),
                 ss_pxml_attr(e, "id"), ss_pxml_attr(e, "suffix"));
    int id = ss_pmodel_name(m, name);
    if (id < 0 || add_np(b, e->line, id, z, 1) < 0)
        return id < 0 ? ss_ck_fail(b, e->line, "out of memory") : -1;
    return z;
}

static int cabinet(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    int g;
    if (in_zone(b, e, SS_ZK_STAR, "Cluster") || (g = generator(b, e, b->zone, 0)) < 0 ||
        ss_pv_check(b, e, SS_EL_CABINET, &b->m->gens[g]))
        return -1;
    for (int i = 0; i < b->m->gens[g].nranges; i++)
        b->m->zones[b->zone].hosts += (int)(b->m->gens[g].hi[i] - b->m->gens[g].lo[i] + 1);
    return g;
}

/* Enters e in the model; the index it got (zone, netpoint, ...) or -1. */
static int declare(ss_checker_t *b, const ss_pxml_elem_t *e, ss_el_t kind)
{
    if (kind != SS_EL_CLUSTER && kind != SS_EL_CABINET && ss_pv_check(b, e, kind, NULL))
        return -1;
    switch (kind) {
    case SS_EL_ZONE: return zone(b, e);
    case SS_EL_CLUSTER: return cluster(b, e);
    case SS_EL_CABINET: return cabinet(b, e);
    case SS_EL_HOST: return host(b, e, 0);
    case SS_EL_PEER: return host(b, e, 1);
    case SS_EL_ROUTER: return router(b, e);
    case SS_EL_LINK: return link(b, e);
    case SS_EL_BACKBONE:
        return in_zone(b, e, SS_ZK_STAR, "Cluster") ? -1 : add_link(b, e, 0);
    case SS_EL_HOST_LINK:
        return in_zone(b, e, SS_ZK_STAR, "Cluster") ? -1 : ss_ck_host_link(b, e);
    case SS_EL_ROUTE: return ss_ck_route(b, e, 0);
    case SS_EL_ZONE_ROUTE: return ss_ck_route(b, e, 1);
    case SS_EL_BYPASS_ROUTE:
    case SS_EL_BYPASS_ZONE_ROUTE:
        b->m->zones[b->zone].bypass = 1;
        return 0;
    case SS_EL_LINK_CTN:
        b->open[b->depth - 1].nlinks++;
        return ss_ck_link_ref(b, e);
    default:
        return 0;
    }
}

static int close_elem(ss_checker_t *b)
{
    int d = --b->depth;
    ss_el_t kind = b->open[d].kind;
    if (kind == SS_EL_ZONE)
        b->zone = b->m->zones[b->zone].parent;
    if ((kind == SS_EL_ROUTE || kind == SS_EL_ZONE_ROUTE) && b->open[d].nlinks == 0) {
        const ss_proute_t *r = &b->m->routes[b->open[d].idx];
        return ss_ck_fail(b, r->line, "the route from \"%s\" to \"%s\" has no <link_ctn>: "
                          "SimGrid refuses empty routes; list the links it crosses",
                          ss_names_str(b->m->names, r->src), ss_names_str(b->m->names, r->dst));
    }
    return 0;
}

int ss_ck_start(void *arg, const ss_pxml_elem_t *e)
{
    ss_checker_t *b = arg;
    ss_el_t kind = ss_schema_kind(e->name);
    ss_el_t parent = b->depth ? b->open[b->depth - 1].kind : SS_EL_NONE;
    char why[600];
    if (ss_schema_check(e, kind, parent, why, sizeof why))
        return ss_ck_fail(b, e->line, "%s", why);
    if (b->depth == SS_CK_DEPTH)
        return ss_ck_fail(b, e->line, "elements nested more than %d deep", SS_CK_DEPTH);
    b->open[b->depth].kind = kind;
    b->open[b->depth].nlinks = 0;
    b->open[b->depth].idx = -1;
    int idx = declare(b, e, kind);
    if (idx < 0)
        return -1;
    b->open[b->depth++].idx = idx;
    return 0;
}

int ss_ck_end(void *arg, const char *name, int line)
{
    (void)name;
    (void)line;
    return close_elem(arg);
}
