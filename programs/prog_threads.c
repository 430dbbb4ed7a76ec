#define _GNU_SOURCE   /* pthread barriers under -std=c11 */
/* prog_threads.c - a program's pthreads inside the simulation: on a PE,
 * pthread_create starts a thread of that PE (sim/pe/ss_thread.c), and the
 * calls that block a thread (join, mutexes, conditions, barriers) block
 * its actor instead: all actors share one OS thread, so a real mutex held
 * by one actor would stop every PE. shmemsim-cc points the program's
 * references at these; outside a PE (no simulation yet, a library's own
 * thread) the real functions answer.
 *
 * A mutex, condition or barrier keeps SimGrid's object in its own first
 * bytes, made at first use: the static initialisers are zeros, and each
 * PE's copy of a global one is a separate object, as in a process of its
 * own. Attributes (recursive, process-shared, clocks) are not simulated:
 * every mutex is a plain one, timed waits count in realtime. Thread-local
 * storage (__thread, pthread keys) is shared by a PE's threads. */
#include <errno.h>
#include <pthread.h>
#include <simgrid/cond.h>
#include <simgrid/mutex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fail.h"
#include "prog.h"
#include "shmem.h"
#include "ss_thread.h"

_Static_assert(sizeof(pthread_mutex_t) >= sizeof(void *) &&
               sizeof(pthread_cond_t) >= sizeof(void *) &&
               sizeof(pthread_barrier_t) >= sizeof(void *) &&
               sizeof(pthread_t) >= sizeof(void *),
               "a SimGrid object's pointer must fit in the pthread types");

void ss_prog_threads_enable(void) { ss_threads_enable(); }

static void *get_obj(const void *slot)
{
    void *p;
    memcpy(&p, slot, sizeof p);
    return p;
}

static void set_obj(void *slot, const void *p) { memcpy(slot, &p, sizeof p); }

/* ---- threads ---- */

int shmemsim_pthread_create(pthread_t *th, const pthread_attr_t *attr,
                            void *(*fn)(void *), void *arg)
{
    if (!ss_thread_in_pe())
        return pthread_create(th, attr, fn, arg);
    ss_thread_t *t;
    int rc = ss_thread_start(&t, fn, arg);
    if (!rc)
        *th = (pthread_t)t;
    return rc;
}

int shmemsim_pthread_join(pthread_t th, void **ret)
{
    if (!ss_thread_in_pe())
        return pthread_join(th, ret);
    ss_thread_t *t = ss_thread_find((const void *)th);
    if (!t)
        return ESRCH;
    if (t == ss_thread_current())
        return EDEADLK;
    ss_thread_join(t, ret);
    return 0;
}

int shmemsim_pthread_detach(pthread_t th)
{
    if (!ss_thread_in_pe())
        return pthread_detach(th);
    ss_thread_t *t = ss_thread_find((const void *)th);
    if (!t)
        return ESRCH;
    ss_thread_detach(t);
    return 0;
}

/* On a PE's main actor: the real one (distinct from every thread's). */
pthread_t shmemsim_pthread_self(void)
{
    ss_thread_t *t = ss_thread_current();
    return t ? (pthread_t)t : pthread_self();
}

_Noreturn void shmemsim_pthread_exit(void *ret)
{
    if (!ss_thread_in_pe())
        pthread_exit(ret);
    ss_thread_t *t = ss_thread_current();
    if (!t)
        _exit(ss_fail(SS_EXIT_SIM, "PE %d: pthread_exit from the PE's main "
                      "thread is not simulated: return from main instead",
                      shmem_my_pe()));
    ss_thread_exit(t, ret);
}

/* ---- mutexes ---- */

static sg_mutex_t mutex_of(pthread_mutex_t *m)
{
    sg_mutex_t s = get_obj(m);
    if (!s) {
        s = sg_mutex_init();
        set_obj(m, s);
    }
    return s;
}

int shmemsim_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
    if (!ss_thread_in_pe())
        return pthread_mutex_init(m, a);
    memset(m, 0, sizeof *m);
    return 0;
}

int shmemsim_pthread_mutex_lock(pthread_mutex_t *m)
{
    if (!ss_thread_in_pe())
        return pthread_mutex_lock(m);
    sg_mutex_t s = mutex_of(m);
    if (!sg_mutex_try_lock(s)) {
        ss_thread_leave();
        sg_mutex_lock(s);
    }
    return 0;
}

