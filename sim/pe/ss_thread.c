#define _GNU_SOURCE   /* dladdr */
/* ss_thread.c - a PE's own threads (ss_thread.h).
 *
 * A thread a program starts with pthread_create is a SimGrid actor on
 * its PE's host whose data is the PE: its OpenSHMEM calls are the PE's,
 * charged to it and ordered by the same rules, and its accesses to
 * globals see the PE's copy (the switch hook keys on the PE). All actors
 * run one at a time, so a run stays deterministic.
 *
 * Why a token. The runtime keeps one progress state per PE (its posted
 * receives, its block, its alarm, its held put), made for one caller
 * at a time. So a PE's threads take turns inside the runtime: a thread's
 * OpenSHMEM call waits for its PE's token unless it holds it, and the
 * holder gives it back where it blocks outside OpenSHMEM (a join, a
 * mutex, a condition, a barrier, a sleep) or ends, and at each turn of
 * an OpenSHMEM wait whose condition failed, to a thread queued at a call
 * or to a waiting one that has not looked since the PE's memory last
 * changed (ss_thread_turn). The memory changes when a message is applied
 * or a send completes (the progress engine says so, whichever thread
 * made it happen) and when a thread hands the PE over after running
 * program code (it may have stored: stored()); a thread that stores
 * while another is blocked as the PE's wakes it. The one blocked wait
 * stands for all of them (landings, and sends when one is a quiet). No
 * token exists until a PE starts its first thread: a PE without threads
 * pays one test per call.
 *
 * Why an ended thread stays. SimGrid cancels the communications of an
 * actor that ends, and those of a thread are its PE's: puts still in
 * flight, receives it posted for the PE. So a thread that ever held the
 * token ends as a daemon asleep until the simulation is over (its stack
 * stays until then). */
#include <dlfcn.h>
#include <errno.h>
#include <setjmp.h>
#include <simgrid/mutex.h>
#include <stdio.h>
#include <stdlib.h>

#include "ss_internal.h"
#include "ss_thread.h"

struct ss_thread {
    ss_pe_t *pe;
    sg_actor_t actor;
    void *(*fn)(void *);
    void *arg, *ret;
    sg_sem_t done;          /* released when fn has returned */
    uint8_t detached, ended;
    uint8_t touched;        /* it held the token: it owns communications */
    uint8_t queued;         /* for the token: Q_CALL or Q_WAIT, else 0 */
    uint8_t out;            /* queued in a wait that ends on its sends too */
    uint8_t ran;            /* ran program code since it last handed the
                               PE over: it may have stored to memory */
    unsigned seen;          /* the PE's wake-ups its wait had seen */
    jmp_buf exit_to;        /* where ss_thread_exit resumes */
    struct ss_thread *next; /* the PE's threads */
};

enum { Q_CALL = 1, Q_WAIT = 2 };

struct ss_pe_threads {
    sg_mutex_t token;
    sg_actor_t holder;      /* NULL: free */
    ss_thread_t main;       /* the PE's main actor (actor and queue only) */
    ss_thread_t *list;      /* the threads it started */
    unsigned started;       /* names them */
    unsigned waiting;       /* actors queued for the token */
    unsigned wakes;         /* times a wait of the PE was woken */
};

static int enabled;
static int granted = -1;    /* the last level shmem_init_thread granted */
static sg_sem_t never;      /* what ended threads sleep on */

void ss_threads_enable(void) { enabled = 1; }

int ss_threads_enabled(void) { return enabled; }

void ss_thread_granted(int level) { granted = level; }

/* Threads started inside a library (std::thread's, OpenMP's) or before
 * the simulation are real OS threads: they cannot enter it. The call is
 * named when the program exports it (shmemsim-cc's do). */
_Noreturn void ss_thread_foreign(const void *ra)
{
    static const char *const level[] = {"SHMEM_THREAD_SINGLE", "SHMEM_THREAD_FUNNELED",
                                        "SHMEM_THREAD_SERIALIZED", "SHMEM_THREAD_MULTIPLE"};
    Dl_info info;
    const char *call = dladdr(ra, &info) && info.dli_sname ? info.dli_sname
                                                            : "an OpenSHMEM call";
    ss_fatal("%s from a thread the simulator does not run (thread level "
             "granted: %s); only threads the program starts with "
             "pthread_create are simulated, not those a library starts "
             "(std::thread, OpenMP)", call,
             granted >= 0 && granted <= 3 ? level[granted] : "none, no shmem_init_thread");
}

int ss_thread_in_pe(void)
{
    sg_actor_t a = sg_actor_self();   /* NULL outside SimGrid's threads */
    return a && sg_actor_get_data(a);   /* maestro has no PE */
}

