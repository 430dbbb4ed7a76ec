#define _POSIX_C_SOURCE 200809L   /* CLOCK_THREAD_CPUTIME_ID */
/* ss_compute.c - computation between OpenSHMEM calls as simulated time.
 *
 * By default computation is free: a run depends only on its inputs and
 * is byte-identical from one run to the next. A program may charge time
 * itself (shmemsim_compute, deterministic). With --compute measured, a
 * PE is charged the CPU time it used between two calls, scaled by the
 * factor (the target core's time for this machine's second): such runs
 * differ from one to the next as the host's timing does.
 *
 * How it is measured. All actors run on one thread, one at a time, and a
 * PE runs uninterrupted from the moment SimGrid resumes it to its next
 * SimGrid call. So the thread's CPU clock read where SimGrid resumes it
 * (the switch hook of programs built with shmemsim-cc) and again at its
 * next OpenSHMEM call measures its own work in between; the runtime's
 * part of the call that follows is small against a compute phase.
 *
 * The time is a debt the PE pays before it next issues, blocks or reads
 * a clock (ss_cpu_settle), as for the model's per-message overheads. */
#include <math.h>
#include <time.h>

#include "ss_internal.h"

static int measured;
static double factor = 1.0;

void ss_compute_setup(const ss_config_t *cfg)
{
    measured = cfg->compute_factor > 0;
    factor = measured ? cfg->compute_factor : 1.0;
}

int ss_compute_measured(void) { return measured; }

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void charge(ss_pe_t *pe, double seconds)
{
    pe->cpu_debt += seconds;
    pe->computed += seconds;
}

void ss_compute_resumed(ss_pe_t *pe)
{
    if (measured)
        pe->cpu_mark = cpu_now();
}

void ss_compute_enter(ss_pe_t *pe)
{
    double now = cpu_now();
    if (pe->cpu_mark > 0 && now > pe->cpu_mark)
        charge(pe, (now - pe->cpu_mark) * factor);
    pe->cpu_mark = now;
}

void shmemsim_compute(double seconds)
{
    ss_pe_t *pe = ss_self();
    if (!(seconds >= 0) || isinf(seconds))
        ss_fatal("PE %d: shmemsim_compute(%g): the time must be a finite "
                 "number of seconds, 0 or more", pe->id, seconds);
    charge(pe, seconds);
    ss_cpu_settle(pe);
}

/* One line: how much of the run's simulated time was computation. */
void ss_compute_report(void)
{
    double sum = 0, most = 0;
    int at = 0;
    for (int i = 0; i < ss_w.npes; i++) {
        sum += ss_w.pes[i].computed;
        if (ss_w.pes[i].computed > most)
            most = ss_w.pes[i].computed, at = i;
    }
    if (sum > 0 && !ss_w.cfg.quiet)
        ss_say("compute: %.6g s of simulated time over %d PEs (%.6g s a PE "
               "on average, at most %.6g s on PE %d)%s", sum, ss_w.npes,
               sum / ss_w.npes, most, at,
               measured ? "; measured: runs differ as the host's timing does" : "");
}
