/* ss_internal.h - state shared by the files of the simulated runtime.
 * Internal: nothing outside sim/ includes it.
 *
 * A PE is a SimGrid actor. Every one-sided operation is a message sent
 * with sg_mailbox_put_async into the target PE's mailbox, on which the
 * target is the permanent receiver: the transfer starts at issue time
 * (eager) and shares links with all other traffic. The target applies a
 * message when its transfer completes, because every blocking point of
 * the runtime is a progress loop that waits on the target's posted
 * receives (ss_progress_wait). See docs/architecture.md, "How a simulated PE works".
 */
#ifndef SS_INTERNAL_H
#define SS_INTERNAL_H

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>
#include <stddef.h>
#include <stdint.h>

#include "shmem.h"
#include "ss_config.h"

typedef enum ss_msg_kind {
    SS_MSG_PUT,    /* data (+ optional signal) to write at the target */
    SS_MSG_AMO,    /* non-fetching atomic, acts at the target on arrival */
    SS_MSG_FAMO,   /* fetching atomic request; the target replies */
    SS_MSG_GET,    /* get request; the target replies with the data */
    SS_MSG_REPLY,  /* data for a get or fetching atomic, back at origin */
} ss_msg_kind_t;

typedef enum ss_amo_op {
    SS_AMO_FETCH, SS_AMO_SET, SS_AMO_ADD, SS_AMO_SWAP, SS_AMO_CSWAP,
    SS_AMO_AND, SS_AMO_OR, SS_AMO_XOR
} ss_amo_op_t;

/* Ordering and completion state of one communication context (ss_ctx.c).
 * Every PE embeds its default context's; other contexts exist only once
 * created. A fence on a context orders only that context's messages and
 * a quiet waits only for them. */
typedef struct ss_ctx_state {
    uint32_t id;          /* 0: the default context, else unique per run */
    uint32_t fence_mark;  /* the PE's fence_epoch at this context's last fence */
    uint32_t pending;     /* its gets and fetching atomics not yet answered */
    /* puts and atomics issued since the PE's quiet number since_gen (a
     * quiet on this context or the runtime's on all): SS_SINCE_* bits */
    uint32_t since_gen;
    uint8_t since;
} ss_ctx_state_t;

enum { SS_SINCE_NODE = 1, SS_SINCE_REMOTE = 2 };

typedef struct ss_msg {
    uint8_t kind;
    uint8_t op;          /* ss_amo_op_t of an AMO or FAMO, or of the atomic
                            riding on a PUT (has_amo) */
    uint8_t width;       /* atomic width in bytes: 4 or 8 */
    uint8_t applied;
    uint8_t has_amo;     /* PUT: an atomic on aaddr follows the data (a
                            put-with-signal, or a put fused with the fenced
                            atomic after it: ss_progress.c) */
    uint8_t has_amo_fused;      /* ... and that atomic was a message of its own */
    uint8_t arrived;            /* landed, parked until ndeps == 0 */
    int src;
    int refs;
    int32_t trace;              /* event id (ss_trace.h), -1 if none */
    int32_t trace_amo;          /* the riding atomic's own event, or -1 */
    uint32_t ndeps;             /* fence: earlier messages not yet applied */
    struct ss_msg **waiters;    /* later (fenced) messages waiting for this */
    uint32_t nwaiters, capwaiters;
    uint32_t look_gen, look_deps;   /* ss_small_lookahead: of its ndeps,
                                       those replayed in look-ahead look_gen */
    uint32_t inq_at;            /* small: its place in the target's inbox */
    double lands;               /* small: when it lands, as settled so far */
    unsigned char *taddr;       /* address in the target's memory */
    unsigned char *raddr;       /* GET/FAMO: where the reply lands */
    unsigned char *aaddr;       /* PUT with has_amo: the atomic's address */
    uint64_t operand, operand2;
    uint32_t *pending;          /* GET/FAMO and their REPLY: the context's
                                   count of answers still due */
    uint32_t elem;              /* strided (iput/iget): element bytes, else 0 */
    ptrdiff_t tstride, rstride; /* strided: bytes between elements at taddr
                                   and at raddr (ss_strided.c) */
    size_t nbytes;
    unsigned char data[];
} ss_msg_t;