int shmemsim_pthread_mutex_trylock(pthread_mutex_t *m)
{
    if (!ss_thread_in_pe())
        return pthread_mutex_trylock(m);
    return sg_mutex_try_lock(mutex_of(m)) ? 0 : EBUSY;
}

int shmemsim_pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (!ss_thread_in_pe())
        return pthread_mutex_unlock(m);
    sg_mutex_unlock(mutex_of(m));
    return 0;
}

int shmemsim_pthread_mutex_destroy(pthread_mutex_t *m)
{
    if (!ss_thread_in_pe())
        return pthread_mutex_destroy(m);
    sg_mutex_t s = get_obj(m);
    if (s)
        sg_mutex_destroy(s);
    memset(m, 0, sizeof *m);
    return 0;
}

/* ---- condition variables ---- */

static sg_cond_t cond_of(pthread_cond_t *c)
{
    sg_cond_t s = get_obj(c);
    if (!s) {
        s = sg_cond_init();
        set_obj(c, s);
    }
    return s;
}

int shmemsim_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a)
{
    if (!ss_thread_in_pe())
        return pthread_cond_init(c, a);
    memset(c, 0, sizeof *c);
    return 0;
}

int shmemsim_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    if (!ss_thread_in_pe())
        return pthread_cond_wait(c, m);
    ss_thread_leave();
    sg_cond_wait(cond_of(c), mutex_of(m));
    return 0;
}

int shmemsim_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                    const struct timespec *at)
{
    if (!ss_thread_in_pe())
        return pthread_cond_timedwait(c, m, at);
    if (at->tv_nsec < 0 || at->tv_nsec >= 1000000000L)
        return EINVAL;
    double left = ss_prog_until(at);
    ss_thread_leave();
    return sg_cond_wait_for(cond_of(c), mutex_of(m), left > 0 ? left : 0) ? ETIMEDOUT : 0;
}

int shmemsim_pthread_cond_signal(pthread_cond_t *c)
{
    if (!ss_thread_in_pe())
        return pthread_cond_signal(c);
    sg_cond_notify_one(cond_of(c));
    return 0;
}

int shmemsim_pthread_cond_broadcast(pthread_cond_t *c)
{
    if (!ss_thread_in_pe())
        return pthread_cond_broadcast(c);
    sg_cond_notify_all(cond_of(c));
    return 0;
}

int shmemsim_pthread_cond_destroy(pthread_cond_t *c)
{
    if (!ss_thread_in_pe())
        return pthread_cond_destroy(c);
    sg_cond_t s = get_obj(c);
    if (s)
        sg_cond_destroy(s);
    memset(c, 0, sizeof *c);
    return 0;
}

/* ---- barriers ----
 * Of our own: SimGrid 3.32's barrier tells no waiter it was the last
 * (sg_barrier_wait answers 0 to all), which PTHREAD_BARRIER_SERIAL_THREAD
 * needs. */

typedef struct barrier {
    unsigned count, arrived, round;
    sg_mutex_t m;
    sg_cond_t c;
} barrier_t;

int shmemsim_pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
                                  unsigned count)
{
    if (!ss_thread_in_pe())
        return pthread_barrier_init(b, a, count);
    if (!count)
        return EINVAL;
    barrier_t *s = malloc(sizeof *s);
    if (!s)
        return ENOMEM;
    *s = (barrier_t){.count = count, .m = sg_mutex_init(), .c = sg_cond_init()};
    set_obj(b, s);
    return 0;
}

int shmemsim_pthread_barrier_wait(pthread_barrier_t *b)
{
    if (!ss_thread_in_pe())
        return pthread_barrier_wait(b);
    barrier_t *s = get_obj(b);
    if (!s)
        return EINVAL;
    ss_thread_leave();
    sg_mutex_lock(s->m);
    unsigned round = s->round;
    int last = ++s->arrived == s->count;
    if (last) {
        s->arrived = 0;
        s->round++;
        sg_cond_notify_all(s->c);
    }
    while (s->round == round)
        sg_cond_wait(s->c, s->m);
    sg_mutex_unlock(s->m);
    return last ? PTHREAD_BARRIER_SERIAL_THREAD : 0;
}

int shmemsim_pthread_barrier_destroy(pthread_barrier_t *b)
{
    if (!ss_thread_in_pe())
        return pthread_barrier_destroy(b);
    barrier_t *s = get_obj(b);
    if (s) {
        sg_mutex_destroy(s->m);
        sg_cond_destroy(s->c);
        free(s);
    }
    set_obj(b, NULL);
    return 0;
}
