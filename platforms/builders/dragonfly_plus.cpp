// dragonfly_plus.cpp - a Dragonfly+ as it is cabled (dfplus.h): groups
// that are two-level fat-trees, joined spine to spine, with minimal
// routes and a family of non-minimal candidates for adaptive routing.
//
// Built as the cabled dragonfly is (dragonfly.cpp): one ClusterZone that
// computes routes by arithmetic on the node numbers (no route table,
// O(1) per route, a few pointers per link), split-duplex links, and a
// loopback link per node when the spec gives shm-lat or shm-bw. Parallel
// cables are bundled into one link of their summed bandwidth: the u
// cables from a leaf to a spine (spines=S/u), and the global cables that
// join the same two spines (when K > G - 1 a spine holds several links
// to one group). A leaf's links to different spines stay apart, and so
// do a group pair's links on different spines: which spine a route
// climbs to is what InfiniBand routing decides, so it is modelled.
//
// Routes (hops; every one a split-duplex direction), G groups of L
// leaves with N nodes, S spines, P links between two groups:
//   same node     loopback (shm-lat/shm-bw), else the node link out and
//                 back
//   same leaf     node up, node down
//   same group    node up, leaf -> spine (d mod S), spine -> leaf, node
//                 down: 4 links, 2 (lat + nic-lat) + 2 lat
//   other group   node up, leaf -> the spine holding the pair's link
//                 (d mod P), that global link, its far spine -> leaf, node
//                 down: 5 links, 2 (lat + nic-lat) + 2 lat + global-lat
// The spine and the link are picked by the destination d, as the linear
// forwarding tables of InfiniBand switches route (d-mod-k): deterministic,
// and a leaf's traffic to the nodes of another leaf spreads over all
// spines. Non-minimal candidates (ss_dfp_route's path k >= 1): in one
// group, spine (d + k) mod S; between groups, through intermediate group
// v = ss_dfp_via(s, d, k) on link d mod P of both pairs, with a detour
// spine -> leaf (d mod L) -> spine inside v when the spine the first link
// lands on does not hold the second (never with K = G - 1, where link l
// of every pair is on spine l): at most 8 links.
//
// SimGrid's flows keep one route, chosen when they start: they take the
// minimal one (routing=adaptive or minimal), or under routing=valiant the
// first non-minimal candidate between groups. Choosing among the
// candidates per message is the runtime's (sim/engine/ss_route.cpp).
#include <simgrid/kernel/routing/ClusterZone.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "builders.hpp"
#include "dragonfly_plus.hpp"

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::Route;

namespace {
struct duplex {
    sg4::Link *up = nullptr, *down = nullptr;
};

class DragonflyPlus : public simgrid::kernel::routing::ClusterZone {
public:
    DragonflyPlus(const std::string &name, const ss_topo_t *t)
        : ClusterZone(name), routing_(t->routing)
    {
        ss_dfp_of(t, &c_);
    }

    void build(const ss_topo_t *t);

    void get_local_route(const NetPoint *src, const NetPoint *dst, Route *into,
                         double *latency) override
    {
        sg4::Link *hops[SS_DFP_MAXHOPS];
        double lat = 0;
        size_t s = src->id(), d = dst->id();
        size_t n = route(s, d, flow_path(s, d), hops, &lat);
        for (size_t i = 0; i < n; i++)
            into->link_list_.push_back(hops[i]->get_impl());
        if (latency)
            *latency += lat;
    }

    int routing() const { return routing_; }
    const ss_dfp_t &cabling() const { return c_; }