typedef struct ss_rx {
    sg_comm_t comm;
    ss_msg_t *msg;      /* filled by SimGrid when the receive completes */
} ss_rx_t;

typedef struct ss_out {
    sg_comm_t comm;     /* NULL: a small message (ss_small.c), landing at
                           msg->lands */
    ss_msg_t *msg;      /* NULL for a doorbell */
    int target;
    uint32_t epoch;     /* sender's fence epoch at issue */
    uint32_t ctx;       /* id of the context it was issued on */
} ss_out_t;

/* The one word a wait_until blocks on (ss_wait.c): with it the inbox of
 * small messages can tell which landing ends the wait (ss_small.c). */
typedef struct ss_watch {
    const void *addr;       /* NULL: no such wait */
    size_t size;
    int cmp;
    const void *value;      /* -> vbuf */
    int (*sat)(const void *ivars, size_t i, int cmp, const void *values,
               int vector);  /* the wait's own test, on a copy */
    uint64_t vbuf;          /* the value compared against, kept here: a
                               sender looking ahead for the PE reads it,
                               and the PE's stack is a cache miss away */
} ss_watch_t;

/* An operation the runtime carries on for a PE (ss_defer.c). */
typedef struct ss_step {
    ss_msg_t *m;
    size_t wire;
    int target;
    int kind;
} ss_step_t;
#define SS_STEPS_INLINE 3   /* a put, a fence, a flag */

