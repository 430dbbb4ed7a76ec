#define _XOPEN_SOURCE 700
/* ss_runtime.c - the simulated world: PEs as actors, setup and teardown,
 * and the library calls that are not communication. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "shmemsim.h"
#include "ss_team.h"
#include "ss_coll.h"
#include "ss_driver.h"
#include "placement.h"
#include "platform.h"
#include "ss_trace.h"

ss_world_t ss_w;

void ss_config_defaults(ss_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->ppn = 1;
    cfg->stack_kib = 64;
    ss_model_defaults(&cfg->model, SS_MODEL_ALPHA_BETA);
}

void ss_fatal(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("shmemsim: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    _exit(2);   /* from inside an actor: SimGrid's teardown must not run */
}

ss_pe_t *ss_self(void)
{
    ss_pe_t *pe = sg_actor_self_get_data();
    if (!pe)
        ss_fatal("an OpenSHMEM call was made outside a simulated PE");
    if (pe->finished)
        ss_fatal("PE %d: OpenSHMEM call after shmem_finalize", pe->id);
    return pe;
}

ss_pe_t *ss_check_pe(int pe, const char *call)
{
    if (pe < 0 || pe >= ss_w.npes)
        ss_fatal("PE %d: %s: target PE %d does not exist (there are %d PEs, "
                 "0..%d)", ss_self()->id, call, pe, ss_w.npes, ss_w.npes - 1);
    return &ss_w.pes[pe];
}

/* ---- library setup and query ---- */

void shmem_init(void) { ss_self()->where = "shmem_init"; }

void shmem_finalize(void)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_finalize";
    ss_sync_point(pe, 0);
    ss_pe_teardown(pe);
    pe->finished = 1;
}

double shmemsim_wtime(void) { return simgrid_get_clock(); }

int shmem_my_pe(void) { return ss_self()->id; }
int shmem_n_pes(void) { return ss_w.npes; }
int shmem_pe_accessible(int pe) { return pe >= 0 && pe < ss_w.npes; }

int shmem_addr_accessible(const void *addr, int pe)
{
    return shmem_pe_accessible(pe) &&
           ss_heap_translate(ss_self()->id, addr, 1, pe) != NULL;
}

void shmem_info_get_version(int *major, int *minor)
{
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char *name)
{
    strcpy(name, SHMEM_VENDOR_STRING);
}

void shmem_global_exit(int status)
{
    ss_pe_t *pe = ss_self();
    fflush(stdout);
    fprintf(stderr, "shmemsim: PE %d called shmem_global_exit(%d)\n", pe->id,
            status);
    _exit(status ? status : 1);
}

/* ---- memory management ---- */

void *shmem_malloc(size_t size)
{
    return ss_heap_alloc(ss_self(), 16, size, 0, "shmem_malloc");
}

void *shmem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        ss_fatal("PE %d: shmem_calloc(%zu, %zu): size overflows", ss_self()->id,
                 count, size);
    return ss_heap_alloc(ss_self(), 16, count * size, 1, "shmem_calloc");
}

void *shmem_align(size_t alignment, size_t size)
{
    return ss_heap_alloc(ss_self(), alignment, size, 0, "shmem_align");
}

/* Collective: quiet and synchronise first, so that no message still on
 * its way can land in freed memory. */
void shmem_free(void *ptr)
{
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_free";
    ss_sync_point(pe, 0);
    ss_heap_free(pe, ptr);
}

/* ---- the world ---- */

static void pe_actor(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    ss_pe_t *pe = sg_actor_self_get_data();
    char name[32];
    snprintf(name, sizeof name, "d%d", pe->id);
    sg_mailbox_set_receiver(name);
    pe->mb = sg_mailbox_by_name(name);
    snprintf(name, sizeof name, "b%d", pe->id);
    pe->bell_mb = sg_mailbox_by_name(name);
    pe->sweep_at = 64;
    pe->where = "(program)";
    ss_w.pe_main(ss_w.pe_arg);
    if (!pe->finished)
        shmem_finalize();
}

static int engine_init(const ss_config_t *cfg)
{
    const char *argv[16];
    char stack[64], buf[8][80];
    int argc = 0, nb = 0;
    const char *mcfg[8];
    int nm = ss_model_simgrid_cfg(&cfg->model, mcfg, 8);
    argv[argc++] = "shmemsim";
    for (int i = 0; i < nm && nb < 8; i++, nb++) {
        snprintf(buf[nb], sizeof buf[nb], "--cfg=%s", mcfg[i]);
        argv[argc++] = buf[nb];
    }
    snprintf(stack, sizeof stack, "--cfg=contexts/stack-size:%d", cfg->stack_kib);
    argv[argc++] = stack;
    if (cfg->npes > 30000)   /* each guard page is a mapping: stay under vm.max_map_count */
        argv[argc++] = "--cfg=contexts/guard-size:0";
    argv[argc++] = "--log=root.thres:critical";
    argv[argc++] = "--log=ker_engine.thres:critical";
    /* Extra SimGrid settings for experts, e.g. "--cfg=network/model:IB". */
    static char extra[1024];
    const char *env = getenv("SHMEMSIM_SIMGRID_ARGS");
    if (env) {
        snprintf(extra, sizeof extra, "%s", env);
        for (char *tok = strtok(extra, " "); tok && argc < 15; tok = strtok(NULL, " "))
            argv[argc++] = tok;
    }
    argv[argc] = NULL;
    simgrid_init(&argc, (char **)argv);
    return 0;
}

