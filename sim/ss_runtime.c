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
#include "ss_ctx.h"
#include "ss_driver.h"
#include "placement.h"
#include "platform.h"
#include "topo.h"
#include "ss_defer.h"
#include "ss_trace.h"
#include "meminfo.h"

ss_world_t ss_w;

void ss_config_defaults(ss_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->ppn = 0;        /* the platform's usual (ss_platform_ppn) */
    cfg->stack_kib = SS_STACK_KIB_DEFAULT;
    ss_model_defaults(&cfg->model, SS_MODEL_ALPHA_BETA);
}

/* One line on stderr from a PE. Formatted into a static buffer and
 * written at once: glibc's fprintf to unbuffered stderr puts an 8 KiB
 * buffer on the caller's stack, as much as a PE's whole stack. */
static void vsay(const char *prefix, const char *fmt, va_list ap)
{
    static char line[2048];
    size_t n = (size_t)snprintf(line, sizeof line, "%s", prefix);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    n = strlen(line);
    if (n + 1 < sizeof line)
        line[n++] = '\n';
    fflush(stdout);
    fflush(stderr);
    ssize_t w = write(2, line, n);
    (void)w;
}

void ss_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("shmemsim: ", fmt, ap);
    va_end(ap);
}

void ss_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("shmemsim: error: ", fmt, ap);
    va_end(ap);
    _exit(2);   /* from inside an actor: SimGrid's teardown must not run */
}

/* ra: where the OpenSHMEM call was made from, to name it if the caller
 * is a thread the simulator does not run (no actor: SimGrid's current
 * context is per OS thread). */
static inline ss_pe_t *self_of(const void *ra)
{
    sg_actor_t a = sg_actor_self();
    if (!a)
        ss_thread_foreign(ra);
    ss_pe_t *pe = sg_actor_get_data(a);
    if (!pe)
        ss_fatal("an OpenSHMEM call was made outside a simulated PE");
    if (pe->finished)
        ss_fatal("PE %d: OpenSHMEM call after shmem_finalize", pe->id);
    if (pe->thr)
        ss_thread_enter(pe);
    if (ss_w.cfg.compute_factor > 0)
        ss_compute_enter(pe);
    return pe;
}

/* Not inlined: the return address is then the API call's. */
__attribute__((noinline)) ss_pe_t *ss_self_raw(void)
{
    return self_of(__builtin_return_address(0));
}

__attribute__((noinline)) ss_pe_t *ss_self(void)
{
    ss_pe_t *pe = self_of(__builtin_return_address(0));
    ss_defer_finish(pe);
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

double shmemsim_wtime(void)
{
    ss_cpu_settle(ss_self());
    return simgrid_get_clock();
}

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
    ss_say("PE %d called shmem_global_exit(%d)", pe->id, status);
    _exit(status);   /* the job's status, as a launcher reports it */
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
    pe->sweep_at = 8;
    pe->where = "(program)";
    ss_stack_enter(pe, __builtin_frame_address(0));
    ss_w.pe_main(ss_w.pe_arg);
    if (!pe->finished)
        shmem_finalize();
    ss_stack_leave(pe, __builtin_frame_address(0));
}

