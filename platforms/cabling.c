/* cabling.c - the dragonfly's cabling arithmetic (cabling.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cabling.h"

int ss_cabling_of(const ss_topo_t *t, ss_cabling_t *c, char *err, size_t errlen)
{
    c->groups = t->groups[0];
    c->chassis = t->chassis[0];
    c->routers = t->routers[0];
    c->nodes = t->nodes;
    c->green = t->routers[1] ? t->routers[1] : 1;
    c->black = t->chassis[1] ? t->chassis[1] : 1;
    c->bw = t->bw[0];
    c->lat = t->lat[0];
    c->gbw = t->global_bw > 0 ? t->global_bw : c->bw;
    c->glat = t->global_lat > 0 ? t->global_lat : c->lat;
    c->node_bw = t->nic_bw > 0 ? t->nic_bw : c->bw;
    c->node_lat = c->lat + t->nic_lat;
    c->nics = t->nics ? t->nics : 1;
    unsigned long rg = (unsigned long)c->chassis * c->routers, others = c->groups - 1;
    unsigned long P = t->global_per_router, L = t->groups[1];
    if (others == 0) {
        c->ports = c->per_pair = 0;
        return 0;
    }
    if (!L && !P)
        L = 1;
    if (!L)
        L = rg * P / others;
    if (!P)
        P = (L * others + rg - 1) / rg;
    if (L == 0) {
        snprintf(err, errlen, "global-per-router=%lu gives a group %lu global ports, "
                 "fewer than the %lu other groups: raise global-per-router to at "
                 "least %lu or use fewer groups", P, rg * P, others,
                 (others + rg - 1) / rg);
        return -1;
    }
    if (L * others > rg * P) {
        snprintf(err, errlen, "groups=%u/%lu needs %lu global ports per group but "
                 "global-per-router=%lu gives %lu: give fewer links per group pair "
                 "or more ports per router", c->groups, L, L * others, P, rg * P);
        return -1;
    }
    c->per_pair = (unsigned)L;
    c->ports = (unsigned)P;
    return 0;
}

size_t ss_cabling_group_nodes(const ss_cabling_t *c)
{
    return (size_t)c->chassis * c->routers * c->nodes;
}

unsigned ss_cabling_group_routers(const ss_cabling_t *c)
{
    return c->chassis * c->routers;
}

unsigned ss_cabling_router(const ss_cabling_t *c, unsigned g, unsigned h, unsigned l)
{
    unsigned G = c->groups;
    unsigned d = (h + G - g - 1) % G;
    return (unsigned)(((unsigned long)d + (unsigned long)l * (G - 1)) / c->ports);
}

unsigned ss_cabling_pair_routers(const ss_cabling_t *c, unsigned g, unsigned h)
{
    unsigned rg = ss_cabling_group_routers(c), n = 0;
    unsigned char *seen = calloc(rg, 1);
    if (!seen)
        return 0;
    for (unsigned l = 0; l < c->per_pair; l++) {
        unsigned r = ss_cabling_router(c, g, h, l);
        n += !seen[r];
        seen[r] = 1;
    }
    free(seen);
    return n;
}

/* splitmix64's finaliser: a well-mixed, portable hash of a pair. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static uint64_t pair_hash(size_t s, size_t d, uint64_t salt)
{
    return mix(mix((uint64_t)s ^ salt) ^ (uint64_t)d);
}

unsigned ss_cabling_pick(const ss_cabling_t *c, size_t s, size_t d)
{
    return c->per_pair ? (unsigned)(pair_hash(s, d, 0) % c->per_pair) : 0;
}

/* The k-th of the n values 0..n+1 other than a and b (a != b), k >= 1,
 * starting from a hash: candidates k = 1, 2, ... are all different
 * until they wrap around. */
static unsigned kth_other(uint64_t h, unsigned k, unsigned n, unsigned a, unsigned b)
{
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    unsigned v = (unsigned)((h + k - 1) % n);
    v += v >= lo;
    v += v >= hi;
    return v;
}

unsigned ss_cabling_via(const ss_cabling_t *c, size_t s, size_t d, unsigned gs, unsigned gd,
                        unsigned k)
{
    if (c->groups < 3 || gs == gd)
        return gd;
    return kth_other(pair_hash(s, d, 0x5eed), k, c->groups - 2, gs, gd);
}

unsigned ss_cabling_via_router(const ss_cabling_t *c, size_t s, size_t d, unsigned as,
                               unsigned ad, unsigned k)
{
    unsigned rg = ss_cabling_group_routers(c);
    if (rg < 3 || as == ad)
        return ad;
    return kth_other(pair_hash(s, d, 0x10ca1), k, rg - 2, as, ad);
}

