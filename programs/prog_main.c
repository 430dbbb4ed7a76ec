/* prog_main.c - the real main of a program built with shmemsim-cc: it
 * takes the simulator's options from shmemsim-run, gives every PE its
 * copy of the program's globals, and runs the program's own main (which
 * shmemsim-cc renamed shmemsim_user_main) on every PE of the simulated
 * world. The run's exit status is the simulator's (0, 2 for an error, 3
 * for a deadlock) unless a PE ends it with its own (prog_exit.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "options.h"
#include "prog.h"
#include "run_options.h"
#include "shmem.h"
#include "ss_priv.h"

int shmemsim_user_main(int argc, char **argv, char **envp) __attribute__((weak));

/* shmemsim-run looks for this section: the program was built with
 * shmemsim-cc (and speaks this handover of options). */
__attribute__((section("shmemsim_program"), used))
static const char program_mark[] = "shmemsim program 1";

typedef struct prog {
    int argc;
    char **argv;      /* the program's own arguments, argv[0] its path */
} prog_t;

/* A PE's own argv, in buf (on its stack) when it fits: programs may
 * permute or edit theirs (getopt does), as each process has its own. */
static char **own_argv(const prog_t *p, char *buf, size_t cap, char **heap)
{
    size_t need = (size_t)(p->argc + 1) * sizeof(char *);
    for (int i = 0; i < p->argc; i++)
        need += strlen(p->argv[i]) + 1;
    char *mem = need <= cap ? buf : (*heap = malloc(need));
    if (!mem)
        return p->argv;
    char **v = (char **)(void *)mem, *s = mem + (size_t)(p->argc + 1) * sizeof(char *);
    for (int i = 0; i < p->argc; i++) {
        size_t n = strlen(p->argv[i]) + 1;
        v[i] = memcpy(s, p->argv[i], n);
        s += n;
    }
    v[p->argc] = NULL;
    return v;
}

static void pe_main(void *arg)
{
    const prog_t *p = arg;
    _Alignas(char *) char buf[1024];
    char *heap = NULL;
    ss_priv_enter();
    int me = shmem_my_pe();
    char **argv = own_argv(p, buf, sizeof buf, &heap);
    int status = ss_prog_pe_run(shmemsim_user_main, p->argc, argv);
    free(heap);
    ss_prog_pe_status(me, status);
}

static int usage(const char *self)
{
    return ss_fail(SS_EXIT_USAGE, "%s is an OpenSHMEM program built with "
                   "shmemsim-cc: start it with\n  shmemsim-run --platform P "
                   "--pes N %s [ARGS...]\n(shmemsim-run --help lists the "
                   "options)", self, self);
}

/* argv = PROG --shmemsim-run OPTIONS --shmemsim-end ARGS: the options
 * into cfg, PROG ARGS into p. -1 when they are good, else the status. */
static int handover(int argc, char **argv, ss_config_t *cfg, prog_t *p)
{
    int i = 2;
    if (argc < 2 || strcmp(argv[1], SS_PROGRAM_BEGIN))
        return usage(argv[0]);
    ss_program_defaults(cfg);
    for (; i < argc && strcmp(argv[i], SS_PROGRAM_END); i++) {
        int r = ss_program_option(argc, argv, &i, cfg);
        if (r == 0)
            return ss_fail(SS_EXIT_USAGE, "unknown option '%s'", argv[i]);
        if (r < 0)
            return SS_EXIT_USAGE;
    }
    if (i == argc || ss_option_finish(cfg))
        return i == argc ? usage(argv[0]) : SS_EXIT_USAGE;
    argv[i] = argv[0];        /* PROG ARGS: the program's argv */
    p->argc = argc - i;
    p->argv = argv + i;
    return -1;
}

/* With $SHMEMSIM_PROGRESS: what keeping the PEs' globals apart cost. */
static void say_cost(void)
{
    ss_priv_stats_t s = ss_priv_stats();
    if (getenv("SHMEMSIM_PROGRESS"))
        fprintf(stderr, "shmemsim: globals: %zu bytes per PE copied and %zu "
                "remapped at each of %llu PE switches\n", s.copied, s.remapped,
                s.switches);
}

int main(int argc, char **argv)
{
    ss_config_t cfg;
    prog_t p;
    char err[300];
    int rc = handover(argc, argv, &cfg, &p);
    if (rc >= 0)
        return rc;
    if (!shmemsim_user_main)
        return ss_fail(SS_EXIT_INPUT, "%s has no main function", argv[0]);
    ss_prog_threads_enable();
    if (ss_prog_globals(cfg.npes, err, sizeof err))
        return ss_fail(SS_EXIT_INPUT, "%s", err);
    rc = ss_world_run(&cfg, pe_main, &p);
    ss_priv_disable();
    say_cost();
    return rc;
}
