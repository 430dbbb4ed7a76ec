// ss_route.cpp - the routes under the small-message model (models/wire.h):
// SimGrid's C++ API is the only one that lists a route's links with their
// bandwidth and sharing. Each shared link keeps its queue of small
// messages (one busy period): one entry per link used.
//
// Routes are cached: asking SimGrid costs more than the rest of a small
// message (a dragonfly route is rebuilt hop by hop each time), and a
// log-step collective sends most of its messages along few host pairs
// (all PEs of a node to the same node, round after round). The cache is
// direct-mapped and bounded (16 slots a host, 7.6 to 61 MB), so dense
// patterns over all pairs cost a miss, never memory; it holds only what
// SimGrid would answer again, so results do not depend on it.
//
// On a cabled dragonfly or a Dragonfly+ routed adaptively
// (platforms/builders/dragonfly.cpp, dragonfly_plus.cpp) a message takes
// the minimal route unless the queues it would meet there delay it; then
// it takes whichever of the minimal route and the next NONMIN_TRIES
// non-minimal candidates (through another group between groups, another
// router or spine within one) clears the switches' links first. That is
// UGAL's choice: a router weighs the minimal path's queue against a
// longer, idle one, and Aries and Rosetta make it per packet (Alverson
// et al., "Cray XC Series Network", 2012: minimal or non-minimal per
// packet, by the load it sees; De Sensi et al., SC20: Slingshot the
// same), so a group's bulk traffic spreads over all of its links rather
// than queuing on the one link between two routers. Each pair of hosts
// starts from its own candidates (a hash of the two, platforms/cabling.h)
// and each source host rotates through them, so successive delayed
// messages try different intermediate routers, as random picks would,
// deterministically and whatever order other hosts send in. What is left
// out: the model sees every queue of each candidate where a router sees
// its own ports (an upper bound on the choice's quality), and a message
// goes whole on one route, where packets of one message may take
// several: for a message alone that is the same (its node link is the
// bottleneck), under load it evens out over the messages. Minimal wins
// ties.
#include <simgrid/host.h>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <simgrid/kernel/routing/ClusterZone.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "builders/dragonfly.hpp"
#include "builders/dragonfly_plus.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

extern "C" {
#include "ss_route.h"
#include "wire.h"
}

