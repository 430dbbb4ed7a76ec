// ss_hooks.cpp - the runtime's one use of SimGrid's C++ API: signals.
// Being told when a PE is about to sleep: a put held back for fusion
// (ss_progress.c) must leave before simulated time moves; the runtime's
// own blocking points send it first, but a program may sleep through
// SimGrid itself (a model of computation), and only this signal sees
// that. And being told when simulated time moves, in maestro, to print
// progress on long runs off the PEs' small stacks.
#include <simgrid/actor.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

extern "C" {
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
    simgrid::s4u::Engine::on_time_advance_cb([](double) { ss_progress_tick(); });
}