static ss_thread_t *rec_of(struct ss_pe_threads *th, sg_actor_t a)
{
    ss_thread_t *t = th->list;   /* a PE's few threads */
    while (t && t->actor != a)
        t = t->next;
    return t ? t : &th->main;
}

/* Queued before the holder lets the token go (ss_thread_turn): the
 * unlock is a simcall during which the next holder already runs, and
 * must see this thread waiting. */
static void queue(ss_pe_t *pe, ss_thread_t *me, int why)
{
    me->queued = (uint8_t)why;
    pe->thr->waiting++;
}

static void take(ss_pe_t *pe, ss_thread_t *me)
{
    struct ss_pe_threads *th = pe->thr;
    sg_mutex_lock(th->token);
    th->waiting--;
    me->queued = 0;
    me->touched = 1;
    th->holder = me->actor;
}

/* A call from a thread without the token: it queues, and wakes the
 * holder if that is blocked in a wait, so that it hands the token on. */
void ss_thread_enter(ss_pe_t *pe)
{
    struct ss_pe_threads *th = pe->thr;
    sg_actor_t me = sg_actor_self();
    ss_thread_t *t = rec_of(th, me);
    t->ran = 1;   /* the program ran up to this call */
    if (th->holder == me)
        return;
    ss_wake_pe(pe, pe);   /* a no-op unless it waits */
    queue(pe, t, Q_CALL);
    take(pe, t);
}

/* t hands the PE over after running program code: whatever it stored
 * may end a wait of another thread of the PE, as on hardware, where a
 * wait spins on memory any thread writes. So every such wait looks
 * again (they are owed the token), and the one blocked as the PE's is
 * woken: no remote PE has to wake it. */
static void stored(ss_pe_t *pe, ss_thread_t *t)
{
    struct ss_pe_threads *th = pe->thr;
    if (!t->ran)
        return;
    t->ran = 0;
    th->wakes++;
    if (th->holder && th->holder != t->actor) {
        t->touched = 1;   /* a doorbell is a send of the PE's */
        ss_wake_pe(pe, pe);
    }
}

/* Is the token owed to t: queued at a call, or queued in a wait that
 * has not looked since the PE's last wake-up? */
static int owed(const ss_thread_t *t, unsigned wakes)
{
    return t->queued == Q_CALL || (t->queued == Q_WAIT && t->seen != wakes);
}

/* Queued in a wait (that ends on its sends too, when out). */
static int waits(const ss_thread_t *t, unsigned out)
{
    return t->queued == Q_WAIT && (!out || t->out);
}

/* Is ok(t, arg) true of any of the PE's threads, its main actor's too? */
static int any_thread(const struct ss_pe_threads *th,
                      int (*ok)(const ss_thread_t *, unsigned), unsigned arg)
{
    if (ok(&th->main, arg))
        return 1;
    for (const ss_thread_t *t = th->list; t; t = t->next)
        if (ok(t, arg))
            return 1;
    return 0;
}

/* At each turn of a wait's loop (its condition just failed): the token
 * goes to a thread queued at a call, or waiting itself and not yet
 * woken since the PE's last wake-up; else this wait blocks as the PE's.
 * The call's own state in the PE is kept aside meanwhile. */
int ss_thread_turn(ss_pe_t *pe, int *with_out)
{
    struct ss_pe_threads *th = pe->thr;
    ss_thread_t *me = rec_of(th, sg_actor_self());
    stored(pe, me);
    me->seen = th->wakes;
    if (!any_thread(th, owed, th->wakes)) {
        /* It blocks for the waits of the PE's threads: a send that
         * completes may end another's quiet. */
        *with_out |= any_thread(th, waits, 1);
        return 0;
    }
    me->out = (uint8_t)*with_out;
    ss_flush(pe);
    const char *where = pe->where;
    ss_ctx_state_t *cur = pe->cur;
    ss_watch_t watch = pe->watch;
    uint8_t in_coll = pe->in_coll;
    pe->watch.addr = NULL;
    pe->in_coll = 0;
    queue(pe, me, Q_WAIT);
    th->holder = NULL;
    sg_mutex_unlock(th->token);
    take(pe, me);
    pe->where = where;
    pe->cur = cur;
    pe->watch = watch;
    pe->in_coll = in_coll;
    return 1;
}

void ss_thread_woken(ss_pe_t *pe) { pe->thr->wakes++; }

/* Does a thread other than the caller wait in OpenSHMEM for its turn?
 * Then the PE's blocked wait is not the only one: a landing that does
 * not end it may end theirs. */
int ss_thread_others_wait(const ss_pe_t *pe)
{
    return any_thread(pe->thr, waits, 0);
}

