/* prog.h - the library that shmemsim-cc links into an unmodified
 * OpenSHMEM program (libshmemsim_program.a): the real main, which starts
 * the simulated world and runs the program's main on every PE, and the
 * process-level services a PE expects to have to itself: its globals
 * (prog_globals.c), exit and atexit (prog_exit.c), clocks and sleeps
 * (prog_clock.c). shmemsim-cc renames the program's references to those
 * libc functions to the shmemsim_* ones defined here. Internal to programs/. */
#ifndef SS_PROG_H
#define SS_PROG_H

#include <stddef.h>

/* State of the library that each PE has its own copy of: it lives in a
 * region of the globals that every PE switch puts in place (ss_priv.h). */
#define SS_PER_PE __attribute__((section("shmemsim_priv_lib")))

/* The program's main, renamed by shmemsim-cc (any of its three forms). */
typedef int (*ss_user_main_t)(int argc, char **argv, char **envp);

/* prog_globals.c: the program's global data as regions, each PE's copy
 * of them (0, or -1 with err set); its static constructors and
 * destructors, run per PE. */
int ss_prog_globals(int npes, char *err, size_t errlen);
void ss_prog_constructors(int argc, char **argv, char **envp);
void ss_prog_destructors(void);

/* prog_exit.c: runs main on this PE as a process would (constructors,
 * main, then on return or exit() its atexit handlers and destructors)
 * and returns its exit status. */
int ss_prog_pe_run(ss_user_main_t main_fn, int argc, char **argv);
/* PE pe ended with status: non-zero (mod 256) ends the whole run with it,
 * as a launcher ends a job when one process fails. */
void ss_prog_pe_status(int pe, int status);

/* prog_clock.c: from now to the realtime instant at, in simulated
 * seconds (a PE's). Outside a PE (ss_thread_in_pe) clocks are real. */
struct timespec;
double ss_prog_until(const struct timespec *at);

/* prog_threads.c: the program's pthreads are simulated (called by main,
 * which also links that file in for the program's references). */
void ss_prog_threads_enable(void);

#endif