namespace {
// Slots: 16 a host (a log-step pattern's host pairs: hosts x log2 p),
// from 2^15 (7.6 MB) to 2^18; at 10,624 hosts (aurora) 2^15 slots missed
// on most messages.
constexpr size_t CACHE_SLOTS_MIN = 1 << 15, CACHE_SLOTS_MAX = 1 << 18;
size_t cache_slots;
constexpr size_t CACHE_HOPS = SS_ROUTE_MARKS;   // longer routes are not cached

struct cached_route {
    sg_host_t src = nullptr, dst = nullptr;
    double lat = 0;
    size_t n = 0;
    unsigned paths = 0;   // routes adaptive routing weighs (0, 1: the minimal one only)
    unsigned nics = 1;    // per node at either end
    ss_hop_t hops[CACHE_HOPS];
};

// Non-minimal candidates a delayed message weighs.
constexpr unsigned NONMIN_TRIES = 2;

// A link's hop (its bandwidth and queue), kept in the link's own user
// data: found in one load on every message, where a hash table of links
// took 7.5% of a 131,072-PE broadcast on aurora (each message's two NIC
// links are looked up afresh). The deque keeps the records where they
// are; tagged, the links that point into it.
struct link_rec {
    ss_hop_t hop;
    ss_link_q_t q;
};
std::deque<link_rec> link_recs;
std::vector<simgrid::s4u::Link *> tagged;
// Per source host (by its index in ss_w.hosts): how far its delayed
// messages have rotated through their candidates. Not in the route
// cache, whose evictions would restart a pair's rotation (at 512
// slingshot PEs, 65,536 host pairs over 32,768 slots: alltoall came out
// 40% slower cold than warm).
std::vector<unsigned> turns;
std::vector<cached_route> cache;
std::vector<simgrid::s4u::Link *> links;
std::vector<ss_hop_t> hops;

size_t slot_of(sg_host_t src, sg_host_t dst)
{
    size_t h = std::hash<const void *>()(src) * 0x9e3779b97f4a7c15ULL ^
               std::hash<const void *>()(dst);
    return (h ^ (h >> 29)) & (cache_slots - 1);
}

ss_hop_t hop_of(simgrid::s4u::Link *l)
{
    auto *r = l->get_data<link_rec>();
    if (!r) {
        bool shares = l->get_sharing_policy() != simgrid::s4u::Link::SharingPolicy::FATPIPE;
        r = &link_recs.emplace_back();
        r->hop = {l->get_bandwidth(), shares ? &r->q : nullptr};
        l->set_data(r);
        tagged.push_back(l);
    }
    return r->hop;
}

unsigned &turn_of(size_t node)
{
    if (node >= turns.size())
        turns.resize(node + 1);
    return turns[node];
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

// When a message would clear the switches' links of a route (all but the
// node links at either end, which every candidate shares): what the
// candidates are weighed by. Weighed by landing time instead, a message
// whose node link is the bottleneck finds every route alike, takes the
// minimal one and queues there behind its neighbours, the minimal link
// ends up carrying half a congested group's traffic, and alltoall
// between the routers of a group runs at a quarter of what the nodes
// inject (osu_alltoall 1 MiB at 128 Slingshot nodes).
double between(const ss_hop_t *h, size_t n, double lat, double bytes, double now)
{
    return ss_wire_estimate(h + 1, n - 2, lat, bytes, now);
}

// How many routes adaptive routing weighs from src to dst: a cabled
// dragonfly's or a Dragonfly+'s candidates, when it routes adaptively.
unsigned adaptive_paths(sg_host_t src, sg_host_t dst)
{
    if (ss_dfly_routing(src) == SS_ROUTE_ADAPTIVE)
        return ss_dfly_paths(src, dst);
    if (ss_dfp_routing(src) == SS_ROUTE_ADAPTIVE)
        return ss_dfp_paths(src, dst);
    return 0;
}

// Non-minimal candidate `path` of c into out; its latency; 0 links when
// there is none. Its node links are the minimal route's (every route
// starts and ends on NIC 0 of its hosts: dragonfly.hpp), so only the
// switches' links are looked up: each lookup reaches the SimGrid link.
size_t candidate(const cached_route &c, unsigned path, ss_hop_t *out, double *lat)
{
    static_assert(SS_DFP_MAXHOPS <= SS_DFLY_MAXHOPS, "room for either zone's routes");
    simgrid::s4u::Link *l[SS_DFLY_MAXHOPS];
    size_t n = ss_dfly_routing(c.src) >= 0 ? ss_dfly_route(c.src, c.dst, path, l, lat)
                                           : ss_dfp_route(c.src, c.dst, path, l, lat);
    if (n < 2)
        return n;
    out[0] = c.hops[0];
    out[n - 1] = c.hops[c.n - 1];
    for (size_t i = 1; i + 1 < n; i++)
        out[i] = hop_of(l[i]);
    return n;
}

// The cached route from src to dst; nullptr when too long to cache (its
// links are then in hops, its latency in *lat).
const cached_route *lookup(sg_host_t src, sg_host_t dst, double *lat)
{
    if (cache.empty()) {
        for (cache_slots = CACHE_SLOTS_MIN;
             cache_slots < CACHE_SLOTS_MAX && cache_slots < 16 * sg_host_count();)
            cache_slots *= 2;
        cache.resize(cache_slots);
    }
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
        c.paths = adaptive_paths(src, dst);
        c.nics = ss_dfly_nics(src);
    }
    *lat = c.lat;
    return &c;
}

// The hops of each NIC's two links (up, down), by node and NIC: a
// message's own NICs replace its route's node links, and at a million
// PEs over 10,624 nodes of 8 NICs, reaching them through their SimGrid
// links (the link, its user data, its record) was three cache misses a
// link, 6% of a run. Filled as NICs are first used; bandwidth 0: not yet.
std::vector<ss_hop_t> nic_hops;

const ss_hop_t &nic_hop(const ss_nic_t &x, unsigned nics, bool up)
{
    size_t i = 2 * (x.node * nics + x.nic) + !up;
    if (i >= nic_hops.size())
        nic_hops.resize(std::max(i + 1, 2 * sg_host_count() * nics));
    if (nic_hops[i].bw == 0) {
        simgrid::s4u::Link *u, *d;
        ss_dfly_nic(x.host, x.nic, &u, &d);
        nic_hops[i] = hop_of(up ? u : d);
    }
    return nic_hops[i];
}

// The route c's first and last links (its node links) as those of the
// NICs of src and dst, into out: on a node with several NICs a PE sends
// and receives through its own (platforms/topo.h).
const ss_hop_t *on_nics(const cached_route &c, const ss_nic_t &src, const ss_nic_t &dst,
                        const ss_hop_t *h, size_t n, ss_hop_t *out)
{
    if (n < 2 || c.src == c.dst || c.nics < 2)
        return h;
    std::copy(h, h + n, out);
    out[0] = nic_hop(src, c.nics, true);
    out[n - 1] = nic_hop(dst, c.nics, false);
    return out;
}
} // namespace

