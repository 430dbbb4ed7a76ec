#define _POSIX_C_SOURCE 200809L
/* platform_build.c - benchmark (not a test): wall time and peak memory of
 * building each preset platform, the 100,000-node dragonfly used by
 * ring_put and two fat-trees of 100,000 and 131,072 nodes, each in its own
 * process. The target: under 10 s and 2 GiB for 100,000 hosts. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "platform.h"
#include "topo.h"

static const char *const big[][2] = {
    {"dragonfly-100k",
     "dragonfly:groups=50/2,chassis=1/1,routers=100/1,nodes=20,bw=25GBps,lat=0.3us"},
    /* 20-node leaves with 20 uplinks, 40 leaves per pod, 125 pods with a
     * 2:1 taper above the pods; per-level latency. */
    {"fat-tree-100k",
     "fat-tree:down=20/40/125,up=1/20/20,bw=25GBps,lat=0.1us/0.2us/0.3us,"
     "nic-bw=25GBps,nic-lat=0.5us"},
    /* The size the XML route measured at 97 s. */
    {"fat-tree-131k", "fat-tree:down=32/32/128,up=1/16/16,bw=25GBps,lat=0.2us"},
};

static void build(const char *label, const char *spec)
{
    int argc = 2;
    char *argv[] = {"platform_build", "--log=root.thres:critical", NULL};
    char err[512];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    simgrid_init(&argc, argv);
    if (ss_platform_load(spec, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        _exit(1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-14s %7zu hosts  build %6.2f s  peak RSS %5.2f GiB\n",
           label, sg_host_count(),
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
           (double)ru.ru_maxrss / (1024.0 * 1024.0));
    fflush(stdout);
    _exit(0);   /* skip SimGrid's teardown */
}

int main(void)
{
    const char *specs[16][2];
    int n = 0, rc = 0;
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name && n < 12; p++) {
        specs[n][0] = specs[n][1] = p->name;
        n++;
    }
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++, n++) {
        specs[n][0] = big[i][0];
        specs[n][1] = big[i][1];
    }
    for (int i = 0; i < n; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0)
            build(specs[i][0], specs[i][1]);
        int st = 1;
        if (pid < 0 || waitpid(pid, &st, 0) < 0 || st != 0)
            rc = 1;
    }
    return rc;
}
