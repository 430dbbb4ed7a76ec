#define _POSIX_C_SOURCE 200809L
/* topo.c - topology specs and presets: parsing, checks, XML. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "parse.h"
#include "cabling.h"
#include "dfplus.h"
#include "topo.h"

/* Presets: usual PEs per node times nodes reaches 100,000 PEs or more.
 * Sources for the numbers are given per row. */
const ss_topo_preset_t ss_topo_presets[] = {
    /* TACC Frontera user guide: 56 cores per node (2x Xeon 8280), Mellanox
     * HDR InfiniBand fat-tree, HDR-100 (100 Gb/s) to each node, HDR
     * (200 Gb/s) between switches, 40-port switches, leaves with 22 nodes
     * down and 18 up (11:9 oversubscription). 2,200 of its 8,008 nodes. */
    {"frontera-ib", "fat-tree:down=22/20/5,up=1/18/5,bw=25GBps,lat=0.2us,"
     "nic-bw=12.5GBps,nic-lat=0.6us,cores=56",
     "InfiniBand HDR fat-tree, 11:9 leaves, 2,200 x 56-core nodes", 56},
    /* Alverson et al., "Cray XC Series Network" (Cray WP-Aries01-1112,
     * 2012), as cabled: Aries routers with 4 nodes each, 16 per chassis
     * all-to-all over the backplane (15 green links each), 6 chassis per
     * group with 3 links between peers (15 black), and 10 optical global
     * links on every Aries (960 per group: 120 between each two of the 9
     * groups, spread over all 96 routers; platforms/cabling.h). Links of
     * 3 lanes: 14 Gb/s electrical (5.25 GB/s), 12.5 Gb/s optical
     * (4.7 GB/s); about 100 ns per router hop; packets routed adaptively
     * (no ordering: order=adaptive). Nodes of 32 cores (Haswell XC40).
     * 9 groups = 3,456 nodes. Costs calibrated from the point-to-point
     * rows of docs/validation.md only: the same paper's 8-byte SHMEM put
     * (0.8 us) and get (1.6 us) give a route of 0.8 us and o = 0 (put =
     * o + L, get = o + 2L: nic-lat 0.3 us with two 0.1 us hops); Piz
     * Daint XC40's osu_bw (9,649 MB/s) the NIC bandwidth; its
     * osu_latency (1.61 us) minus the put, the receive path (o-recv
     * 0.81 us). Inside a node (ARCHER's XC30 nodes, the closest published
     * figures: hpc-uk/archer-benchmarks IMB): shm-bw 11.85 GB/s, IMB
     * PingPong of 4 MiB; shm-o 0 as o; shm-o-recv 0.03 us as on ARCHER2
     * (a load of a node-mate's word); shm-lat 0.44 us, where both
     * one-node 24-process rows (allreduce 1.75 us, allgather 3.81 us)
     * land in band: IMB's neighbouring ranks give 0.35 us one way, and
     * a full node's log-step partners sit further apart
     * (docs/models.md, "The shared-memory path"). */
    {"aries-xc", "dragonfly:groups=9,chassis=6/3,routers=16/1,nodes=4,"
     "global-per-router=10,bw=5.25GBps,global-bw=4.7GBps,lat=0.1us,"
     "nic-bw=9.649GBps,nic-lat=0.3us,cores=32,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0us,shm-lat=0.44us,shm-o-recv=0.03us,shm-bw=11.85GBps",
     "Cray XC (Aries) dragonfly, 9 groups, 3,456 x 32-core nodes", 32},
    /* HPE Slingshot (De Sensi et al., "An In-Depth Analysis of the
     * Slingshot Interconnect", SC20), as cabled: Rosetta switches of 64
     * ports at 200 Gb/s (25 GB/s), 16 to endpoints and 31 to the other
     * switches of a 32-switch group (all-to-all), which leaves 17 for
     * global links: 16 cabled here (512 per group, 170 between each two
     * of the 4 groups), adaptive routing. Nodes of 64 cores (Frontier).
     * 4 groups = 2,048 nodes. Costs from Alps Eiger's Slingshot-11
     * point-to-point rows (docs/validation.md): osu_bw 12,240 MB/s the
     * NIC bandwidth; osu_latency 2.33 us = route + o-recv, split as on
     * Aries (o-recv 0.81 us, the same Cray MPICH receive path: no SHMEM
     * figure separates them), so a 1.52 us route: nic-lat 0.46 us with
     * two 0.3 us hops. Inside a node (ARCHER2's, 2 x 64-core EPYC, as
     * LUMI-C's): shm-o 0.06 us, Cray OpenSHMEMX osu_oshm_put + quiet;
     * shm-o-recv 0.03 us, its osu_oshm_get (a load of a node-mate's
     * word); shm-bw 24.46 GB/s, osu_bw of 4 MiB; shm-lat 0.62 us, so that
     * a hop (shm-o + shm-lat + shm-o-recv, 0.71 us) is the one-way
     * latency of IMB PingPong averaged over a log-step algorithm's seven
     * partners on a node of 128 (distances 1 and 2 in one CCX: 0.34 us;
     * 4 to 32 in one socket: 0.76 us; 64 across: 1.27 us). */
    {"slingshot", "dragonfly:groups=4,chassis=1/1,routers=32/1,nodes=16,"
     "global-per-router=16,bw=25GBps,lat=0.3us,nic-bw=12.24GBps,nic-lat=0.46us,"
     "cores=64,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot dragonfly, 4 groups, 2,048 x 64-core nodes", 64},
    /* Leonardo's Booster (CINECA), its 19 Booster cells as cabled.
     * CINECA's Leonardo user guide, "Network": NVIDIA Mellanox
     * InfiniBand HDR in a Dragonfly+, a non-blocking two-level fat-tree
     * in each cell, every two cells joined by 18 links (one per L2, i.e.
     * spine, switch), adaptive routing; 19 Booster cells, 2 DCGP, 1
     * hybrid (36 Booster + 288 DCGP nodes), 1 for management and
     * storage. A Booster cell (De Sensi et al., "Exploring GPU-to-GPU
     * Communication: Insights into Supercomputer Interconnects", SC24,
     * arXiv 2408.14090, as Glenn Lockwood's notes on Leonardo give it):
     * 18 leaf switches of 10 nodes, 18 spines with 18 ports down and 22
     * to other cells, 40-port HDR switches (200 Gb/s, 25 GB/s a link).
     * 19 x 180 + 36 = 3,456, the Booster's node count
     * (leonardo-supercomputer.cineca.eu/hpc-system). Here the 19 Booster
     * cells alone, 3,420 nodes: 18 of each spine's 22 global ports, one
     * to each other Booster cell (the 4 to the cells left out are not
     * modelled), so 18 links between two cells as the guide says. A node
     * (the same CINECA page): one 32-core Xeon Platinum 8358 and 2
     * dual-port HDR100 NICs, "400 Gbps aggregated", modelled for now as
     * one NIC of their combined 50 GB/s (several NICs per node are not
     * modelled yet). Costs from frontera-ib, the nearest InfiniBand HDR
     * preset: its 25 GB/s HDR switch links, 0.2 us per switch link,
     * nic-lat 0.6 us. frontera-ib has no published o or o-recv
     * (docs/models.md), so neither has this preset: it runs under
     * alpha-beta, as frontera-ib does. */
    {"leonardo", "dragonfly-plus:groups=19,leaves=18,spines=18,nodes=10,"
     "global-per-spine=18,bw=25GBps,lat=0.2us,nic-bw=50GBps,nic-lat=0.6us,cores=32",
     "InfiniBand HDR Dragonfly+ (Leonardo Booster), 19 cells, 3,420 x 32-core nodes",
     32},
    {NULL, NULL, NULL, 0},
};

