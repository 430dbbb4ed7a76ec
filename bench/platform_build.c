#define _POSIX_C_SOURCE 200809L
/* platform_build.c - benchmark (not a test): wall time and peak memory of
 * building each preset platform, and the 100,000-node dragonfly used by
 * ring_put, each in its own process. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "ss_topo.h"

int ss_load_platform(const char *file, char *err, size_t errlen);

#define BENCH_DRAGONFLY_100K \
    "dragonfly:groups=50/2,chassis=1/1,routers=100/1,nodes=20,bw=25GBps,lat=0.3us"

static void build(const char *spec)
{
    int argc = 2;
    char *argv[] = {"platform_build", "--log=root.thres:critical", NULL};
    char err[512];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    simgrid_init(&argc, argv);
    if (ss_load_platform(spec, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", spec, err);
        _exit(1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-14s %7zu hosts  build %6.2f s  peak RSS %5.2f GiB\n",
           spec[0] == 'd' ? "dragonfly-100k" : spec, sg_host_count(),
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
           (double)ru.ru_maxrss / (1024.0 * 1024.0));
    fflush(stdout);
    _exit(0);   /* skip SimGrid's teardown */
}

int main(void)
{
    const char *specs[8];
    int n = 0, rc = 0;
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name && n < 7; p++)
        specs[n++] = p->name;
    specs[n++] = BENCH_DRAGONFLY_100K;
    for (int i = 0; i < n; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0)
            build(specs[i]);
        int st = 1;
        if (pid < 0 || waitpid(pid, &st, 0) < 0 || st != 0)
            rc = 1;
    }
    return rc;
}
