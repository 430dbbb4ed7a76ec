/* ss_nic.c - how small messages travel (models/wire.h).
 *
 * A message of at most model.small_bytes between two hosts does not
 * become a SimGrid flow across the network. Its sender computes when it
 * lands (ss_route_reserve: route latency, bytes / bottleneck bandwidth,
 * and a place in each shared link's queue) and hands it to the NIC of the
 * target's host: one actor per host in use, asleep until the earliest
 * message it holds is due. Then the NIC puts that message into the
 * target's NIC mailbox over the host's loopback, as a 1-byte
 * communication started one loopback latency early so that it lands on
 * time, and the
 * target receives and applies it like any other (ss_progress_landed).
 *
 * Why: SimGrid re-solves every flow that shares a link with one that
 * ends, so p flows of 8 bytes crossing the same global links cost O(p^2)
 * per round. A loopback flow shares nothing beyond its host. Cost per
 * small message: O(route hops) to reserve, O(log q) to queue at a NIC
 * holding q, one semaphore release when it is due before the NIC's wake-up.
 *
 * Same host (src == dst): the message stays a SimGrid flow; it crosses
 * only the host's loopback already. Hosts outside cluster zones (a file
 * of routed zones) have no NIC: the loopback latency cannot be asked of
 * SimGrid there without risking an abort, and such platforms are small. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <simgrid/semaphore.h>

#include "ss_internal.h"
#include "ss_route.h"

typedef struct ss_arrival {
    double put_at;     /* when the NIC puts it: landing - loopback latency */
    uint64_t seq;      /* ties: in the order sent */
    ss_msg_t *msg;
    int target;
} ss_arrival_t;

/* A loopback put the NIC made, until it is retired: SimGrid keeps a
 * detached send on its sender's activity list, which every completion
 * scans (quadratic over a run), so the NIC waits on each once its target
 * has received the message (then the put is over and the wait returns at
 * once). The NIC holds a reference to the message until then. */
typedef struct ss_sent {
    sg_comm_t comm;
    ss_msg_t *msg;
} ss_sent_t;

struct ss_nic {
    ss_sent_t *sent;       /* FIFO: puts end in the order made */
    uint32_t sent_head, nsent, capsent;
    sg_sem_t kick;         /* released when a message is due before `wake` */
    ss_arrival_t *q;       /* min-heap on (put_at, seq) */
    uint32_t n, cap;
    double wake;           /* the NIC's next wake-up; INFINITY while idle */
    int kicked;
    int off;               /* no NIC: the host is in a routed zone */
    double loop_lat;       /* latency of the host's own loopback */
};

static ss_nic_t *nics;     /* one per host slot, created on first use */
static size_t nnics;
static uint64_t seq;

static int before(const ss_arrival_t *a, const ss_arrival_t *b)
{
    return a->put_at < b->put_at || (a->put_at == b->put_at && a->seq < b->seq);
}

static void push(ss_nic_t *n, ss_arrival_t a)
{
    if (n->n == n->cap) {
        uint32_t c = n->cap ? 2 * n->cap : 16;
        ss_arrival_t *q = realloc(n->q, c * sizeof *q);
        if (!q)
            ss_fatal("out of memory queueing small messages");
        n->q = q;
        n->cap = c;
    }
    uint32_t i = n->n++;
    while (i > 0 && before(&a, &n->q[(i - 1) / 2])) {
        n->q[i] = n->q[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    n->q[i] = a;
}

static ss_arrival_t pop(ss_nic_t *n)
{
    ss_arrival_t top = n->q[0], last = n->q[--n->n];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n->n)
            break;
        if (c + 1 < n->n && before(&n->q[c + 1], &n->q[c]))
            c++;
        if (!before(&n->q[c], &last))
            break;
        n->q[i] = n->q[c];
        i = c;
    }
    if (n->n)
        n->q[i] = last;
    return top;
}

static void sent_push(ss_nic_t *n, sg_comm_t c, ss_msg_t *m)
{
    if (n->nsent == n->capsent) {
        uint32_t cap = n->capsent ? 2 * n->capsent : 16;
        ss_sent_t *v = malloc(cap * sizeof *v);
        if (!v)
            ss_fatal("out of memory in a NIC");
        for (uint32_t i = 0; i < n->nsent; i++)
            v[i] = n->sent[(n->sent_head + i) % n->capsent];
        free(n->sent);
        n->sent = v;
        n->sent_head = 0;
        n->capsent = cap;
    }
    m->refs++;
    n->sent[(n->sent_head + n->nsent++) % n->capsent] = (ss_sent_t){c, m};
}