const char *const ss_routing_names[] = {"adaptive", "minimal", "valiant", NULL};
const char *const ss_nic_map_names[] = {"round-robin", "block", NULL};

unsigned ss_topo_nic_of(const ss_topo_t *t, unsigned local, unsigned ppn)
{
    unsigned k = t->nics ? t->nics : 1;
    if (t->nic_map == SS_NIC_BLOCK && ppn > 0)
        return (unsigned)((unsigned long)local * k / ppn) % k;
    return local % k;
}

static const char *preset_spec(const char *s)
{
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name; p++)
        if (!strcmp(p->name, s))
            return p->spec;
    return NULL;
}

/* The kind a spec names by its prefix; -1 for none. */
static int spec_kind(const char *s)
{
    if (!strncmp(s, "fat-tree:", 9))
        return SS_TOPO_FATTREE;
    if (!strncmp(s, "dragonfly:", 10))
        return SS_TOPO_DRAGONFLY;
    if (!strncmp(s, SS_DFP_PREFIX, strlen(SS_DFP_PREFIX)))
        return SS_TOPO_DRAGONFLY_PLUS;
    return -1;
}

static int is_spec_file(const char *s)
{
    size_t n = strlen(s);
    return n > 5 && !strcmp(s + n - 5, ".spec");
}

