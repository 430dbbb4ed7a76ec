/* capacity.c - what a platform offers, known before SimGrid loads it: how
 * many hosts it has, and how far apart its first hosts are. Commands that
 * plan many runs (scale) ask this instead of loading the machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A fat-tree route between different level-l subtrees climbs the node's
 * link and l - 1 bundles, and comes down the same way; PEs of one node
 * also go out to the leaf and back (load.cpp). A dragonfly route leaves
 * the node, crosses the chassis (one link), the group (up to two) or the
 * machine (up to two on each side and a global one), and enters the
 * destination node. */
double ss_platform_span_latency(const char *platform, size_t nodes)
{
    ss_topo_t t;
    char err[256];
    if (!ss_topo_is_spec(platform) || ss_topo_parse(platform, &t, err, sizeof err))
        return 0;
    double node = t.nic_lat + (t.kind == SS_TOPO_FATTREE ? ss_topo_lat(&t, 1) : t.lat[0]);
    if (t.kind == SS_TOPO_FATTREE) {
        double up = 0;
        for (int l = 2; l <= fattree_level(&t, nodes); l++)
            up += ss_topo_lat(&t, l);
        return 2 * (node + up);
    }
    double local = t.lat[0], global = t.global_lat > 0 ? t.global_lat : local;
    size_t router = t.nodes, chassis = router * t.routers[0];
    size_t group = chassis * t.chassis[0];
    double hops = nodes <= router ? 0 : nodes <= chassis ? local
                : nodes <= group ? 2 * local : 4 * local + global;
    return 2 * node + hops;
}
