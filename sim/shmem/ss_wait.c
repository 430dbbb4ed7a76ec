/* ss_wait.c - point-to-point synchronisation: wait_until and test on one
 * variable, their _all, _any and _some forms over arrays (with a status
 * mask, and _vector forms comparing element i with cmp_values[i]), and
 * the signal waits.
 *
 * A wait blocks the PE in the progress loop, which applies messages as
 * they land and re-checks after each one: no polling in simulated time.
 * A test applies what has already landed; when it fails it costs the
 * model's poll time, so a spin loop on it lets time advance. */
#include <stdint.h>
#include <string.h>

#include "ss_defer.h"
#include "ss_trace.h"

#define SS_CMP(a, cmp, b)                                                    \
    ((cmp) == SHMEM_CMP_EQ ? (a) == (b) : (cmp) == SHMEM_CMP_NE ? (a) != (b) \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b) : (cmp) == SHMEM_CMP_LE ? (a) <= (b)\
     : (cmp) == SHMEM_CMP_LT ? (a) < (b) : (a) >= (b))

/* park: a wait on one word, which may park while the PE's deferred
 * operations run (ss_defer.c); any other call finishes them first. */
static ss_pe_t *enter_wait_(const void *ivar, size_t len, int cmp,
                            const char *call, int park)
{
    ss_pe_t *pe = park ? ss_self_raw() : ss_self();
    pe->where = call;
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE)
        ss_fatal("PE %d: %s: unknown comparison %d (use SHMEM_CMP_EQ, _NE, "
                 "_GT, _LE, _LT or _GE)", pe->id, call, cmp);
    if (len)
        ss_heap_check_local(pe, ivar, len, call);
    return pe;
}

static ss_pe_t *enter_wait(const void *ivar, size_t len, int cmp,
                           const char *call)
{
    return enter_wait_(ivar, len, cmp, call, 0);
}

static void test_miss(void)
{
    if (ss_w.cfg.model.poll_s > 0)
        sg_actor_sleep_for(ss_w.cfg.model.poll_s);
}

/* ---- arrays: one scan engine, one comparison per type ---- */

typedef int (*ss_sat_fn)(const void *ivars, size_t i, int cmp,
                         const void *values, int vector);

typedef struct ss_waitset {
    const void *ivars;
    size_t n;
    const int *status;      /* NULL: every element included */
    int cmp;
    const void *values;     /* one value, or n of them (vector) */
    int vector;
    ss_sat_fn sat;
    size_t from;            /* scanned from here, wrapping (any: below) */
} ss_waitset_t;

enum { SS_ALL, SS_ANY, SS_SOME };

/* Satisfied included elements, the first `cap` of their indices (from
 * w->from on, wrapping) into idx; *included gets how many are included. */
static size_t scan(const ss_waitset_t *w, size_t *idx, size_t cap,
                   size_t *included)
{
    size_t hit = 0;
    *included = 0;
    for (size_t k = 0, i = w->n ? w->from % w->n : 0; k < w->n;
         k++, i = i + 1 < w->n ? i + 1 : 0) {
        if (w->status && w->status[i])
            continue;
        ++*included;
        if (w->sat(w->ivars, i, w->cmp, w->values, w->vector)) {
            if (hit < cap)
                idx[hit] = i;
            hit++;
        }
    }
    return hit;
}

/* Is the wait over? all: every included element satisfied; any / some:
 * one is, or none is included. idx takes the first satisfied index
 * (any) or all of them (some). */
static int done(const ss_waitset_t *w, int mode, size_t *idx, size_t *hit)
{
    size_t inc;
    ss_waitset_t from0 = *w;
    if (mode != SS_ANY)
        from0.from = 0;   /* some: indices in increasing order */
    w = &from0;
    *hit = scan(w, idx, mode == SS_ALL ? 0 : mode == SS_ANY ? 1 : w->n, &inc);
    return mode == SS_ALL ? *hit == inc : *hit > 0 || inc == 0;
}

static size_t wait_set(ss_pe_t *pe, const ss_waitset_t *w, int mode,
                       size_t *idx)
{
    size_t hit;
    if (!done(w, mode, idx, &hit)) {
        int32_t ev = ss_trace_begin(pe, "wait", pe->where, -1, 0, 1);
        do
            ss_progress_wait(pe, 0);
        while (!done(w, mode, idx, &hit));
        ss_trace_end(ev);
    }
    return hit;
}

static size_t test_set(ss_pe_t *pe, const ss_waitset_t *w, int mode,
                       size_t *idx, int *ok)
{
    size_t hit;
    ss_progress_poll(pe);
    if (!(*ok = done(w, mode, idx, &hit)))
        test_miss();
    return hit;
}

/* The _any answer: the first satisfied index from where the PE's last
 * _any answer left off, SIZE_MAX if none (call it with hit computed
 * first: argument order is unspecified). Rotating the start is what lets
 * repeated calls over an array whose elements all stay satisfied return
 * each index in turn, as the specification's shmem_test_any example
 * relies on. */
static size_t any_of(ss_pe_t *pe, size_t hit, size_t first)
{
    if (!hit)
        return SIZE_MAX;
    pe->any_from = first + 1;
    return first;
}

#define SS_SET_(N, cmp, vals, vec)                                           \
    ss_pe_t *pe = enter_wait(ivars, nelems * sizeof *ivars, cmp, call);      \
    ss_waitset_t w = {ivars, nelems, status, cmp, vals, vec, sat_##N,        \
                      pe->any_from}