int ss_topo_is_spec(const char *s)
{
    return spec_kind(s) >= 0 || preset_spec(s) != NULL || is_spec_file(s);
}

/* Line *no of f into line (size n, without its '\n'); 1 when read, 0 at
 * the end, -1 when too long for line or holding a NUL (not text). Long
 * lines are refused rather than cut: a cut line's tail read as a line of
 * its own could pass for a spec. */
static int file_line(FILE *f, char *line, size_t n, int *no)
{
    size_t len = 0;
    int c = EOF;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == 0 || len + 1 == n)
            return ++*no, -1;
        line[len++] = (char)c;
    }
    line[len] = 0;
    if (c == EOF && len == 0)
        return 0;
    return ++*no, 1;
}

/* The spec in file `path`: its first line that is neither blank nor a
 * comment, without surrounding blanks. */
static int spec_from_file(const char *path, char *out, size_t len, char *err,
                          size_t n)
{
    FILE *f = fopen(path, "r");
    char line[SS_TOPO_LINE_MAX + 1];
    int no = 0, r;
    if (!f) {
        snprintf(err, n, "cannot open spec file '%s'", path);
        return -1;
    }
    while ((r = file_line(f, line, sizeof line, &no)) > 0) {
        char *b = line + strspn(line, " \t");
        size_t k = strcspn(b, "\r");
        while (k && (b[k - 1] == ' ' || b[k - 1] == '\t'))
            k--;
        b[k] = 0;
        if (!*b || *b == '#')
            continue;
        fclose(f);
        if (k >= len) {
            snprintf(err, n, "%s:%d: the spec is %zu characters long; at most %zu",
                     path, no, k, len - 1);
            return -1;
        }
        if (spec_kind(b) < 0 && !preset_spec(b)) {
            snprintf(err, n, "%s:%d: '%.60s' is not a fat-tree:..., dragonfly:... or "
                     "dragonfly-plus:... spec or a preset name", path, no, b);
            return -1;
        }
        memcpy(out, b, k + 1);
        return 0;
    }
    fclose(f);
    if (r < 0)
        snprintf(err, n, "%s:%d: a line longer than %d characters, or a NUL byte "
                 "(not a text file)", path, no, SS_TOPO_LINE_MAX);
    else
        snprintf(err, n, "spec file '%s' holds no spec (only blank or # lines)", path);
    return -1;
}