/* Retire, in the order made, the puts whose message its target has
 * received: applied, or parked behind a fence. */
static void sent_retire(ss_nic_t *n)
{
    while (n->nsent) {
        ss_sent_t *s = &n->sent[n->sent_head];
        if (!s->msg->applied && !s->msg->arrived)
            break;
        sg_comm_wait(s->comm);
        ss_msg_unref(s->msg);
        n->sent_head = (n->sent_head + 1) % n->capsent;
        n->nsent--;
    }
}

/* Put every message due by `until` (the wake-up the NIC slept to, which
 * the clock may miss by a rounding). */
static void deliver_due(ss_nic_t *n, double until)
{
    while (n->n && n->q[0].put_at <= until) {
        ss_arrival_t a = pop(n);
        ss_pe_t *t = &ss_w.pes[a.target];
        sent_push(n, ss_progress_landed(t, a.msg), a.msg);
    }
}

static void nic_main(int argc, char **argv)
{
    ss_nic_t *n = &nics[argc > 1 ? strtoul(argv[1], NULL, 10) : 0];
    sg_actor_daemonize(sg_actor_self());   /* ends with the last PE */
    for (;;) {
        double now = simgrid_get_clock();
        sent_retire(n);
        deliver_due(n, now);
        n->kicked = 0;
        if (n->n == 0) {
            n->wake = INFINITY;
            sg_sem_acquire(n->kick);
        } else {
            n->wake = n->q[0].put_at;
            if (sg_sem_acquire_timeout(n->kick, n->wake - now))
                deliver_due(n, n->wake);   /* timed out: the wake-up is due */
        }
    }
}

static int ss_nic_on(void)
{
    return ss_w.cfg.model.small_bytes > 0;
}

int ss_nic_count(int npes, int ppn)
{
    return ss_nic_on() ? (npes + ppn - 1) / ppn : 0;
}

void ss_nic_attach(ss_pe_t *pe, size_t slot, size_t nslots)
{
    if (!ss_nic_on())
        return;
    if (!nics) {
        if (!(nics = calloc(nslots, sizeof *nics)))
            ss_fatal("out of memory creating NICs");
        nnics = nslots;
    }
    ss_nic_t *n = &nics[slot];
    if (n->kick) {
        pe->nic = n;
        return;
    }
    if (n->off || ss_route_loopback(pe->host, &n->loop_lat)) {
        n->off = 1;   /* its PEs' messages all go through SimGrid */
        return;
    }
    pe->nic = n;
    n->kick = sg_sem_init(0);
    n->wake = INFINITY;
    char name[32], arg[24];
    snprintf(name, sizeof name, "nic%zu", slot);
    snprintf(arg, sizeof arg, "%zu", slot);
    const char *argv[] = {name, arg, NULL};
    sg_actor_create(name, pe->host, nic_main, 2, (char **)argv);
}

int ss_nic_takes(const ss_pe_t *from, const ss_pe_t *t, size_t wire_bytes)
{
    return t->nic && wire_bytes <= ss_w.cfg.model.small_bytes && from->host != t->host;
}

double ss_nic_send(ss_pe_t *from, ss_pe_t *t, ss_msg_t *m, size_t wire_bytes)
{
    ss_nic_t *n = t->nic;
    double now = simgrid_get_clock();
    double lands = ss_route_reserve(from->host, t->host, (double)wire_bytes, now);
    /* The loopback hop is the NIC's; it cannot start before now. */
    if (lands < now + n->loop_lat)
        lands = now + n->loop_lat;
    ss_arrival_t a = {lands - n->loop_lat, seq++, m, t->id};
    push(n, a);
    t->small_in++;
    ss_w.stats.small++;
    if (a.put_at < n->wake && !n->kicked) {
        n->kicked = 1;
        sg_sem_release(n->kick);
    }
    return lands;
}

void ss_nic_free(void)
{
    for (size_t i = 0; i < nnics; i++) {
        for (uint32_t k = 0; k < nics[i].nsent; k++) {
            ss_sent_t *s = &nics[i].sent[(nics[i].sent_head + k) % nics[i].capsent];
            sg_comm_unref(s->comm);
            ss_msg_unref(s->msg);
        }
        free(nics[i].sent);
        free(nics[i].q);
        if (nics[i].kick)
            sg_sem_destroy(nics[i].kick);
    }
    free(nics);
    nics = NULL;
    nnics = 0;
    seq = 0;
    ss_route_reset();
}
