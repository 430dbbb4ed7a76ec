// ss_hooks.cpp - the runtime's one use of SimGrid's C++ API: being told
// when a PE is about to sleep. A put held back for fusion (ss_progress.c)
// must leave before simulated time moves; the runtime's own blocking
// points send it first, but a program may sleep through SimGrid itself
// (a model of computation), and only this signal sees that.
#include <simgrid/actor.h>
#include <simgrid/s4u/Actor.hpp>

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
}