/* "a/b/c" into counts >= 1; returns how many, -1 on error. */
static int counts(const char *key, const char *v, unsigned *out, int max,
                  char *err, size_t n)
{
    int k = 0;
    while (*v) {
        size_t len = strcspn(v, "/");
        char one[32];
        long x;
        if (len >= sizeof one) {   /* cut, "0...04junk" would pass for 4 */
            snprintf(err, n, "%s: a value of %zu characters; at most %zu", key, len,
                     sizeof one - 1);
            return -1;
        }
        snprintf(one, sizeof one, "%.*s", (int)len, v);
        if (k == max) {
            snprintf(err, n, "%s: at most %d values", key, max);
            return -1;
        }
        if (ss_parse_long(one, 1, 1 << 20, &x, key, err, n))
            return -1;
        out[k++] = (unsigned)x;
        v += len + (v[len] == '/');
    }
    return k;
}

static int pair(const char *key, const char *v, unsigned *out, char *err,
                size_t n)
{
    int k = counts(key, v, out, 2, err, n);
    if (k == 1)
        out[1] = 1;
    return k < 1 ? -1 : 0;
}

/* bw=/lat=: one value, or (fat-tree) one per level "a/b/c". */
static int per_level(ss_topo_t *t, const char *key, const char *v, int ft,
                     char *err, size_t n)
{
    int isbw = key[0] == 'b', k = 0;
    double *dst = isbw ? t->bw : t->lat;
    while (*v) {
        size_t len = strcspn(v, "/");
        char one[64];
        if (len >= sizeof one) {
            snprintf(err, n, "%s: a value of %zu characters; at most %zu", key, len,
                     sizeof one - 1);
            return -1;
        }
        snprintf(one, sizeof one, "%.*s", (int)len, v);
        if (k == (ft ? SS_TOPO_MAXLEVELS : 1)) {
            snprintf(err, n, "%s: %s", key, ft ? "more values than levels"
                     : "one value (global-bw= and global-lat= set the links "
                       "between groups)");
            return -1;
        }
        if (isbw ? ss_parse_bandwidth(one, &dst[k], err, n)
                 : ss_parse_time(one, &dst[k], err, n))
            return -1;
        k++;
        v += len + (v[len] == '/');
    }
    *(isbw ? &t->nbw : &t->nlat) = k;
    return k ? 0 : (snprintf(err, n, "%s is empty", key), -1);
}

double ss_topo_bw(const ss_topo_t *t, int l)
{
    return t->bw[t->nbw > 1 ? l - 1 : 0];
}

double ss_topo_lat(const ss_topo_t *t, int l)
{
    return t->lat[t->nlat > 1 ? l - 1 : 0];
}

/* The loggp model's keys (models/model.h says what each stands for). */
static const struct {
    const char *key;
    size_t off;
    int bw;
} cost_keys[] = {
    {"o", offsetof(ss_topo_t, o), 0},
    {"o-recv", offsetof(ss_topo_t, o_recv), 0},
    {"gap", offsetof(ss_topo_t, gap), 0},
    {"shm-o", offsetof(ss_topo_t, shm_o), 0},
    {"shm-lat", offsetof(ss_topo_t, shm_lat), 0},
    {"shm-bw", offsetof(ss_topo_t, shm_bw), 1},
    {"shm-o-recv", offsetof(ss_topo_t, shm_o_recv), 0},
    {"o-get", offsetof(ss_topo_t, o_get), 0},
    {"o-quiet", offsetof(ss_topo_t, o_quiet), 0},
    {"shm-o-get", offsetof(ss_topo_t, shm_o_get), 0},
    {"shm-o-quiet", offsetof(ss_topo_t, shm_o_quiet), 0},
};

