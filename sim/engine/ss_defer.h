/* ss_defer.h - a PE's deferred operations (ss_defer.c). Internal to sim/. */
#ifndef SS_DEFER_H
#define SS_DEFER_H

#include "ss_internal.h"

/* How a PE with deferred operations waits for them (ss_pe_t.parked). */
enum {
    SS_PARK_NONE,    /* running, or blocked for another reason */
    SS_PARK_FINISH,  /* until they are done, then it goes on */
    SS_PARK_WAIT,    /* in a watched wait: once they are done, the runtime
                        looks at the wait as the PE would have */
    SS_PARK_SLEPT,   /* ... and found it unsatisfied: the PE sleeps as in
                        ss_small_sleep, its CPU busy until park_busy */
};

/* Decide once per run, after the PEs have their inboxes: --no-defer,
 * tracing, a message that would be a SimGrid communication or a PE
 * without an inbox turn deferral off. */
void ss_defer_setup(const ss_config_t *cfg);
int ss_defer_enabled(void);

static inline int ss_deferring(const ss_pe_t *pe)
{
    return pe->nsteps != 0;
}

/* m (a put when put, else a non-fetching atomic) to target, issued now:
 * 1 if it was deferred (the runtime sends it when the PE would have),
 * 0 if the caller sends it now (its issue cost has been paid). */
int ss_defer_send(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire, int put);
/* A fence (fence: 1) or quiet on the default context of a network that
 * delivers out of order, or a fence behind deferred sends on one that
 * does not: 1 if deferred, 0 if the caller does it now (any deferred
 * operation is done by then). */
int ss_defer_order(ss_pe_t *pe, int fence);
/* Block until the PE's deferred operations are done. */
void ss_defer_finish(ss_pe_t *pe);
/* Maestro, at pe's step alarm: carry on its deferred operations. */
void ss_defer_step(ss_pe_t *pe);
/* Free what the PE's deferred operations kept. */
void ss_defer_release(ss_pe_t *pe);

#endif
