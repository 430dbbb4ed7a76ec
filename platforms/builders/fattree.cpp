// fattree.cpp - a fat-tree spec built as nested star zones
// (builders.hpp). A level-l subtree (l = 1: one leaf
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
// every switch of the next level (quadratic; docs/performance.md). Why
// the zones are built detached and attached at the end: SimGrid checks a
// new host or link name against every zone reachable from the root, and
// seals a zone by filtering every host of the engine; both are linear in
// what is attached, so building inside the tree is quadratic too.
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u.hpp>

#include <string>
#include <utility>

#include "builders.hpp"

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;

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
            if (ss_has_shm(t_)) {
                sg4::Link *lo = z->create_link(name + "-lo", ss_shm_bw(t_))
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

void ss_fattree_build(const ss_topo_t *t)
{
    FatTreeBuilder(t).build();
}
