/* cmd_demo.c - `shmemsim demo`: the main job in a minute or two. fcollect's
 * algorithms at 8 B and 8 KiB per PE on a Cray XC-like dragonfly, from
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

/* Seconds of simulation the demo plans for, by the estimates of its
 * points one after another (it runs one per CPU as memory allows, the
 * ladder's top first; docs/scaling.md, "The demo", has a measured run on
 * 2 cores). Every point runs under the small-message model (the ladder
 * reaches 100,000 PEs), and the plan (scale_plan.c) simulates the top of
 * the ladder where it fits, then the first point of each part of the
 * machine: 210 s covers recursive-doubling, Bruck and node_aware at
 * 100,000 PEs (about 30 s each for the two sizes), so their answers there
 * are simulated, not fitted, and k-nomial across two groups (16,384 PEs:
 * its rounds across groups are fitted on their busiest links beyond
 * that). Ring and neighbour exchange
 * (p - 1 and p/2 steps) are fitted from up to 1,024 or 2,048 PEs with
 * forms that follow the routes the PEs span; sampling them at 100,000
 * PEs would take over a minute each. 8 KiB rather than a larger size:
 * the winner changes with the PE count there, and a 64 KiB block costs
 * the simulator about twice as much at 100,000 PEs. */
#define DEMO_BUDGET "210"

/* Powers of two: rdb's extras make a non-power of two far costlier to
 * simulate (docs/algorithms.md, "Limits"). */
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

/* Draws the 8 B and 8 KiB charts, or says why not. */
static void charts(const char *self, const char *dir, const char *csv)
{
    static const char *const sizes[][2] = {{"8", "8B"}, {"8K", "8KiB"}};
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

static const char usage[] =
    "usage: shmemsim demo\n\n"
    "The main job in a minute or two: fcollect's algorithms (ring,\n"
    "recursive_doubling, bruck, neighbor_exchange, knomial) at 8 B and 8 KiB\n"
    "per PE on aries-xc, from 64 to 100,000 PEs, as `shmemsim scale` with\n"
    "fixed arguments (docs/scaling.md, \"The demo\"): the fits, the fastest\n"
    "algorithm at each PE count with how sure it is, the crossovers, and a\n"
    "CSV and two charts in a folder in /tmp. It takes no options.\n";

int ss_cmd_demo(int argc, char **argv)
{
    if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return fputs(usage, stdout), 0;
    if (argc > 2) {
        fputs(usage, stderr);
        return ss_fail(SS_EXIT_USAGE, "demo takes no options or arguments; `shmemsim scale` "
                           "takes your own");
    }
    const char *self = "/proc/self/exe";
    char dir[] = "/tmp/shmemsim-demo-XXXXXX", csv[64];
    if (!mkdtemp(dir))
        return ss_fail(SS_EXIT_SYSTEM, "cannot make a folder in /tmp for the "
                       "demo's files");
    snprintf(csv, sizeof csv, "%s/fcollect.csv", dir);
    printf("shmemsim demo: fcollect (every PE contributes a block, all get all) "
           "of 8 B and 8 KiB\non aries-xc, a Cray XC-like dragonfly with 32 PEs per "
           "node, from 64 to 100,000 PEs.\nThe log-step algorithms are simulated "
           "up to 16,384 or 100,000 PEs (SimGrid, the calibrated\nloggp model, "
           "docs/models.md); "
           "ring and neighbour exchange, p - 1 and p/2 steps,\nup to about 1,000 PEs. "
           "The other points are fitted over terms of the algorithm's\nclosed form, "
           "with a 95%% prediction interval. node_aware gathers each node's blocks\n"
           "through shared memory, runs recursive doubling or Bruck among one leader\n"
           "per node and spreads the result on each node. This takes a minute or two.\n"
           "(linear and direct are left out: one root's link, and p^2 puts in\n"
           "flight at once.)\n\n");
    char *const args[] = {"shmemsim", "scale", "--platform", "aries-xc",
                          "--collective", "fcollect", "--algorithm",
                          "ring,recursive_doubling,bruck,neighbor_exchange,knomial,node_aware",
                          "--bytes", "8,8K", "--pes", DEMO_LADDER, "--budget",
                          DEMO_BUDGET, "--csv", csv, NULL};
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
