/* ss_msg.c - the progress engine's allocations: messages and posted
 * receives. Both are made and dropped once per message, so they are
 * recycled through free lists instead of malloc and free each time; the
 * lists grow to the most ever in flight at once. */
#include <stdlib.h>
#include <string.h>

#include "ss_internal.h"

/* Small messages (flags, atomics, replies, short puts: most of them) have
 * one size class; larger payloads are allocated to size. */
#define SS_MSG_SMALL 64

static ss_msg_t *free_small;

ss_msg_t *ss_msg_new(ss_msg_kind_t kind, size_t payload)
{
    ss_msg_t *m = payload <= SS_MSG_SMALL ? free_small : NULL;
    if (m) {
        free_small = (ss_msg_t *)m->waiters;   /* the list's link */
        memset(m, 0, sizeof *m);
    } else {
        m = calloc(1, sizeof *m + (payload <= SS_MSG_SMALL ? SS_MSG_SMALL : payload));
        if (!m)
            ss_fatal("out of memory for a message of %zu bytes", payload);
    }
    m->kind = (uint8_t)kind;
    m->refs = 1;
    m->trace = -1;
    m->trace_amo = -1;
    m->nbytes = payload;
    return m;
}

void ss_msg_unref(ss_msg_t *m)
{
    if (m && --m->refs == 0) {
        free(m->waiters);
        if (m->kind == SS_MSG_GET || m->nbytes <= SS_MSG_SMALL) {   /* a get's
                                                    nbytes is the reply's */
            m->waiters = (ss_msg_t **)free_small;
            free_small = m;
        } else {
            free(m);
        }
    }
}

/* Posted receives are recycled like small messages (the link is msg). */
static ss_rx_t *free_rx;

ss_rx_t *ss_rx_new(void)
{
    ss_rx_t *r = free_rx;
    if (r)
        free_rx = (ss_rx_t *)r->msg;
    else if (!(r = malloc(sizeof *r)))
        ss_fatal("out of memory posting a receive");
    r->msg = NULL;
    return r;
}

void ss_rx_free(ss_rx_t *r)
{
    r->msg = (ss_msg_t *)free_rx;
    free_rx = r;
}

/* At the end of a run: the recycled messages and receives. */
void ss_msg_pool_free(void)
{
    while (free_rx) {
        ss_rx_t *r = free_rx;
        free_rx = (ss_rx_t *)r->msg;
        free(r);
    }
    while (free_small) {
        ss_msg_t *m = free_small;
        free_small = (ss_msg_t *)m->waiters;
        free(m);
    }
}

void ss_grow(void **v, uint32_t *cap, size_t elem)
{
    uint32_t c = *cap ? *cap * 2 : 4;
    void *p = realloc(*v, c * elem);
    if (!p)
        ss_fatal("out of memory in the progress engine");
    *v = p;
    *cap = c;
}
