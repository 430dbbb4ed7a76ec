/* prog_exit.c - how a PE's main ends, as a process's would: returning
 * from main or calling exit() runs the PE's atexit handlers (C++ static
 * destructors are some) and then its destructors; _exit() runs none. A
 * status of 0 ends the PE (the runtime finalizes it if main did not); any
 * other ends the run with that status, as a launcher ends a job when one
 * process fails. shmemsim-cc points the program's exit, _exit, _Exit,
 * atexit and __cxa_atexit at the functions here.
 *
 * exit() deep inside the program must leave every frame of main: it
 * longjmps to the PE's frame in ss_prog_pe_run, on the PE's own stack
 * (no C++ unwinding, exactly like exit(), which does not unwind either). */
#include <setjmp.h>
#include <simgrid/engine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prog.h"

extern char **environ;
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);

enum { SS_RAN, SS_EXITED, SS_EXITED_QUICK };

typedef struct handler {
    void (*fn)(void *);
    void *arg;
    void (*plain)(void);      /* atexit's, else NULL */
    struct handler *next;
} handler_t;

/* Per PE (SS_PER_PE): where exit() goes, with what status, and the
 * handlers the PE registered, last first. */
static struct {
    jmp_buf *exit_to;
    int status;
    int ending;
    handler_t *handlers;
} life SS_PER_PE = {NULL, 0, 0, NULL};

static int push(void (*fn)(void *), void *arg, void (*plain)(void))
{
    handler_t *h = malloc(sizeof *h);
    if (!h)
        return -1;
    *h = (handler_t){fn, arg, plain, life.handlers};
    life.handlers = h;
    return 0;
}

int shmemsim_atexit(void (*fn)(void))
{
    return life.exit_to ? push(NULL, NULL, fn) : atexit(fn);
}

int shmemsim_cxa_atexit(void (*fn)(void *), void *arg, void *dso)
{
    return life.exit_to ? push(fn, arg, NULL) : __cxa_atexit(fn, arg, dso);
}

_Noreturn static void leave(int status, int how)
{
    if (!life.exit_to) {         /* not in a PE: the process's own */
        if (how == SS_EXITED)
            exit(status);
        _exit(status);
    }
    life.status = status;
    longjmp(*life.exit_to, life.ending ? SS_EXITED_QUICK : how);
}

_Noreturn void shmemsim_exit(int status) { leave(status, SS_EXITED); }
_Noreturn void shmemsim__exit(int status) { leave(status, SS_EXITED_QUICK); }
_Noreturn void shmemsim__Exit(int status) { leave(status, SS_EXITED_QUICK); }

/* Handlers one at a time, so that one calling exit() (which the C
 * standard leaves undefined) does not run the others twice. */
static void run_handlers(void)
{
    life.ending = 1;
    for (handler_t *h; (h = life.handlers);) {
        life.handlers = h->next;
        if (h->plain)
            h->plain();
        else
            h->fn(h->arg);
        free(h);
    }
    ss_prog_destructors();
}

int ss_prog_pe_run(ss_user_main_t main_fn, int argc, char **argv)
{
    jmp_buf here;
    volatile int status = 0;
    life.exit_to = &here;
    int how = setjmp(here);
    if (how == SS_RAN) {
        ss_prog_constructors(argc, argv, environ);
        status = main_fn(argc, argv, environ);
        how = SS_EXITED;
    } else {
        status = life.status;
    }
    if (how == SS_EXITED)
        run_handlers();
    life.exit_to = NULL;
    return status;
}

void ss_prog_pe_status(int pe, int status)
{
    if ((status & 0xff) == 0)
        return;
    static char line[256];
    int n = snprintf(line, sizeof line, "shmemsim: PE %d ended with exit status "
                     "%d at t=%.9f s: the run ends with it (as a launcher ends "
                     "the job when one process fails)\n", pe, status & 0xff,
                     simgrid_get_clock());
    fflush(NULL);
    if (write(2, line, (size_t)n) < 0)
        n = 0;
    _exit(status & 0xff);
}
