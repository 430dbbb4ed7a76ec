/* cmd_demo.c - `shmemsim demo`: the main job in about a minute. fcollect's
 * algorithms at 8 B and 64 KiB per PE on a Cray XC-like dragonfly, from
 * 64 to 100,000 PEs: the small PE counts are simulated, the large ones
 * fitted with prediction intervals (`shmemsim scale`), the crossovers
 * named, and the chart drawn (`shmemsim plot`). Each step runs as a child
 * of this same program because SimGrid can be set up once per process. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "fail.h"

/* Seconds of simulation the demo plans for, by the estimates (two at a
 * time): under a minute in all, 44 s on an idle two-core machine. Every
 * point of the ladder runs under the small-message model (it reaches
 * 100,000 PEs), so 150 s lets recursive-doubling, Bruck and k-nomial
 * fcollect simulate up to 32,768 PEs, beyond one group of the dragonfly:
 * their fits at 100,000 PEs come to 23, 11 and 19 ms (simulated 18.7,
 * 14.3 and 18.6). Sampling ring and neighbour exchange at 100,000 PEs
 * (scale_sample.c) does not fit: it would take the demo to minutes. */
#define DEMO_BUDGET "150"

/* Powers of two: rdb's extras make a non-power of two far costlier to
 * simulate (192 PEs: 35 s against 1 s at 128 and 256). */
#define DEMO_LADDER "64:65536,100000"

static int child(const char *self, char *const args[], int quiet)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        if (quiet && !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(self, args);
        perror("shmemsim demo: exec");
        _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return 2;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

static int have_gnuplot(void)
{
    const char *path = getenv("PATH");
    char dir[4096];
    for (const char *p = path ? path : ""; *p;) {
        size_t len = strcspn(p, ":");
        snprintf(dir, sizeof dir, "%.*s/gnuplot", (int)len, p);
        if (len && access(dir, X_OK) == 0)
            return 1;
        p += len + (p[len] == ':');
    }
    return 0;
}

/* Draws the 8 B and 64 KiB charts, or says why not. */
static void charts(const char *self, const char *dir, const char *csv)
{
    static const char *const sizes[][2] = {{"8", "8B"}, {"64K", "64KiB"}};
    if (!have_gnuplot()) {
        printf("no chart: gnuplot is not installed (scripts/setup.sh installs "
               "it, or apt-get install gnuplot-nox); the table above has the "
               "numbers\n");
        return;
    }
    for (size_t i = 0; i < 2; i++) {
        char out[512];
        snprintf(out, sizeof out, "%s/fcollect-%s.svg", dir, sizes[i][1]);
        char *const args[] = {"shmemsim", "plot", (char *)csv, "--chart", "pes",
                              "--bytes", (char *)sizes[i][0], "-o", out, NULL};
        if (child(self, args, 0) == 0)
            printf("chart (%s per PE): %s\n", sizes[i][0], out);
        else
            printf("no chart for %s per PE (shmemsim plot failed, above)\n",
                   sizes[i][0]);
    }
}

int ss_cmd_demo(int argc, char **argv)
{
    (void)argc, (void)argv;
    const char *self = "/proc/self/exe";
    char dir[] = "/tmp/shmemsim-demo-XXXXXX", csv[64];
    if (!mkdtemp(dir))
        return ss_fail(SS_EXIT_SYSTEM, "cannot make a folder in /tmp for the "
                       "demo's files");
    snprintf(csv, sizeof csv, "%s/fcollect.csv", dir);
    printf("shmemsim demo: fcollect (every PE contributes a block, all get all) "
           "on aries-xc,\na Cray XC-like dragonfly with 32 PEs per node, from 64 "
           "to 100,000 PEs.\nThe small PE counts are simulated (SimGrid, the "
           "calibrated loggp model,\ndocs/models.md); beyond them each algorithm's "
           "time is fitted over terms of\nits closed form and given with a 95%% "
           "prediction interval. This takes about\ntwo minutes. (linear and "
           "direct are left out: one root's link, and p^2 puts\nin flight at "
           "once.)\n\n");
    char *const args[] = {"shmemsim", "scale", "--platform", "aries-xc",
                          "--collective", "fcollect", "--algorithm",
                          "ring,recursive_doubling,bruck,neighbor_exchange,knomial",
                          "--bytes", "8,64K", "--pes", DEMO_LADDER, "--budget",
                          DEMO_BUDGET, "-j", "2", "--csv", csv, NULL};
    int rc = child(self, args, 0);
    if (rc != 0 && rc != 1)
        return rc;
    printf("\nThe crossovers above are where the fastest algorithm changes "
           "with the PE count;\n\"intervals overlap\" marks where the fits "
           "cannot tell the two apart.\nresults: %s\n", csv);
    charts(self, dir, csv);
    printf("\nNext: `shmemsim scale --help` (your platform, collective and "
           "sizes),\n`shmemsim tune %s` (the tuning table), `shmemsim list`.\n",
           csv);
    return 0;
}
