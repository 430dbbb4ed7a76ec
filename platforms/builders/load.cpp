// load.cpp - loading a platform into SimGrid.
// - A platform XML file through SimGrid's loader, after
//   xml/check_platform.c has refused what SimGrid would refuse or
//   misread. SimGrid reports what is left by throwing a C++ exception,
//   which C cannot catch (here it becomes the one error line), or by
//   aborting (loadguard.c).
// - A topology spec (topo.h) through SimGrid's C++ zone API, which
//   skips XML parsing for large machines.
#include <simgrid/engine.h>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <exception>
#include <limits>
#include <string>
#include <utility>

extern "C" {
#include "platform.h"
#include "topo.h"
}
#include "dragonfly.hpp"
#include "loadguard.h"

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;

// Does the spec give the intra-node path its own link?
static bool has_shm(const ss_topo_t *t)
{
    return t->shm_lat > 0 || t->shm_bw > 0;
}

// Its bandwidth: shm-bw, else SimGrid's loopback default (10 GB/s).
static double shm_bw(const ss_topo_t *t)
{
    return t->shm_bw > 0 ? t->shm_bw : 10e9;
}

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
    if (!has_shm(t))
        return sg4::ClusterCallbacks(host);
    // The intra-node path (shm-lat, shm-bw): a loopback link per node,
    // shared by the node's PEs (one memory system). SimGrid asks the same
    // callback for each router (its last coordinate is UINT_MAX): they
    // get none.
    double lo_bw = shm_bw(t), lo_lat = t->shm_lat;
    auto loopback = [lo_bw, lo_lat](sg4::NetZone *zone, const std::vector<unsigned long> &coords,
                                    unsigned long id) -> sg4::Link * {
        if (!coords.empty() && coords.back() == std::numeric_limits<unsigned int>::max())
            return nullptr;
        return zone->create_link("lo-" + std::to_string(id), lo_bw)->set_latency(lo_lat)->seal();
    };
    return sg4::ClusterCallbacks(host, loopback, nullptr);
}

// A fat-tree as nested star zones. A level-l subtree (l = 1: one leaf
// switch group and its nodes; l = L: the machine) is a StarZone whose
// members are its D_l children, each joined to the zone's centre by one
// split-duplex link standing for all the parallel cables between the
// child's switch group and this level's switches:
//   capacity = S_(l-1) x U_l x K_l x bw_l,  S_(l-1) = U_1 x ... x U_(l-1)
// (S_0 = 1: a node). Routes therefore cross 2, 4, ... 2L links like the
// PGFT's, and a taper (U_l x K_l < D_(l-1) below it) shows as a thinner
// link. What is left out: which of the parallel cables a flow takes
// (d-mod-k); the bundle is ideally balanced, as adaptive routing tends to
// be. A flow is still capped by its node's own link.
//
// Why not SimGrid's FatTreeZone: its build compares every switch with
// every switch of the next level (quadratic: > 300 s at 100k nodes). Why
// the zones are built detached and attached at the end: SimGrid checks a
// new host or link name against every zone reachable from the root, and
// seals a zone by filtering every host of the engine; both are linear in
// what is attached, so building inside the tree is quadratic too.

namespace {
class FatTreeBuilder {
public:
    explicit FatTreeBuilder(const ss_topo_t *t) : t_(t) {}

    void build()
    {
        root_ = sg4::create_star_zone("world");
        auto [m, gw] = subtree(t_->levels, "ft");
        (void)gw;
        for (auto *c : m->get_children())
            c->seal();   // while detached: each seal sees no other host
        m->set_parent(root_);
        root_->seal();
    }

private:
    const ss_topo_t *t_;
    sg4::NetZone *root_ = nullptr;
    unsigned long next_host_ = 0;

    sg4::NetZone *detached(const std::string &name)
    {
        sg4::NetZone *z = sg4::create_star_zone(name);
        auto *r = root_->get_impl();
        auto *i = z->get_impl();
        i->set_network_model(r->get_network_model());
        i->set_cpu_pm_model(r->get_cpu_pm_model());
        i->set_cpu_vm_model(r->get_cpu_vm_model());
        i->set_disk_model(r->get_disk_model());
        i->set_host_model(r->get_host_model());
        return z;
    }

    // The capacity of the bundle joining a level-(l-1) element to level l
    // (see above).
    double bundle_bw(int l) const
    {
        double s = 1;
        for (int j = 0; j < l - 1; j++)
            s *= t_->up[j];
        return s * t_->up[l - 1] * t_->links[l - 1] * ss_topo_bw(t_, l);
    }