static int engine_init(const ss_config_t *cfg)
{
    const char *argv[16];
    char stack[64];
    int argc = 0;
    argv[argc++] = "shmemsim";
    argc += ss_model_simgrid_args(&cfg->model, argv + argc, 8);
    snprintf(stack, sizeof stack, "--cfg=contexts/stack-size:%d", cfg->stack_kib);
    argv[argc++] = stack;
    if (!ss_stack_guarded())   /* ss_stack.c: vm.max_map_count */
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

/* Which of its node's NICs each PE sends through (platforms/topo.h): by
 * its rank among the PEs of its node, in PE order. */
static int place_nics(const ss_config_t *cfg, const size_t *slot)
{
    ss_topo_t t;
    char err[256];
    ss_w.nics = 1;
    if (!ss_topo_is_spec(cfg->platform) || ss_topo_parse(cfg->platform, &t, err, sizeof err) ||
        t.nics <= 1)
        return 0;
    ss_w.nics = t.nics;
    uint32_t *count = calloc(ss_w.nhosts, sizeof *count), *rank = calloc(ss_w.nhosts, sizeof *rank);
    if (!count || !rank) {
        free(count);
        free(rank);
        return -1;
    }
    for (int i = 0; i < cfg->npes; i++)
        count[slot[i]]++;
    for (int i = 0; i < cfg->npes; i++)
        ss_w.pes[i].nic = (uint8_t)ss_topo_nic_of(&t, rank[slot[i]]++, count[slot[i]]);
    free(count);
    free(rank);
    return 0;
}

static void start_pe(ss_pe_t *pe)
{
    char name[32];
    snprintf(name, sizeof name, "pe%d", pe->id);
    sg_actor_t a = sg_actor_init(name, pe->host);
    sg_actor_set_data(a, pe);
    sg_actor_start(a, pe_actor, 0, NULL);
}

/* Above this many PEs an actor creates them (spawner), and each runs to
 * its first block before the next is created, as it would have in
 * SimGrid's first round: SimGrid zeroes every stack it allocates without
 * a guard page, so created all at once each PE's whole stack was
 * resident until it ran and gave the pages below its frame back
 * (sim/pe/ss_stack.c): 18.8 KiB a PE at 524,288 PEs with 16 KiB stacks,
 * where about two pages of its stack are live. The order the PEs run in
 * at time 0 is the same, so the simulated times are. */
#define SPAWN_ONE_BY_ONE 65536

/* $SHMEMSIM_SPAWN_ABOVE moves the threshold (the tests compare both ways
 * at a few thousand PEs). */
static int spawn_one_by_one(int npes)
{
    const char *e = getenv("SHMEMSIM_SPAWN_ABOVE");
    long above = e && *e ? strtol(e, NULL, 10) : SPAWN_ONE_BY_ONE;
    return npes > above;
}

static void progress(const ss_config_t *cfg, const char *what, double t0);

static void spawner(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < ss_w.npes; i++)
        start_pe(&ss_w.pes[i]);
    progress(&ss_w.cfg, "PEs created, simulating", ss_w.wall_t0);
}

/* What the PEs will take, said before they are created: a run that
 * cannot fit stops here with what to do instead, one that takes GiB
 * says so. A PE takes its stack (created one by one, about two pages
 * of it) and about 6 KiB more (its state, its messages, the platform's
 * share): 13.5 KiB a PE at 1,104,896 PEs with 8 KiB stacks (binomial
 * broadcast, peak RSS, docs/performance.md). */
#define PE_STATE_KIB 6
/* Created one by one, a PE keeps about two pages of a stack that comes
 * from malloc's heap (up to 64 KiB); one of 128 KiB or more is a mapping
 * of its own (glibc's threshold), and far more mappings than the kernel
 * allows at this count. */
#define LIVE_STACK_KIB 8
#define HEAP_STACK_KIB 64
static int fits_memory(const ss_config_t *cfg)
{
    int stack = spawn_one_by_one(cfg->npes) && cfg->stack_kib > LIVE_STACK_KIB &&
                        cfg->stack_kib <= HEAP_STACK_KIB
                    ? LIVE_STACK_KIB : cfg->stack_kib;
    double need = (double)cfg->npes * (stack + PE_STATE_KIB) * 1024.0;
    double avail = (double)ss_meminfo("MemAvailable"), gib = 1024.0 * 1024 * 1024;
    if (avail > 0 && need > 0.9 * avail) {
        fprintf(stderr, "shmemsim: error: %d PEs need about %.1f GiB (%d KiB of stack and the "
                "runtime's state each) and %.1f GiB is available: %s fewer PEs, or let "
                "`shmemsim scale` fit this size from smaller runs\n", cfg->npes, need / gib,
                stack, avail / gib,
                cfg->stack_kib > 8 ? "give --stack-kib 8 (the built-in algorithms use under "
                                     "8 KiB: bench/stack_usage.sh)," : "use");
        return -1;
    }
    if (need > 4 * gib && !cfg->quiet)
        fprintf(stderr, "shmemsim: note: %d PEs take about %.1f GiB (%.1f GiB available)\n",
                cfg->npes, need / gib, avail / gib);
    return 0;
}