typedef struct ss_pe {
    int id;
    sg_host_t host;
    sg_mailbox_t mb;        /* data messages */
    sg_mailbox_t bell_mb;   /* doorbells, see ss_progress.c */
    ss_rx_t **rx;           /* posted receives, in posting order */
    uint32_t nrx, caprx;
    uint64_t in_issued;     /* messages sent to this PE so far */
    uint64_t in_posted;     /* receives this PE has posted */
    uint64_t keep_up_at;    /* in_issued at which a send of its takes
                               what landed (ss_progress_keep_up) */
    ss_rx_t bell;
    ss_out_t *out;          /* outstanding sends, in issue order */
    uint32_t nout, capout, sweep_at;
    uint32_t ncomm;         /* of them, SimGrid sends (ss_out_bound) */
    size_t any_from;        /* where the next _any scan starts (ss_wait.c) */
    uint32_t pending_replies;
    uint32_t fence_epoch;
    uint32_t quiet_gen;   /* the runtime's quiets on all contexts so far */
    /* A put held back until the PE's next operation, so that a fenced
     * atomic to the same PE right after it can ride in the same SimGrid
     * communication (ss_progress.c). Held only while no simulated time
     * passes: every blocking point sends it first. */
    ss_msg_t *held;
    size_t held_wire;
    int held_target;
    uint32_t held_epoch, held_mark, held_ctx;   /* as issued */
    uint32_t nmalloc;       /* symmetric allocations made so far */
    uint32_t bells;         /* doorbells on their way to it */
    /* Small messages (ss_small.c): filed by their senders, applied by
     * the PE when they land; inbox is 0 when they are not used. */
    struct ss_arrival *inq; /* min-heap on landing time */
    uint32_t ninq, capinq;
    /* Blocked when no communication can wake it (ss_block.c): its
     * actor suspended, or on sem where SimGrid carries some messages. */
    sg_actor_t blocked;     /* the actor suspended in ss_block, or NULL */
    uint32_t unblocks;      /* unblocked before it blocked */
    sg_sem_t sem;           /* NULL where no message is SimGrid's */
    double wait_until;      /* while waiting: when it wakes at the latest */
    ss_watch_t watch;
    uint8_t bell_posted, in_wait, in_sem, finished;
    uint8_t inbox;          /* it takes small messages (ss_small.c) */
    uint8_t looking;        /* in_sem, wait_until from ss_small_lookahead */
    uint8_t sleep_out;      /* in_sem, its small sends' landings end it too */
    uint8_t idle;           /* blocked: signals landing are served at once */
    uint32_t node;          /* index of its host in ss_w.hosts */
    uint8_t nic;            /* which of its node's NICs it sends and
                               receives through (platforms/topo.h) */
    double cpu_debt;        /* CPU time owed (signals consumed, loggp
                               o_recv; a reduction's combine), paid before
                               it next issues, blocks or leaves a call
                               (ss_send.c) */
    double idle_cpu;        /* while idle: its CPU serves the signals that
                               landed meanwhile until then */
    const char *where;      /* API call the PE is in, for deadlock reports */
    uintptr_t stack_lo;     /* bottom of its stack (ss_stack.c), 0 when done */
    unsigned sync_gen;
    ss_ctx_state_t dflt;    /* the default context */
    ss_ctx_state_t *cur;    /* context of the call in progress; NULL: dflt */
    struct ss_team *shared; /* SHMEM_TEAM_SHARED of this PE, once asked */
    uint8_t thread_level;   /* granted by shmem_init_thread */
    struct ss_pe_threads *thr;  /* its threads' token (ss_thread.c), NULL
                                   until it starts one */
    double cpu_mark;        /* --compute measured: thread CPU time when it
                               last resumed or called (ss_compute.c) */
    double computed;        /* simulated seconds of computation charged */
    /* Operations the runtime carries on for it (ss_defer.c): a ring of
     * nsteps from step_head, in inl until more are needed at once;
     * step_phase: the head's wait is under way. */
    uint8_t in_coll;        /* inside a collective algorithm: may defer */
    uint8_t step_phase;
    uint8_t parked;         /* SS_PARK_*: how it waits for its steps */
    uint16_t step_head, nsteps, capsteps;
    double park_busy;       /* SS_PARK_SLEPT: its CPU is busy until then */
    struct ss_step *steps;
    struct ss_step inl[SS_STEPS_INLINE];
} ss_pe_t;

typedef struct ss_world {
    ss_config_t cfg;
    int npes;
    ss_pe_t *pes;
    sg_host_t *hosts;       /* PE i runs on hosts[i / ppn] after placement */
    size_t nhosts;
    double *nic_free;       /* per host and NIC: when the NIC takes the
                               next message (the loggp gap), NULL without
                               a gap */
    unsigned nics;          /* NICs per node (1 but on multi-NIC specs) */
    int all_small;          /* every message is small (--small-msg all)
                               and every PE has an inbox (ss_small.c): no
                               SimGrid communication carries one */
    void (*pe_main)(void *);
    void *pe_arg;
    /* sync point (ss_sync.c) */
    int sync_count;
    unsigned sync_gen;
    double sync_release;
    int exit_code;
    ss_run_stats_t stats;
    int stack_checked;      /* red zones are checked (ss_stack.c) */
    double landed_at;       /* >= 0: the message being applied landed then
                               (ss_small.c), for the trace */
    double wall_t0, wall_shown;   /* progress lines (ss_runtime.c) */
} ss_world_t;

extern ss_world_t ss_w;

/* ss_block.c: the calling actor of pe blocks until ss_unblock(pe), or
 * goes on at once if an unblock came first (a semaphore's semantics).
 * Setup once ss_w.all_small is known, before any PE runs; free at the
 * end of the run. */
void ss_block_setup(void);
void ss_block_free(void);
void ss_block(ss_pe_t *pe);
void ss_unblock(ss_pe_t *pe);

