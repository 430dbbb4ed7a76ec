// dragonfly_simgrid.cpp - a dragonfly spec with zone=simgrid built as
// SimGrid's own DragonflyZone (builders.hpp). The default is the cabled
// dragonfly (dragonfly.cpp says why).
#include <simgrid/s4u.hpp>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "builders.hpp"

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;

// The dragonfly's nodes. Its node links are the NICs (set_global_links):
// no NIC limiter, which SimGrid would make one link shared by both
// directions (halving a node that sends and receives at once) and whose
// latency it would not count.
static sg4::ClusterCallbacks callbacks(const ss_topo_t *t)
{
    int cores = t->cores;
    auto host = [cores](sg4::NetZone *zone, const std::vector<unsigned long> &,
                        unsigned long id) -> std::pair<NetPoint *, NetPoint *> {
        sg4::Host *h = zone->create_host("node-" + std::to_string(id), 1e9);
        h->set_core_count(cores)->seal();
        return {h->get_netpoint(), nullptr};
    };
    if (!ss_has_shm(t))
        return sg4::ClusterCallbacks(host);
    // The intra-node path (shm-lat, shm-bw): a loopback link per node,
    // shared by the node's PEs (one memory system). SimGrid asks the same
    // callback for each router (its last coordinate is UINT_MAX): they
    // get none.
    double lo_bw = ss_shm_bw(t), lo_lat = t->shm_lat;
    auto loopback = [lo_bw, lo_lat](sg4::NetZone *zone, const std::vector<unsigned long> &coords,
                                    unsigned long id) -> sg4::Link * {
        if (!coords.empty() && coords.back() == std::numeric_limits<unsigned int>::max())
            return nullptr;
        return zone->create_link("lo-" + std::to_string(id), lo_bw)->set_latency(lo_lat)->seal();
    };
    return sg4::ClusterCallbacks(host, loopback, nullptr);
}

// Dragonfly (zone=simgrid; dragonfly.cpp builds the default): SimGrid's
// DragonflyZone takes one bandwidth and latency; the
// links between groups ("blue" in its names) are then set to global-bw /
// global-lat, scaled like the zone scales them (it multiplies by the
// number of parallel links). A node's link to its router is its NIC: it
// gets nic-lat on top, as a fat-tree's first level does, and nic-bw.
static void set_global_links(const ss_topo_t *t)
{
    if (t->global_bw <= 0 && t->global_lat <= 0 && t->nic_lat <= 0 && t->nic_bw <= 0)
        return;
    for (sg4::Link *l : sg4::Engine::get_instance()->get_all_links()) {
        if (l->get_name().rfind("local_link_from_router_", 0) == 0) {
            if (t->nic_lat > 0)
                l->set_latency(t->lat[0] + t->nic_lat);
            if (t->nic_bw > 0)
                l->set_bandwidth(t->nic_bw);
        }
        if (l->get_name().rfind("blue_link_between_group_", 0) != 0)
            continue;
        if (t->global_bw > 0)
            l->set_bandwidth(l->get_bandwidth() * t->global_bw / t->bw[0]);
        if (t->global_lat > 0)
            l->set_latency(t->global_lat);
    }
}

void ss_dfly_simgrid_build(const ss_topo_t *t, const ss_cabling_t *c)
{
    auto sp = sg4::Link::SharingPolicy::SPLITDUPLEX;
    sg4::DragonflyParams p({c->groups, c->per_pair ? c->per_pair : 1},
                           {t->chassis[0], t->chassis[1]}, {t->routers[0], t->routers[1]},
                           t->nodes);
    sg4::NetZone *z = sg4::create_dragonfly_zone("machine", nullptr, p, callbacks(t),
                                                 t->bw[0], t->lat[0], sp);
    z->seal();
    set_global_links(t);
}