    // Candidate `path` from node s to node d (dfplus.h) into hops, its
    // latency in *lat; how many links, 0 when there is no such candidate.
    size_t route(size_t s, size_t d, unsigned path, sg4::Link **hops, double *lat) const
    {
        size_t n = 0;
        *lat = 0;
        if (path >= ss_dfp_candidates(&c_, s, d))
            return 0;
        if (s == d) {
            if (!lo_.empty()) {
                hops[n++] = lo_[s];
                *lat = shm_lat_;
                return n;
            }
            hops[n++] = node_[s].up;
            hops[n++] = node_[s].down;
            *lat = 2 * c_.node_lat;
            return n;
        }
        size_t xs = s / c_.nodes, xd = d / c_.nodes;   // leaves, machine-wide
        unsigned gs = ss_dfp_group_of(&c_, s), gd = ss_dfp_group_of(&c_, d);
        hops[n++] = node_[s].up;
        *lat = 2 * c_.node_lat;
        if (xs != xd && gs == gd) {
            unsigned sp = ss_dfp_route_spine(&c_, d, path);
            hops[n++] = leaf_spine(xs, sp).up;
            hops[n++] = leaf_spine(xd, sp).down;
            *lat += 2 * c_.lat;
        } else if (gs != gd) {
            unsigned l = ss_dfp_link(&c_, d), via = path ? ss_dfp_via(&c_, s, d, path) : gd;
            unsigned at = ss_dfp_spine(&c_, gs, via, l);
            hops[n++] = leaf_spine(xs, at).up;
            *lat += c_.lat;
            at = cross(gs, via, l, hops, &n, lat);
            if (via != gd) {
                unsigned next = ss_dfp_spine(&c_, via, gd, l);
                if (next != at) {   // through a leaf of v
                    size_t x = (size_t)via * c_.leaves + d % c_.leaves;
                    hops[n++] = leaf_spine(x, at).down;
                    hops[n++] = leaf_spine(x, next).up;
                    *lat += 2 * c_.lat;
                }
                at = cross(via, gd, l, hops, &n, lat);
            }
            hops[n++] = leaf_spine(xd, at).down;
            *lat += c_.lat;
        }
        hops[n++] = node_[d].down;
        return n;
    }

private:
    ss_dfp_t c_;
    int routing_;
    double shm_lat_ = 0;
    size_t used_ports_ = 0;   // P (G-1): cabled global ports of a group
    std::vector<duplex> node_;
    std::vector<sg4::Link *> lo_;
    std::vector<duplex> leaf_spine_;   // [leaf x S + spine], up: leaf -> spine
    std::vector<duplex> global_;       // bundles, up: lower group -> higher
    std::vector<uint32_t> port_;       // [g x P (G-1) + port]: its bundle

    // Flows keep one route (see the top of the file).
    unsigned flow_path(size_t s, size_t d) const
    {
        return routing_ == SS_ROUTE_VALIANT &&
                       ss_dfp_group_of(&c_, s) != ss_dfp_group_of(&c_, d) &&
                       ss_dfp_candidates(&c_, s, d) > 1
                   ? 1 : 0;
    }

    const duplex &leaf_spine(size_t leaf, unsigned spine) const
    {
        return leaf_spine_[leaf * c_.spines + spine];
    }

    // Link l from group g to group h: its global hop; h's spine at the
    // far end.
    unsigned cross(unsigned g, unsigned h, unsigned l, sg4::Link **hops, size_t *n,
                   double *lat) const
    {
        const duplex &b = global_[port_[g * used_ports_ + ss_dfp_port(&c_, g, h, l)]];
        hops[(*n)++] = g < h ? b.up : b.down;
        *lat += c_.glat;
        return ss_dfp_spine(&c_, h, g, l);
    }

    duplex make(const std::string &name, double bw, double lat)
    {
        auto *l = get_iface()->create_split_duplex_link(name, bw);
        l->set_latency(lat)->seal();
        return {l->get_link_up(), l->get_link_down()};
    }

