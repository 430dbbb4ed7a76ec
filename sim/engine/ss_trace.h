/* ss_trace.h - recording the per-operation event trace (--trace DIR).
 * Internal to sim/. Recording is off unless the config names a trace
 * directory; every hook then costs one branch. */
#ifndef SS_TRACE_REC_H
#define SS_TRACE_REC_H

#include <stddef.h>
#include <stdint.h>

#include "ss_internal.h"

extern int ss_tracing;

/* Sets up recording for cfg (trace_dir, trace_pes); 0, or -1 with a
 * message on stderr for a bad PE list. */
int ss_trace_start(const ss_config_t *cfg);
/* Writes DIR/trace.csv and DIR/trace.json; 0, or -1 with a message. */
int ss_trace_finish(void);

/* A new event of PE pe issued now; returns its id, or -1 when the PE is
 * not traced. */
int32_t ss_trace_begin_(ss_pe_t *pe, const char *op, const char *api,
                        int target, uint64_t bytes, int blocking);
void ss_trace_end_(int32_t id);

static inline int32_t ss_trace_begin(ss_pe_t *pe, const char *op,
                                     const char *api, int target,
                                     uint64_t bytes, int blocking)
{
    return ss_tracing ? ss_trace_begin_(pe, op, api, target, bytes, blocking) : -1;
}

static inline void ss_trace_end(int32_t id)
{
    if (id >= 0)
        ss_trace_end_(id);
}

/* Collective call boundaries (the events in between carry the call). */
void ss_trace_call_enter(ss_pe_t *pe, const char *collective,
                         const char *algorithm, const char *api, uint64_t bytes);
void ss_trace_call_leave(ss_pe_t *pe);

#endif
