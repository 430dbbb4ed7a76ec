/* simgrid_floor.c - benchmark (not a test): the floor under shmemsim's
 * cost per message. A bare SimGrid program making the communications of
 * a ring allgather or a recursive-doubling allgather with nothing else:
 * each of p actors sends one message per step to its partner's mailbox
 * (whose owner is its permanent receiver, as in the runtime) and receives
 * one, p-1 (ring) or log2 p (recursive doubling) steps. Whatever shmemsim
 * spends beyond this on the same platform and pattern is the runtime's own
 * cost per message.
 *
 * sem, ring-sem: recursive doubling's or the ring's steps without
 * communications, as small messages travel (sim/engine/ss_small.c): each step
 * blocks on the actor's semaphore until an engine timer releases it about
 * 1 us later (its landing): the one wake-up a small message costs its
 * target. The floor under --small-msg: what any runtime pays that loads
 * the platform, creates the actors and wakes each once per step.
 *
 *   simgrid_floor PLATFORM P PPN ring|rdb|sem|ring-sem BYTES
 * PLATFORM is anything --platform takes (built and placed by platforms/,
 * as for a run); prints the simulated time, the number of communications
 * and the wall time of the simulation.
 */
#define _POSIX_C_SOURCE 200809L
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "placement.h"
#include "platform.h"

static int P, RDB, SEM;
static long BYTES;
static sg_mailbox_t *MB;
static sg_sem_t *SEMS;
void floor_alarm_sleep(double at, sg_sem_t sem);   /* floor_alarm.cpp */
static char token;   /* SimGrid refuses a NULL payload */

/* Steps per actor: p-1 around the ring, ceil(log2 p) doubling. */
static int steps_of(void)
{
    int steps = P - 1;
    if (RDB)
        for (steps = 0; (1 << steps) < P; steps++)
            ;
    return steps;
}

static void pe(int argc, char **argv)
{
    (void)argc;
    int me = atoi(argv[1]);
    char name[32];
    snprintf(name, sizeof name, "m%d", me);
    sg_mailbox_set_receiver(name);
    int steps = steps_of();
    for (int s = 0; s < steps; s++) {
        int to = RDB ? me ^ (1 << s) : (me + 1) % P;
        if (to >= P)
            continue;
        if (SEM) {
            /* Distinct landings, as in a run (100,000 timers of one date
             * are a slow case of SimGrid's Fibonacci heap). */
            floor_alarm_sleep(simgrid_get_clock() + 1e-6 + me * 1e-12, SEMS[me]);
            continue;
        }
        long bytes = RDB ? BYTES << s : BYTES;
        sg_comm_t c = sg_mailbox_put_async(MB[to], &token, bytes);
        sg_mailbox_get(MB[me]);
        sg_comm_wait(c);
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *mode = argc == 6 ? argv[4] : "";
    if (strcmp(mode, "ring") && strcmp(mode, "rdb") && strcmp(mode, "sem") &&
        strcmp(mode, "ring-sem")) {
        fprintf(stderr, "usage: %s PLATFORM P PPN ring|rdb|sem|ring-sem BYTES\n", argv[0]);
        return 2;
    }
    P = atoi(argv[2]);
    int ppn = atoi(argv[3]);
    SEM = !strcmp(mode, "sem") || !strcmp(mode, "ring-sem");
    RDB = !strcmp(mode, "sem") || !strcmp(mode, "rdb");
    BYTES = atol(argv[5]);
    /* The runtime's own network settings (alpha-beta model). */
    ss_model_t model;
    const char *sgargv[16];
    int sgargc = 0;
    ss_model_defaults(&model, SS_MODEL_ALPHA_BETA);
    sgargv[sgargc++] = argv[0];
    sgargc += ss_model_simgrid_args(&model, sgargv + sgargc, 8);
    sgargv[sgargc++] = "--cfg=contexts/stack-size:32";
    sgargv[sgargc++] = "--cfg=contexts/guard-size:0";
    sgargv[sgargc++] = "--log=root.thres:critical";
    sgargv[sgargc] = NULL;
    char err[512];
    simgrid_init(&sgargc, (char **)sgargv);
    if (ss_platform_check(argv[1], err, sizeof err) ||
        ss_platform_load(argv[1], err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    size_t nh;
    sg_host_t *hosts = ss_place_hosts(&nh);
    if (P < 1 || ppn < 1 || (size_t)P > nh * (size_t)ppn) {
        fprintf(stderr, "P must be 1..%zu x PPN\n", nh);
        return 2;
    }
    size_t *slot = ss_place_pes(P, ppn, nh, SS_PLACE_BLOCK, 0);
    MB = malloc((size_t)P * sizeof *MB);
    SEMS = malloc((size_t)P * sizeof *SEMS);
    for (int i = 0; i < P; i++) {
        SEMS[i] = sg_sem_init(0);
        char name[32], id[16];
        snprintf(name, sizeof name, "m%d", i);
        MB[i] = sg_mailbox_by_name(name);
        snprintf(id, sizeof id, "%d", i);
        const char *av[] = {"pe", id, NULL};
        sg_actor_create_("pe", hosts[slot[i]], pe, 2, av);
    }
    double t0 = now();
    simgrid_run();
    printf("%s p=%d ppn=%d bytes=%ld: simulated %.9g s, %ld %s, wall %.2f s\n",
           mode, P, ppn, BYTES, simgrid_get_clock(), (long)steps_of() * P,
           SEM ? "semaphore wake-ups" : "communications", now() - t0);
    free(slot);
    free(hosts);
    return 0;
}
