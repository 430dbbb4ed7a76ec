/* ss_trace.c - recording the event trace of a run (--trace DIR).
 *
 * Events go to one growing array in issue order (the simulation runs all
 * PEs in one thread, so that order is deterministic). A message carries
 * its event id, and whoever applies it (the target for a put or atomic,
 * the origin for a reply) stamps the completion. Only PEs in the traced
 * set record events, which keeps traces of big runs small.
 */
#define _POSIX_C_SOURCE 200809L
#include "ss_trace.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace.h"

/* Above this many PEs, an unqualified --trace records PEs 0..63 only. */
#define SS_TRACE_ALL_MAX 1024
#define SS_TRACE_DEFAULT_PES 64

int ss_tracing;

typedef struct pe_state {
    int32_t call;          /* current call number, -1 outside */
    int32_t call_ev;       /* the call's own event */
    int32_t ncalls;
    uint8_t traced;
    const char *collective, *algorithm;
} pe_state_t;

static struct {
    const char *dir;
    ss_event_t *ev;
    size_t n, cap;
    pe_state_t *pe;
    int npes;
} T;

static int bad_list(const char *list, const char *why)
{
    fprintf(stderr, "shmemsim: error: --trace-pes '%s': %s (give PEs and "
            "ranges, e.g. 0-15,64)\n", list, why);
    return -1;
}

/* "0-15,64,100-199" into traced flags. */
static int parse_pes(const char *list, int npes)
{
    const char *p = list;
    while (*p) {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (end == p || a < 0)
            return bad_list(list, "not a PE number");
        if (*end == '-') {
            p = end + 1;
            b = strtol(p, &end, 10);
            if (end == p || b < a)
                return bad_list(list, "a range must be LOW-HIGH with LOW <= HIGH");
        }
        if (b >= npes)
            return bad_list(list, "a PE is not in the run (check --pes)");
        for (long i = a; i <= b; i++)
            T.pe[i].traced = 1;
        if (*end && *end != ',')
            return bad_list(list, "unexpected character");
        p = *end ? end + 1 : end;
    }
    return 0;
}

int ss_trace_start(const ss_config_t *cfg)
{
    memset(&T, 0, sizeof T);
    ss_tracing = 0;
    if (!cfg->trace_dir)
        return 0;
    T.dir = cfg->trace_dir;
    T.npes = cfg->npes;
    if (!(T.pe = calloc((size_t)cfg->npes, sizeof *T.pe)))
        return fprintf(stderr, "shmemsim: error: out of memory for the trace\n"), -1;
    for (int i = 0; i < cfg->npes; i++)
        T.pe[i].call = T.pe[i].call_ev = -1;
    if (cfg->trace_pes) {
        if (parse_pes(cfg->trace_pes, cfg->npes))
            return -1;
    } else {
        int n = cfg->npes > SS_TRACE_ALL_MAX ? SS_TRACE_DEFAULT_PES : cfg->npes;
        for (int i = 0; i < n; i++)
            T.pe[i].traced = 1;
        if (n < cfg->npes && !cfg->quiet)
            fprintf(stderr, "shmemsim: note: tracing PEs 0-%d of %d (choose "
                    "others with --trace-pes)\n", n - 1, cfg->npes);
    }
    if (mkdir(T.dir, 0777) && errno != EEXIST)
        return fprintf(stderr, "shmemsim: error: cannot create trace directory "
                       "'%s': %s\n", T.dir, strerror(errno)), -1;
    ss_tracing = 1;
    return 0;
}

int32_t ss_trace_begin_(ss_pe_t *pe, const char *op, const char *api,
                        int target, uint64_t bytes, int blocking)
{
    pe_state_t *s = &T.pe[pe->id];
    if (!s->traced)
        return -1;
    if (T.n == T.cap) {
        size_t cap = T.cap ? 2 * T.cap : 4096;
        ss_event_t *ev = cap <= INT32_MAX ? realloc(T.ev, cap * sizeof *ev) : NULL;
        if (!ev)
            ss_fatal("out of memory for the trace (%zu events): trace fewer "
                     "PEs with --trace-pes", T.n);
        T.ev = ev;
        T.cap = cap;
    }
    T.ev[T.n] = (ss_event_t){simgrid_get_clock(), NAN, bytes, pe->id, target,
                             s->call, (uint8_t)blocking, op, api,
                             s->collective, s->algorithm};
    return (int32_t)T.n++;
}

void ss_trace_end_(int32_t id)
{
    T.ev[id].complete_s = ss_w.landed_at >= 0 ? ss_w.landed_at : simgrid_get_clock();
}

void ss_trace_call_enter(ss_pe_t *pe, const char *collective,
                         const char *algorithm, const char *api, uint64_t bytes)
{
    if (!ss_tracing || !T.pe[pe->id].traced)
        return;
    pe_state_t *s = &T.pe[pe->id];
    s->call = s->ncalls++;
    s->collective = collective;
    s->algorithm = algorithm;
    s->call_ev = ss_trace_begin_(pe, "call", api, -1, bytes, 0);
}

void ss_trace_call_leave(ss_pe_t *pe)
{
    if (!ss_tracing || !T.pe[pe->id].traced)
        return;
    pe_state_t *s = &T.pe[pe->id];
    ss_trace_end(s->call_ev);
    s->call = s->call_ev = -1;
    s->collective = s->algorithm = NULL;
}

static int write_file(const char *name, int json)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", T.dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return fprintf(stderr, "shmemsim: error: cannot write '%s': %s\n", path,
                       strerror(errno)), -1;
    if (json) {
        int *pes = malloc((size_t)T.npes * sizeof *pes);
        size_t k = 0;
        for (int i = 0; pes && i < T.npes; i++)
            if (T.pe[i].traced)
                pes[k++] = i;
        int rc = pes ? ss_trace_write_json(f, T.ev, T.n, pes, k) : -1;
        free(pes);
        if (rc) {
            fclose(f);
            return fprintf(stderr, "shmemsim: error: out of memory writing "
                           "'%s'\n", path), -1;
        }
    } else {
        ss_trace_write_csv(f, T.ev, T.n);
    }
    if (fclose(f))
        return fprintf(stderr, "shmemsim: error: writing '%s' failed\n", path), -1;
    return 0;
}

int ss_trace_finish(void)
{
    int rc = 0;
    if (ss_tracing)
        rc = write_file("trace.csv", 0) | write_file("trace.json", 1);
    ss_tracing = 0;
    free(T.ev);
    free(T.pe);
    memset(&T, 0, sizeof T);
    return rc;
}
