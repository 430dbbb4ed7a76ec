/* cmd_run.c - `shmemsim run`: one collective over sizes (and algorithms),
 * simulated once per point, printed as a table, CSV or JSON with the
 * closed-form prediction beside each time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fail.h"
#include "options.h"
#include "parse.h"
#include "pick.h"
#include "platform.h"
#include "shcoll.h"
#include "shcoll_check.h"
#include "simcost.h"
#include "ss_driver.h"
#include "summary.h"

static const char run_help[] =
    "usage: shmemsim run --platform FILE --pes N --collective C --algorithm A\n"
    "                    [--bytes LIST] [options]\n\n"
    "Simulates the collective once per size (all PEs start aligned) and\n"
    "prints, per size, the time from the first PE entering to the last PE\n"
    "leaving, in simulated seconds.\n\n"
    "options:\n"
    "  --collective C    fcollect, collect, broadcast, reduce or alltoall\n"
    "  --algorithm A     an algorithm of that collective (shmemsim list), a\n"
    "                    comma list of them, or all: one row per algorithm\n"
    "  --bytes LIST      sizes, comma list with K/M/G (powers of 1024) and\n"
    "                    doubling ranges A:B, e.g. 8,64,1K:1M (default 8).\n"
    "                    fcollect/collect: bytes each PE contributes (collect\n"
    "                    varies it by PE, some give 0); broadcast: payload;\n"
    "                    reduce: array bytes (a multiple of the type's size);\n"
    "                    alltoall: bytes each PE sends to each PE\n"
    "  --root R          broadcast root (default 0)\n"
    "  --op OP           reduce: and, or, xor, max, min, sum, prod (default sum)\n"
    "  --type T          reduce: element type, e.g. long, double, complexd\n"
    "                    (default long)\n"
    "  --radix K         tuning radix for algorithms that have one (alltoall\n"
    "                    windowed: blocks in flight per PE)\n"
    "                    (default: $SHMEMSIM_COLL_RADIX, else the algorithm's)\n"
    "  --segment SIZE    pipeline segment for algorithms that have one\n"
    "                    (default: $SHMEMSIM_COLL_SEGMENT, else the algorithm's)\n"
    "  --leader ALG      node_aware: the algorithm of the same collective its\n"
    "                    node leaders run over the network (default:\n"
    "                    $SHMEMSIM_COLL_LEADER, else node_aware's choice)\n"
    "  --format F        table (default), csv or json\n"
    "  --check           verify every PE's result against a sequential\n"
    "                    reference; exit 1 on a mismatch\n"
    "  --steps F:C       step algorithms only (fcollect ring and\n"
    "                    neighbor_exchange, alltoall pairwise and windowed:\n"
    "                    one round shape repeated p-1 or p/2 times): run only\n"
    "                    the C steps from step F (0-based), as in a whole call;\n"
    "                    time_s is theirs. For timing at sizes too large to\n"
    "                    run whole: `shmemsim scale` samples such windows\n"
    "  --force           run even when the estimate says the simulation\n"
    "                    takes more than 10 minutes (without it such a run\n"
    "                    stops at once, saying how long it would take and\n"
    "                    how `shmemsim scale` gets the time from smaller runs)\n"
    "  predicted_s (alpha-beta and loggp) is the algorithm's closed form\n"
    "  (models/) with alpha and beta of the route from PE 0 to PE 1 and the\n"
    "  model's o, gap, o-recv, o-quiet; it is within 1%% on a contention-free\n"
    "  platform (tests/platforms/star-64.xml); empty under order=adaptive\n"
    "  (fences waiting for acknowledgements are beyond the forms) and under\n"
    "  loggp above 1,024 PEs (its forms replay every member's messages)\n"
    "%s";

typedef struct run_opts {
    ss_config_t cfg;
    int kind;
    const char *alg;
    ss_pick_t pick;          /* the algorithms: alg[0][0 .. n[0]) */
    size_t *bytes;
    size_t nsizes;
    const char *bytes_arg;   /* as given, for the scale command suggested */
    int root, op, type, check, force;
    const char *steps;       /* --steps F:C as given */
    ss_format_t fmt;
} run_opts_t;

static const char *kind_name(const run_opts_t *o)
{
    return shcoll_kind_name((shcoll_kind_t)o->kind);
}

static size_t nalgs(const run_opts_t *o)
{
    return o->pick.n[0];
}

static const shcoll_alg_t *alg_at(const run_opts_t *o, size_t a)
{
    return o->pick.alg[0][a];
}

