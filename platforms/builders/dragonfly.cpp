// dragonfly.cpp - a dragonfly as it is cabled (cabling.h): global links on
// every router, a group pair's traffic spread over all of its links, and
// minimal or Valiant routes.
//
// Why not SimGrid's DragonflyZone: it attaches all of a group's global
// links to the first chassis and sends all traffic between two groups
// through one router on each side, so a collective that crosses groups
// queues on that router's local links (recursive-doubling fcollect of
// 8 B on aries-xc: 0.84 ms at 8,192 PEs, 19.7 ms at 16,384). Here the
// zone computes routes itself, by arithmetic on the node numbers: no
// route table, O(1) per route, a few pointers per link.
//
// Links are bundles, as in the fat-tree builder (fattree.cpp): the k
// parallel cables between two routers of a chassis are one link of k
// times the bandwidth, and so are a group pair's L global links. A route
// between groups still enters and leaves through the routers holding
// the link it picks (ss_cabling_pick), so the pair's traffic crosses
// those routers' local links, spread over the whole group; what is left
// out is which of the L cables carries it: the bundle is ideally
// balanced, as adaptive routing tends to be, and one node's message is
// not capped by one cable (Aries and Rosetta spread a message's packets
// over many).
//
// Routes (hops; every one a split-duplex direction):
//   same node      loopback (shm-lat/shm-bw), else the node link out and
//                  back
//   same router    node up, node down
//   same group     node up, green (to the destination's blade), black (to
//                  its chassis), node down: at most 2 local hops
//   minimal        node up, local hops to the router holding the pair's
//                  picked link, the group pair's global bundle, local
//                  hops from its far end, node down: at most 7 links
//   valiant        through an intermediate group (ss_cabling_via): two
//                  global bundles, at most 10 links
//   non-minimal    within a group, through an intermediate router
//                  (ss_cabling_via_router): at most 4 local hops
// Routes are numbered: path 0 is the minimal one, path k >= 1 the k-th
// non-minimal candidate (the k-th intermediate group between groups, the
// k-th intermediate router within one). SimGrid's flows take one route
// per message, fixed when it starts: path 0, or path 1 between groups
// under routing=valiant. Under routing=adaptive the small-message model
// weighs the candidates per message (sim/engine/ss_route.cpp), as Aries
// and Rosetta do per packet.
#include <simgrid/kernel/routing/ClusterZone.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u.hpp>

#include <string>
#include <vector>

extern "C" {
#include "cabling.h"
#include "topo.h"
}
#include "builders.hpp"
#include "dragonfly.hpp"

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::Route;

namespace {
struct duplex {
    sg4::Link *up = nullptr, *down = nullptr;
};

class CabledDragonfly : public simgrid::kernel::routing::ClusterZone {
public:
    CabledDragonfly(const std::string &name, const ss_topo_t *t, const ss_cabling_t &c)
        : ClusterZone(name), c_(c), routing_(t->routing), nics_(t->nics ? t->nics : 1)
    {
    }

    void build(const ss_topo_t *t);

    void get_local_route(const NetPoint *src, const NetPoint *dst, Route *into,
                         double *latency) override
    {
        size_t n = 0;
        double lat = 0;
        sg4::Link *hops[SS_DFLY_MAXHOPS];
        route(src->id(), dst->id(), flow_path(src->id(), dst->id()), hops, &n, &lat);
        // One NIC pair per host pair for SimGrid's flows (they do not
        // know the PE): the destination's number picks the source's NIC
        // and the source's the destination's, so a node's flows to
        // different nodes spread over its NICs.
        if (nics_ > 1 && n >= 2 && src->id() != dst->id()) {
            hops[0] = nic(src->id(), (unsigned)(dst->id() % nics_)).up;
            hops[n - 1] = nic(dst->id(), (unsigned)(src->id() % nics_)).down;
        }
        for (size_t i = 0; i < n; i++)
            into->link_list_.push_back(hops[i]->get_impl());
        if (latency)
            *latency += lat;
    }

    int routing() const { return routing_; }

    unsigned nics() const { return nics_; }

    // NIC j of node h: its link into the network (up) and out of it.
    const duplex &nic(size_t h, unsigned j) const { return node_[h * nics_ + j]; }

    // How many routes there are from node s to node d: the minimal one
    // and the non-minimal candidates.
    unsigned paths(size_t s, size_t d) const { return ss_cabling_paths(&c_, s, d); }

    // The route from node s to node d numbered `path` (above): its links
    // and latency; false when there is no such path. The arithmetic is
    // the cabling's (ss_cabling_route), shared with the span estimates.
    bool route(size_t s, size_t d, unsigned path, sg4::Link **hops, size_t *n, double *lat) const
    {
        ss_cabling_hop_t h[SS_CABLING_MAXHOPS];
        *n = ss_cabling_route(&c_, s, d, path, !lo_.empty(), h);
        *lat = 0;
        for (size_t i = 0; i < *n; i++)
            hops[i] = link_of(h[i], lat);
        return *n > 0;
    }

private:
    ss_cabling_t c_;
    int routing_;
    unsigned nics_;   // per node; node_ holds NIC j of node h at h * nics_ + j
    double shm_lat_ = 0;
    std::vector<duplex> node_;
    std::vector<sg4::Link *> lo_;
    std::vector<duplex> green_, black_, global_;   // index: lower end first