/* ss_runtime.c */
/* The calling PE, once its deferred operations (ss_defer.c) are done. */
ss_pe_t *ss_self(void);
/* ss_thread.c: the caller takes its PE's token (pe->thr set); a PE's
 * threads at the end; may shmem_init_thread grant MULTIPLE? */
void ss_thread_enter(ss_pe_t *pe);
/* In a wait, whose condition just failed: 1 if it let another thread of
 * the PE run first (the wait then looks again), 0 if it may block; a
 * blocked wait of the PE was woken. */
int ss_thread_turn(ss_pe_t *pe, int *with_out);
void ss_thread_woken(ss_pe_t *pe);
int ss_thread_others_wait(const ss_pe_t *pe);
void ss_threads_free(ss_pe_t *pe);
int ss_threads_enabled(void);
void ss_thread_granted(int level);
/* An OpenSHMEM call (made from ra) on an OS thread SimGrid does not run. */
void ss_thread_foreign(const void *ra) __attribute__((noreturn));
/* The calling PE as it is, deferred operations still under way: for the
 * calls that may add to them (puts, atomics, fence, quiet, waits). */
ss_pe_t *ss_self_raw(void);
/* Called by the engine (maestro, on the main stack: printing needs more
 * than a PE's stack) whenever simulated time moves: a progress line on
 * stderr when the run shows progress and 10 s of wall time passed since
 * the last one. */
void ss_progress_tick(void);
ss_pe_t *ss_check_pe(int pe, const char *call);
void ss_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* "shmemsim: " + one line on stderr, safe on a PE's small stack. */
void ss_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ss_small.c: small messages (models/wire.h) */
typedef struct ss_arrival ss_arrival_t;
void ss_small_attach(ss_pe_t *pe, size_t slot, size_t nslots);
int ss_small_takes(const ss_pe_t *t, size_t wire_bytes);
/* Files m in t's inbox; when it lands (the caller wakes t if need be). */
double ss_small_send(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, size_t wire_bytes);
void ss_small_kick(ss_pe_t *t);                  /* wake t now if parked */
double ss_small_due(const ss_pe_t *pe);          /* next landing, or INFINITY */
/* The landing that ends pe's watched wait, as far as the inbox tells. */
double ss_small_lookahead(const ss_pe_t *pe);
uint32_t ss_small_take(ss_pe_t *pe, double by);  /* apply those landed by `by` */
double ss_small_sleep(ss_pe_t *pe, int looking, int with_out);
/* ss_small_sleep in two halves: set the alarm (maestro may do it for a
 * parked PE, ss_defer.c), and once released, the time it woke for. */
void ss_small_sleep_begin(ss_pe_t *pe, int looking, int with_out);
double ss_small_sleep_end(ss_pe_t *pe);
void ss_small_nap(ss_pe_t *pe, double at);   /* sleep until at, on its alarm */
/* pe parked: when it must wake, from its inbox (and with_out its sends). */
double ss_small_wake_time(const ss_pe_t *pe, int with_out, int looking);
/* pe parked for a landing that moved later: its alarm follows. */
void ss_small_rearm(ss_pe_t *pe);
void ss_small_filed(ss_pe_t *t, double lands);   /* wake t for it if due */
/* m, in t's inbox, lands at `lands` instead, later (ss_burst.c). */
void ss_small_reland(ss_pe_t *t, const ss_msg_t *m, double lands);
void ss_small_release(ss_pe_t *pe);
void ss_small_free(void);

/* ss_hooks.cpp */
void ss_hooks_install(void);
/* sg_comm_wait_any_for that leaves the handles alone on a timeout (-1). */
ssize_t ss_comm_wait_any_for(sg_comm_t *comms, size_t n, double timeout);

