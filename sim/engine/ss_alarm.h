/* ss_alarm.h - the PEs' alarm clocks (ss_alarm.c, used by ss_small.c and
 * ss_defer.c). */
#ifndef SS_ALARM_H
#define SS_ALARM_H

#include "ss_internal.h"

/* Before any alarm is set: room for npes PEs. */
void ss_alarm_init(int npes);
/* Unblock pe (ss_block) at simulated time `at` (clamped to now), replacing any
 * wake-up alarm it has. */
void ss_alarm_set(ss_pe_t *pe, double at);
/* Remove pe's wake-up alarm, if it has one that has not rung. */
void ss_alarm_cancel(ss_pe_t *pe);
/* Run ss_defer_step(pe) in maestro at `at` (clamped to now), replacing
 * any step alarm it has. */
void ss_alarm_set_step(ss_pe_t *pe, double at);
/* Forget every alarm (end of a run). */
void ss_alarm_reset(void);

/* ss_timer.cpp: one engine timer calling fn at `at` (>= now). */
void *ss_timer_set(double at, void (*fn)(void));
void ss_timer_cancel(void *timer);

#endif