/* The options of run itself; its status after an error, else 0. */
static int run_option(int argc, char **argv, int *i, run_opts_t *o)
{
    char err[256];
    const char *opt = argv[*i];
    long x;
    if (!strcmp(opt, "--check")) {
        o->check = o->cfg.keep_copies = 1;
        return 0;
    }
    if (!strcmp(opt, "--force")) {
        o->force = 1;
        return 0;
    }
    if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim run --help)",
                       opt);
    const char *v = argv[++*i];
    if (!strcmp(opt, "--collective")) {
        o->kind = ss_match_choice(v, shcoll_kind_names(), opt, err, sizeof err);
        if (o->kind < 0)
            return ss_fail(SS_EXIT_USAGE, "%s", err);
    } else if (!strcmp(opt, "--algorithm")) {
        o->alg = v;
    } else if (!strcmp(opt, "--steps")) {
        o->steps = v;
    } else if (!strcmp(opt, "--segment")) {
        if (ss_parse_size(v, &o->cfg.segment, err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err);
    } else if (!strcmp(opt, "--leader")) {
        o->cfg.leader = v;
    } else if (!strcmp(opt, "--bytes")) {
        o->bytes_arg = v;
        free(o->bytes);
        if (ss_parse_bytes_list(v, &o->bytes, &o->nsizes, err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err);
    } else if (!strcmp(opt, "--format")) {
        int f = ss_match_choice(v, ss_format_names, opt, err, sizeof err);
        if (f < 0)
            return ss_fail(SS_EXIT_USAGE, "%s", err);
        o->fmt = (ss_format_t)f;
    } else if (!strcmp(opt, "--op") || !strcmp(opt, "--type")) {
        if (ss_option_op_type(opt, v, &o->op, &o->type))
            return SS_EXIT_USAGE;
    } else if (!strcmp(opt, "--root") || !strcmp(opt, "--radix")) {
        if (ss_parse_long(v, !strcmp(opt, "--radix") ? 2 : 0, 10000000, &x, opt,
                          err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err);
        *(!strcmp(opt, "--root") ? &o->root : &o->cfg.radix) = (int)x;
    } else {
        return ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim run "
                       "--help)", opt);
    }
    return 0;
}

/* --steps F:C: every algorithm a step algorithm, the window inside its
 * steps at this PE count, nothing to check. */
static int steps_validate(run_opts_t *o)
{
    char err[320];
    long f, c;
    const char *colon = strchr(o->steps, ':');
    char first[32];
    snprintf(first, sizeof first, "%.*s", colon ? (int)(colon - o->steps) : 0, o->steps);
    if (!colon || ss_parse_long(first, 0, 100000000, &f, "--steps F", err, sizeof err) ||
        ss_parse_long(colon + 1, 1, 100000000, &c, "--steps C", err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", colon ? err : "--steps takes F:C, "
                       "the first step (from 0) and how many, e.g. --steps 0:16");
    if (o->check)
        return ss_fail(SS_EXIT_USAGE, "--steps runs part of a collective: its "
                       "result cannot be checked (leave out --check)");
    for (size_t a = 0; a < nalgs(o); a++) {
        const shcoll_alg_t *alg = alg_at(o, a);
        if (!alg->nsteps)
            return ss_fail(SS_EXIT_USAGE, "--steps: %s %s is not a step algorithm "
                           "(fcollect ring and neighbor_exchange, alltoall "
                           "pairwise and windowed are)", kind_name(o), alg->name);
        int n = alg->nsteps(o->cfg.npes);
        if (f >= n)
            return ss_fail(SS_EXIT_USAGE, "--steps %ld:%ld: %s has %d steps at %d "
                           "PEs (0..%d)", f, c, alg->name, n, o->cfg.npes, n - 1);
    }
    o->cfg.steps = (shcoll_steps_t){(int)f, (int)c};
    return 0;
}

static int run_validate(run_opts_t *o)
{
    char kinds[200];
    if (ss_option_finish(&o->cfg))
        return SS_EXIT_USAGE;
    if (o->kind < 0)
        return ss_fail(SS_EXIT_USAGE, "--collective is required: %s",
                       ss_option_kinds(kinds, sizeof kinds));
    if (!o->alg)
        return ss_fail(SS_EXIT_USAGE, "--algorithm is required (`shmemsim list` "
                       "shows them)");
    char lead[512];
    if (o->cfg.leader && !ss_coll_leader_ok(o->kind, o->cfg.leader, lead,
                                            sizeof lead))
        return ss_fail(SS_EXIT_USAGE, "--leader %s: not an algorithm node_aware "
                       "can run among node leaders for %s (one of: %s)",
                       o->cfg.leader, kind_name(o), lead);
    if (ss_pick_algs(o->alg, &o->kind, 1, &o->pick) ||
        (o->steps && steps_validate(o)) ||
        ss_option_check_run(o->kind, o->root, o->op, o->type, &o->cfg.npes, 1,
                            o->bytes, o->nsizes))
        return SS_EXIT_USAGE;
    return 0;
}

/* Under loggp most forms play each member's messages out (members drift
 * apart): cheap to 1,024 PEs, seconds and GB for direct fcollect at
 * 4,096. */
#define LOGGP_FORM_MAX_PES 1024

/* The closed form for one point (alpha-beta and loggp; the forms do not
 * follow fences that wait for acknowledgements, order=adaptive). */
static double predicted(const run_opts_t *o, const ss_bench_t *b,
                        const char *alg, size_t bytes)
{
    const ss_model_t *m = &o->cfg.model;
    if (o->steps || m->kind == SS_MODEL_SIMGRID || m->unordered ||
        (m->kind == SS_MODEL_LOGGP && o->cfg.npes > LOGGP_FORM_MAX_PES))
        return NAN;
    int p = o->cfg.npes;
    size_t *sizes = NULL;
    if (o->kind == SHCOLL_COLLECT) {
        if (!(sizes = malloc((size_t)p * sizeof *sizes)))
            return NAN;
        for (int r = 0; r < p; r++)
            sizes[r] = shcoll_collect_bytes(r, bytes, 1);
    }
    size_t elem = shcoll_type_size((shcoll_type_t)o->type);
    ss_pred_in_t in = {p, bytes, sizes, elem, o->root,
                       ss_coll_radix(&o->cfg), ss_coll_segment(&o->cfg),
                       ss_coll_leader(&o->cfg)};
    double t = ss_predict(kind_name(o), alg, &b->ab, &in);
    free(sizes);
    return t;
}

static int report(const run_opts_t *o, ss_bench_t *b)
{
    ss_row_t *rows = calloc(b->nalgs * b->nsizes, sizeof *rows);
    const char *model = ss_model_label(&o->cfg.model, o->cfg.npes,
                                       ss_model_names[o->cfg.model.kind]);
    if (!rows)
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    for (size_t i = 0; i < b->nalgs * b->nsizes; i++) {
        const ss_point_t *p = &b->points[i];
        rows[i] = (ss_row_t){kind_name(o), p->alg->name, o->cfg.npes, p->bytes,
                             p->last_end - p->first_start,
                             predicted(o, b, p->alg->name, p->bytes), o->cfg.ppn,
                             model, o->cfg.platform,
                             p->first_start, p->last_end, p->checked,
                             ss_coll_radix(&o->cfg), ss_coll_segment(&o->cfg)};
    }
    if (o->fmt == SS_FMT_TABLE) {
        char pl[64];
        ss_placement_name(o->cfg.placement, o->cfg.seed, pl, sizeof pl);
        printf("%d PEs on %s, %d per host, placement %s, model %s\n\n",
               o->cfg.npes, o->cfg.platform, o->cfg.ppn, pl, model);
    }
    int bad = ss_summary_write(stdout, o->fmt, rows, b->nalgs * b->nsizes);
    free(rows);
    if (bad)
        return ss_fail(SS_EXIT_USAGE, "no format %d", (int)o->fmt);
    if (b->error[0]) {
        fprintf(stderr, "shmemsim: check FAILED: %s\n", b->error);
        return SS_EXIT_FAILED;
    }
    return 0;
}

/* A direct simulation longer than this is refused without --force. */
#define RUN_WALL_LIMIT_S 600.0
/* ... and one longer than this says so before it starts. */
#define RUN_WALL_NOTE_S 60.0

/* "40 minutes", "2.5 hours", "12 days" */
static void duration_text(double s, char *buf, size_t len)
{
    if (s >= 2 * 86400)
        snprintf(buf, len, "%.0f days", s / 86400);
    else if (s >= 2 * 3600)
        snprintf(buf, len, "%.1f hours", s / 3600);
    else
        snprintf(buf, len, "%.0f minutes", s / 60);
}

/* The wall time a run will take, estimated from its messages before it
 * starts (models/simcost.c), with messages of at most small bytes under
 * the small-message model. */
static double estimate(const run_opts_t *o, size_t small)
{
    double est = 0;
    int ppn = o->cfg.ppn ? o->cfg.ppn : ss_platform_ppn(o->cfg.platform);
    for (size_t a = 0; a < nalgs(o); a++) {
        double w = ss_simcost_prior(kind_name(o), alg_at(o, a)->name, o->cfg.npes, ppn,
                                    o->bytes, o->nsizes, o->cfg.radix,
                                    o->cfg.segment, small);
        if (o->steps) {   /* the window's share of the steps */
            double n = alg_at(o, a)->nsteps(o->cfg.npes);
            w *= n > o->cfg.steps.count ? o->cfg.steps.count / n : 1;
        }
        est += isnan(w) ? 0 : w;
    }
    return est;
}

/* Too long a run is refused unless --force, with the scale command that
 * gets the same time from smaller runs, and --small-msg when that would
 * bring it within the limit. */
static int check_estimate(const run_opts_t *o)
{
    const char *kind = kind_name(o);
    size_t small = ss_model_small_bytes(&o->cfg.model, o->cfg.npes);
    double est = estimate(o, small);
    char d[64];
    if (est > RUN_WALL_NOTE_S && est <= RUN_WALL_LIMIT_S && !o->cfg.quiet) {
        duration_text(est, d, sizeof d);
        fprintf(stderr, "shmemsim: note: this run takes about %s here (estimated from "
                "its message count, models/simcost.c); `shmemsim scale` fits it from "
                "smaller runs in less\n", d);
    }
    if (o->force || est <= RUN_WALL_LIMIT_S)
        return 0;
    const char *hint = o->cfg.model.kind == SS_MODEL_ALPHA_BETA &&
                       small != SS_SMALL_ALL &&
                       estimate(o, SS_SMALL_ALL) <= RUN_WALL_LIMIT_S
        ? "; or --small-msg all times every message without SimGrid's flow "
          "solver, in minutes (docs/models.md: how close it comes)" : "";
    duration_text(est, d, sizeof d);
    return ss_fail(SS_EXIT_INPUT, "simulating %s %s%s at %d PEs directly would "
                   "take about %s on this machine (estimated from its message "
                   "count, models/simcost.c). `shmemsim scale --platform %s "
                   "--collective %s --algorithm %s --bytes %s --to %d` simulates "
                   "the smaller PE counts and fits this one with a prediction "
                   "interval (add the same run options); --force runs it "
                   "anyway%s", kind, nalgs(o) == 1 ? "" : "--algorithm ",
                   nalgs(o) == 1 ? alg_at(o, 0)->name : o->alg, o->cfg.npes, d,
                   o->cfg.platform, kind, o->alg,
                   o->bytes_arg ? o->bytes_arg : "8", o->cfg.npes, hint);
}

int ss_cmd_run(int argc, char **argv)
{
    static size_t one[] = {8};
    run_opts_t o = {.kind = -1, .op = SHCOLL_OP_SUM, .type = SHCOLL_T_LONG};
    ss_config_defaults(&o.cfg);
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf(run_help, ss_option_common_help);
            return 0;
        }
        int r = ss_option_common(argc, argv, &i, &o.cfg);
        if (r < 0 || (r == 0 && run_option(argc, argv, &i, &o)))
            return free(o.bytes), SS_EXIT_USAGE;
    }
    if (!o.bytes) {
        o.nsizes = 1;
        o.bytes = malloc(sizeof one);
        if (!o.bytes)
            return ss_fail(SS_EXIT_SYSTEM, "out of memory");
        o.bytes[0] = one[0];
    }
    int rc = run_validate(&o);
    if (rc || (rc = check_estimate(&o)))
        return free(o.bytes), rc;
    /* Timing does not depend on payload values: unless they are checked,
     * every buffer is one copy shared by all PEs (ss_heap.c). */
    o.cfg.payload_free = !o.check;
    ss_bench_t b = {.kind = (shcoll_kind_t)o.kind, .algs = o.pick.alg[0],
                    .nalgs = nalgs(&o), .bytes = o.bytes, .nsizes = o.nsizes,
                    .root = o.root, .op = (shcoll_op_t)o.op,
                    .type = (shcoll_type_t)o.type, .check = o.check};
    rc = ss_bench_run(&o.cfg, &b);
    if (rc == 0)
        rc = report(&o, &b);
    free(b.points);
    free(o.bytes);
    return rc;
}