/* ss_stack.c */
void ss_stack_setup(int npes, int quiet);
int ss_stack_guarded(void);
void ss_stack_enter(ss_pe_t *pe, void *frame);
void ss_stack_leave(ss_pe_t *pe, void *frame);
void ss_stack_check_(const ss_pe_t *pe);
void ss_stack_overflowed(const ss_pe_t *pe) __attribute__((noreturn));
int ss_stack_is_guard_fault(const void *addr);
static inline void ss_stack_check(const ss_pe_t *pe)
{
    if (ss_w.stack_checked && pe->stack_lo)
        ss_stack_check_(pe);
}

/* ss_heap.c */
int ss_heap_init(int npes, const ss_config_t *cfg, size_t budget);
size_t ss_heap_budget(int npes, int stack_kib);
void ss_heap_fini(void);
void *ss_heap_alloc(ss_pe_t *pe, size_t alignment, size_t size, int zero,
                    const char *call);
void ss_heap_free(ss_pe_t *pe, void *ptr);
/* Address of `addr` (a symmetric address of PE `from`) on PE `to`, or
 * NULL when addr..addr+len is not inside one symmetric object. */
unsigned char *ss_heap_translate(int from, const void *addr, size_t len, int to);
/* ss_compute.c: set up from the config; the PE resumed, entered a call;
 * the run's computation, in one line on stderr. */
void ss_compute_setup(const ss_config_t *cfg);
void ss_compute_resumed(ss_pe_t *pe);
void ss_compute_enter(ss_pe_t *pe);
void ss_compute_report(void);
/* Stops a run about to exhaust memory (now: wall seconds; ss_heap.c). */
void ss_heap_watch(double now);
/* Why addr..+len of PE from is not symmetric, in words (into buf). */
const char *ss_heap_why(int from, const void *addr, size_t len, char *buf, size_t cap);
void ss_heap_check_local(ss_pe_t *pe, const void *addr, size_t len,
                         const char *call);
size_t ss_heap_bytes_in_use(void);
size_t ss_heap_bytes_peak(void);
/* Is addr inside a folded allocation (one copy shared by every PE)? */
int ss_heap_is_folded(const void *addr);
unsigned char *ss_heap_register(size_t bytes, int payload);
size_t ss_heap_size_of(int pe, const void *ptr);

/* ss_msg.c */
ss_msg_t *ss_msg_new(ss_msg_kind_t kind, size_t payload);
void ss_msg_unref(ss_msg_t *m);
void ss_msg_pool_free(void);
ss_rx_t *ss_rx_new(void);
void ss_rx_free(ss_rx_t *r);
/* Doubles the capacity of the array *v of elements of elem bytes. */
void ss_grow(void **v, uint32_t *cap, size_t elem);

/* ss_send.c and ss_progress.c */
void ss_send(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes);
/* A put: sent at once, or held for a fenced atomic to ride on it. */
void ss_send_put(ss_pe_t *pe, int target, ss_msg_t *m, size_t wire_bytes);
void ss_flush_held(ss_pe_t *pe);
static inline void ss_flush(ss_pe_t *pe)
{
    if (pe->held)
        ss_flush_held(pe);
}
void ss_progress_wait(ss_pe_t *pe, int with_out);
/* Sleep until `until`, taking and serving what lands meanwhile. */
void ss_progress_sleep(ss_pe_t *pe, double until);
void ss_progress_drain(ss_pe_t *pe);
/* While it sends: take what landed for it, if much has (ss_progress.c). */
void ss_progress_keep_up(ss_pe_t *pe);
void ss_progress_apply(ss_pe_t *pe, ss_msg_t *m);
void ss_progress_poll(ss_pe_t *pe);
void ss_wake(int target);
void ss_wake_pe(ss_pe_t *from, ss_pe_t *t);
/* Retire the sends whose message has been applied or has landed. */
void ss_out_sweep(ss_pe_t *pe);
/* More than SS_SEND_WINDOW SimGrid sends in flight: wait for the oldest
 * (ss_progress.c says why). */
