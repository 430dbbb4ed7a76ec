/* crossing.h - what one round of a collective loads on the links of a
 * cabled dragonfly, before anything is simulated: each message routed as
 * the runtime routes it (cabling.h's routes; under adaptive routing the
 * choice sim/engine/ss_route.cpp makes), and the busiest switch link's
 * time. Used by `shmemsim scale` for the rounds whose messages cross
 * groups (studies/scale_steps.c, models/scale.h).
 *
 * The time a round needs on a link is the bytes routed over it divided
 * by its bandwidth (a group pair's L global links are one bundle); the
 * round lasts at least as long as its busiest link needs. Node links are
 * left out: the algorithm's closed form charges them. What the static
 * picture leaves out: the runtime routes each message when it is sent,
 * seeing the queues as they are then, while here a round's messages all
 * count at once. So a round alone gets its busiest link's time; rounds
 * that overlap (members drift apart over many rounds) share out their
 * links' loads, and the busiest link of all the rounds together
 * (ss_crossing_total) is what the collective cannot go below. */
#ifndef SS_CROSSING_H
#define SS_CROSSING_H

#include <stddef.h>

typedef struct ss_crossing ss_crossing_t;

/* One message of a round: from node s to node d (block placement:
 * node = PE / PEs per node), its bytes. */
typedef struct ss_crossing_msg {
    unsigned s, d;
    double bytes;
} ss_crossing_msg_t;

/* The links of the dragonfly spec or preset `platform`; NULL when it is
 * not a cabled dragonfly (a fat-tree, a Dragonfly+, SimGrid's own zone,
 * a file) or out of memory. */
ss_crossing_t *ss_crossing_new(const char *platform);
void ss_crossing_free(ss_crossing_t *x);

/* Nodes in a group and in the whole machine. */
size_t ss_crossing_group_nodes(const ss_crossing_t *x);
size_t ss_crossing_nodes(const ss_crossing_t *x);

/* Routes one round's n messages in the order given (messages between
 * PEs of one node take no switch link) and returns the seconds its
 * busiest switch link needs for them; adds them to the running totals. */
double ss_crossing_round(ss_crossing_t *x, const ss_crossing_msg_t *m, size_t n);

/* The seconds the busiest switch link needs for every round routed since
 * ss_crossing_reset (or creation). */
double ss_crossing_total(const ss_crossing_t *x);

/* Forgets the rounds routed: totals and adaptive routing's rotations. */
void ss_crossing_reset(ss_crossing_t *x);

#endif
