/* ss_setup.c - the setup, query and memory calls of OpenSHMEM 1.5 beyond
 * the basic ones in ss_runtime.c: thread levels, direct pointers,
 * realloc and allocation hints, the profiling control. */
#include <string.h>

#include "ss_team.h"

/* A PE's code runs in its SimGrid actor. The threads a program built
 * with shmemsim-cc starts are actors of its PE too (ss_thread.c): every
 * level is honoured. Elsewhere (shmemsim's own runs, programs that bring
 * a PE function) no thread is simulated, and at most FUNNELED (only the
 * thread that initialised calls) can be. */
int shmem_init_thread(int requested, int *provided)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_init_thread";
    int top = ss_threads_enabled() ? SHMEM_THREAD_MULTIPLE : SHMEM_THREAD_FUNNELED;
    int level = requested < SHMEM_THREAD_SINGLE ? SHMEM_THREAD_SINGLE
                : requested > top               ? top
                                                : requested;
    pe->thread_level = (uint8_t)level;
    ss_thread_granted(level);
    if (provided)
        *provided = level;
    return 0;
}

void shmem_query_thread(int *provided)
{
    *provided = ss_self()->thread_level;
}

/* Only the calling PE's own memory is directly accessible: a load or
 * store into another PE's copy would bypass the simulated transfer and
 * the progress engine that wakes its waits. */
void *shmem_ptr(const void *dest, int pe)
{
    ss_pe_t *me = ss_self();
    if (pe != me->id || !ss_heap_translate(me->id, dest, 1, me->id))
        return NULL;
    return (void *)dest;
}

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    struct ss_team *t = ss_team_query(team, "shmem_team_ptr");
    return t ? shmem_ptr(dest, ss_team_global(t, pe)) : NULL;
}

void shmem_pcontrol(int level, ...)
{
    (void)level;
}

void *shmem_malloc_with_hints(size_t size, long hints)
{
    (void)hints;   /* no placement choice to make in the simulator */
    return ss_heap_alloc(ss_self(), 16, size, 0, "shmem_malloc_with_hints");
}

/* Collective like shmem_malloc and shmem_free: a new block of the run's
 * allocation sequence, this PE's contents copied over (up to the smaller
 * size) once nothing is in flight to the old one, the old one freed. */
void *shmem_realloc(void *ptr, size_t size)
{
    static const char call[] = "shmem_realloc";
    ss_pe_t *pe = ss_self();
    pe->where = call;
    if (!ptr)
        return ss_heap_alloc(pe, 16, size, 0, call);
    size_t old = ss_heap_size_of(pe->id, ptr);
    if (old == (size_t)-1)
        ss_fatal("PE %d: %s(%p): not an address returned by shmem_malloc on "
                 "this PE", pe->id, call, ptr);
    void *p = ss_heap_alloc(pe, 16, size, 0, call);
    ss_sync_point(pe, 0);
    if (p)
        memcpy(p, ptr, old < size ? old : size);
    shmem_free(ptr);
    return p;
}