#define SS_SEND_WINDOW 512
void ss_out_bound(ss_pe_t *pe);
void ss_quiet(ss_pe_t *pe);
/* quiet on one context only; is anything of that context outstanding? */
void ss_quiet_ctx(ss_pe_t *pe, const ss_ctx_state_t *cx);
int ss_ctx_busy(const ss_pe_t *pe, const ss_ctx_state_t *cx);
void ss_pe_teardown(ss_pe_t *pe);
void ss_pe_release(ss_pe_t *pe);
void ss_overhead(ss_pe_t *pe, int target);
void ss_overhead_get(ss_pe_t *pe, int target);   /* a get's issue cost */
/* When an operation to target issued now may leave: the CPU time owed
 * and the issue overhead paid, the node's NIC taken (ss_send.c). */
double ss_issue_ready(ss_pe_t *pe, int target);
void ss_cpu_settle(ss_pe_t *pe);
/* The PE blocks: from now its CPU serves the signals that land, busy
 * first with what it owes; returns until when. And the end of it. */
double ss_idle_begin(ss_pe_t *pe);
void ss_idle_end(ss_pe_t *pe);

/* ss_order.c: when a quiet on cx begun now would end on a network that
 * delivers out of order: the acknowledgements of its outstanding puts and
 * atomics back, its other sends landed (0 if none; -1 if not known: a
 * SimGrid communication among them, or an ordered network); a fence's
 * new epoch on cx. */
double ss_order_back(ss_pe_t *pe, const ss_ctx_state_t *cx);
int ss_order_unordered(void);   /* loggp with order=adaptive */
int ss_order_local_only(const ss_pe_t *pe, const ss_ctx_state_t *cx);
/* The CPU time a quiet (or a fence that waits) on cx owes now: the
 * model's o_quiet once it has puts or atomics to complete since the
 * last, shm_o_quiet when they all went to node-mates (a fence to those
 * only is an epoch: none); 0 otherwise. Marks them completed. */
double ss_order_quiet_cost(ss_pe_t *pe, ss_ctx_state_t *cx, int fence);
void ss_order_mark(ss_pe_t *pe, ss_ctx_state_t *cx);

/* ss_rma.c */
void ss_put(ss_pe_t *pe, void *dest, const void *src, size_t n, int target,
            uint64_t *sig, uint64_t sigval, int sigop, const char *call);
void ss_get(ss_pe_t *pe, void *dest, const void *src, size_t n, int target,
            int blocking, const char *call);
uint64_t ss_amo(ss_pe_t *pe, void *dest, int width, ss_amo_op_t op,
                uint64_t operand, uint64_t operand2, int target, int fetch,
                const char *call);
uint64_t ss_amo_apply(void *addr, int width, ss_amo_op_t op, uint64_t a,
                      uint64_t b);
/* Address of [addr, addr+n) of the caller's symmetric heap on PE target;
 * a fatal error naming call when it is not one symmetric object. */
unsigned char *ss_remote(ss_pe_t *pe, const void *addr, size_t n, int target,
                         const char *call);

/* ss_strided.c: copies nbytes as elements of elem bytes, ds / ss bytes
 * apart at dst / src; elem 0: one contiguous block. */
void ss_copy_elems(void *dst, ptrdiff_t ds, const void *src, ptrdiff_t ss,
                   size_t elem, size_t nbytes);

/* ss_priv.c: the program's globals (ss_priv.h). Is [addr, addr+len)
 * inside them? Put the resumed PE's copy in place (ss_priv_hook.c). */
int ss_priv_contains(const void *addr, size_t len);
void ss_priv_resume(void);
struct ss_priv_region;
struct ss_priv_hooks;
int ss_priv_setup(const struct ss_priv_region *r, int n, int npes,
                  const struct ss_priv_hooks *hooks, char *err, size_t errlen);

/* ss_sync.c */
void ss_sync_point(ss_pe_t *pe, double slack);
void ss_set_sync(ss_pe_t *pe, int start, int stride, int size, const char *call);
void ss_sync_sets_free(void);

#endif
