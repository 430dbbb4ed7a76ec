// ss_hooks.cpp - where the runtime needs SimGrid's C++ API: signals, and
// a timed wait-any that keeps the handles it is given.
// Being told when a PE is about to sleep: a put held back for fusion
// (ss_progress.c) must leave before simulated time moves; the runtime's
// own blocking points send it first, but a program may sleep through
// SimGrid itself (a model of computation), and only this signal sees
// that. And being told when simulated time moves, in maestro: the
// instant before is over (its small messages' bursts settle), and long
// runs print progress off the PEs' small stacks.
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>

extern "C" {
#include "ss_burst.h"
#include "ss_internal.h"
}

extern "C" void ss_hooks_install(void)
{
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    simgrid::s4u::Actor::on_sleep_cb([](simgrid::s4u::Actor const &) {
        auto *pe = static_cast<ss_pe_t *>(sg_actor_self_get_data());
        if (pe && !pe->finished)
            ss_flush(pe);
    });
    // Every step reads the wall clock (tens of ns): counting steps instead
    // would go silent exactly when each step takes long (a solve over
    // 100,000 flows can take seconds).
    simgrid::s4u::Engine::on_time_advance_cb([](double) {
        ss_burst_instant_over();
        ss_progress_tick();
    });
}

// sg_comm_wait_any_for of SimGrid 3.32 drops the caller's reference to
// every handle when it times out, freeing receives still posted. This one
// holds its own references, and like sg_comm_wait_any consumes only the
// handle that completed. It goes to Activity::wait_any_for directly: the
// C and Comm wrappers each copy the handles into a vector of their own
// (a dynamic_cast and two reference counts per handle), and this wait is
// the runtime's commonest SimGrid call (two per step of a dense ring).
// A negative timeout waits for ever.
extern "C" ssize_t ss_comm_wait_any_for(sg_comm_t *comms, size_t n, double timeout)
{
    std::vector<simgrid::s4u::ActivityPtr> v;
    v.reserve(n);
    for (size_t i = 0; i < n; i++)
        v.emplace_back(static_cast<simgrid::s4u::Activity *>(comms[i]));
    ssize_t k = simgrid::s4u::Activity::wait_any_for(v, timeout);
    if (k >= 0)
        sg_comm_unref(comms[k]);
    return k;
}
