// ss_timer.cpp - an engine timer for ss_alarm.c: SimGrid has timers only
// in its C++ kernel API. The callback runs in maestro, where a semaphore
// release takes effect at once.
#include <simgrid/kernel/Timer.hpp>

extern "C" {
#include "ss_alarm.h"
}

using simgrid::kernel::timer::Timer;

void *ss_timer_set(double at, void (*fn)(void))
{
    return Timer::set(at, [fn] { fn(); });
}

void ss_timer_cancel(void *timer)
{
    static_cast<Timer *>(timer)->remove();
}