/* The array forms of one type, value or vector (V: "" or _vector). */
#define SS_WAIT_SET_(T, N, V, VT, VALS, VEC)                                 \
    void shmem_##N##_wait_until_all##V(T *ivars, size_t nelems,              \
                                       const int *status, int cmp, VT v)     \
    {                                                                        \
        const char *call = "shmem_" #N "_wait_until_all" #V;                 \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        wait_set(pe, &w, SS_ALL, NULL);                                      \
    }                                                                        \
    size_t shmem_##N##_wait_until_any##V(T *ivars, size_t nelems,            \
                                         const int *status, int cmp, VT v)   \
    {                                                                        \
        const char *call = "shmem_" #N "_wait_until_any" #V;                 \
        size_t first = 0;                                                    \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        size_t hit = wait_set(pe, &w, SS_ANY, &first);                       \
        return any_of(pe, hit, first);                                       \
    }                                                                        \
    size_t shmem_##N##_wait_until_some##V(T *ivars, size_t nelems,           \
                                          size_t *indices,                   \
                                          const int *status, int cmp, VT v)  \
    {                                                                        \
        const char *call = "shmem_" #N "_wait_until_some" #V;                \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        return wait_set(pe, &w, SS_SOME, indices);                           \
    }                                                                        \
    int shmem_##N##_test_all##V(T *ivars, size_t nelems, const int *status,  \
                                int cmp, VT v)                               \
    {                                                                        \
        const char *call = "shmem_" #N "_test_all" #V;                       \
        int ok;                                                              \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        test_set(pe, &w, SS_ALL, NULL, &ok);                                 \
        return ok;                                                           \
    }                                                                        \
    size_t shmem_##N##_test_any##V(T *ivars, size_t nelems,                  \
                                   const int *status, int cmp, VT v)         \
    {                                                                        \
        const char *call = "shmem_" #N "_test_any" #V;                       \
        size_t first = 0;                                                    \
        int ok;                                                              \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        size_t hit = test_set(pe, &w, SS_ANY, &first, &ok);                  \
        return any_of(pe, hit, first);                                       \
    }                                                                        \
    size_t shmem_##N##_test_some##V(T *ivars, size_t nelems,                 \
                                    size_t *indices, const int *status,      \
                                    int cmp, VT v)                           \
    {                                                                        \
        const char *call = "shmem_" #N "_test_some" #V;                      \
        int ok;                                                              \
        SS_SET_(N, cmp, VALS, VEC);                                          \
        return test_set(pe, &w, SS_SOME, indices, &ok);                      \
    }

#define SS_WAIT_(T, N)                                                       \
    static int sat_##N(const void *ivars, size_t i, int cmp,                 \
                       const void *values, int vector)                       \
    {                                                                        \
        T a = ((const volatile T *)ivars)[i];                                \
        T b = ((const T *)values)[vector ? i : 0];                           \
        return SS_CMP(a, cmp, b);                                            \
    }                                                                        \
    void shmem_##N##_wait_until(T *ivar, int cmp, T v)                       \
    {                                                                        \
        ss_pe_t *pe = enter_wait_(ivar, sizeof(T), cmp,                      \
                                  "shmem_" #N "_wait_until", 1);             \
        if (!ss_deferring(pe) && SS_CMP(*(volatile T *)ivar, cmp, v))        \
            return;                                                          \
        int32_t ev = ss_trace_begin(pe, "wait", pe->where, -1, 0, 1);        \
        pe->watch = (ss_watch_t){ivar, sizeof(T), cmp, &pe->watch.vbuf,     \
                                 sat_##N, 0};                                \
        memcpy(&pe->watch.vbuf, &v, sizeof v);                               \
        while (ss_deferring(pe) || !SS_CMP(*(volatile T *)ivar, cmp, v))     \
            ss_progress_wait(pe, 0);                                         \
        pe->watch.addr = NULL;                                               \
        ss_trace_end(ev);                                                    \
    }                                                                        \
    int shmem_##N##_test(T *ivar, int cmp, T v)                              \
    {                                                                        \
        ss_pe_t *pe = enter_wait(ivar, sizeof(T), cmp, "shmem_" #N "_test"); \
        ss_progress_poll(pe);                                                \
        if (SS_CMP(*(volatile T *)ivar, cmp, v))                             \
            return 1;                                                        \
        test_miss();                                                         \
        return 0;                                                            \
    }                                                                        \
    SS_WAIT_SET_(T, N, , T, &v, 0)                                           \
    SS_WAIT_SET_(T, N, _vector, T *, v, 1)
SHMEM_SYNC_TYPES(SS_WAIT_)

/* ---- signals ---- */

uint64_t shmem_signal_wait_until(uint64_t *sig, int cmp, uint64_t v)
{
    ss_pe_t *pe = enter_wait_(sig, sizeof *sig, cmp, "shmem_signal_wait_until", 1);
    if (!ss_deferring(pe) && SS_CMP(*(volatile uint64_t *)sig, cmp, v))
        return *sig;
    int32_t ev = ss_trace_begin(pe, "wait", pe->where, -1, 0, 1);
    pe->watch = (ss_watch_t){sig, sizeof *sig, cmp, &pe->watch.vbuf, sat_uint64, v};
    while (ss_deferring(pe) || !SS_CMP(*(volatile uint64_t *)sig, cmp, v))
        ss_progress_wait(pe, 0);
    pe->watch.addr = NULL;
    ss_trace_end(ev);
    return *sig;
}

uint64_t shmem_signal_fetch(const uint64_t *sig)
{
    ss_pe_t *pe = enter_wait(sig, sizeof *sig, SHMEM_CMP_EQ, "shmem_signal_fetch");
    ss_progress_poll(pe);
    return *sig;
}
