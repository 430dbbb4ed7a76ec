/* ss_thread.h - the threads an unmodified program starts on a PE, run as
 * SimGrid actors on the PE's host (sim/pe/ss_thread.c says how and what it
 * costs). programs/prog_threads.c maps the program's pthread calls on these;
 * part of the runtime library's interface to programs/. */
#ifndef SS_THREAD_H
#define SS_THREAD_H

typedef struct ss_thread ss_thread_t;

/* Program threads are simulated: shmem_init_thread may grant
 * SHMEM_THREAD_MULTIPLE. Called once, before the world runs. */
void ss_threads_enable(void);

/* Is the caller one of a simulated PE's actors (its main or a thread)?
 * Not before SimGrid starts, in maestro, or on an OS thread it does not
 * run. */
int ss_thread_in_pe(void);

/* From a PE: start fn(arg) as a thread of that PE. 0, or an errno. */
int ss_thread_start(ss_thread_t **t, void *(*fn)(void *), void *arg);

/* The calling PE's thread whose handle is h (a pointer to it, as
 * ss_thread_start gave it), NULL if it has none such. */
ss_thread_t *ss_thread_find(const void *h);

/* The calling actor's own thread, NULL on the PE's main actor. */
ss_thread_t *ss_thread_current(void);

/* Waits for t to end and frees it; its return value in *ret. */
void ss_thread_join(ss_thread_t *t, void **ret);

/* t is freed when it ends (or now if it has ended). */
void ss_thread_detach(ss_thread_t *t);

/* Ends the calling thread (not a PE's main actor) with value ret. */
_Noreturn void ss_thread_exit(ss_thread_t *t, void *ret);

/* The caller is about to block outside OpenSHMEM (on a mutex, a
 * condition, a barrier, a join, a sleep): its PE's other threads may
 * make their calls meanwhile. */
void ss_thread_leave(void);

#endif
