/* predict_replay.h - the loggp replay behind the broadcast forms
 * (predict_broadcast.c): every member's program played out in time
 * order, as the simulator's progress loop would run it. Internal to
 * models/. */
#ifndef SS_PREDICT_REPLAY_H
#define SS_PREDICT_REPLAY_H

#include "predict.h"

/* Every member runs its algorithm's program (prog_*) on one CPU and one
 * outgoing link, which its messages share fairly from alpha after they
 * leave. Waiting follows the simulator's progress loop (sim/
 * ss_progress.c, ss_progress_wait) turn by turn, because which increment
 * a member consumes when decides the time: a turn takes one thing (a
 * message landed, the earliest sent first; a doorbell; in a quiet, a
 * finished send), applies it, and ends once that has happened and the
 * CPU time owed at its start is paid. Receives are posted for what has
 * been sent to a member plus one, so a second message sent to it while
 * it is blocked rings its doorbell, which takes a turn of its own. A
 * member issues no faster than the simulator: o each, the NIC one per g.
 * A quiet with sends since the previous one costs o_quiet once they are
 * done (sim/shmem/ss_order.c quiet_now).
 * What it does not follow: the receivers' links (a member gets one
 * payload at a time in these algorithms), and SimGrid's sub-nanosecond
 * rounding of 8-byte transfers, which can flip a turn where two events
 * fall within a nanosecond. */
enum { RUN, WAIT, QUIET, DONE };              /* a program's requests */
enum { EV_LINK, EV_RELEASE, EV_SENT, EV_WAKE };   /* order at one instant */
enum { PUT = -1, BELL = -2 };                 /* tags that bump nothing */

typedef struct ev {
    double t;
    int kind, id;
    unsigned ver;
} ev_t;

typedef struct heap {
    ev_t *a;
    int n, cap;
} heap_t;

typedef struct msg {
    int src, dst, tag;        /* tag: the counter it bumps, or PUT, BELL */
    int dep, epoch;           /* fenced behind dep (of generation dep_gen) */
    int parked, next;         /* messages parked behind it; list link */
    int in_next, out_next;    /* in dst's queue; in src's sends */
    int seq;                  /* its rank among those sent to dst */
    unsigned gen, dep_gen;    /* a slot is reused once nothing needs it */
    char landed, applied, out;
    double work;              /* s at its link's full rate */
} msg_t;

typedef struct link {         /* a member's outgoing link, shared fairly */
    double v, t;              /* virtual time (service per message) at t */
    heap_t h;                 /* messages on it by virtual finish */
    unsigned ver;
} link_t;

typedef struct mem {
    double t, debt, nic, wake;   /* its program's time, CPU owed, NIC free */
    int state, in_wait, swept, epoch, nout, sweep_at;
    int since;                   /* sent since its last quiet */
    int issued, posted, bell;    /* sent to it; receives; bell 1 rung 2 in */
    int in_head, in_tail;        /* sent to it, not yet taken */
    int out_head, out_tail;      /* its sends not yet retired */
    long st[6];                  /* the program's own */
} mem_t;

typedef struct des {
    const ss_ab_t *ab;
    const ss_pred_in_t *in;
    long p, k, seg;           /* radix, segment, as the program needs */
    int ntag, oom;
    int (*prog)(struct des *, int);
    mem_t *pe;
    long *cnt;                /* per member: applied, seen (2 x ntag) */
    link_t *link;
    msg_t *m;
    int nm, capm, free;       /* slots; free: a list of reusable ones */
    heap_t ev;
    double now, end, owed;    /* owed: o_recv of the turn's applies */
} des_t;

/* The counter of tag `tag` of member x (applied, then seen). */
long *ss_rp_count(des_t *s, int x);
/* x bumps counter tag at dst; puts `bytes` then bumps it (fenced). */
void ss_rp_add_count(des_t *s, int x, int dst, int tag);
void ss_rp_put_count(des_t *s, int x, int dst, double bytes, int tag);
/* Runs every member's program; the last member's end, NAN out of memory. */
double ss_rp_replay(des_t *s);

#endif