    void add_nodes(sg4::NetZone *z)
    {
        using In = sg4::LinkInRoute;
        double bw = bundle_bw(1), lat = ss_topo_lat(t_, 1);
        if (t_->nic_bw > 0) {
            // The NIC and the cables carry the same flows: one link with
            // the narrower bandwidth and both latencies is equivalent.
            bw = t_->nic_bw < bw ? t_->nic_bw : bw;
            lat += t_->nic_lat;
        }
        for (unsigned i = 0; i < t_->down[0]; i++) {
            std::string name = "node-" + std::to_string(next_host_++);
            sg4::Host *h = z->create_host(name, 1e9);
            h->set_core_count(t_->cores)->seal();
            sg4::Link *l = z->create_split_duplex_link(name + "-link", bw)
                               ->set_latency(lat)->seal();
            NetPoint *np = h->get_netpoint();
            z->add_route(np, nullptr, nullptr, nullptr, {In(l, In::Direction::UP)}, true);
            // PEs sharing a node go out to the leaf switch and back, as in
            // SimGrid's own fat-tree, unless the spec gives the node's
            // shared memory a link of its own (shm-lat, shm-bw).
            if (has_shm(t_)) {
                sg4::Link *lo = z->create_link(name + "-lo", shm_bw(t_))
                                    ->set_latency(t_->shm_lat)->seal();
                z->add_route(np, np, nullptr, nullptr, {In(lo)}, false);
            } else {
                z->add_route(np, np, nullptr, nullptr,
                             {In(l, In::Direction::UP), In(l, In::Direction::DOWN)}, false);
            }
        }
    }

    // A level-l subtree, detached, and its gateway.
    std::pair<sg4::NetZone *, NetPoint *> subtree(int l, const std::string &name)
    {
        using In = sg4::LinkInRoute;
        sg4::NetZone *z = detached(name);
        if (l == 1) {
            add_nodes(z);
            return {z, z->create_router(name + "-sw")};
        }
        for (unsigned i = 0; i < t_->down[l - 1]; i++) {
            auto [c, gw] = subtree(l - 1, name + "." + std::to_string(i));
            c->set_parent(z);
            sg4::Link *up = z->create_split_duplex_link(c->get_name() + "-up", bundle_bw(l))
                                ->set_latency(ss_topo_lat(t_, l))->seal();
            z->add_route(c->get_netpoint(), nullptr, gw, nullptr,
                         {In(up, In::Direction::UP)}, true);
        }
        // The gateway sits in a zone of its own: SimGrid resolves a route
        // to a router placed directly in an inner zone wrongly (it drops
        // the links below).
        sg4::NetZone *sw = detached(name + "-spine");
        NetPoint *r = sw->create_router(name + "-sw");
        sw->set_parent(z);
        z->add_route(sw->get_netpoint(), nullptr, r, nullptr, {}, true);
        return {z, r};
    }
};
} // namespace

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

static int build(const ss_topo_t *t, char *err, size_t errlen)
{
    if (t->kind == SS_TOPO_FATTREE) {
        FatTreeBuilder(t).build();
        return 0;
    }
    ss_cabling_t c;
    if (ss_cabling_of(t, &c, err, errlen))
        return -1;
    if (!t->simgrid_zone) {
        ss_dfly_build(t, &c);
        return 0;
    }
    auto sp = sg4::Link::SharingPolicy::SPLITDUPLEX;
    sg4::DragonflyParams p({c.groups, c.per_pair ? c.per_pair : 1}, {t->chassis[0], t->chassis[1]},
                           {t->routers[0], t->routers[1]}, t->nodes);
    sg4::NetZone *z = sg4::create_dragonfly_zone("machine", nullptr, p, callbacks(t),
                                                 t->bw[0], t->lat[0], sp);
    z->seal();
    set_global_links(t);
    return 0;
}

static int load(const char *platform, char *err, size_t errlen)
{
    char why[400];
    try {
        ss_topo_t t;
        if (!ss_topo_is_spec(platform)) {
            simgrid_load_platform(platform);
        } else if (ss_topo_parse(platform, &t, why, sizeof why) == 0) {
            if (build(&t, why, sizeof why)) {
                std::snprintf(err, errlen, "platform spec '%s': %s", platform, why);
                return -1;
            }
        } else {
            std::snprintf(err, errlen, "platform spec '%s': %s", platform, why);
            return -1;
        }
    } catch (const std::exception &e) {
        ss_loadguard_one_line(e.what(), why, sizeof why);
        std::snprintf(err, errlen, "platform '%s': SimGrid refused it: %s (fix the "
                      "platform as SimGrid says)", platform, why);
        return -1;
    } catch (...) {
        std::snprintf(err, errlen, "platform '%s': SimGrid refused it with an unknown "
                      "error while loading it", platform);
        return -1;
    }
    return 0;
}

extern "C" int ss_platform_load(const char *platform, char *err, size_t errlen)
{
    ss_loadguard_begin(platform);
    int rc = load(platform, err, errlen);
    ss_loadguard_end(rc == 0);
    return rc;
}
