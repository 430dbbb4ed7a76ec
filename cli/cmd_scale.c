/* cmd_scale.c - `shmemsim scale`: a collective's time over a ladder of PE
 * counts, simulated where that fits a wall-clock budget and fitted beyond
 * (models/scale.h), with prediction intervals and a back-test.
 *
 * Everything on the command line is checked before anything runs: the
 * ladder against the platform, every algorithm at every ladder point
 * against its closed form, the budget against --simulate-up-to. Then the
 * plan (scale_plan.c) picks the points to simulate, they run as child
 * `shmemsim run` processes, and scale_fit.c makes the rows. The output
 * is written only once complete.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "children.h"
#include "commands.h"
#include "fail.h"
#include "options.h"
#include "parse.h"
#include "pick.h"
#include "platform.h"
#include "scale_cmd.h"
#include "shcoll_check.h"

static const char help[] =
    "usage: shmemsim scale --platform P --collective C --algorithm A[,B..|all]\n"
    "                      --bytes LIST (--pes LIST | --to N [--from M])\n"
    "                      [--simulate-up-to M] [--budget SECONDS] [-j N]\n"
    "                      [--format table|csv|json] [-o FILE] [run options]\n\n"
    "A collective's time at PE counts too large to simulate in reasonable\n"
    "time: the points that fit the budget are simulated (each as one\n"
    "`shmemsim run` child), and for each algorithm and size t(p) is fitted\n"
    "to them by weighted least squares over terms of the algorithm's closed\n"
    "form (latency steps, bytes on the critical path, the form itself) and\n"
    "what it leaves out (a constant, log2 p, p, p log2 p, bytes x log2 p),\n"
    "the form chosen by leave-one-out cross-validation. On a spec or preset\n"
    "the form follows the routes the PEs span: its steps take their latency\n"
    "and its bytes their links' share, so a fit made inside one part of the\n"
    "machine carries over to the next (docs/scaling.md). Every other ladder\n"
    "point gets the fitted time and its 95% prediction interval; the table\n"
    "says how sure each winner is. The back-test refits without the largest\n"
    "simulated point and predicts it.\n\n"
    "options:\n"
    "  --platform P        platform file, spec or preset, as for run\n"
    "  --collective C      fcollect, collect, broadcast, reduce or alltoall\n"
    "  --algorithm LIST    comma list of the collective's algorithms, or all\n"
    "  --bytes LIST        sizes as for run (default 8), e.g. 8,64K\n"
    "  --pes LIST          the ladder: PE counts to report, e.g.\n"
    "                      64:4096,100000 (A:B doubles)\n"
    "  --to N [--from M]   the ladder: powers of two from M (default the\n"
    "                      first at or above two hosts' worth of PEs) up to\n"
    "                      N, and N\n"
    "  --simulate-up-to M  simulate every ladder point up to M PEs (an error\n"
    "                      if that needs more than the budget). Default, by\n"
    "                      the estimates run one after another within the\n"
    "                      budget: each algorithm's 3 smallest points, then\n"
    "                      the ladder's top (or a step algorithm's windows\n"
    "                      there), then the points between (the choice\n"
    "                      depends on the arguments only, not on -j)\n"
    "  --budget SECONDS    wall-clock time for the simulations (default 180;\n"
    "                      units s, ms also taken). No point is started that\n"
    "                      its estimate says cannot finish in what is left\n"
    "  --cache FILE        keep simulated points in FILE (the CSV of shmemsim\n"
    "                      sweep, which can also fill it) and take those it\n"
    "                      holds instead of simulating them again; they cost\n"
    "                      nothing from the budget. Rows of other points are\n"
    "                      left alone; give the same run options each time\n"
    "  -j N                points simulated at once (default: one per CPU\n"
    "                      this process may use, no more than the memory\n"
    "                      available holds at the ladder's top, about 32 KiB\n"
    "                      per PE); the output does not depend on it\n"
    "  --format F          table (default), csv or json\n"
    "  -o FILE             write there (once complete) instead of stdout\n"
    "  --csv FILE          also write the CSV to FILE (for plot and tune,\n"
    "                      beside a table on the screen)\n"
    "run options passed to every simulation: --ppn --placement --model --o\n"
    "  --g --o-recv --o-get --o-quiet --fold --small-msg --stack-kib --radix\n"
    "  --segment --root --op --type --check --force --put-signal. Every point\n"
    "  of a ladder takes the model `run` takes at any PE count (the model\n"
    "  column says which); --small-msg 0 puts every point on SimGrid's\n"
    "  flows\n\n"
    "CSV columns: collective,algorithm,pes,bytes,time_s,method,lo_s,hi_s,ppn,\n"
    "model,platform,form,fit_from,fit_to,fit_points,loo_error,backtest_pes,\n"
    "backtest_error,backtest_covered,beyond_span (method: simulated, sampled\n"
    "or fitted; lo_s and hi_s: the interval, equal to time_s when simulated).\n"
    "Step algorithms (fcollect ring and neighbor_exchange) whose largest\n"
    "point is not simulated are sampled there: windows of their steps run\n"
    "at that size (`run --steps`) and the time is extrapolated in steps,\n"
    "not PEs. `shmemsim tune` and `shmemsim plot --chart pes` read it.\n\n"
    "example:\n"
    "  shmemsim scale --platform aries-xc --collective fcollect --algorithm all\n"
    "      --bytes 8,64K --to 100000 --budget 60 -j 2\n";

typedef struct scale_opts {
    ss_scale_job_t job;
    const char *coll, *algs_arg, *pes_arg, *out, *cache, *csv;
    long to, from, upto;
    int jobs;
    ss_format_t fmt;
} scale_opts_t;

/* The options of scale itself: 1 if argv[*i] was one, -1 on error. */
static int own_option(int argc, char **argv, int *i, scale_opts_t *o)
{
    static const char *const names[] = {"--platform", "--collective", "--algorithm",
        "--bytes", "--pes", "--to", "--from", "--simulate-up-to", "--budget", "-j",
        "--format", "-o", "--cache", "--csv", NULL};
    const char *opt = argv[*i], *v;
    char err[256];
    long x;
    int k = ss_match_choice(opt, names, "", err, sizeof err);
    if (!strncmp(opt, "-j", 2) && opt[2])
        k = 9, v = opt + 2;                 /* -j2, as make takes it */
    else if (k < 0)
        return 0;
    else if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim scale "
                       "--help)", opt), -1;
    else
        v = argv[++*i];
    switch (k) {
    case 0: o->job.platform = v; o->job.run.cfg.platform = v; return 1;
    case 1: o->coll = v; return 1;
    case 2: o->algs_arg = v; return 1;
    case 3: o->job.bytes_arg = v; return 1;
    case 4: o->pes_arg = v; return 1;
    case 5: case 6: case 7:
        if (ss_parse_long(v, 1, 10000000, k == 5 ? &o->to : k == 6 ? &o->from
                          : &o->upto, opt, err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        return 1;
    case 8:
        if (ss_parse_time(v, &o->job.budget, err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "--budget: %s", err), -1;
        if (!(o->job.budget > 0))
            return ss_fail(SS_EXIT_USAGE, "--budget %s leaves no time to "
                           "simulate anything: give seconds, e.g. --budget 120",
                           v), -1;
        return 1;
    case 9:
        if (ss_parse_long(v, 1, 1024, &x, "-j", err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        o->jobs = (int)x;
        return 1;
    case 10:
        if ((x = ss_match_choice(v, ss_format_names, "--format", err,
                                 sizeof err)) < 0)
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        o->fmt = (ss_format_t)x;    /* ss_format_names is indexed by it */
        return 1;
    case 11: o->out = v; return 1;
    case 12: o->cache = v; return 1;
    default: o->csv = v; return 1;
    }
}

static int parse_args(int argc, char **argv, scale_opts_t *o)
{
    for (int i = 2; i < argc; i++) {
        int r = own_option(argc, argv, &i, o);
        if (r == 0)
            r = ss_option_passthrough(argc, argv, &i, &o->job.run);
        if (r < 0)
            return -1;
        if (r == 0)
            return ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim "
                           "scale --help)", argv[i]), -1;
    }
    return 0;
}

static const char *kind_name(const ss_scale_job_t *j)
{
    return shcoll_kind_name((shcoll_kind_t)j->kind);
}

static int resolve_algs(scale_opts_t *o)
{
    ss_scale_job_t *j = &o->job;
    ss_pick_t pick;
    if (ss_pick_algs(o->algs_arg, &j->kind, 1, &pick))
        return -1;
    for (j->nalg = 0; j->nalg < pick.n[0]; j->nalg++)
        j->algs[j->nalg] = pick.alg[0][j->nalg]->name;
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* --to N: powers of two from --from (default: the first at or above two
 * hosts' worth of PEs, so every point spans the network) up to N, and N. */
static int ladder_to(scale_opts_t *o)
{
    ss_scale_job_t *j = &o->job;
    long from = o->from;
    if (!from)
        for (from = 2; from < 2L * j->ppn; from *= 2)
            ;
    if (from > o->to)
        return ss_fail(SS_EXIT_USAGE, "the ladder is empty: --from %ld is above "
                       "--to %ld (give a larger --to or a smaller --from)", from,
                       o->to), -1;
    j->ladder = malloc(64 * sizeof *j->ladder);
    if (!j->ladder)
        return ss_fail(SS_EXIT_USAGE, "out of memory"), -1;
    for (long p = from; p < o->to && j->nladder < 63; p *= 2)
        j->ladder[j->nladder++] = (int)p;
    j->ladder[j->nladder++] = (int)o->to;
    return 0;
}

static int ladder_list(scale_opts_t *o)
{
    ss_scale_job_t *j = &o->job;
    char err[256];
    size_t *v, n;
    if (!o->pes_arg[strspn(o->pes_arg, " ,")])
        return ss_fail(SS_EXIT_USAGE, "the ladder is empty: --pes '%s' lists no "
                       "PE counts (e.g. --pes 64:4096,100000)", o->pes_arg), -1;
    if (ss_parse_bytes_list(o->pes_arg, &v, &n, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "--pes '%s': %s", o->pes_arg, err), -1;
    if (!(j->ladder = malloc(n * sizeof *j->ladder)))
        return free(v), ss_fail(SS_EXIT_USAGE, "out of memory"), -1;
    for (size_t i = 0; i < n; i++) {
        if (v[i] > 10000000)
            return free(v), ss_fail(SS_EXIT_USAGE, "--pes '%s': %zu is not a PE "
                                    "count (2 to 10000000)", o->pes_arg,
                                    v[i]), -1;
        j->ladder[j->nladder++] = (int)v[i];
    }
    free(v);
    qsort(j->ladder, j->nladder, sizeof *j->ladder, cmp_int);
    return 0;
}

/* The ladder fits the platform, and every point is a collective. */
static int check_ladder(const scale_opts_t *o)
{
    const ss_scale_job_t *j = &o->job;
    size_t hosts = ss_platform_hosts(j->platform), slots = hosts * (size_t)j->ppn;
    int top = j->ladder[j->nladder - 1];
    if (j->nladder > SS_SCALE_MAXPTS)
        return ss_fail(SS_EXIT_USAGE, "the ladder has %zu PE counts; at most %d "
                       "are taken", j->nladder, SS_SCALE_MAXPTS), -1;
    if (j->ladder[0] < 2)
        return ss_fail(SS_EXIT_USAGE, "the ladder holds %d PE(s): a collective "
                       "needs 2 or more (give PE counts of at least 2)",
                       j->ladder[0]), -1;
    if (hosts && (size_t)top > slots)
        return ss_fail(SS_EXIT_USAGE, "the ladder's %d PEs do not fit on '%s': "
                       "%zu hosts x %d PEs per host = %zu PE slots (give at most "
                       "%zu PEs, or a larger --ppn)", top, j->platform, hosts,
                       j->ppn, slots, slots), -1;
    if (o->upto && o->upto > top)
        return ss_fail(SS_EXIT_USAGE, "--simulate-up-to %ld is above the "
                       "ladder's largest point (%d PEs): there is nothing to fit "
                       "beyond it (give at most %d, or a larger %s)", o->upto, top,
                       top, o->to ? "--to" : "--pes"), -1;
    size_t below = 0;
    for (size_t e = 0; e < j->nladder; e++)
        below += !o->upto || j->ladder[e] <= o->upto;
    if (o->upto && below < 3)
        return ss_fail(SS_EXIT_USAGE, "--simulate-up-to %ld leaves %zu ladder "
                       "point(s) to simulate; a fit needs 3 (raise it, or add "
                       "smaller --pes)", o->upto, below), -1;
    return 0;
}

/* One algorithm and size at ladder point e: its closed form, and its
 * rounds across dragonfly groups (x: NULL on other platforms). */
static int case_basis(ss_scale_job_t *j, size_t a, size_t s, size_t e,
                      const ss_scale_span_t *sp, ss_crossing_t *x)
{
    ss_scale_case_t c;
    int p = j->ladder[e];
    ss_scale_basis_t *b = ss_scale_basis_at(j, a, s, e);
    ss_scale_case_of(j, a, s, &c);
    if (ss_scale_basis(&c, p, sp, b))
        return ss_fail(SS_EXIT_USAGE, "%s %s cannot be fitted at %d PEs, %zu bytes: "
                       "its closed form (models/predict_%s.c) is not finite there "
                       "(leave it out of --algorithm)", kind_name(j), j->algs[a], p,
                       j->bytes[s], kind_name(j)), -1;
    if (sp && ss_scale_cross(x, &c, p, j->ppn, b))
        return ss_fail(SS_EXIT_SYSTEM, "out of memory"), -1;
    return 0;
}

/* Each algorithm's closed form at every ladder point and size: the
 * basis of the fits, and the check that it can run there. */
static int make_bases(ss_scale_job_t *j)
{
    size_t n = j->nalg * j->nsizes * j->nladder;
    if (!(j->basis = calloc(n, sizeof *j->basis)) ||
        !(j->span = calloc(j->nladder, sizeof *j->span)) ||
        !(j->sampled = calloc(j->nalg * j->nsizes, sizeof *j->sampled)))
        return ss_fail(SS_EXIT_USAGE, "out of memory"), -1;
    /* Routes and link shares are known for a spec under block placement
     * (PE i on host i / ppn); otherwise the span terms stay out. What a
     * point spans is the same for every algorithm and size: found once. */
    ss_crossing_t *x = j->run.cfg.placement == SS_PLACE_BLOCK ?
                       ss_crossing_new(j->platform) : NULL;
    int rc = 0;
    for (size_t e = 0; e < j->nladder && !rc; e++) {
        int p = j->ladder[e];
        if (j->run.cfg.placement != SS_PLACE_BLOCK || ss_scale_span_of(j, p, &j->span[e]))
            j->span[e] = (ss_span_t){.level = -1};
        ss_scale_span_t sp;
        int known = ss_scale_span_at(j, p, NULL, &sp) == 0;
        for (size_t a = 0; a < j->nalg && !rc; a++)
            for (size_t s = 0; s < j->nsizes && !rc; s++)
                rc = case_basis(j, a, s, e, known ? &sp : NULL, x);
    }
    ss_crossing_free(x);
    return rc;
}

static int resolve(scale_opts_t *o)
{
    ss_scale_job_t *j = &o->job;
    char err[600], kinds[200];
    if (!j->platform)
        return ss_fail(SS_EXIT_USAGE, "--platform is required (a preset such as "
                       "aries-xc, a spec or an XML file)"), -1;
    if (ss_platform_check(j->platform, err, sizeof err))
        return ss_fail(SS_EXIT_INPUT, "%s", err), -1;
    if (!o->coll)
        return ss_fail(SS_EXIT_USAGE, "--collective is required: %s",
                       ss_option_kinds(kinds, sizeof kinds)), -1;
    j->kind = ss_match_choice(o->coll, shcoll_kind_names(), "--collective", err,
                              sizeof err);
    if (j->kind < 0)
        return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
    if (!o->algs_arg)
        return ss_fail(SS_EXIT_USAGE, "--algorithm is required (names, or all; "
                       "`shmemsim list`)"), -1;
    if (resolve_algs(o))
        return -1;
    if (ss_parse_bytes_list(j->bytes_arg, &j->bytes, &j->nsizes, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "--bytes: %s", err), -1;
    if (!o->pes_arg == !o->to)
        return ss_fail(SS_EXIT_USAGE, o->to ? "give the ladder once: --pes LIST or --to N, not both"
                    : "the ladder is missing: give --pes LIST or --to N"), -1;
    if (o->from && !o->to)
        return ss_fail(SS_EXIT_USAGE, "--from goes with --to (with --pes, list "
                       "the PE counts)"), -1;
    j->ppn = j->run.cfg.ppn ? j->run.cfg.ppn : ss_platform_ppn(j->platform);
    if ((o->to ? ladder_to(o) : ladder_list(o)) || check_ladder(o))
        return -1;
    j->upto = (int)o->upto;
    ss_passthrough_one_model(&j->run, j->ladder[j->nladder - 1]);
    return ss_option_check_run(j->kind, j->run.root, j->run.op, j->run.type,
                               j->ladder, j->nladder, j->bytes, j->nsizes) ||
           make_bases(j) ? -1 : 0;
}

/* The sweep of the points: the ladder x the algorithms, one platform. */
static int build_sweep(scale_opts_t *o, const char *self)
{
    ss_scale_job_t *j = &o->job;
    ss_sweep_t *s = &j->sweep;
    s->plats = &j->platform;
    s->nplat = 1;
    s->kinds[0] = j->kind;
    s->nkind = 1;
    for (size_t a = 0; a < j->nalg; a++)
        s->algs[0][a] = j->algs[a];
    s->nalg[0] = j->nalg;
    s->pes = j->ladder;
    s->npes = j->nladder;
    s->bytes_arg = j->bytes_arg;
    s->bytes = j->bytes;
    s->nsizes = j->nsizes;
    s->exe = self;
    s->pass = j->run.argv;
    s->npass = j->run.n;
    s->model = &j->run.cfg.model;
    s->ppn = j->run.cfg.ppn;
    s->quiet = 1;
    return ss_sweep_build(s) ? (ss_fail(SS_EXIT_SYSTEM, "out of memory"), -1) : 0;
}

static int write_to(const char *path, ss_format_t fmt, const ss_scale_row_t *rows,
                    size_t n)
{
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f)
        return ss_fail(SS_EXIT_SYSTEM, "cannot write '%s' (is its folder "
                       "writable?)", path), -1;
    int nofmt = ss_scale_write(f, fmt, rows, n);
    int bad = ferror(f) | (path ? fclose(f) : fflush(f));
    if (nofmt)
        return ss_fail(SS_EXIT_USAGE, "no format %d", (int)fmt), -1;
    return bad ? (ss_fail(SS_EXIT_SYSTEM, "cannot write '%s'",
                          path ? path : "standard output"), -1) : 0;
}

static int write_out(const scale_opts_t *o, const ss_scale_row_t *rows, size_t n)
{
    if (o->csv && write_to(o->csv, SS_FMT_CSV, rows, n))
        return -1;
    return write_to(o->out, o->fmt, rows, n);
}

/* Takes the cached points, and starts the file (its header) if new. */
static int open_cache(scale_opts_t *o)
{
    char err[600];
    ss_sweep_t *s = &o->job.sweep;
    int rc = ss_sweep_load(s, o->cache, 1, SS_SWEEP_LOAD_OTHERS, err, sizeof err);
    if (rc < 0)
        return ss_fail(SS_EXIT_INPUT, "--cache: %s", err), -1;
    ss_sweep_drop_partial(s);
    if (rc == 0)
        return 0;
    FILE *f = fopen(o->cache, "w");
    if (!f || fputs(s->header, f) < 0 || fclose(f))
        return ss_fail(SS_EXIT_SYSTEM, "--cache: cannot write '%s' (is its folder "
                       "writable?)", o->cache), -1;
    return 0;
}

static int run(scale_opts_t *o)
{
    ss_scale_row_t *rows = NULL;
    char *text = NULL;
    size_t n = 0, missing = 0;
    if ((o->cache && open_cache(o)) || ss_scale_plan(&o->job))
        return SS_EXIT_USAGE;
    if (!o->jobs) {
        int top = o->job.ladder[o->job.nladder - 1];
        o->jobs = ss_children_default_jobs(top, o->job.run.cfg.stack_kib);
        fprintf(stderr, "shmemsim: scale: %d at a time (one per CPU, as the memory "
                "available allows at %d PEs; -j sets it)\n", o->jobs, top);
    }
    int rc = ss_scale_simulate(&o->job, o->jobs, o->cache ? o->cache : "/dev/null");
    if (rc == SS_EXIT_INTERRUPTED || rc == SS_EXIT_SYSTEM)
        return rc;
    rc |= ss_scale_sample(&o->job, o->jobs);   /* 0 or SS_EXIT_FAILED */
    if (ss_scale_rows(&o->job, &rows, &n, &text, &missing))
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    if (write_out(o, rows, n))
        rc = SS_EXIT_SYSTEM;
    else if (missing)
        rc = SS_EXIT_FAILED;
    free(rows);
    free(text);
    return rc;
}

int ss_cmd_scale(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return fputs(help, stdout), 0;
    scale_opts_t o = {.jobs = 0};   /* 0: ss_children_default_jobs */
    char **pass = calloc((size_t)argc + 2, sizeof *pass);   /* + --small-msg */
    if (!pass)
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    ss_passthrough_init(&o.job.run, pass);
    o.job.bytes_arg = "8";
    o.job.budget = 180;
    /* argv[0] when it is a path, as sweep does (valgrind, emulators). */
    const char *self = strchr(argv[0], '/') && !access(argv[0], X_OK)
                       ? argv[0] : "/proc/self/exe";
    int rc = SS_EXIT_USAGE;
    if (!parse_args(argc, argv, &o) && !resolve(&o) && !build_sweep(&o, self))
        rc = run(&o);
    ss_sweep_free(&o.job.sweep);
    free(o.job.basis);
    free(o.job.sampled);
    free(o.job.span);
    free(o.job.ladder);
    free(o.job.bytes);
    free(pass);
    return rc;
}
