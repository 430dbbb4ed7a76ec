/* capacity.c - what a platform offers, known before SimGrid loads it: how
 * many hosts it has, and how far apart its first hosts are. Commands that
 * plan many runs (scale) ask this instead of loading the machine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cabling.h"
#include "dfplus.h"
#include "platform.h"
#include "topo.h"

/* Hosts in a radical such as "0-63" or "0-9,12,20-29"; 0 if malformed. */
static size_t radical_hosts(const char *v, const char *end)
{
    size_t n = 0;
    while (v < end) {
        char *e;
        unsigned long a = strtoul(v, &e, 10), b = a;
        if (e == v)
            return 0;
        if (*e == '-')
            b = strtoul(e + 1, &e, 10);
        if (b < a)
            return 0;
        n += b - a + 1;
        v = e;
        if (v < end && *v != ',')
            return 0;
        v += v < end;
    }
    return n;
}

/* The hosts a platform file declares: one per <host>, a radical's worth
 * per <cluster> or <cabinet>. 0 when the file cannot be read. */
static size_t file_hosts(const char *path)
{
    FILE *f = fopen(path, "r");
    size_t cap = 1 << 16, len = 0, got, n = 0;
    char *text = malloc(cap + 1);
    while (f && text && (got = fread(text + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            char *t = realloc(text, (cap *= 2) + 1);
            if (!t)
                break;
            text = t;
        }
    if (f)
        fclose(f);
    if (!text)
        return 0;
    text[len] = '\0';
    for (const char *p = text; (p = strchr(p, '<')); p++) {
        if (!strncmp(p, "<host", 5) && (p[5] == ' ' || p[5] == '\t' || p[5] == '\n'))
            n++;
        else if (!strncmp(p, "<cluster", 8) || !strncmp(p, "<cabinet", 8)) {
            const char *r = strstr(p, "radical=\""), *close = strchr(p, '>');
            const char *q = r ? strchr(r + 9, '"') : NULL;
            if (r && q && (!close || r < close))
                n += radical_hosts(r + 9, q);
        }
    }
    free(text);
    return n;
}

size_t ss_platform_hosts(const char *platform)
{
    ss_topo_t t;
    char err[256];
    if (ss_topo_is_spec(platform))
        return ss_topo_parse(platform, &t, err, sizeof err) ? 0 : ss_topo_hosts(&t);
    return file_hosts(platform);
}

/* The fat-tree level whose subtrees hold `nodes` consecutive hosts. */
static int fattree_level(const ss_topo_t *t, size_t nodes)
{
    size_t span = 1;
    for (int l = 1; l <= t->levels; l++)
        if (nodes <= (span *= t->down[l - 1]))
            return l;
    return t->levels;
}

/* Each node's share of the links that join a level-(l-1) subtree to
 * level l (l = 1: the node's own link), as builders/fattree.cpp bundles
 * them. */
static double fattree_share(const ss_topo_t *t, int l)
{
    double up = 1, nodes = 1;
    for (int j = 0; j < l - 1; j++) {
        up *= t->up[j];
        nodes *= t->down[j];
    }
    double bw = up * t->up[l - 1] * t->links[l - 1] * ss_topo_bw(t, l) / nodes;
    return l == 1 && t->nic_bw > 0 && t->nic_bw < bw ? t->nic_bw : bw;
}

/* A fat-tree route between different level-l subtrees climbs the node's
 * link and l - 1 bundles, and comes down the same way; PEs of one node
 * also go out to the leaf and back (builders/fattree.cpp). */
static void fattree_span(const ss_topo_t *t, size_t nodes, ss_span_t *s)
{
    int top = fattree_level(t, nodes);
    double lat = t->nic_lat;
    s->bandwidth = INFINITY;
    for (int l = 1; l <= top; l++) {
        lat += ss_topo_lat(t, l);
        s->bandwidth = fmin(s->bandwidth, fattree_share(t, l));
    }
    s->latency = 2 * lat;
    s->level = nodes <= 1 ? 0 : top;
    if (s->level == 0)
        snprintf(s->name, sizeof s->name, "one node");
    else if (top == 1)
        snprintf(s->name, sizeof s->name, "a leaf switch");
    else
        snprintf(s->name, sizeof s->name, "level-%d switches", top);
}

/* A dragonfly route leaves the node, crosses the chassis (one link), the
 * group (up to two) or the machine (up to two on each side and a global
 * one), and enters the destination node. Each level's share is what its
 * links out of a router, chassis or group give each node behind them.
 * Between chassis, a router's own black links serve its own nodes: a
 * log-step block's partners sit at the same blade position (PE i and
 * i + 2^k for a block of whole chassis), so its traffic does not funnel
 * into one blade (builders/dragonfly.cpp routes green, then black).
 * Across groups, what the links of one group pair (cabling.h) give the
 * nodes of a group, not all G-1 pairs' links: a log-step or ring round
 * sends a group's PEs to one or two other groups (Bruck fcollect at
 * 100,000 PEs on aries-xc: 2.7 GB of one round between two groups).
 * With all G-1 pairs the fits' intervals beyond one group did not reach
 * the simulated times. Under adaptive routing a pair's traffic also
 * goes round through the other G-2 groups (sim/engine/ss_route.cpp), two
 * global links a byte; a delayed message weighs two such detours, and
 * when every group sends at once their links are busy too. Measured
 * (2026-11-29, recursive doubling and k-nomial fcollect of 64 KiB, a
 * round whose busiest pair carries B bytes in time t: B / t over the
 * pair's links): 1.7 to 2.5 pairs with 9 groups (a small cousin of
 * aries-xc, and aries-xc with ten times its local links), 0.8 to 1.1
 * with 4 (slingshot's shape): (G-1)/4 pairs, never less than its own
 * pair's. (The log-step fits on a cabled dragonfly route their rounds
 * across groups themselves, platforms/crossing.h, and take the group's
 * share here.) */
static void dragonfly_span(const ss_topo_t *t, size_t nodes, ss_span_t *s)
{
    static const char *const names[] = {"one node", "a router", "a chassis",
                                        "a group", "several groups"};
    double bw = t->bw[0], gbw = t->global_bw > 0 ? t->global_bw : bw;
    double local = t->lat[0], global = t->global_lat > 0 ? t->global_lat : local;
    ss_cabling_t cab;
    char err[200];
    double pair = ss_cabling_of(t, &cab, err, sizeof err) ? 1 : cab.per_pair;
    double n = t->nodes, r = t->routers[0], c = t->chassis[0], g = t->groups[0];
    double pairs = t->routing == SS_ROUTE_ADAPTIVE ? fmax(1, (g - 1) / 4) : 1;
    double share[5] = {bw, bw, (r - 1) * t->routers[1] * bw / n,
                       (c - 1) * t->chassis[1] * bw / n,
                       pairs * pair * gbw / (n * r * c)};
    double hops[5] = {0, 0, local, 2 * local, 4 * local + global};
    int lv = nodes <= 1 ? 0 : nodes <= n ? 1 : nodes <= n * r ? 2
           : nodes <= n * r * c ? 3 : 4;
    s->level = lv;
    s->bandwidth = t->nic_bw > 0 ? fmin(bw, t->nic_bw * (t->nics ? t->nics : 1)) : bw;
    for (int l = 2; l <= lv; l++)
        if (share[l] > 0)
            s->bandwidth = fmin(s->bandwidth, share[l]);
    s->latency = 2 * (t->nic_lat + local) + hops[lv];
    snprintf(s->name, sizeof s->name, "%s", names[lv]);
}

/* A Dragonfly+ route (builders/dragonfly_plus.cpp) stays on the leaf,
 * climbs to a spine of the group, or crosses one global link. Each
 * level's share: a leaf's S x u uplinks for its N nodes; across groups,
 * as for the dragonfly above, what the links of one group pair give the
 * nodes of a group. */
static void dfp_span(const ss_topo_t *t, size_t nodes, ss_span_t *s)
{
    static const char *const names[] = {"one node", "a leaf switch", "a group",
                                        "several groups"};
    ss_dfp_t c;
    ss_dfp_of(t, &c);
    double n = c.nodes, group = (double)ss_dfp_group_nodes(&c);
    int lv = nodes <= 1 ? 0 : nodes <= n ? 1 : nodes <= group ? 2 : 3;
    double share[4] = {c.node_bw, c.node_bw, c.spines * c.up * c.bw / n,
                       c.per_pair * c.gbw / group};
    double hops[4] = {0, 0, 2 * c.lat, 2 * c.lat + c.glat};
    s->level = lv;
    s->bandwidth = c.node_bw;
    for (int l = 2; l <= lv; l++)
        s->bandwidth = fmin(s->bandwidth, share[l]);
    s->latency = 2 * c.node_lat + hops[lv];
    snprintf(s->name, sizeof s->name, "%s", names[lv]);
}

int ss_platform_span(const char *platform, size_t nodes, ss_span_t *s)
{
    ss_topo_t t;
    char err[256];
    memset(s, 0, sizeof *s);
    if (!ss_topo_is_spec(platform) || ss_topo_parse(platform, &t, err, sizeof err))
        return -1;
    if (t.kind == SS_TOPO_FATTREE)
        fattree_span(&t, nodes, s);
    else if (t.kind == SS_TOPO_DRAGONFLY_PLUS)
        dfp_span(&t, nodes, s);
    else
        dragonfly_span(&t, nodes, s);
    return 0;
}
