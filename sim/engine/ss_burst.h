/* ss_burst.h - small messages that reach a link together share it
 * (ss_burst.c). */
#ifndef SS_BURST_H
#define SS_BURST_H

#include "ss_internal.h"
#include "wire.h"

/* m, sent now from `from` to t to land at `lands`, joined the bursts
 * marks[0..n); its landing is settled when the instant is over and again
 * as each of those bursts closes. */
void ss_burst_note(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, double lands,
                   const ss_mark_t *marks, size_t n);
/* The engine's clock moved on (ss_hooks.cpp): settle what the instant
 * before sent. */
void ss_burst_instant_over(void);
/* Forget what is noted (end of a run). */
void ss_burst_reset(void);

#endif