static int place(const ss_config_t *cfg)
{
    if (!(ss_w.hosts = ss_place_hosts(&ss_w.nhosts)))
        return -1;
    if ((size_t)cfg->npes > ss_w.nhosts * (size_t)cfg->ppn) {
        fprintf(stderr, "shmemsim: error: --pes %d does not fit: the platform "
                "has %zu hosts x --ppn %d = %zu PE slots; raise --ppn or use a "
                "larger platform\n", cfg->npes, ss_w.nhosts, cfg->ppn,
                ss_w.nhosts * (size_t)cfg->ppn);
        return -1;
    }
    return 0;
}

static int report_deadlock(void)
{
    int blocked = 0;
    for (int i = 0; i < ss_w.npes; i++)
        blocked += !ss_w.pes[i].finished;
    if (!blocked)
        return 0;
    fprintf(stderr, "shmemsim: error: deadlock at t=%.9f s: %d of %d PEs can "
            "never progress:\n", simgrid_get_clock(), blocked, ss_w.npes);
    int shown = 0;
    for (int i = 0; i < ss_w.npes && shown < 32; i++)
        if (!ss_w.pes[i].finished) {
            fprintf(stderr, "  PE %d blocked in %s\n", i, ss_w.pes[i].where);
            shown++;
        }
    if (blocked > shown)
        fprintf(stderr, "  ... and %d more\n", blocked - shown);
    return 3;
}

static void world_free(void)
{
    for (int i = 0; i < ss_w.npes; i++)   /* only PEs that never finished */
        ss_pe_release(&ss_w.pes[i]);
    ss_sync_sets_free();
    ss_teams_free();
    ss_heap_fini();
    free(ss_w.pes);
    free(ss_w.hosts);
}

/* A crash inside SimGrid (or a PE overflowing its stack) should still end
 * with a message that says what to try, not a bare "Segmentation fault".
 * Only async-signal-safe calls here. */
static void on_crash(int sig)
{
    static const char msg[] =
        "shmemsim: error: the simulation crashed (fatal signal). Known causes:\n"
        "  - a PE overflowed its stack: raise --stack-kib (default 64);\n"
        "  - a DRAGONFLY platform file with more groups than routers per\n"
        "    chassis (SimGrid 3.32 reads past its arrays; specs are checked).\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(128 + sig);
}

static void catch_crashes(void)
{
    static char altstack[64 * 1024];
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK;
    sigaltstack(&ss, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
}

static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Phase timings on stderr for big runs (they take seconds to minutes). */
static void progress(const ss_config_t *cfg, const char *what, double t0)
{
    if (!cfg->quiet && cfg->npes >= 10000)
        fprintf(stderr, "shmemsim: %s (%.1f s)\n", what, wall_now() - t0);
}

int ss_world_run(const ss_config_t *cfg, void (*pe_main)(void *), void *arg)
{
    char err[512];
    memset(&ss_w, 0, sizeof ss_w);
    ss_w.cfg = *cfg;
    /* Once, not per collective call: $SHMEMSIM_COLL_RADIX / _SEGMENT. */
    ss_w.cfg.radix = ss_coll_radix(cfg);
    ss_w.cfg.segment = ss_coll_segment(cfg);
    if (ss_coll_resolve(cfg))
        return 2;
    ss_w.npes = cfg->npes;
    ss_w.pe_main = pe_main;
    ss_w.pe_arg = arg;
    if (cfg->npes < 1 || cfg->ppn < 1) {
        fprintf(stderr, "shmemsim: error: --pes and --ppn must be at least 1\n");
        return 2;
    }
    if (ss_platform_check(cfg->platform, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        return 2;
    }
    double t0 = wall_now();
    engine_init(cfg);
    catch_crashes();
    if (ss_platform_load(cfg->platform, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        return 2;
    }
    if (place(cfg))
        return 2;
    progress(cfg, "platform loaded", t0);
    ss_w.pes = calloc((size_t)cfg->npes, sizeof *ss_w.pes);
    if (!ss_w.pes || ss_heap_init(cfg->npes, cfg->fold_threshold))
        return 2;
    ss_teams_init(cfg->npes);
    if (ss_trace_start(cfg))
        return 2;
    size_t *slot = ss_place_pes(cfg->npes, cfg->ppn, ss_w.nhosts,
                                cfg->placement, cfg->seed);
    if (!slot)
        return 2;
    if (ss_platform_check_routes(cfg->platform, ss_w.hosts, slot, (size_t)cfg->npes,
                                 err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        free(slot);
        return 2;
    }
    for (int i = 0; i < cfg->npes; i++) {
        char name[32];
        ss_pe_t *pe = &ss_w.pes[i];
        pe->id = i;
        pe->host = ss_w.hosts[slot[i]];
        snprintf(name, sizeof name, "pe%d", i);
        sg_actor_t a = sg_actor_init(name, pe->host);
        sg_actor_set_data(a, pe);
        sg_actor_start(a, pe_actor, 0, NULL);
    }
    free(slot);
    progress(cfg, "PEs created, simulating", t0);
    simgrid_run();
    progress(cfg, "simulation done", t0);
    int rc = report_deadlock();
    if (ss_trace_finish() && !rc)
        rc = 2;
    world_free();
    return rc ? rc : ss_w.exit_code;
}
