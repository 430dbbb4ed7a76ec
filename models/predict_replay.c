/* predict_replay.c - see predict_replay.h. */
#include "predict_replay.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0   /* wire bytes of a flag or counter increment */

static double max2(double x, double y)
{
    return x > y ? x : y;
}


static int before(const ev_t *x, const ev_t *y)
{
    return x->t < y->t || (x->t == y->t && x->kind < y->kind);
}

static void push(des_t *s, heap_t *h, ev_t e)
{
    if (h->n == h->cap) {
        ev_t *a = realloc(h->a, (size_t)(h->cap ? 2 * h->cap : 8) * sizeof *a);
        if (!a) {
            s->oom = 1;
            return;
        }
        h->a = a;
        h->cap = h->cap ? 2 * h->cap : 8;
    }
    int i = h->n++;
    for (; i > 0 && before(&e, &h->a[(i - 1) / 2]); i = (i - 1) / 2)
        h->a[i] = h->a[(i - 1) / 2];
    h->a[i] = e;
}

static ev_t pop(heap_t *h)
{
    ev_t top = h->a[0], e = h->a[--h->n];
    int i = 0, c;
    while ((c = 2 * i + 1) < h->n) {
        if (c + 1 < h->n && before(&h->a[c + 1], &h->a[c]))
            c++;
        if (!before(&h->a[c], &e))
            break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->n > 0)
        h->a[i] = e;
    return top;
}

static void wake_at(des_t *s, int x, double t)
{
    if (s->pe[x].wake != t)
        push(s, &s->ev, (ev_t){t, EV_WAKE, x, 0});
    s->pe[x].wake = t;
}

static void link_advance(des_t *s, link_t *l)
{
    if (l->h.n > 0)
        l->v += (s->now - l->t) / l->h.n;
    l->t = s->now;
}

static void link_sched(des_t *s, int id)
{
    link_t *l = &s->link[id];
    if (++l->ver, l->h.n > 0)
        push(s, &s->ev, (ev_t){l->t + (l->h.a[0].t - l->v) * l->h.n, EV_LINK,
                               id, l->ver});
}

static void landed(des_t *s, int i)
{
    msg_t *m = &s->m[i];
    m->landed = 1;
    if (m->tag == BELL)
        s->pe[m->dst].bell = 2;
    wake_at(s, m->dst, s->now);
    if (s->pe[m->src].state == QUIET)
        wake_at(s, m->src, s->now);
}

static void link_done(des_t *s, int id, unsigned ver)
{
    link_t *l = &s->link[id];
    if (ver != l->ver)
        return;
    link_advance(s, l);
    /* Done: no work left, or less than the clock can still tell apart. */
    while (l->h.n > 0 && (l->h.a[0].t <= l->v * (1 + 1e-12) ||
                          s->now + (l->h.a[0].t - l->v) * l->h.n <= s->now))
        landed(s, pop(&l->h).id);
    link_sched(s, id);
}

long *ss_rp_count(des_t *s, int x)
{
    return s->cnt + 2L * x * s->ntag;
}

/* A slot nothing refers to any more: applied (or a doorbell landed)
 * and no longer among its sender's sends. */
static void release(des_t *s, int i)
{
    s->m[i].gen++;
    s->m[i].next = s->free;
    s->free = i;
}

/* A message acts once it and what it is fenced behind have; an
 * increment costs its target o_recv. */
static void apply(des_t *s, int i)
{
    msg_t *m = &s->m[i];
    m->applied = 1;
    if (m->tag >= 0) {
        ss_rp_count(s, m->dst)[m->tag]++;
        s->owed += s->ab->o_recv;
    }
    for (int j = m->parked, next; j >= 0; j = next) {
        next = s->m[j].next;
        apply(s, j);
    }
    if (!s->m[i].out)
        release(s, i);
}

/* Unlink send i (after prev) from x's sends. */
static void unlink_out(des_t *s, int x, int i, int prev)
{
    mem_t *e = &s->pe[x];
    if (prev >= 0)
        s->m[prev].out_next = s->m[i].out_next;
    else
        e->out_head = s->m[i].out_next;
    if (e->out_tail == i)
        e->out_tail = prev;
    e->nout--;
    s->m[i].out = 0;
    if (s->m[i].applied || s->m[i].tag == BELL)
        release(s, i);
}

/* Sends already applied are over (ss_out_sweep), at a quiet and every
 * time the list has doubled. */
static void sweep(des_t *s, int x)
{
    mem_t *e = &s->pe[x];
    for (int i = e->out_head, prev = -1, next; i >= 0; i = next) {
        next = s->m[i].out_next;
        if (s->m[i].applied && s->m[i].tag != BELL)
            unlink_out(s, x, i, prev);
        else
            prev = i;
    }
    e->sweep_at = e->nout * 2 > 8 ? e->nout * 2 : 8;
}

