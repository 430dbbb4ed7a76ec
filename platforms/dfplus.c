/* dfplus.c - the Dragonfly+'s cabling arithmetic (dfplus.h). */
#include <stdint.h>

#include "dfplus.h"

void ss_dfp_of(const ss_topo_t *t, ss_dfp_t *c)
{
    c->groups = t->groups[0];
    c->leaves = t->leaves;
    c->spines = t->spines[0];
    c->up = t->spines[1] ? t->spines[1] : 1;
    c->nodes = t->nodes;
    c->ports = t->global_per_spine;
    /* ss_dfp_check has bounded the cables, so P fits */
    c->per_pair = c->groups > 1 ? (unsigned)((unsigned long long)c->spines * c->ports /
                                             (c->groups - 1)) : 0;
    c->bw = t->bw[0];
    c->lat = t->lat[0];
    c->gbw = t->global_bw > 0 ? t->global_bw : c->bw;
    c->glat = t->global_lat > 0 ? t->global_lat : c->lat;
    c->node_bw = t->nic_bw > 0 ? t->nic_bw : c->bw;
    c->node_lat = c->lat + t->nic_lat;
}

size_t ss_dfp_group_nodes(const ss_dfp_t *c)
{
    return (size_t)c->leaves * c->nodes;
}

unsigned ss_dfp_group_of(const ss_dfp_t *c, size_t x)
{
    return (unsigned)(x / ss_dfp_group_nodes(c));
}

unsigned ss_dfp_leaf_of(const ss_dfp_t *c, size_t x)
{
    return (unsigned)(x / c->nodes % c->leaves);
}

size_t ss_dfp_port(const ss_dfp_t *c, unsigned g, unsigned h, unsigned l)
{
    unsigned G = c->groups;
    return (size_t)((h + G - g - 1) % G) + (size_t)l * (G - 1);
}

unsigned ss_dfp_spine(const ss_dfp_t *c, unsigned g, unsigned h, unsigned l)
{
    return (unsigned)(ss_dfp_port(c, g, h, l) / c->ports);
}

/* The spine of link l grows with l (ports d + l (G-1)): count the steps. */
unsigned ss_dfp_pair_spines(const ss_dfp_t *c, unsigned g, unsigned h)
{
    unsigned n = 0, last = 0;
    for (unsigned l = 0; l < c->per_pair; l++) {
        unsigned s = ss_dfp_spine(c, g, h, l);
        n += l == 0 || s != last;
        last = s;
    }
    return n;
}

unsigned ss_dfp_link(const ss_dfp_t *c, size_t d)
{
    return c->per_pair ? (unsigned)(d % c->per_pair) : 0;
}

unsigned ss_dfp_route_spine(const ss_dfp_t *c, size_t d, unsigned path)
{
    return (unsigned)((d + path) % c->spines);
}

unsigned ss_dfp_candidates(const ss_dfp_t *c, size_t s, size_t d)
{
    if (s / c->nodes == d / c->nodes)
        return 1;
    if (ss_dfp_group_of(c, s) == ss_dfp_group_of(c, d))
        return c->spines;
    return c->groups - 1;
}

/* MurmurHash3's 64-bit finaliser: a portable, well-mixed hash. */
static uint64_t fmix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

unsigned ss_dfp_via(const ss_dfp_t *c, size_t s, size_t d, unsigned k)
{
    unsigned gs = ss_dfp_group_of(c, s), gd = ss_dfp_group_of(c, d), others = c->groups - 2;
    unsigned lo = gs < gd ? gs : gd, hi = gs < gd ? gd : gs;
    if (c->groups < 3 || gs == gd)
        return gd;
    unsigned start = (unsigned)(fmix(fmix((uint64_t)s) + (uint64_t)d) % others);
    unsigned v = (start + k - 1) % others;   /* among the others, in order */
    v += v >= lo;
    v += v >= hi;
    return v;
}

/* The bisection: for two groups or more, the global cables between the
 * first half of the groups and the rest (as the dragonfly's); for one
 * group, the cables from half of its leaves up to the spines (the
 * fat-tree's narrowest cut); for one leaf, half of its nodes' links (a
 * switch is a crossbar). */
void ss_dfp_sum(const ss_dfp_t *c, ss_dfp_sum_t *s)
{
    size_t G = c->groups, L = c->leaves, S = c->spines, P = c->per_pair;
    s->leaves = G * L;
    s->spines = G * S;
    s->nodes = s->leaves * c->nodes;
    s->node_links = s->nodes;
    s->local_links = G * L * S * c->up;
    s->global_links = G * (G - 1) / 2 * P;
    s->ports_unused = S * c->ports - (G > 1 ? P * (G - 1) : 0);
    s->pair_bw = (double)P * c->gbw;
    s->group_out_bw = (double)(G - 1) * s->pair_bw;
    s->group_in_bw = (double)ss_dfp_group_nodes(c) * c->node_bw;
    s->leaf_up_bw = (double)S * c->up * c->bw;
    if (G > 1)
        s->bisection_bw = (double)(G / 2) * (double)(G - G / 2) * s->pair_bw;
    else if (L > 1)
        s->bisection_bw = (double)(L / 2) * s->leaf_up_bw;
    else
        s->bisection_bw = (double)(c->nodes / 2) * c->node_bw;
}
