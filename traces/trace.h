/* trace.h - per-operation event traces of a run, and their writers.
 *
 * The simulator records one event per traced operation (sim/engine/ss_trace.c);
 * this file only knows the event records, so the writers can be tested and
 * reused without a simulation.
 *
 * Times are simulated seconds. An operation's "issue" is when the PE
 * injects it; its "complete" is when its effect is visible: a put or a
 * non-fetching atomic when it is applied at the target, a get or fetching
 * atomic when the reply lands at the origin, a wait/quiet/barrier when the
 * PE is released, a collective call when the PE leaves it.
 */
#ifndef SS_TRACE_H
#define SS_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct ss_event {
    double issue_s, complete_s;   /* complete is NAN if it never completed */
    uint64_t bytes;               /* payload (a call: its nbytes argument) */
    int32_t pe, target;           /* target -1: none (wait, call, barrier) */
    int32_t call;                 /* the PE's collective call number (0, 1,
                                     ...) or -1 outside collectives */
    uint8_t blocking;             /* the PE is blocked from issue to complete */
    const char *op;               /* put, get, amo, fetch_amo, wait, quiet,
                                     barrier, call */
    const char *api;              /* the OpenSHMEM function called */
    const char *collective;       /* during a call: fcollect, ...; else NULL */
    const char *algorithm;        /* during a call: its algorithm, else NULL */
} ss_event_t;

/* CSV, one row per event in recording order, header:
 * call,collective,algorithm,pe,op,api,target,bytes,issue_s,complete_s
 * (target and call empty when -1; reals exact, as in summary.h). */
void ss_trace_write_csv(FILE *f, const ss_event_t *ev, size_t n);

/* Chrome/Perfetto trace-event JSON (opens in ui.perfetto.dev): one track
 * (thread) per traced PE, named "PE i", holding complete ("X") slices that
 * never overlap. Each collective call is cut into its blocking periods
 * (named after the blocking op) and the time between them (named after
 * the call, e.g. "fcollect/ring"); blocking ops outside calls are slices of
 * their own. Puts, gets and atomics are instant events on the issuing PE's
 * track, with target, bytes and completion time in args. Timestamps are
 * microseconds rounded to 1/1024 us, so that every ts and ts + dur is
 * exact in binary floating point and adjacent slices meet exactly.
 * pes lists the traced PEs in increasing order (a track even for a PE
 * with no event). Returns 0, or -1 when out of memory (nothing written). */
int ss_trace_write_json(FILE *f, const ss_event_t *ev, size_t n,
                         const int *pes, size_t npes);

#endif