static int place(const ss_config_t *cfg)
{
    if (!(ss_w.hosts = ss_place_hosts(&ss_w.nhosts)))
        return -1;
    size_t h = ss_w.nhosts, slots = h * (size_t)cfg->ppn;
    if ((size_t)cfg->npes > slots) {
        size_t need = ((size_t)cfg->npes + h - 1) / h;
        fprintf(stderr, "shmemsim: error: --pes %d does not fit on '%s': %zu "
                "hosts x %d PEs per host = %zu PE slots; --ppn %zu or more "
                "would fit %d PEs, or use at most %zu PEs at --ppn %d\n",
                cfg->npes, cfg->platform, h, cfg->ppn, slots, need, cfg->npes,
                slots, cfg->ppn);
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
    for (int i = 0; i < ss_w.npes; i++) {   /* only PEs that never finished */
        ss_pe_release(&ss_w.pes[i]);
        ss_threads_free(&ss_w.pes[i]);
    }
    ss_sync_sets_free();
    ss_teams_free();
    ss_ctxs_free();
    ss_w.stats.heap_peak = ss_heap_bytes_peak();
    ss_heap_fini();
    ss_small_free();
    ss_block_free();
    ss_msg_pool_free();
    free(ss_w.pes);
    free(ss_w.hosts);
    free(ss_w.nic_free);
    ss_w.nic_free = NULL;
}

/* A crash inside SimGrid (or a PE overflowing its stack) should still end
 * with a message that says what to try, not a bare "Segmentation fault".
 * Only async-signal-safe calls here, and no formatting library. */
static void say(const char *s)
{
    ssize_t w = write(2, s, strlen(s));
    (void)w;
}

static void say_int(long v)
{
    char buf[24], *p = buf + sizeof buf;
    *--p = 0;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    say(p);
}

static void on_crash(int sig, siginfo_t *info, void *uctx)
{
    (void)uctx;
    if ((sig == SIGSEGV || sig == SIGBUS) && ss_stack_is_guard_fault(info->si_addr)) {
        ss_pe_t *pe = sg_actor_self_get_data();
        say("shmemsim: error: PE ");
        say_int(pe->id);
        say(" overflowed its stack of ");
        say_int(ss_w.cfg.stack_kib);
        say(" KiB: raise --stack-kib (e.g. --stack-kib ");
        say_int(2L * ss_w.cfg.stack_kib);
        say(")\n");
        _exit(2);
    } else if (sg_actor_self_get_data() == NULL) {
        /* Outside every PE (maestro has no PE data): in SimGrid's engine. */
        say("shmemsim: error: the simulation crashed inside SimGrid's engine, not in "
            "a PE. Known causes:\n"
            "  - SimGrid 3.32's max-min solver (lmm::MaxMin::do_solve) with very\n"
            "    many flows on one link, under --model simgrid (LV08's sharing\n"
            "    penalties): use --model alpha-beta, or `shmemsim scale` to fit\n"
            "    the point from smaller ones;\n"
            "  - a DRAGONFLY platform file with more groups than routers per\n"
            "    chassis (SimGrid 3.32 reads past its arrays; specs are checked).\n");
    } else {
        say("shmemsim: error: the simulation crashed (fatal signal) in a PE. "
            "Known cause:\n  - a PE overflowed its stack: raise --stack-kib (this run: ");
        say_int(ss_w.cfg.stack_kib);
        say(").\n");
    }
    _exit(128 + sig);
}

static void catch_crashes(void)
{
    static char altstack[64 * 1024];
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_crash;
    sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
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

/* Phase timings on stderr for big runs (they take seconds to minutes),
 * or any run with $SHMEMSIM_PROGRESS set (benchmarks read them). */
static int shows_progress(const ss_config_t *cfg)
{
    static int forced = -1;
    if (forced < 0)
        forced = getenv("SHMEMSIM_PROGRESS") != NULL;
    return !cfg->quiet && (cfg->npes >= 10000 || forced);
}

static void progress(const ss_config_t *cfg, const char *what, double t0)
{
    if (!shows_progress(cfg))
        return;
    ss_w.wall_shown = wall_now();
    fprintf(stderr, "shmemsim: %s (%.1f s", what, ss_w.wall_shown - t0);
    if (ss_w.stats.messages)
        fprintf(stderr, "; %llu messages (%llu small), %llu wake-ups, %llu "
                "sleeps, %llu naps, %llu deferred, %llu SimGrid communications",
                ss_w.stats.messages, ss_w.stats.small, ss_w.stats.wakeups,
                ss_w.stats.sleeps, ss_w.stats.naps, ss_w.stats.deferred,
                ss_w.stats.comms);
    fputs(")\n", stderr);
}

/* A long run says it is alive and how far it got, in simulated time. */
void ss_progress_tick(void)
{
    double now = wall_now();
    ss_heap_watch(now);
    if (!shows_progress(&ss_w.cfg) || now - ss_w.wall_shown < 10.0)
        return;
    char what[64];
    snprintf(what, sizeof what, "simulating, at %.6g s of simulated time",
             simgrid_get_clock());
    progress(&ss_w.cfg, what, ss_w.wall_t0);
}

ss_run_stats_t ss_world_stats(void) { return ss_w.stats; }

int ss_world_run(const ss_config_t *cfg, void (*pe_main)(void *), void *arg)
{
    char err[512];
    memset(&ss_w, 0, sizeof ss_w);
    ss_w.cfg = *cfg;
    if (ss_w.cfg.ppn == 0 && cfg->platform)
        ss_w.cfg.ppn = ss_platform_ppn(cfg->platform);
    cfg = &ss_w.cfg;
    /* Once, not per collective call: $SHMEMSIM_COLL_RADIX / _SEGMENT. */
    ss_w.cfg.radix = ss_coll_radix(cfg);
    ss_w.cfg.segment = ss_coll_segment(cfg);
    ss_w.cfg.leader = ss_coll_leader(cfg);
    ss_w.cfg.model.put_signal = ss_coll_signal(cfg);   /* $SHMEMSIM_COLL_SIGNAL */
    if (ss_coll_resolve(cfg))
        return 2;
    ss_w.npes = cfg->npes;
    ss_w.landed_at = -1;
    ss_w.cfg.model.small_bytes = ss_model_small_bytes(&cfg->model, cfg->npes);
    ss_w.pe_main = pe_main;
    ss_w.pe_arg = arg;
    ss_compute_setup(cfg);
    if (cfg->npes < 1 || cfg->ppn < 1) {
        fprintf(stderr, "shmemsim: error: --pes and --ppn must be at least 1\n");
        return 2;
    }
    if (ss_platform_check(cfg->platform, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        return 2;
    }
    double t0 = ss_w.wall_t0 = wall_now();
    ss_stack_setup(cfg->npes, cfg->quiet);
    engine_init(cfg);
    ss_hooks_install();
    catch_crashes();
    if (ss_platform_load(cfg->platform, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        return 2;
    }
    if (place(cfg))
        return 2;
    progress(cfg, "platform loaded", t0);
    size_t small = ss_w.cfg.model.small_bytes;
    if (small && small != SS_SMALL_ALL && !cfg->quiet)
        fprintf(stderr, "shmemsim: note: messages of at most %zu bytes are timed by "
                "the small-message model, larger ones by SimGrid's flows: two models "
                "in one run (--small-msg auto: one)\n", small);
    if (fits_memory(cfg))
        return 2;
    ss_w.pes = calloc((size_t)cfg->npes, sizeof *ss_w.pes);
    if (!ss_w.pes || ss_heap_init(cfg->npes, cfg,
                                          ss_heap_budget(cfg->npes, cfg->stack_kib)))
        return 2;
    ss_teams_init(cfg->npes);
    if (ss_trace_start(cfg))
        return 2;
    size_t *slot = ss_place_pes(cfg->npes, cfg->ppn, ss_w.nhosts,
                                cfg->placement, cfg->seed);
    if (!slot)
        return 2;
    if (place_nics(cfg, slot) ||
        (cfg->model.gap > 0 &&
         !(ss_w.nic_free = calloc(ss_w.nhosts * ss_w.nics, sizeof *ss_w.nic_free)))) {
        fprintf(stderr, "shmemsim: error: out of memory for %zu NICs\n",
                ss_w.nhosts * ss_w.nics);
        free(slot);
        return 2;
    }
    if (ss_platform_check_routes(cfg->platform, ss_w.hosts, slot, (size_t)cfg->npes,
                                 err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: %s\n", err);
        free(slot);
        return 2;
    }
    for (int i = 0; i < cfg->npes; i++) {
        ss_pe_t *pe = &ss_w.pes[i];
        pe->id = i;
        pe->host = ss_w.hosts[slot[i]];
        pe->node = (uint32_t)slot[i];
        ss_small_attach(pe, slot[i], ss_w.nhosts);
    }
    ss_w.all_small = ss_w.cfg.model.small_bytes == SS_SMALL_ALL;
    for (int i = 0; ss_w.all_small && i < cfg->npes; i++)
        ss_w.all_small = ss_w.pes[i].inbox;
    free(slot);
    ss_block_setup();
    ss_defer_setup(cfg);
    if (spawn_one_by_one(cfg->npes)) {
        sg_actor_create("spawner", ss_w.pes[0].host, spawner, 0, NULL);
    } else {
        for (int i = 0; i < cfg->npes; i++)
            start_pe(&ss_w.pes[i]);
        progress(cfg, "PEs created, simulating", t0);
    }
    simgrid_run();
    progress(cfg, "simulation done", t0);
    ss_compute_report();
    if (ss_w.stats.stack_used)
        fprintf(stderr, "shmemsim: stack high-water mark: %lu bytes of %d KiB "
                "(deepest PE)\n", ss_w.stats.stack_used, cfg->stack_kib);
    int rc = report_deadlock();
    if (ss_trace_finish() && !rc)
        rc = 2;
    world_free();
    return rc ? rc : ss_w.exit_code;
}
