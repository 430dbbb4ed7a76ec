/* cmd_demo.c - `shmemsim demo`: a short tour a newcomer can read. Each
 * simulation runs in a child `shmemsim run` because SimGrid can be set up
 * once per process. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"

#ifndef SS_PLATFORM_DIR
#define SS_PLATFORM_DIR "platforms"
#endif

static int child(const char *self, char *const args[])
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execv(self, args);
        perror("shmemsim demo: exec");
        _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return 2;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

int ss_cmd_demo(int argc, char **argv)
{
    (void)argc, (void)argv;
    static const char *const plat = SS_PLATFORM_DIR "/fattree-64.xml";
    static const char *const steps[][4] = {
        {"fcollect", "linear", "8:64K", "every PE contributes a block; all get all"},
        {"broadcast", "linear", "8:1M", "PE 0 sends a payload to every PE"},
        {"reduce", "linear", "8:64K", "sum of long arrays, result on every PE"},
    };
    const char *self = "/proc/self/exe";
    printf("shmemsim demo: 64 PEs on %s\n"
           "(a two-level fat-tree, 8 leaf switches x 8 nodes, 100 Gb/s and 1 us "
           "per link), alpha-beta model.\nEach size is one collective call; "
           "time = first PE in to last PE out, results checked.\n", plat);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        printf("\n== %s (%s): %s ==\n", steps[i][0], steps[i][1], steps[i][3]);
        char *const args[] = {"shmemsim", "run", "--platform", (char *)plat,
                              "--pes", "64", "--collective", (char *)steps[i][0],
                              "--algorithm", (char *)steps[i][1], "--bytes",
                              (char *)steps[i][2], "--check", NULL};
        int rc = child(self, args);
        if (rc)
            return rc;
    }
    printf("\nNext: `shmemsim list` for the algorithms, `shmemsim run --help` "
           "for the options.\n");
    return 0;
}
