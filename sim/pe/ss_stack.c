#define _DEFAULT_SOURCE   /* madvise */
/* ss_stack.c - each PE's stack: its bounds, overflow detection, and how
 * much of it a run used.
 *
 * SimGrid allocates an actor's stack and hands out no public handle on
 * it, but the frames it puts above the actor's own function are few and
 * fixed: 320 bytes for raw contexts (SimGrid 3.32, x86-64; measured with
 * a guard page and /proc/self/maps). So from the PE function's frame
 * address F, the stack spans about [F + 320 - size, F + 320). The runtime
 * counts from F + SS_STACK_FRAMES_MAX, an upper bound, so that everything
 * it touches lies inside the stack whatever the context backend.
 *
 * Overflow. With guard pages (SimGrid's default) an overflow faults on
 * the page below the stack, and the crash handler recognises the address.
 * Each guard page is a memory mapping of its own, so above what
 * vm.max_map_count allows SimGrid must run without them; then a red zone
 * (the SS_REDZONE bytes at the bottom of each stack) is checked every time
 * the PE enters the runtime to block, and at its end. SimGrid zeroes such
 * stacks, so the red zone need not be painted (painting would make a page
 * per PE resident): it must stay zero.
 *
 * Memory. SimGrid zeroes a stack without guard pages by writing it
 * (calloc), which makes every page of it resident: 1.6 GB at 100,000 PEs
 * of 16 KiB, where a PE touches two or three pages. So the pages below
 * the PE's first frame are given back at its start (MADV_DONTNEED): the
 * kernel maps them again, zeroed, as the PE reaches them.
 *
 * Usage. With SHMEMSIM_STACK_REPORT set, each stack is painted at start
 * and the deepest byte changed is found at the end: the run's high-water
 * mark, in ss_world_stats(). How the default --stack-kib was chosen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ss_internal.h"

#define SS_STACK_FRAMES 320         /* SimGrid's frames above the PE function */
#define SS_STACK_FRAMES_MAX 1024    /* ... and a bound for other backends */
#define SS_REDZONE 64
#define SS_PAINT 0xa5

static int ss_stack_guards_fit(int npes, long *max_maps);

static int report;   /* SHMEMSIM_STACK_REPORT: paint, measure */
static int guarded;  /* SimGrid's guard pages are on */

void ss_stack_setup(int npes, int quiet)
{
    long max;
    const char *sg = getenv("SHMEMSIM_SIMGRID_ARGS");
    report = getenv("SHMEMSIM_STACK_REPORT") != NULL;
    guarded = ss_stack_guards_fit(npes, &max);
    if (sg && strstr(sg, "guard-size:0")) {   /* an expert turned them off */
        guarded = 0;
        quiet = 1;
    }
    ss_w.stack_checked = report || !guarded;
    if (!guarded && !quiet)
        fprintf(stderr, "shmemsim: note: %d PEs need more memory mappings for "
                "stack guard pages than vm.max_map_count (%ld) allows; stack "
                "overflows are caught by a check at the bottom of each stack "
                "instead (`sysctl -w vm.max_map_count=%ld` restores guard "
                "pages)\n", npes, max, 2L * npes + 10000);
}

int ss_stack_guarded(void) { return guarded; }

static unsigned char *bottom(const ss_pe_t *pe)
{
    return (unsigned char *)pe->stack_lo;
}

/* Hand the whole pages of [lo, hi) back to the kernel (zero on return). */
static void give_back(uintptr_t lo, uintptr_t hi)
{
    static uintptr_t page;
    if (!page)
        page = (uintptr_t)sysconf(_SC_PAGESIZE);
    lo = (lo + page - 1) & ~(page - 1);
    hi &= ~(page - 1);
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

void ss_stack_enter(ss_pe_t *pe, void *frame)
{
    size_t size = (size_t)ss_w.cfg.stack_kib * 1024;
    pe->stack_lo = (uintptr_t)frame + SS_STACK_FRAMES_MAX - size;
    /* Paint, or give back, up to a little below this frame: the live
     * part starts there. */
    if (report)
        memset(bottom(pe), SS_PAINT, (size_t)((uintptr_t)frame - 256 - pe->stack_lo));
    else
        give_back(pe->stack_lo, (uintptr_t)frame - 256);
}

void ss_stack_overflowed(const ss_pe_t *pe)
{
    ss_fatal("PE %d overflowed its stack of %d KiB: raise --stack-kib (e.g. "
             "--stack-kib %d)", pe->id, ss_w.cfg.stack_kib, 2 * ss_w.cfg.stack_kib);
}

void ss_stack_check_(const ss_pe_t *pe)
{
    const unsigned char *z = bottom(pe);
    uint64_t want = report ? 0xa5a5a5a5a5a5a5a5ULL : 0;
    for (size_t i = 0; i < SS_REDZONE; i += sizeof(uint64_t)) {
        uint64_t w;
        memcpy(&w, z + i, sizeof w);
        if (w != want)
            ss_stack_overflowed(pe);
    }
}

void ss_stack_leave(ss_pe_t *pe, void *frame)
{
    ss_stack_check(pe);
    const unsigned char *p = bottom(pe) + SS_REDZONE;
    pe->stack_lo = 0;   /* the crash handler's test: this stack is gone */
    if (!report)
        return;
    while (p < (unsigned char *)frame && *p == SS_PAINT)
        p++;
    size_t used = (size_t)((uintptr_t)frame + SS_STACK_FRAMES - (uintptr_t)p);
    if (used > ss_w.stats.stack_used)
        ss_w.stats.stack_used = used;
}

int ss_stack_is_guard_fault(const void *addr)
{
    ss_pe_t *pe = sg_actor_self_get_data();
    uintptr_t a = (uintptr_t)addr;
    /* The guard page sits right below the stack (without one, what lies
     * there may be unmapped); a big frame may land a little further. */
    return pe && pe->stack_lo && a < pe->stack_lo + SS_STACK_FRAMES_MAX &&
           a + 64 * 1024 >= pe->stack_lo;
}

/* Guard pages cost about two memory mappings per actor (the guard splits
 * the stack's region); keep clear of vm.max_map_count. */
static int ss_stack_guards_fit(int actors, long *max_maps)
{
    long max = 65530;   /* Linux's default */
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    if (f) {
        if (fscanf(f, "%ld", &max) != 1)
            max = 65530;
        fclose(f);
    }
    *max_maps = max;
    return 2L * actors + 10000 <= max;
}