unsigned ss_cabling_paths(const ss_cabling_t *c, size_t s, size_t d)
{
    size_t rs = s / c->nodes, rd = d / c->nodes, rg = ss_cabling_group_routers(c);
    if (rs == rd)
        return 1;
    if (rs / rg != rd / rg)
        return c->groups < 3 ? 1 : c->groups - 1;
    return rg < 3 ? 1 : (unsigned)rg - 1;
}

static void hop(ss_cabling_hop_t *h, size_t *n, int kind, unsigned x, unsigned a, unsigned b)
{
    h[*n] = (ss_cabling_hop_t){(unsigned char)kind, x, a, b};
    ++*n;
}

/* Local hops in group g from router a to router b (chassis-major
 * indices): green to b's blade in a's chassis, then black to b's
 * chassis. */
static void local(const ss_cabling_t *c, unsigned g, unsigned a, unsigned b,
                  ss_cabling_hop_t *h, size_t *n)
{
    unsigned R = c->routers, ca = a / R, cb = b / R, ba = a % R, bb = b % R;
    if (ba != bb)
        hop(h, n, SS_HOP_GREEN, g * c->chassis + ca, ba, bb);
    if (ca != cb)
        hop(h, n, SS_HOP_BLACK, g * R + bb, ca, cb);
}

/* From router `at` of group g to group h over link l of the pair: local
 * hops to the router holding it, the bundle; h's router at its far end. */
static unsigned cross(const ss_cabling_t *c, unsigned g, unsigned h, unsigned at, unsigned l,
                      ss_cabling_hop_t *hops, size_t *n)
{
    local(c, g, at, ss_cabling_router(c, g, h, l), hops, n);
    hop(hops, n, SS_HOP_GLOBAL, 0, g, h);
    return ss_cabling_router(c, h, g, l);
}

size_t ss_cabling_route(const ss_cabling_t *c, size_t s, size_t d, unsigned path,
                        int loopback, ss_cabling_hop_t *hops)
{
    size_t n = 0;
    if (path >= ss_cabling_paths(c, s, d))
        return 0;
    if (s == d) {
        if (loopback)
            hop(hops, &n, SS_HOP_LOOP, (unsigned)s, 0, 0);
        else {
            hop(hops, &n, SS_HOP_UP, (unsigned)s, 0, 0);
            hop(hops, &n, SS_HOP_DOWN, (unsigned)s, 0, 0);
        }
        return n;
    }
    size_t rs = s / c->nodes, rd = d / c->nodes, rg = ss_cabling_group_routers(c);
    unsigned gs = (unsigned)(rs / rg), gd = (unsigned)(rd / rg);
    unsigned as = (unsigned)(rs % rg), ad = (unsigned)(rd % rg);
    hop(hops, &n, SS_HOP_UP, (unsigned)s, 0, 0);
    if (gs == gd) {
        unsigned at = as;
        if (path > 0) {
            at = ss_cabling_via_router(c, s, d, as, ad, path);
            local(c, gs, as, at, hops, &n);
        }
        local(c, gs, at, ad, hops, &n);
    } else {
        unsigned l = ss_cabling_pick(c, s, d);
        unsigned via = path > 0 ? ss_cabling_via(c, s, d, gs, gd, path) : gd;
        unsigned at = as;
        if (via != gd)
            at = cross(c, gs, via, at, l, hops, &n);
        at = cross(c, via == gd ? gs : via, gd, at, l, hops, &n);
        local(c, gd, at, ad, hops, &n);
    }
    hop(hops, &n, SS_HOP_DOWN, (unsigned)d, 0, 0);
    return n;
}

void ss_cabling_sum(const ss_cabling_t *c, ss_cabling_sum_t *s)
{
    size_t G = c->groups, C = c->chassis, R = c->routers;
    size_t L = c->per_pair;
    s->routers = G * C * R;
    s->nodes = s->routers * c->nodes;
    s->node_links = s->nodes * c->nics;
    s->green_links = G * C * R * (R - 1) / 2 * c->green;
    s->black_links = G * R * C * (C - 1) / 2 * c->black;
    s->global_links = G * (G - 1) / 2 * L;
    s->pair_bw = (double)L * c->gbw;
    s->group_out_bw = (double)(G - 1) * s->pair_bw;
    s->group_in_bw = (double)ss_cabling_group_nodes(c) * c->nics * c->node_bw;
    s->bisection_bw = (double)(G / 2) * (double)(G - G / 2) * s->pair_bw;
}
