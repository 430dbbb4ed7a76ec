#define _GNU_SOURCE   /* CLOCK_TAI, CLOCK_REALTIME_ALARM */
/* prog_clock.c - a program's clocks tell simulated time: inside a PE,
 * gettimeofday, clock_gettime, time, clock, timespec_get and C++'s
 * system_clock and steady_clock return the simulation's clock, so a
 * benchmark's own timers measure simulated latency; sleep, usleep and
 * nanosleep let simulated time pass (the PE applies no message while it
 * sleeps, like a process that is busy). Elsewhere (the runtime's own
 * progress lines, anything outside a PE) the real clocks answer.
 * shmemsim-cc points the program's references at these.
 *
 * Wall clocks (realtime, gettimeofday, time, system_clock) start at
 * SS_EPOCH, so that runs are deterministic; the others (monotonic, CPU
 * time, steady_clock, clock()) start at 0. Computation between OpenSHMEM
 * calls takes no simulated time unless the run measures it (--compute,
 * sim/pe/ss_compute.c). */
#include <errno.h>
#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <stdint.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "prog.h"
#include "shmemsim.h"
#include "ss_compute.h"
#include "ss_thread.h"

#define SS_EPOCH 1704067200   /* 2024-01-01 00:00:00 UTC */

static int wall(clockid_t id)
{
    return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE ||
           id == CLOCK_TAI || id == CLOCK_REALTIME_ALARM;
}

/* Simulated time as whole seconds (from base) and nanoseconds: a double
 * holding base + t would lose the sub-microsecond part. */
static struct timespec sim_now(time_t base)
{
    /* Measured computation is owed until paid: a timer reads it paid. */
    double t = ss_compute_measured() ? shmemsim_wtime() : simgrid_get_clock();
    struct timespec ts;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9 + 0.5);
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    ts.tv_sec += base;
    return ts;
}

int shmemsim_clock_gettime(clockid_t id, struct timespec *ts)
{
    if (!ss_thread_in_pe())
        return clock_gettime(id, ts);
    if (!ts) {
        errno = EFAULT;
        return -1;
    }
    *ts = sim_now(wall(id) ? SS_EPOCH : 0);
    return 0;
}

int shmemsim_gettimeofday(struct timeval *tv, void *tz)
{
    if (!ss_thread_in_pe())
        return gettimeofday(tv, tz);
    if (tv) {
        struct timespec ts = sim_now(SS_EPOCH);
        tv->tv_sec = ts.tv_sec;
        tv->tv_usec = ts.tv_nsec / 1000;
    }
    return 0;
}

time_t shmemsim_time(time_t *out)
{
    if (!ss_thread_in_pe())
        return time(out);
    time_t t = sim_now(SS_EPOCH).tv_sec;
    if (out)
        *out = t;
    return t;
}

clock_t shmemsim_clock(void)
{
    if (!ss_thread_in_pe())
        return clock();
    return (clock_t)(simgrid_get_clock() * CLOCKS_PER_SEC);
}

int shmemsim_timespec_get(struct timespec *ts, int base)
{
    if (!ss_thread_in_pe())
        return timespec_get(ts, base);
    if (base != TIME_UTC)
        return 0;
    *ts = sim_now(SS_EPOCH);
    return base;
}

/* std::chrono::{system,steady}_clock::now() return a time_point holding
 * one 64-bit count of nanoseconds, in a register like an int64_t. */
int64_t ss_real_system_now(void) __asm__("_ZNSt6chrono3_V212system_clock3nowEv");
int64_t ss_real_steady_now(void) __asm__("_ZNSt6chrono3_V212steady_clock3nowEv");

static int64_t sim_ns(time_t base)
{
    struct timespec ts = sim_now(base);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t shmemsim_system_clock_now(void)
{
    return ss_thread_in_pe() ? sim_ns(SS_EPOCH) : ss_real_system_now();
}

int64_t shmemsim_steady_clock_now(void)
{
    return ss_thread_in_pe() ? sim_ns(0) : ss_real_steady_now();
}

double ss_prog_until(const struct timespec *at)
{
    struct timespec now = sim_now(SS_EPOCH);
    return (double)(at->tv_sec - now.tv_sec) + (double)(at->tv_nsec - now.tv_nsec) * 1e-9;
}

/* ---- sleeping: simulated time passes ---- */

unsigned shmemsim_sleep(unsigned s)
{
    if (!ss_thread_in_pe())
        return sleep(s);
    ss_thread_leave();
    sg_actor_sleep_for((double)s);
    return 0;
}

int shmemsim_usleep(useconds_t us)
{
    if (!ss_thread_in_pe())
        return usleep(us);
    ss_thread_leave();
    sg_actor_sleep_for(us * 1e-6);
    return 0;
}

int shmemsim_nanosleep(const struct timespec *req, struct timespec *rem)
{
    if (!ss_thread_in_pe())
        return nanosleep(req, rem);
    if (!req || req->tv_nsec < 0 || req->tv_nsec >= 1000000000L || req->tv_sec < 0) {
        errno = EINVAL;
        return -1;
    }
    ss_thread_leave();
    sg_actor_sleep_for((double)req->tv_sec + req->tv_nsec * 1e-9);
    if (rem)
        rem->tv_sec = rem->tv_nsec = 0;
    return 0;
}
