// ss_sgload.cpp - the one C++ file: loading a platform.
// - A platform XML file through SimGrid's loader. SimGrid reports a
//   malformed platform by throwing a C++ exception, which C cannot catch;
//   here it becomes an error message.
// - A topology spec (ss_topo.h) through SimGrid's C++ zone API, which
//   skips XML parsing for large machines.
#include <simgrid/engine.h>
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <exception>
#include <string>

extern "C" {
#include "ss_topo.h"
}

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;

static sg4::ClusterCallbacks callbacks(const ss_topo_t *t)
{
    int cores = t->cores;
    auto host = [cores](sg4::NetZone *zone, const std::vector<unsigned long> &,
                        unsigned long id) -> std::pair<NetPoint *, NetPoint *> {
        sg4::Host *h = zone->create_host("node-" + std::to_string(id), 1e9);
        h->set_core_count(cores)->seal();
        return {h->get_netpoint(), nullptr};
    };
    if (t->nic_bw <= 0)
        return sg4::ClusterCallbacks(host);
    double bw = t->nic_bw, lat = t->nic_lat;
    // The limiter is a per-node link on every route in and out of the
    // node: the NIC's injection bandwidth and latency.
    auto nic = [bw, lat](sg4::NetZone *zone, const std::vector<unsigned long> &,
                         unsigned long id) -> sg4::Link * {
        return zone->create_link("nic-" + std::to_string(id), bw)->set_latency(lat)->seal();
    };
    return sg4::ClusterCallbacks(host, nullptr, nic);
}

static void build(const ss_topo_t *t)
{
    auto sp = sg4::Link::SharingPolicy::SPLITDUPLEX;
    sg4::NetZone *z;
    if (t->kind == SS_TOPO_FATTREE) {
        std::vector<unsigned> down(t->down, t->down + t->levels),
            up(t->up, t->up + t->levels), links(t->links, t->links + t->levels);
        z = sg4::create_fatTree_zone("machine", nullptr,
                                     sg4::FatTreeParams(t->levels, down, up, links),
                                     callbacks(t), t->bw, t->lat, sp);
    } else {
        sg4::DragonflyParams p({t->groups[0], t->groups[1]}, {t->chassis[0], t->chassis[1]},
                               {t->routers[0], t->routers[1]}, t->nodes);
        z = sg4::create_dragonfly_zone("machine", nullptr, p, callbacks(t), t->bw,
                                       t->lat, sp);
    }
    z->seal();
}

extern "C" int ss_load_platform(const char *file, char *err, size_t errlen)
{
    try {
        ss_topo_t t;
        if (!ss_topo_is_spec(file)) {
            simgrid_load_platform(file);
        } else if (ss_topo_parse(file, &t, err, errlen) == 0) {
            build(&t);
        } else {
            return -1;
        }
    } catch (const std::exception &e) {
        std::snprintf(err, errlen, "%s", e.what());
        return -1;
    } catch (...) {
        std::snprintf(err, errlen, "unknown error while loading the platform");
        return -1;
    }
    return 0;
}
