// floor_alarm.cpp - simgrid_floor's `sem` pattern: block on a semaphore
// that an engine timer releases (SimGrid's timers are C++ only), as a PE
// waits for a small message (sim/engine/ss_alarm.c).
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Semaphore.hpp>

extern "C" void floor_alarm_sleep(double at, sg_sem_t sem);

void floor_alarm_sleep(double at, sg_sem_t sem)
{
    simgrid::kernel::timer::Timer::set(at, [sem] { sem->release(); });
    sem->acquire();
}
