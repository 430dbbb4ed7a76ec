#define _POSIX_C_SOURCE 200809L
/* topo.c - topology specs and presets: parsing, checks, XML (the
 * presets themselves are the table of presets.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "parse.h"
#include "cabling.h"
#include "dfplus.h"
#include "topo.h"

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