    // The one route SimGrid's flows take: minimal, or under
    // routing=valiant the first Valiant candidate between groups.
    unsigned flow_path(size_t s, size_t d) const
    {
        size_t rg = ss_cabling_group_routers(&c_);
        bool across = s / c_.nodes / rg != d / c_.nodes / rg;
        return routing_ == SS_ROUTE_VALIANT && across && paths(s, d) > 1 ? 1 : 0;
    }

    // The SimGrid link of a hop, its latency added to *lat (a route's
    // two node links' when it leaves its node, in the order the sum was
    // always taken, so times stay the same to the last bit).
    sg4::Link *link_of(const ss_cabling_hop_t &h, double *lat) const
    {
        switch (h.kind) {
        case SS_HOP_UP:
            *lat += 2 * c_.node_lat;
            return nic(h.x, 0).up;
        case SS_HOP_DOWN:
            return nic(h.x, 0).down;
        case SS_HOP_LOOP:
            *lat += shm_lat_;
            return lo_[h.x];
        case SS_HOP_GREEN:
            *lat += c_.lat;
            return dir(green_, (size_t)h.x * c_.routers * c_.routers, c_.routers, h.a, h.b);
        case SS_HOP_BLACK:
            *lat += c_.lat;
            return dir(black_, (size_t)h.x * c_.chassis * c_.chassis, c_.chassis, h.a, h.b);
        default:
            *lat += c_.glat;
            return dir(global_, 0, c_.groups, h.a, h.b);
        }
    }

    // The direction a -> b of the link between a and b in a square table
    // of side k at base (a < b holds the link, up is a -> b).
    static sg4::Link *dir(const std::vector<duplex> &v, size_t base, size_t k, unsigned a,
                          unsigned b)
    {
        return a < b ? v[base + (size_t)a * k + b].up : v[base + (size_t)b * k + a].down;
    }

    duplex make(const std::string &name, double bw, double lat)
    {
        auto *l = get_iface()->create_split_duplex_link(name, bw);
        l->set_latency(lat)->seal();
        return {l->get_link_up(), l->get_link_down()};
    }

    // Every pair a < b of a group of k: the bundle between them.
    void square(std::vector<duplex> &v, size_t base, size_t k, const std::string &name,
                double bw)
    {
        for (size_t a = 0; a < k; a++)
            for (size_t b = a + 1; b < k; b++)
                v[base + a * k + b] = make(name + std::to_string(a) + "-" + std::to_string(b),
                                           bw, c_.lat);
    }
};

void CabledDragonfly::build(const ss_topo_t *t)
{
    size_t G = c_.groups, C = c_.chassis, R = c_.routers;
    size_t hosts = G * C * R * c_.nodes;
    bool shm = ss_has_shm(t);
    shm_lat_ = t->shm_lat;
    node_.resize(hosts * nics_);
    for (size_t i = 0; i < hosts; i++) {
        std::string name = "node-" + std::to_string(i);
        sg4::Host *h = get_iface()->create_host(name, 1e9);
        h->set_core_count(t->cores)->seal();
        for (unsigned j = 0; j < nics_; j++)
            node_[i * nics_ + j] = make(name + "-nic" + (j ? std::to_string(j) : ""),
                                        c_.node_bw, c_.node_lat);
        if (shm) {
            auto *lo = get_iface()->create_link(name + "-lo", ss_shm_bw(t));
            lo->set_latency(t->shm_lat)->seal();
            lo_.push_back(lo);
        }
    }
    green_.resize(G * C * R * R);
    for (size_t ch = 0; ch < G * C; ch++)
        square(green_, ch * R * R, R, "green-" + std::to_string(ch) + ":", c_.bw * c_.green);
    black_.resize(G * R * C * C);
    for (size_t bl = 0; bl < G * R; bl++)
        square(black_, bl * C * C, C, "black-" + std::to_string(bl) + ":", c_.bw * c_.black);
    global_.resize(G * G);
    for (size_t a = 0; a < G; a++)
        for (size_t b = a + 1; b < G; b++)
            global_[a * G + b] = make("global-" + std::to_string(a) + "-" + std::to_string(b),
                                      c_.gbw * c_.per_pair, c_.glat);
}

CabledDragonfly *the_zone = nullptr;
} // namespace

void ss_dfly_build(const ss_topo_t *t, const ss_cabling_t *c)
{
    auto *z = new CabledDragonfly("machine", t, *c);
    z->build(t);
    z->seal();
    the_zone = z;
}

int ss_dfly_routing(const sg4::Host *h)
{
    if (!the_zone || h->get_englobing_zone() != the_zone->get_iface())
        return -1;
    return the_zone->routing();
}

size_t ss_dfly_route(const sg4::Host *src, const sg4::Host *dst, unsigned path, sg4::Link **hops,
                     double *lat)
{
    size_t n = 0;
    if (ss_dfly_routing(src) < 0)
        return 0;
    if (!the_zone->route(src->get_netpoint()->id(), dst->get_netpoint()->id(), path, hops, &n,
                         lat))
        return 0;
    return n;
}

unsigned ss_dfly_nics(const sg4::Host *h)
{
    return ss_dfly_routing(h) < 0 ? 1 : the_zone->nics();
}

void ss_dfly_nic(const sg4::Host *h, unsigned j, sg4::Link **up, sg4::Link **down)
{
    const auto &l = the_zone->nic(h->get_netpoint()->id(), j);
    *up = l.up;
    *down = l.down;
}

unsigned ss_dfly_paths(const sg4::Host *src, const sg4::Host *dst)
{
    if (ss_dfly_routing(src) < 0)
        return 0;
    return the_zone->paths(src->get_netpoint()->id(), dst->get_netpoint()->id());
}