static int set_key(ss_topo_t *t, const char *key, const char *v, char *err,
                   size_t n)
{
    long x;
    int ft = t->kind == SS_TOPO_FATTREE;
    if (!strcmp(key, "bw") || !strcmp(key, "lat"))
        return per_level(t, key, v, ft, err, n);
    if (!strcmp(key, "nic-bw") || (!ft && !strcmp(key, "global-bw")))
        return ss_parse_bandwidth(v, key[0] == 'n' ? &t->nic_bw : &t->global_bw, err, n);
    if (!strcmp(key, "nic-lat") || (!ft && !strcmp(key, "global-lat")))
        return ss_parse_time(v, key[0] == 'n' ? &t->nic_lat : &t->global_lat, err, n);
    for (size_t i = 0; i < sizeof cost_keys / sizeof cost_keys[0]; i++)
        if (!strcmp(key, cost_keys[i].key)) {
            double *d = (double *)((char *)t + cost_keys[i].off);
            t->has_costs = 1;
            return cost_keys[i].bw ? ss_parse_bandwidth(v, d, err, n)
                                   : ss_parse_time(v, d, err, n);
        }
    if (!strcmp(key, "order")) {
        if (strcmp(v, "fifo") && strcmp(v, "adaptive")) {
            snprintf(err, n, "order=%s: fifo (the network keeps a PE's messages "
                     "to one target in order) or adaptive (it may not: fence "
                     "costs a round trip)", v);
            return -1;
        }
        t->unordered = v[0] == 'a';
        t->has_costs = 1;
        return 0;
    }
    if (!strcmp(key, "cores")) {
        if (ss_parse_long(v, 1, 1 << 16, &x, key, err, n))
            return -1;
        t->cores = (int)x;
        return 0;
    }
    if (!strcmp(key, "nics")) {
        if (ss_parse_long(v, 1, SS_TOPO_MAX_NICS, &x, key, err, n))
            return -1;
        t->nics = (unsigned)x;
        return 0;
    }
    if (!strcmp(key, "nic-map")) {
        for (int m = 0; ss_nic_map_names[m]; m++)
            if (!strcmp(v, ss_nic_map_names[m]))
                return t->nic_map = m, 0;
        snprintf(err, n, "nic-map=%s: round-robin (a node's PEs take its NICs "
                 "in turn) or block (the first ppn/nics PEs the first NIC, and "
                 "so on: one NIC per socket or GPU)", v);
        return -1;
    }
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS && strcmp(key, "routing"))
        return ss_dfp_key(t, key, v, err, n);
    if (ft && !strcmp(key, "down"))
        return (t->levels = counts(key, v, t->down, SS_TOPO_MAXLEVELS, err, n)) < 0;
    if (ft && (!strcmp(key, "up") || !strcmp(key, "links"))) {
        unsigned *dst = key[0] == 'u' ? t->up : t->links;
        int k = counts(key, v, dst, SS_TOPO_MAXLEVELS, err, n);
        if (k >= 0 && k != t->levels) {
            snprintf(err, n, "%s has %d values but down has %d levels (give "
                     "down first, one value per level)", key, k, t->levels);
            return -1;
        }
        return k < 0;
    }
    if (!ft && !strcmp(key, "groups"))   /* links per pair: 0 if not given */
        return counts(key, v, t->groups, 2, err, n) < 1;
    if (!ft && !strcmp(key, "chassis"))
        return pair(key, v, t->chassis, err, n);
    if (!ft && !strcmp(key, "routers"))
        return pair(key, v, t->routers, err, n);
    if (!ft && !strcmp(key, "nodes"))
        return counts(key, v, &t->nodes, 1, err, n) != 1;
    if (!ft && !strcmp(key, "global-per-router"))
        return counts(key, v, &t->global_per_router, 1, err, n) != 1;
    if (!ft && !strcmp(key, "routing")) {
        for (int r = 0; ss_routing_names[r]; r++)
            if (!strcmp(v, ss_routing_names[r]))
                return t->routing = r, 0;
        snprintf(err, n, "routing=%s: minimal (one global link), valiant "
                 "(through a random other group) or adaptive (per message)", v);
        return -1;
    }
    if (!ft && !strcmp(key, "zone")) {
        if (strcmp(v, "simgrid") && strcmp(v, "cabled")) {
            snprintf(err, n, "zone=%s: cabled (global links on every router, "
                     "the default) or simgrid (SimGrid's DragonflyZone)", v);
            return -1;
        }
        t->simgrid_zone = v[0] == 's';
        return 0;
    }
    snprintf(err, n, "unknown %s key '%s' (%s)", ft ? "fat-tree" : "dragonfly",
             key, ft ? "down, up, links, bw, lat, nic-bw, nic-lat, cores, "
                       "o, o-get, o-quiet, o-recv, gap, shm-*, order"
                     : "groups, chassis, routers, nodes, global-per-router, "
                       "routing, zone, bw, lat, global-bw, global-lat, nic-bw, "
                       "nic-lat, nics, nic-map, cores, o, o-get, o-quiet, o-recv, "
                       "gap, shm-*, order");
    return -1;
}

