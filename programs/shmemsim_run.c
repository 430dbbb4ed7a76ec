#define _POSIX_C_SOURCE 200809L   /* strdup */
/* shmemsim_run.c - shmemsim-run: starts a program built with shmemsim-cc
 * on a simulated machine.
 *
 *   shmemsim-run --platform P --pes N [options] PROGRAM [ARGS...]
 *
 * Options end at the first argument that is not one (the program). They
 * are checked here, so that a mistake is reported before the program
 * starts, and handed to the program, whose main (prog_main.c) parses them
 * again and runs the world; its exit status is the run's. Bad input
 * exits 2. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_probe.h"
#include "fail.h"
#include "options.h"
#include "run_options.h"

static const char help[] =
    "usage: shmemsim-run --platform P --pes N [options] PROGRAM [ARGS...]\n\n"
    "Runs an OpenSHMEM program built with shmemsim-cc on N simulated PEs:\n"
    "every PE runs its main, with its own copy of the program's globals,\n"
    "and its clocks tell simulated time. Options end at PROGRAM; ARGS are\n"
    "the program's. The exit status is the program's: 0 when every PE\n"
    "returns 0, the status of a PE that exits non-zero (the run ends\n"
    "there), 2 for an error, 3 for a deadlock.\n\n"
    "options:\n%s%s"
    "\nThe program's collectives use, per collective KIND (FCOLLECT, COLLECT,\n"
    "BROADCAST, REDUCE, ALLTOALL):\n"
    "  $SHMEMSIM_<KIND>_ALGORITHM  one algorithm for every call (`shmemsim\n"
    "                    list` names them), else\n"
    "  $SHMEMSIM_TUNE_FILE  the rules of `shmemsim tune --format csv`: per\n"
    "                    call, the algorithm of the rule covering its PE\n"
    "                    count and size, else\n"
    "  the built-in choice by size (docs/programs.md: a log-step algorithm\n"
    "  for small sizes, a bandwidth-optimal one for large).\n"
    "Each PE's stack is %d KiB unless --stack-kib says otherwise.\n";

/* PROGRAM as execvp would find it: as given if it has a '/', else the
 * first executable of that name on $PATH. NULL if none. */
static char *locate(const char *prog)
{
    if (strchr(prog, '/'))
        return strdup(prog);
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        char *full = malloc(n + strlen(prog) + 2);
        if (!full)
            return NULL;
        sprintf(full, "%.*s/%s", (int)n, n ? p : ".", prog);
        if (!access(full, X_OK))
            return full;
        free(full);
        p += n + (p[n] == ':');
    }
    return NULL;
}

/* Is it there, a runnable file, built with shmemsim-cc? 0, else 2. */
static int check_program(const char *given, const char *path)
{
    struct stat st;
    char err[300];
    if (!path && !strchr(given, '/'))
        return ss_fail(SS_EXIT_INPUT, "program '%s' not found on $PATH (for one "
                       "in this directory: ./%s)", given, given);
    if (!path || stat(path, &st))
        return ss_fail(SS_EXIT_INPUT, "program '%s' not found", given);
    if (!S_ISREG(st.st_mode) || access(path, X_OK))
        return ss_fail(SS_EXIT_INPUT, "'%s' is not an executable file%s", path,
                       S_ISREG(st.st_mode) ? " (chmod +x?)" : "");
    int r = ss_elf_has_section(path, "shmemsim_program", err, sizeof err);
    if (r < 0)
        return ss_fail(SS_EXIT_INPUT, "%s: build it with shmemsim-cc", err);
    if (r == 0)
        return ss_fail(SS_EXIT_INPUT, "'%s' was not built with shmemsim-cc (it "
                       "has no shmemsim_program section): build it with\n"
                       "  shmemsim-cc -o PROGRAM SOURCES...", path);
    return 0;
}

int main(int argc, char **argv)
{
    ss_config_t cfg;
    int i = 1;
    ss_program_defaults(&cfg);
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf(help, ss_option_common_help, ss_program_option_help,
                   cfg.stack_kib);
            return 0;
        }
        int r = ss_program_option(argc, argv, &i, &cfg);
        if (r < 0)
            return SS_EXIT_USAGE;
        if (r == 0)
            return ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim-run "
                           "--help)", argv[i]);
    }
    if (i == argc)
        return ss_fail(SS_EXIT_USAGE, "no program to run: shmemsim-run --platform "
                       "P --pes N PROGRAM [ARGS...]");
    if (ss_option_finish(&cfg))
        return SS_EXIT_USAGE;
    char *path = locate(argv[i]);
    int rc = check_program(argv[i], path);
    if (rc)
        return free(path), rc;
    /* PROGRAM --shmemsim-run OPTIONS --shmemsim-end ARGS */
    char **v = calloc((size_t)argc + 3, sizeof *v);
    if (!v)
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    int n = 0;
    v[n++] = argv[i];
    v[n++] = SS_PROGRAM_BEGIN;
    for (int k = 1; k < i; k++)
        v[n++] = argv[k];
    v[n++] = SS_PROGRAM_END;
    for (int k = i + 1; k < argc; k++)
        v[n++] = argv[k];
    execv(path, v);
    return ss_fail(SS_EXIT_SYSTEM, "cannot start '%s': %s", path, strerror(errno));
}
