// ss_route.cpp - the routes under the small-message model (models/wire.h):
// SimGrid's C++ API is the only one that lists a route's links with their
// bandwidth and sharing. Each shared link keeps its queue of small
// messages (one busy period): one entry per link used.
//
// Routes are cached: asking SimGrid costs more than the rest of a small
// message (a dragonfly route is rebuilt hop by hop each time), and a
// log-step collective sends most of its messages along few host pairs
// (all PEs of a node to the same node, round after round). The cache is
// direct-mapped and bounded (CACHE_SLOTS entries, a few MB), so dense
// patterns over all pairs cost a miss, never memory; it holds only what
// SimGrid would answer again, so results do not depend on it.
//
// On a cabled dragonfly routed adaptively (platforms/builders/dragonfly.cpp) a
// route between groups has two candidates, the minimal one and a Valiant
// one through another group; each message takes the one on which it
// would land first, by the queues it would meet (ss_wire_estimate), the
// way UGAL weighs a minimal path's queue against a longer idle one. The
// model sees every queue of both routes, where a router sees its own:
// an upper bound on what adaptive routing achieves. Minimal wins ties.
#include <simgrid/host.h>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <simgrid/kernel/routing/ClusterZone.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "builders/dragonfly.hpp"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

extern "C" {
#include "ss_route.h"
#include "wire.h"
}

namespace {
constexpr size_t CACHE_SLOTS = 1 << 15;
constexpr size_t CACHE_HOPS = SS_ROUTE_MARKS;   // longer routes are not cached

struct cached_route {
    sg_host_t src = nullptr, dst = nullptr;
    double lat = 0, alt_lat = 0;
    size_t n = 0, alt_n = 0;   // alt: the Valiant candidate (adaptive)
    ss_hop_t hops[CACHE_HOPS];
    ss_hop_t alt[SS_DFLY_MAXHOPS];
};

std::unordered_map<const simgrid::s4u::Link *, ss_link_q_t> queues;
std::vector<cached_route> cache;
std::vector<simgrid::s4u::Link *> links;
std::vector<ss_hop_t> hops;

size_t slot_of(sg_host_t src, sg_host_t dst)
{
    size_t h = std::hash<const void *>()(src) * 0x9e3779b97f4a7c15ULL ^
               std::hash<const void *>()(dst);
    return (h ^ (h >> 29)) % CACHE_SLOTS;
}

ss_hop_t hop_of(const simgrid::s4u::Link *l)
{
    bool shares = l->get_sharing_policy() != simgrid::s4u::Link::SharingPolicy::FATPIPE;
    return {l->get_bandwidth(), shares ? &queues[l] : nullptr};
}

// Asks SimGrid for the route into hops; its latency.
double ask(sg_host_t src, sg_host_t dst)
{
    double lat = 0;
    links.clear();
    src->route_to(dst, links, &lat);
    hops.resize(links.size());
    for (size_t i = 0; i < links.size(); i++)
        hops[i] = hop_of(links[i]);
    return lat;
}

// The Valiant candidate of an adaptive dragonfly route into c (none
// inside a group, where it would be the minimal route).
void ask_alt(cached_route &c)
{
    c.alt_n = 0;
    if (ss_dfly_routing(c.src) != SS_ROUTE_ADAPTIVE)
        return;
    simgrid::s4u::Link *l[SS_DFLY_MAXHOPS];
    size_t n = ss_dfly_route(c.src, c.dst, SS_ROUTE_VALIANT, l, &c.alt_lat);
    bool same = n == c.n;
    for (size_t i = 0; i < n; i++) {
        c.alt[i] = hop_of(l[i]);
        same = same && c.alt[i].q == c.hops[i].q && c.alt[i].bw == c.hops[i].bw;
    }
    c.alt_n = same ? 0 : n;
}

// The cached route from src to dst; nullptr when too long to cache (its
// links are then in hops, its latency in *lat).
const cached_route *lookup(sg_host_t src, sg_host_t dst, double *lat)
{
    if (cache.empty())
        cache.resize(CACHE_SLOTS);
    cached_route &c = cache[slot_of(src, dst)];
    if (c.src != src || c.dst != dst) {
        *lat = ask(src, dst);
        if (hops.size() > CACHE_HOPS)
            return nullptr;
        c.src = src;
        c.dst = dst;
        c.lat = *lat;
        c.n = hops.size();
        std::copy(hops.begin(), hops.end(), c.hops);
        ask_alt(c);
    }
    *lat = c.lat;
    return &c;
}
} // namespace

extern "C" double ss_route_reserve(sg_host_t src, sg_host_t dst, double bytes, double now,
                                   ss_mark_t *marks, size_t *nmarks)
{
    double lat;
    const cached_route *c = lookup(src, dst, &lat);
    if (!c) {
        *nmarks = 0;
        return ss_wire_reserve(hops.data(), hops.size(), lat, bytes, now);
    }
    if (c->alt_n &&
        ss_wire_estimate(c->alt, c->alt_n, c->alt_lat, bytes, now) <
            ss_wire_estimate(c->hops, c->n, c->lat, bytes, now)) {
        *nmarks = c->alt_n;
        return ss_wire_reserve_marked(c->alt, c->alt_n, c->alt_lat, bytes, now, marks);
    }
    *nmarks = c->n;
    return ss_wire_reserve_marked(c->hops, c->n, c->lat, bytes, now, marks);
}

extern "C" double ss_route_latency(sg_host_t src, sg_host_t dst)
{
    double lat;
    lookup(src, dst, &lat);
    return lat;
}

// Hosts in a cluster zone (fat-tree, dragonfly, torus, star clusters:
// presets, specs and <cluster> files) always route to themselves. Routed
// zones without a self route throw or abort inside SimGrid (Full, Floyd),
// so the small-message path is off there.
extern "C" int ss_route_self(sg_host_t h)
{
    auto *zone = h->get_englobing_zone()->get_impl();
    return dynamic_cast<simgrid::kernel::routing::ClusterZone *>(zone) != nullptr;
}

extern "C" void ss_route_reset(void)
{
    queues.clear();
    cache.clear();
    cache.shrink_to_fit();
    links.clear();
    hops.clear();
    links.shrink_to_fit();
    hops.shrink_to_fit();
}
