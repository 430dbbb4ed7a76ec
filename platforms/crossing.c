/* crossing.c - a round's messages on a cabled dragonfly's links
 * (crossing.h). */
#include "crossing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cabling.h"
#include "topo.h"

/* Non-minimal candidates a delayed message weighs, as in
 * sim/engine/ss_route.cpp, and the size of the table of each pair's
 * rotation through them (the runtime rotates per source host). */
#define TRIES 2
#define TURNS (1u << 16)

struct ss_crossing {
    ss_cabling_t c;
    int routing;                  /* ss_routing_t */
    size_t ngreen, nblack, nglobal;
    double *load;                 /* this round: green, black, global */
    double *total;                /* every round since the reset */
    unsigned *turn;
    double bw[3];                 /* green, black, global bundle */
};

ss_crossing_t *ss_crossing_new(const char *platform)
{
    ss_topo_t t;
    char err[256];
    if (!ss_topo_is_spec(platform) || ss_topo_parse(platform, &t, err, sizeof err) ||
        t.kind != SS_TOPO_DRAGONFLY || t.simgrid_zone)
        return NULL;
    ss_crossing_t *x = calloc(1, sizeof *x);
    if (!x || ss_cabling_of(&t, &x->c, err, sizeof err))
        return free(x), NULL;
    const ss_cabling_t *c = &x->c;
    x->routing = t.routing;
    x->ngreen = (size_t)c->groups * c->chassis * c->routers * c->routers;
    x->nblack = (size_t)c->groups * c->routers * c->chassis * c->chassis;
    x->nglobal = (size_t)c->groups * c->groups;
    size_t links = x->ngreen + x->nblack + x->nglobal;
    x->load = calloc(links, sizeof *x->load);
    x->total = calloc(links, sizeof *x->total);
    x->turn = calloc(TURNS, sizeof *x->turn);
    x->bw[0] = c->bw * c->green;
    x->bw[1] = c->bw * c->black;
    x->bw[2] = c->gbw * c->per_pair;
    if (!x->load || !x->total || !x->turn) {
        ss_crossing_free(x);
        return NULL;
    }
    return x;
}

void ss_crossing_free(ss_crossing_t *x)
{
    if (!x)
        return;
    free(x->load);
    free(x->total);
    free(x->turn);
    free(x);
}

size_t ss_crossing_group_nodes(const ss_crossing_t *x)
{
    return ss_cabling_group_nodes(&x->c);
}

size_t ss_crossing_nodes(const ss_crossing_t *x)
{
    return ss_crossing_group_nodes(x) * x->c.groups;
}

void ss_crossing_reset(ss_crossing_t *x)
{
    size_t links = x->ngreen + x->nblack + x->nglobal;
    memset(x->total, 0, links * sizeof *x->total);
    memset(x->turn, 0, TURNS * sizeof *x->turn);
}

/* A switch link's index in the load tables and its bandwidth (class 0
 * green, 1 black, 2 global); -1 for a node's own links. */
static long slot(const ss_crossing_t *x, const ss_cabling_hop_t *h, int *cls)
{
    const ss_cabling_t *c = &x->c;
    switch (h->kind) {
    case SS_HOP_GREEN:
        *cls = 0;
        return (long)(((size_t)h->x * c->routers + h->a) * c->routers + h->b);
    case SS_HOP_BLACK:
        *cls = 1;
        return (long)(x->ngreen + ((size_t)h->x * c->chassis + h->a) * c->chassis + h->b);
    case SS_HOP_GLOBAL:
        *cls = 2;
        return (long)(x->ngreen + x->nblack + (size_t)h->a * c->groups + h->b);
    default:
        return -1;
    }
}

/* A route's switch links and latency. */
typedef struct path {
    long at[SS_CABLING_MAXHOPS];
    int cls[SS_CABLING_MAXHOPS];
    size_t n;
    double lat;
} path_t;

static int route(const ss_crossing_t *x, unsigned s, unsigned d, unsigned k, path_t *p)
{
    ss_cabling_hop_t h[SS_CABLING_MAXHOPS];
    size_t n = ss_cabling_route(&x->c, s, d, k, 1, h);
    p->n = 0;
    p->lat = 2 * x->c.node_lat;
    for (size_t i = 0; i < n; i++) {
        int cls;
        long at = slot(x, &h[i], &cls);
        if (at < 0)
            continue;
        p->at[p->n] = at;
        p->cls[p->n++] = cls;
        p->lat += cls == 2 ? x->c.glat : x->c.lat;
    }
    return n > 0;
}

/* When the message would clear the route's switch links, the queues
 * being this round's loads (ss_wire_estimate's rule, all at once). */
static double clears(const ss_crossing_t *x, const path_t *p, double bytes, int queued)
{
    double end = 0;
    for (size_t i = 0; i < p->n; i++)
        end = fmax(end, ((queued ? x->load[p->at[i]] : 0) + bytes) / x->bw[p->cls[i]]);
    return p->lat + end;
}

/* The route ss_route.cpp would give the message: the minimal one unless
 * its links are queued, then the first to clear of it and the pair's next
 * two candidates (the pair's rotation moves on); Valiant's first
 * candidate between groups; the minimal one otherwise. */
static void choose(ss_crossing_t *x, const ss_crossing_msg_t *m, path_t *best)
{
    unsigned paths = ss_cabling_paths(&x->c, m->s, m->d), across = paths > 1 &&
        m->s / ss_cabling_group_nodes(&x->c) != m->d / ss_cabling_group_nodes(&x->c);
    if (x->routing == SS_ROUTE_VALIANT && across) {
        route(x, m->s, m->d, 1, best);
        return;
    }
    route(x, m->s, m->d, 0, best);
    if (x->routing != SS_ROUTE_ADAPTIVE || paths < 2 || clears(x, best, m->bytes, 1) <=
                                            clears(x, best, m->bytes, 0))
        return;
    unsigned *turn = &x->turn[((size_t)m->s * 0x9e3779b1u ^ m->d) % TURNS];
    double t = clears(x, best, m->bytes, 1);
    for (unsigned j = 0; j < TRIES && j + 1 < paths; j++) {
        path_t alt;
        if (!route(x, m->s, m->d, 1 + (*turn + j) % (paths - 1), &alt))
            continue;
        double e = clears(x, &alt, m->bytes, 1);
        if (e < t) {
            t = e;
            *best = alt;
        }
    }
    *turn = (*turn + TRIES) % (paths - 1);
}

static double busiest(const ss_crossing_t *x, const double *load)
{
    double most = 0;
    size_t ends[3] = {x->ngreen, x->ngreen + x->nblack, x->ngreen + x->nblack + x->nglobal};
    for (size_t i = 0, cls = 0; i < ends[2]; i++) {
        while (i >= ends[cls])
            cls++;
        most = fmax(most, load[i] / x->bw[cls]);
    }
    return most;
}

double ss_crossing_round(ss_crossing_t *x, const ss_crossing_msg_t *m, size_t n)
{
    size_t links = x->ngreen + x->nblack + x->nglobal;
    memset(x->load, 0, links * sizeof *x->load);
    for (size_t i = 0; i < n; i++) {
        path_t p;
        if (m[i].s == m[i].d || m[i].bytes <= 0)
            continue;
        choose(x, &m[i], &p);
        for (size_t j = 0; j < p.n; j++) {
            x->load[p.at[j]] += m[i].bytes;
            x->total[p.at[j]] += m[i].bytes;
        }
    }
    return busiest(x, x->load);
}

double ss_crossing_total(const ss_crossing_t *x)
{
    return busiest(x, x->total);
}