extern "C" double ss_route_reserve(ss_nic_t s, ss_nic_t d, double bytes, double now,
                                   ss_mark_t *marks, size_t *nmarks)
{
    double lat;
    sg_host_t src = s.host, dst = d.host;
    const cached_route *c = lookup(src, dst, &lat);
    if (!c) {
        *nmarks = 0;
        return ss_wire_reserve(hops.data(), hops.size(), lat, bytes, now);
    }
    const ss_hop_t *best = c->hops;
    size_t n = c->n;
    ss_hop_t alt[NONMIN_TRIES][SS_DFLY_MAXHOPS];
    if (c->paths > 1) {
        double t = between(c->hops, c->n, c->lat, bytes, now);
        if (t > ss_wire_alone(c->hops + 1, c->n - 2, c->lat, bytes, now)) {
            unsigned &turn = turn_of(s.node);
            for (unsigned j = 0; j < NONMIN_TRIES && j + 1 < c->paths; j++) {
                double alat;
                unsigned path = 1 + (turn + j) % (c->paths - 1);
                size_t an = candidate(*c, path, alt[j], &alat);
                double e = an ? between(alt[j], an, alat, bytes, now) : t;
                if (e < t) {
                    t = e;
                    best = alt[j];
                    n = an;
                    lat = alat;
                }
            }
            turn += NONMIN_TRIES;
        }
    }
    ss_hop_t mine[SS_DFLY_MAXHOPS > CACHE_HOPS ? SS_DFLY_MAXHOPS : CACHE_HOPS];
    best = on_nics(*c, s, d, best, n, mine);
    *nmarks = n;
    return ss_wire_reserve_marked(best, n, lat, bytes, now, marks);
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

extern "C" void ss_route_restart_turns(void)
{
    std::fill(turns.begin(), turns.end(), 0);
}

extern "C" void ss_route_reset(void)
{
    for (auto *l : tagged)
        l->set_data(nullptr);
    tagged.clear();
    link_recs.clear();
    nic_hops.clear();
    nic_hops.shrink_to_fit();
    turns.clear();
    cache.clear();
    cache.shrink_to_fit();
    links.clear();
    hops.clear();
    links.shrink_to_fit();
    hops.shrink_to_fit();
}