static int check(const ss_topo_t *t, char *err, size_t n)
{
    if (t->nics > 1 && (t->kind != SS_TOPO_DRAGONFLY || t->simgrid_zone)) {
        snprintf(err, n, "nics=%u: nodes with several NICs are modelled on "
                 "cabled dragonfly: specs only; here give one NIC of their "
                 "summed bandwidth (nic-bw)", t->nics);
        return -1;
    }
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS)
        return ss_dfp_check(t, err, n);
    if (t->kind == SS_TOPO_FATTREE && t->levels < 1) {
        snprintf(err, n, "fat-tree needs down=N1/N2/... (children per switch "
                 "at each level)");
        return -1;
    }
    if (t->kind == SS_TOPO_DRAGONFLY && !(t->groups[0] && t->chassis[0] &&
                                         t->routers[0] && t->nodes)) {
        snprintf(err, n, "dragonfly needs groups, chassis, routers and nodes");
        return -1;
    }
    /* SimGrid 3.32's DragonflyZone wires group i to group j through router
     * j of chassis 0 of group i, and routes through it with an index into
     * that chassis's routers: more groups than routers per chassis reads
     * past its arrays (the crashes seen on such shapes). */
    if (t->kind == SS_TOPO_DRAGONFLY && t->simgrid_zone && t->groups[0] > t->routers[0]) {
        snprintf(err, n, "dragonfly groups=%u is more than routers per chassis "
                 "(%u): SimGrid links group i to group j through router j of "
                 "the first chassis, so give at most %u groups or more routers",
                 t->groups[0], t->routers[0], t->routers[0]);
        return -1;
    }
    for (int k = 0; k < 2; k++) {
        int got = k ? t->nlat : t->nbw;
        if (t->kind == SS_TOPO_FATTREE && got > 1 && got != t->levels) {
            snprintf(err, n, "%s has %d values but down has %d levels (give one "
                     "value for all levels, or one per level)", k ? "lat" : "bw",
                     got, t->levels);
            return -1;
        }
    }
    size_t hosts = ss_topo_hosts(t);
    if (hosts == 0 || hosts > SS_TOPO_MAX_HOSTS) {
        if (hosts == SIZE_MAX)
            snprintf(err, n, "the topology has far more than 10,000,000 nodes; "
                     "1 to 10,000,000 are supported");
        else
            snprintf(err, n, "the topology has %zu nodes; 1 to 10,000,000 are "
                     "supported", hosts);
        return -1;
    }
    if (t->kind == SS_TOPO_DRAGONFLY) {
        ss_cabling_t c;
        return ss_cabling_of(t, &c, err, n);
    }
    return 0;
}

int ss_topo_default_ppn(const char *s)
{
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name; p++)
        if (!strcmp(p->name, s))
            return p->ppn;
    ss_topo_t t;
    char err[256];
    return ss_topo_is_spec(s) && ss_topo_parse(s, &t, err, sizeof err) == 0 ? t.cores : 0;
}

