/* ss_alarm.h - parked PEs' alarm clocks (ss_alarm.c, used by ss_small.c). */
#ifndef SS_ALARM_H
#define SS_ALARM_H

#include "ss_internal.h"

/* Before any alarm is set: room for npes PEs. */
void ss_alarm_init(int npes);
/* Release pe->sem at simulated time `at` (clamped to now), replacing any
 * alarm it has. */
void ss_alarm_set(ss_pe_t *pe, double at);
/* Remove pe's alarm, if it has one that has not rung. */
void ss_alarm_cancel(ss_pe_t *pe);
/* Forget every alarm (end of a run). */
void ss_alarm_reset(void);

/* ss_timer.cpp: one engine timer calling fn at `at` (>= now). */
void *ss_timer_set(double at, void (*fn)(void));
void ss_timer_cancel(void *timer);

#endif