    void build_global();
};

void DragonflyPlus::build(const ss_topo_t *t)
{
    size_t G = c_.groups, L = c_.leaves, S = c_.spines;
    size_t hosts = G * ss_dfp_group_nodes(&c_);
    bool shm = ss_has_shm(t);
    shm_lat_ = t->shm_lat;
    node_.resize(hosts);
    for (size_t i = 0; i < hosts; i++) {
        std::string name = "node-" + std::to_string(i);
        sg4::Host *h = get_iface()->create_host(name, 1e9);
        h->set_core_count(t->cores)->seal();
        node_[i] = make(name + "-nic", c_.node_bw, c_.node_lat);
        if (shm) {
            auto *lo = get_iface()->create_link(name + "-lo", ss_shm_bw(t));
            lo->set_latency(t->shm_lat)->seal();
            lo_.push_back(lo);
        }
    }
    leaf_spine_.resize(G * L * S);
    for (size_t x = 0; x < G * L; x++)
        for (size_t s = 0; s < S; s++)
            leaf_spine_[x * S + s] =
                make("leaf-" + std::to_string(x) + ":spine-" + std::to_string(x / L * S + s),
                     c_.bw * c_.up, c_.lat);
    build_global();
}

// Every pair g < h: its P links, the runs of consecutive links that join
// the same two spines one bundle (both ends' spines grow with l, so equal
// pairs of spines are consecutive).
void DragonflyPlus::build_global()
{
    unsigned G = c_.groups, P = c_.per_pair;
    used_ports_ = (size_t)P * (G - 1);
    port_.resize(G * used_ports_);
    std::vector<unsigned> ends, cables;   // per bundle: g, a, h, b; cables
    for (unsigned g = 0; g < G; g++)
        for (unsigned h = g + 1; h < G; h++)
            for (unsigned l = 0; l < P; l++) {
                unsigned a = ss_dfp_spine(&c_, g, h, l), b = ss_dfp_spine(&c_, h, g, l);
                size_t k = ends.size();
                if (l == 0 || ends[k - 3] != a || ends[k - 1] != b) {
                    ends.insert(ends.end(), {g, a, h, b});
                    cables.push_back(0);
                }
                cables.back()++;
                port_[g * used_ports_ + ss_dfp_port(&c_, g, h, l)] = (uint32_t)(cables.size() - 1);
                port_[h * used_ports_ + ss_dfp_port(&c_, h, g, l)] = (uint32_t)(cables.size() - 1);
            }
    global_.resize(cables.size());
    size_t S = c_.spines;
    for (size_t i = 0; i < cables.size(); i++) {
        const unsigned *e = &ends[4 * i];
        global_[i] = make("global-spine-" + std::to_string(e[0] * S + e[1]) + ":spine-" +
                              std::to_string(e[2] * S + e[3]),
                          c_.gbw * cables[i], c_.glat);
    }
}

DragonflyPlus *the_zone = nullptr;

size_t index_of(const sg4::Host *h)
{
    return h->get_netpoint()->id();
}
} // namespace

void ss_dfp_build(const ss_topo_t *t)
{
    auto *z = new DragonflyPlus("machine", t);
    z->build(t);
    z->seal();
    the_zone = z;
}

int ss_dfp_routing(const sg4::Host *h)
{
    if (!the_zone || h->get_englobing_zone() != the_zone->get_iface())
        return -1;
    return the_zone->routing();
}

size_t ss_dfp_route(const sg4::Host *src, const sg4::Host *dst, unsigned path, sg4::Link **hops,
                    double *lat)
{
    *lat = 0;
    if (ss_dfp_routing(src) < 0 || ss_dfp_routing(dst) < 0)
        return 0;
    return the_zone->route(index_of(src), index_of(dst), path, hops, lat);
}

unsigned ss_dfp_paths(const sg4::Host *src, const sg4::Host *dst)
{
    if (ss_dfp_routing(src) < 0 || ss_dfp_routing(dst) < 0)
        return 0;
    return ss_dfp_candidates(&the_zone->cabling(), index_of(src), index_of(dst));
}
