/* fail.h - how the command line fails: one printer of errors, and the
 * exit status of each kind of failure (docs/exit-status.md). Shared by
 * the command line's folders (cli/, studies/, programs/). */
#ifndef SS_FAIL_H
#define SS_FAIL_H

/* The exit status of each kind of failure. Usage, input and system
 * errors share 2, the status README and the tests have always given bad
 * input: each means the command stopped before doing its work, and left
 * no half-written output; the message says which it was. */
typedef enum ss_exit {
    SS_EXIT_OK = 0,
    /* It ran and what it ran failed: --check found a wrong result, a
     * sweep or scale point failed, a merge lacks parts, gnuplot failed. */
    SS_EXIT_FAILED = 1,
    /* The command line: an unknown option, a bad or missing value,
     * options that do not go together. */
    SS_EXIT_USAGE = 2,
    /* What it reads: a platform file or spec, a results CSV, OSU output,
     * a $SHMEMSIM_* variable; and a run too long to start (run, scale). */
    SS_EXIT_INPUT = 2,
    /* The system: out of memory, a file that cannot be written, a
     * process that cannot start. */
    SS_EXIT_SYSTEM = 2,
    /* The simulation stopped on an error of the simulated program: a PE
     * outside its heap, a call the simulator does not run (sim/ reports
     * most of them itself, with this status). */
    SS_EXIT_SIM = 2,
    /* The simulator's own (sim/ss_runtime.c), passed on: no PE could go
     * on. */
    SS_EXIT_DEADLOCK = 3,
    /* Ctrl-C or SIGTERM in sweep and scale: the same command resumes. */
    SS_EXIT_INTERRUPTED = 130,
} ss_exit_t;

/* "shmemsim: error: " and the message on stderr, one line; returns
 * status. Helpers that report and let their command decide return -1
 * after it (the command then exits with the status of their kind). */
int ss_fail(ss_exit_t status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The program ss_fail names, "shmemsim" until set: shmemsim-cc names
 * itself, beside the compiler's own errors; shmemsim-run does not, as
 * most of its errors are the simulation options', which read the same
 * under every command. */
void ss_fail_program(const char *name);

#endif