int ss_topo_parse(const char *s, ss_topo_t *t, char *err, size_t n)
{
    const char *p = preset_spec(s);
    char buf[SS_TOPO_SPEC_MAX + 1], file[SS_TOPO_SPEC_MAX + 1];
    if (!p && is_spec_file(s)) {
        if (spec_from_file(s, file, sizeof file, err, n))
            return -1;
        s = file;
        p = preset_spec(s);
    }
    if (p)
        s = p;
    int kind = spec_kind(s);
    if (kind < 0) {
        snprintf(err, n, "not a fat-tree:..., dragonfly:... or dragonfly-plus:... spec "
                 "or a preset name");
        return -1;
    }
    if (strlen(s) >= sizeof buf) {
        snprintf(err, n, "the spec is %zu characters long; at most %d", strlen(s),
                 SS_TOPO_SPEC_MAX);
        return -1;
    }
    memset(t, 0, sizeof *t);
    t->kind = (ss_topo_kind_t)kind;
    t->bw[0] = 12.5e9;
    t->lat[0] = 1e-6;
    t->nbw = t->nlat = 1;
    t->cores = 1;
    t->nics = 1;
    t->shm_o_recv = t->o_get = t->shm_o_get = -1;
    for (int i = 0; i < SS_TOPO_MAXLEVELS; i++)
        t->up[i] = t->links[i] = 1;
    snprintf(buf, sizeof buf, "%s", strchr(s, ':') + 1);
    for (char *save, *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            snprintf(err, n, "'%s' in the platform spec is not key=value", kv);
            return -1;
        }
        *eq = 0;
        char e2[400];
        if (set_key(t, kv, eq + 1, e2, sizeof e2)) {
            snprintf(err, n, "%s", e2);
            return -1;
        }
    }
    return check(t, err, n);
}

/* a * b, or SIZE_MAX when that overflows: eight levels of up to 2^20
 * children each would wrap, and a wrapped count can look small. */
static size_t times(size_t a, size_t b)
{
    return b && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

size_t ss_topo_hosts(const ss_topo_t *t)
{
    size_t h = 1;
    if (t->kind == SS_TOPO_DRAGONFLY)
        return times(times(times(t->groups[0], t->chassis[0]), t->routers[0]), t->nodes);
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS)
        return times(times(t->groups[0], t->leaves), t->nodes);
    for (int i = 0; i < t->levels; i++)
        h = times(h, t->down[i]);
    return t->levels ? h : 0;
}

static void list(FILE *f, const unsigned *v, int n, const char *sep)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%u", i ? sep : "", v[i]);
}

void ss_topo_write_xml(FILE *f, const ss_topo_t *t)
{
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS)
        return;
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
            "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
            "  <cluster id=\"machine\" prefix=\"node-\" suffix=\"\" radical=\"0-%zu\" "
            "speed=\"1Gf\" core=\"%d\"\n           bw=\"%.17gBps\" lat=\"%.17gs\" "
            "sharing_policy=\"SPLITDUPLEX\"", ss_topo_hosts(t) - 1, t->cores, t->bw[0], t->lat[0]);
    fprintf(f, "\n           topology=\"%s\" topo_parameters=\"",
            t->kind == SS_TOPO_FATTREE ? "FAT_TREE" : "DRAGONFLY");
    if (t->kind == SS_TOPO_FATTREE) {
        fprintf(f, "%d;", t->levels);
        list(f, t->down, t->levels, ",");
        fputc(';', f);
        list(f, t->up, t->levels, ",");
        fputc(';', f);
        list(f, t->links, t->levels, ",");
    } else {
        ss_cabling_t c;
        char err[200];
        unsigned L = ss_cabling_of(t, &c, err, sizeof err) == 0 && c.per_pair ? c.per_pair : 1;
        fprintf(f, "%u,%u;%u,%u;%u,%u;%u", t->groups[0], L, t->chassis[0],
                t->chassis[1], t->routers[0], t->routers[1], t->nodes);
    }
    fprintf(f, "\"/>\n</platform>\n");
}
