// ss_route.cpp - the routes under the small-message model (models/wire.h):
// SimGrid's C++ API is the only one that lists a route's links with their
// bandwidth and sharing. Each shared link keeps its queue of small
// messages (one busy period); nothing else is stored: one entry per link
// used.
#include <simgrid/host.h>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <simgrid/kernel/routing/ClusterZone.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <unordered_map>
#include <vector>

extern "C" {
#include "ss_route.h"
#include "wire.h"
}

namespace {
std::unordered_map<const simgrid::s4u::Link *, ss_link_q_t> queues;
std::vector<simgrid::s4u::Link *> links;
std::vector<ss_hop_t> hops;
} // namespace

extern "C" double ss_route_reserve(sg_host_t src, sg_host_t dst, double bytes, double now)
{
    double lat = 0;
    links.clear();
    src->route_to(dst, links, &lat);
    hops.resize(links.size());
    for (size_t i = 0; i < links.size(); i++) {
        const simgrid::s4u::Link *l = links[i];
        bool shares = l->get_sharing_policy() != simgrid::s4u::Link::SharingPolicy::FATPIPE;
        hops[i] = {l->get_bandwidth(), shares ? &queues[l] : nullptr};
    }
    return ss_wire_reserve(hops.data(), hops.size(), lat, bytes, now);
}

// Only asked of hosts in a cluster zone (fat-tree, dragonfly, torus, star
// clusters: presets, specs and <cluster> files), which always route a host
// to itself. Routed zones without a self route throw or abort inside
// SimGrid (Full, Floyd), so the small-message path is off there.
extern "C" int ss_route_loopback(sg_host_t h, double *latency)
{
    auto *zone = h->get_englobing_zone()->get_impl();
    if (!dynamic_cast<simgrid::kernel::routing::ClusterZone *>(zone))
        return -1;
    links.clear();
    *latency = 0;
    h->route_to(h, links, latency);
    return 0;
}

extern "C" void ss_route_reset(void)
{
    queues.clear();
    links.clear();
    hops.clear();
    links.shrink_to_fit();
    hops.shrink_to_fit();
}
