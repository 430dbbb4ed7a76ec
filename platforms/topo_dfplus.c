/* topo_dfplus.c - the keys of a dragonfly-plus: spec and the checks of
 * its shape (dfplus.h), beside topo.c's fat-tree and dragonfly. The keys
 * every spec takes (bw, lat, global-*, nic-*, cores, routing, the loggp
 * costs) are topo.c's; these are the counts.
 *
 * What is refused, and why: a zero count (a group without leaves or
 * spines is no machine); a shape whose S x K global ports of a group
 * cannot reach each of the G - 1 other groups (a pair of groups with no
 * link has no route); more than SS_TOPO_MAX_HOSTS nodes, or as many
 * cables (each a SimGrid link: a shape of few nodes and millions of
 * cables would exhaust memory as surely as millions of nodes). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dfplus.h"
#include "parse.h"

/* A count of 1 .. 2^20, with what it counts in the messages. */
static int count(const char *key, const char *v, const char *what, unsigned *out,
                 char *err, size_t n)
{
    long x;
    char name[96];
    if (v[0] && strspn(v, "0") == strlen(v)) {
        snprintf(err, n, "%s=0: give at least 1 (%s)", key, what);
        return -1;
    }
    snprintf(name, sizeof name, "%s (%s)", key, what);
    if (ss_parse_long(v, 1, 1 << 20, &x, name, err, n))
        return -1;
    *out = (unsigned)x;
    return 0;
}

int ss_dfp_key(ss_topo_t *t, const char *key, const char *v, char *err, size_t n)
{
    if (!strcmp(key, "groups"))
        return count(key, v, "groups, joined spine to spine", &t->groups[0], err, n);
    if (!strcmp(key, "leaves"))
        return count(key, v, "leaf switches per group", &t->leaves, err, n);
    if (!strcmp(key, "nodes"))
        return count(key, v, "nodes per leaf switch", &t->nodes, err, n);
    if (!strcmp(key, "global-per-spine"))
        return count(key, v, "global ports on every spine", &t->global_per_spine, err, n);
    if (!strcmp(key, "spines")) {
        /* S, or S/u: u parallel cables from every leaf to every spine */
        char s[48];
        size_t len = strcspn(v, "/");
        if (len >= 32) {
            snprintf(err, n, "spines: a value of %zu characters; at most 31", len);
            return -1;
        }
        snprintf(s, sizeof s, "%.*s", (int)len, v);
        t->spines[1] = 1;
        if (count(key, s, "spine switches per group", &t->spines[0], err, n))
            return -1;
        snprintf(s, sizeof s, "spines=%.*s/u", (int)len, v);
        return v[len] ? count(s, v + len + 1, "cables from a leaf to each spine",
                              &t->spines[1], err, n) : 0;
    }
    snprintf(err, n, "unknown dragonfly-plus key '%s' (groups, leaves, spines, nodes, "
             "global-per-spine, routing, bw, lat, global-bw, global-lat, nic-bw, "
             "nic-lat, cores, o, o-get, o-quiet, o-recv, gap, shm-*, order)", key);
    return -1;
}

/* a * b, or SIZE_MAX when that overflows. */
static size_t times(size_t a, size_t b)
{
    return b && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

int ss_dfp_check(const ss_topo_t *t, char *err, size_t n)
{
    size_t G = t->groups[0], L = t->leaves, S = t->spines[0], K = t->global_per_spine;
    if (!G || !L || !S || !t->nodes) {
        snprintf(err, n, "dragonfly-plus needs groups, leaves, spines and nodes "
                 "(e.g. groups=4,leaves=4,spines=4,nodes=8,global-per-spine=3)");
        return -1;
    }
    if (G > 1 && !K) {
        snprintf(err, n, "dragonfly-plus with %zu groups needs global-per-spine=K "
                 "(global ports on every spine; K >= %zu joins every two groups)",
                 G, (G - 1 + S - 1) / S);
        return -1;
    }
    if (G > 1 && S * K < G - 1) {
        snprintf(err, n, "global-per-spine=%zu gives a group %zu global ports for "
                 "%zu other groups, so some pair of groups gets no link: raise "
                 "global-per-spine to at least %zu, add spines or use fewer groups",
                 K, S * K, G - 1, (G - 1 + S - 1) / S);
        return -1;
    }
    size_t hosts = ss_topo_hosts(t);
    if (hosts > SS_TOPO_MAX_HOSTS) {
        if (hosts == SIZE_MAX)
            snprintf(err, n, "the topology has far more than 10,000,000 nodes; "
                     "1 to 10,000,000 are supported");
        else
            snprintf(err, n, "the topology has %zu nodes (groups x leaves x nodes); "
                     "1 to 10,000,000 are supported", hosts);
        return -1;
    }
    size_t local = times(times(G, L), times(S, t->spines[1]));
    size_t global = G > 1 ? times(G * (G - 1) / 2, S * K / (G - 1)) : 0;
    if (local > SS_TOPO_MAX_HOSTS || global > SS_TOPO_MAX_HOSTS) {
        snprintf(err, n, "the topology has %s%zu %s cables; at most 10,000,000 "
                 "are supported: use fewer %s",
                 (local > global ? local : global) == SIZE_MAX ? "more than " : "",
                 local > global ? local : global,
                 local > global ? "leaf-spine" : "global",
                 local > global ? "leaves, spines or cables per pair"
                                : "groups, spines or global ports per spine");
        return -1;
    }
    return 0;
}