static int new_msg(des_t *s, int x, int dst, double work, int tag)
{
    mem_t *e = &s->pe[x];
    int i = s->free;
    unsigned gen = 0;
    if (i >= 0) {
        s->free = s->m[i].next;
        gen = s->m[i].gen;
    } else {
        if (s->nm == s->capm) {
            msg_t *m = realloc(s->m, (size_t)(s->capm ? 2 * s->capm : 64) * sizeof *m);
            if (!m) {
                s->oom = 1;
                return -1;
            }
            s->m = m;
            s->capm = s->capm ? 2 * s->capm : 64;
        }
        i = s->nm++;
    }
    s->m[i] = (msg_t){x, dst, tag, -1, e->epoch, -1, -1, -1, -1, 0, gen, 0,
                      0, 0, 1, work};
    if (e->out_tail >= 0)
        s->m[e->out_tail].out_next = i;
    else
        e->out_head = i;
    e->out_tail = i;
    if (++e->nout >= e->sweep_at)
        sweep(s, x);
    return i;
}

/* The last of x's sends to dst before its last fence not yet applied,
 * which the target applies first (ss_send.c fence_deps). */
static int fenced_dep(const des_t *s, int x, int dst)
{
    int dep = -1;
    for (int i = s->pe[x].out_head; i >= 0; i = s->m[i].out_next)
        if (s->m[i].dst == dst && s->m[i].epoch < s->pe[x].epoch &&
            !s->m[i].applied && s->m[i].tag != BELL)
            dep = i;
    return dep;
}

/* Issue one message (tag PUT: a put of `bytes`): the CPU time owed and
 * o of x's time, then the NIC's gap; it starts to share x's link alpha
 * after it leaves. */
static int send(des_t *s, int x, int dst, double bytes, int tag)
{
    mem_t *e = &s->pe[x];
    double at = max2(e->t + e->debt + s->ab->o, e->nic);
    int dep = fenced_dep(s, x, dst), i = new_msg(s, x, dst, bytes * s->ab->beta, tag);
    if (i < 0)
        return i;
    e->t = at;
    e->debt = 0;
    e->nic = at + s->ab->g;
    e->since = 1;
    s->m[i].dep = dep;
    s->m[i].dep_gen = dep >= 0 ? s->m[dep].gen : 0;
    push(s, &s->ev, (ev_t){at, EV_SENT, i, 0});
    push(s, &s->ev, (ev_t){at + s->ab->alpha, EV_RELEASE, i, 0});
    return i;
}

/* Message i is handed to its target's mailbox: a receive is posted for
 * it, or its target, blocked, gets a doorbell. */
static void sent(des_t *s, int i)
{
    msg_t *m = &s->m[i];
    mem_t *t = &s->pe[m->dst];
    m->seq = t->issued++;
    if (t->in_tail >= 0)
        s->m[t->in_tail].in_next = i;
    else
        t->in_head = i;
    t->in_tail = i;
    if (t->in_wait && t->bell == 0 && t->issued > t->posted) {
        int b = new_msg(s, m->src, m->dst, 0, BELL);
        t->bell = 1;
        push(s, &s->ev, (ev_t){s->now + s->ab->alpha, EV_RELEASE, b, 0});
    }
}

void ss_rp_add_count(des_t *s, int x, int dst, int tag)
{
    send(s, x, dst, F, tag);
}

/* shcoll_put_count / shcoll_put_flag: the payload, a fence, the
 * increment. Without o and g the simulator sends the two as one; in
 * signal mode the algorithm does (one put with signal, no fence). */
void ss_rp_put_count(des_t *s, int x, int dst, double bytes, int tag)
{
    if (s->ab->signal && bytes > 0) {
        send(s, x, dst, bytes + F, tag);
        return;
    }
    int put = bytes > 0 ? send(s, x, dst, bytes, PUT) : -1;
    s->pe[x].epoch++;
    if (put >= 0 && s->ab->o == 0 && s->ab->g == 0) {
        s->m[put].work += F * s->ab->beta;
        s->m[put].tag = tag;
        return;
    }
    ss_rp_add_count(s, x, dst, tag);
}