void ss_thread_leave(void)
{
    if (!ss_thread_in_pe())
        return;
    ss_pe_t *pe = sg_actor_self_get_data();
    struct ss_pe_threads *th = pe->thr;
    if (!th)
        return;
    ss_thread_t *me = rec_of(th, sg_actor_self());
    me->ran = 1;   /* it blocks, or ends, outside OpenSHMEM */
    stored(pe, me);
    if (th->holder != me->actor)
        return;
    ss_flush(pe);   /* a held put leaves before time moves */
    th->holder = NULL;
    sg_mutex_unlock(th->token);
}

static struct ss_pe_threads *threads_of(ss_pe_t *pe)
{
    if (pe->thr)
        return pe->thr;
    struct ss_pe_threads *th = calloc(1, sizeof *th);
    if (!th)
        ss_fatal("PE %d: pthread_create: out of memory", pe->id);
    th->token = sg_mutex_init();
    sg_mutex_lock(th->token);   /* the caller holds it from now */
    th->holder = th->main.actor = sg_actor_self();
    pe->thr = th;
    return th;
}

static void unlink_thread(ss_thread_t *t)
{
    ss_thread_t **p = &t->pe->thr->list;
    while (*p != t)
        p = &(*p)->next;
    *p = t->next;
    sg_sem_destroy(t->done);
    free(t);
}

/* After fn: hand the token on, tell a joiner, and stay if the actor
 * owns communications of the PE (see the file's head). */
static void thread_end(ss_thread_t *t)
{
    ss_thread_leave();
    int stay = t->touched;
    t->ended = 1;
    if (t->detached)
        unlink_thread(t);
    else
        sg_sem_release(t->done);   /* t may be freed from here on */
    if (stay) {
        if (!never)
            never = sg_sem_init(0);
        sg_actor_daemonize(sg_actor_self());
        sg_sem_acquire(never);
    }
}

static void thread_main(int argc, char **argv)
{
    ss_thread_t *t = NULL;
    if (argc < 2 || sscanf(argv[1], "%p", (void **)&t) != 1 || !t)
        ss_fatal("a simulated thread started without its record");
    /* A new actor starts without a return from SimGrid's context switch,
     * where a resumed one gets its PE's globals (ss_priv.c): whichever
     * PE ran last has its copy live. The thread's first loads and stores
     * must be its PE's. */
    ss_priv_resume();
    if (!setjmp(t->exit_to))
        t->ret = t->fn(t->arg);
    thread_end(t);
}

int ss_thread_start(ss_thread_t **out, void *(*fn)(void *), void *arg)
{
    ss_pe_t *pe = ss_self();
    pe->where = "pthread_create";
    struct ss_pe_threads *th = threads_of(pe);
    ss_thread_t *t = calloc(1, sizeof *t);
    if (!t)
        return EAGAIN;
    *t = (ss_thread_t){.pe = pe, .fn = fn, .arg = arg, .done = sg_sem_init(0),
                       .next = th->list};
    th->list = t;
    char name[48], rec[32];
    snprintf(name, sizeof name, "pe%d.thread%u", pe->id, ++th->started);
    snprintf(rec, sizeof rec, "%p", (void *)t);
    char *argv[] = {name, rec, NULL};
    t->actor = sg_actor_init(name, pe->host);
    sg_actor_set_data(t->actor, pe);
    sg_actor_start(t->actor, thread_main, 2, argv);
    *out = t;
    return 0;
}

ss_thread_t *ss_thread_find(const void *h)
{
    if (!ss_thread_in_pe())
        return NULL;
    const ss_pe_t *pe = sg_actor_self_get_data();
    ss_thread_t *t = pe->thr ? pe->thr->list : NULL;
    while (t && (const void *)t != h)
        t = t->next;
    return t;
}

ss_thread_t *ss_thread_current(void)
{
    if (!ss_thread_in_pe())
        return NULL;
    const ss_pe_t *pe = sg_actor_self_get_data();
    if (!pe->thr)
        return NULL;
    ss_thread_t *t = rec_of(pe->thr, sg_actor_self());
    return t == &pe->thr->main ? NULL : t;
}

void ss_thread_join(ss_thread_t *t, void **ret)
{
    t->pe->where = "pthread_join";
    ss_thread_leave();
    sg_sem_acquire(t->done);
    if (ret)
        *ret = t->ret;
    unlink_thread(t);
}

void ss_thread_detach(ss_thread_t *t)
{
    if (t->ended)
        unlink_thread(t);
    else
        t->detached = 1;
}

_Noreturn void ss_thread_exit(ss_thread_t *t, void *ret)
{
    t->ret = ret;
    longjmp(t->exit_to, 1);
}

void ss_threads_free(ss_pe_t *pe)
{
    struct ss_pe_threads *th = pe->thr;
    if (!th)
        return;
    while (th->list) {
        ss_thread_t *t = th->list;
        th->list = t->next;
        sg_sem_destroy(t->done);
        free(t);
    }
    sg_mutex_destroy(th->token);
    free(th);
    pe->thr = NULL;
}
