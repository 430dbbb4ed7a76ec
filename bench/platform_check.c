#define _POSIX_C_SOURCE 200809L
/* platform_check.c - benchmark (not a test): what the platform checks
 * cost next to SimGrid's load. For a platform file or spec and a PE
 * count: CPU time of ss_platform_check (before SimGrid), of
 * ss_platform_load, and of ss_platform_check_routes on a block placement.
 *   platform_check PLATFORM [PES [PPN]]   (default: every host, PPN 1) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <simgrid/engine.h>

#include "placement.h"
#include "platform.h"

/* CPU time of the process: on a shared machine wall time measures the
 * neighbours. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    char err[1024], *av[] = {argv[0], "--log=root.thres:critical", NULL};
    int ac = 2;
    if (argc < 2) {
        fprintf(stderr, "usage: %s PLATFORM [PES [PPN]]\n", argv[0]);
        return 2;
    }
    double t0 = now();
    if (ss_platform_check(argv[1], err, sizeof err))
        return fprintf(stderr, "%s\n", err), 1;
    double t1 = now();
    simgrid_init(&ac, av);
    if (ss_platform_load(argv[1], err, sizeof err))
        return fprintf(stderr, "%s\n", err), 1;
    double t2 = now();
    size_t nhosts;
    sg_host_t *hosts = ss_place_hosts(&nhosts);
    int ppn = argc > 3 ? atoi(argv[3]) : 1;
    int pes = argc > 2 ? atoi(argv[2]) : (int)nhosts * ppn;
    size_t *slot = hosts ? ss_place_pes(pes, ppn, nhosts, SS_PLACE_BLOCK, 0) : NULL;
    if (!slot || (size_t)pes > nhosts * (size_t)ppn)
        return fprintf(stderr, "%d PEs do not fit\n", pes), 1;
    double t3 = now();
    if (ss_platform_check_routes(argv[1], hosts, slot, (size_t)pes, err, sizeof err))
        return fprintf(stderr, "%s\n", err), 1;
    double t4 = now();
    printf("%s: %zu hosts, %d PEs: CPU time: check %.3f s, load %.3f s, route check "
           "%.3f s (placement %.3f s)\n", argv[1], nhosts, pes, t1 - t0, t2 - t1, t4 - t3, t3 - t2);
    fflush(stdout);
    _exit(0);   /* skip SimGrid's teardown */
}