/* Take message i: applied, or parked behind the one it is fenced after. */
static void take(des_t *s, int x, int i, int prev)
{
    mem_t *e = &s->pe[x];
    msg_t *m = &s->m[i];
    if (prev >= 0)
        s->m[prev].in_next = m->in_next;
    else
        e->in_head = m->in_next;
    if (e->in_tail == i)
        e->in_tail = prev;
    msg_t *d = m->dep >= 0 ? &s->m[m->dep] : NULL;
    if (d && d->gen == m->dep_gen && !d->applied) {
        m->next = d->parked;
        d->parked = i;
    } else {
        apply(s, i);
    }
}

/* Retire a finished send: the first in issue order. */
static int retire(des_t *s, int x)
{
    for (int i = s->pe[x].out_head, prev = -1; i >= 0; prev = i, i = s->m[i].out_next)
        if (s->m[i].landed) {
            unlink_out(s, x, i, prev);
            return 1;
        }
    return 0;
}

/* The member's quiet is over: its own CPU time follows when it had
 * sends to complete. */
static void quiet_end(des_t *s, mem_t *e)
{
    e->state = RUN;
    if (e->since)
        e->t += s->ab->o_quiet;
    e->since = 0;
}

/* One turn of x's wait at s->now: take the first thing at hand, then
 * be busy until the debt it had is paid. 0: nothing yet. */
static int turn(des_t *s, int x)
{
    mem_t *e = &s->pe[x];
    int i = e->in_head, prev = -1;
    for (; i >= 0 && !(s->m[i].landed && s->m[i].seq < e->posted);
         prev = i, i = s->m[i].in_next)
        ;
    s->owed = 0;
    if (i >= 0)
        take(s, x, i, prev);
    else if (e->bell == 2)
        e->bell = 0;
    else if (e->state != QUIET || !retire(s, x))
        return 0;
    e->in_wait = 0;
    e->t = max2(s->now, e->t + e->debt);
    e->debt = s->owed;
    if (e->state == WAIT)
        e->state = RUN;   /* a wait looks again */
    else if (e->out_head < 0)
        quiet_end(s, e);   /* a quiet with none left ends */
    return 1;
}

static void run(des_t *s, int x)
{
    mem_t *e = &s->pe[x];
    e->state = s->prog(s, x);
    e->swept = 0;
    if (e->state == DONE)
        s->end = max2(s->end, e->t + e->debt);
}

/* Member x at s->now: its program runs at its time; a wait or a quiet
 * turns (receives posted anew each turn) until it can go on. */
static void step(des_t *s, int x)
{
    mem_t *e = &s->pe[x];
    while (e->state != DONE) {
        if (!e->in_wait) {
            if (e->t > s->now) {
                wake_at(s, x, e->t);
                return;
            }
            if (e->state == RUN) {
                run(s, x);
                continue;
            }
            if (e->state == QUIET && !e->swept) {   /* once its issues are done */
                sweep(s, x);
                e->swept = 1;
                if (e->out_head < 0) {
                    quiet_end(s, e);
                    continue;
                }
            }
            e->posted = e->issued + 1;
            e->in_wait = 1;
        }
        if (!turn(s, x))
            return;
    }
}

/* Plays program `prog` out on every member from time 0; the last one's
 * end, NAN out of memory (or if a member never ends). */
double ss_rp_replay(des_t *s)
{
    s->free = -1;
    s->pe = calloc((size_t)s->p, sizeof *s->pe);
    s->cnt = calloc((size_t)(2 * s->p * s->ntag), sizeof *s->cnt);
    s->link = calloc((size_t)s->p, sizeof *s->link);
    s->oom |= !s->pe || !s->cnt || !s->link;
    for (int x = 0; !s->oom && x < s->p; x++) {
        s->pe[x] = (mem_t){.wake = -1, .posted = 1, .in_head = -1, .in_tail = -1,
                           .out_head = -1, .out_tail = -1, .sweep_at = 8};
        wake_at(s, x, 0);
    }
    while (!s->oom && s->ev.n > 0) {
        ev_t e = pop(&s->ev);
        s->now = e.t;
        if (e.kind == EV_WAKE) {
            step(s, e.id);
        } else if (e.kind == EV_LINK) {
            link_done(s, e.id, e.ver);
        } else if (e.kind == EV_SENT) {
            sent(s, e.id);
        } else {
            msg_t *m = &s->m[e.id];
            link_t *l = &s->link[m->src];
            link_advance(s, l);
            push(s, &l->h, (ev_t){l->v + m->work, 0, e.id, 0});
            link_sched(s, m->src);
        }
    }
    for (int x = 0; !s->oom && x < s->p; x++)
        s->oom = s->pe[x].state != DONE;
    for (int x = 0; s->link && x < s->p; x++)
        free(s->link[x].h.a);
    free(s->pe), free(s->cnt), free(s->link), free(s->m), free(s->ev.a);
    return s->oom ? NAN : s->end;
}
