/* cmd_sweep.c - `shmemsim sweep`: many points (platforms x collectives x
 * PE counts x algorithms, each over all sizes) into one CSV.
 *
 * This file checks the whole command line before anything runs (a typo
 * in the tenth algorithm name should not surface an hour in), then picks
 * one of four modes: run (resuming from the output file), --dry-run,
 * --merge of Slurm parts, --emit-slurm. The points and their rows live in
 * sweep.c, the child processes in sweep_run.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "children.h"
#include "parse.h"
#include "commands.h"
#include "fail.h"
#include "options.h"
#include "pick.h"
#include "sweep.h"

static const char help[] =
    "usage: shmemsim sweep -o OUT.csv --platform P [--platform P2 ...]\n"
    "                      --collective LIST --pes LIST [--algorithm LIST]\n"
    "                      [--bytes LIST] [-j N] [run options]\n\n"
    "Runs every point (platform, collective, PE count, algorithm) over all\n"
    "sizes, each point as one `shmemsim run` child process, and writes all\n"
    "rows to OUT.csv in the columns of `shmemsim run --format csv`. OUT.csv\n"
    "grows as points finish; at the end it is rewritten in a fixed order\n"
    "(platforms, collectives, PE counts, algorithms as given; rows in --bytes\n"
    "order), so it depends on the arguments only, not on -j or on timing.\n\n"
    "Resuming: if OUT.csv exists, the points it already holds completely are\n"
    "skipped and only the others run. After Ctrl-C (or SIGTERM, exit 130)\n"
    "or a failed point (exit 1), run the same command again with the same\n"
    "options: model and ppn are checked; --radix and --segment are recorded\n"
    "(columns radix, segment) but not checked; --placement, --root, --op,\n"
    "--type and the costs (--o, --g, --o-recv, --o-get, --o-quiet) are not\n"
    "recorded.\n\n"
    "options:\n"
    "  -o FILE           the result CSV (required, except for --dry-run)\n"
    "  --platform P      an XML file, topology spec or preset, as for run;\n"
    "                    repeat it for several (specs contain commas)\n"
    "  --collective LIST comma list of fcollect, collect, broadcast, reduce,\n"
    "                    alltoall\n"
    "  --pes LIST        comma list of PE counts; A:B doubles from A to B\n"
    "  --algorithm LIST  comma list or all (default): each collective runs\n"
    "                    the names it has (`shmemsim list`); a name no listed\n"
    "                    collective has is an error\n"
    "  --bytes LIST      sizes as for run (default 8), e.g. 8,1K:1M\n"
    "  -j N              points run at once (default: one per CPU this\n"
    "                    process may use, no more than the memory available\n"
    "                    holds at the largest --pes, about 32 KiB per PE);\n"
    "                    each is a process\n"
    "  --dry-run         list the points (and which OUT holds), run nothing\n"
    "  --part I/K        run only the points whose index mod K is I\n"
    "  --emit-slurm FILE write a Slurm array job script, task I running\n"
    "                    --part I/K into OUT.part-I.csv; print the sbatch and\n"
    "                    the merge commands; run nothing\n"
    "  --tasks K         array tasks for --emit-slurm (default: the number of\n"
    "                    points, at most 1000)\n"
    "  --merge FILE|GLOB [FILE..]  read part files (a quoted glob or names),\n"
    "                    run nothing, write OUT; exit 1 naming the points no\n"
    "                    part holds (then OUT has the others: the same sweep\n"
    "                    without --merge computes the missing ones into it)\n"
    "run options passed to every point: --ppn --placement --model --o --g\n"
    "  --o-recv --o-get --o-quiet --fold --small-msg --stack-kib --radix\n"
    "  --segment --root --op --type --check --force --put-signal\n"
    "  (`shmemsim run --help`; --format is always csv). Every point takes the\n"
    "  model `run` takes (the model column names it); --small-msg 0 puts\n"
    "  every point on SimGrid's flows\n\n"
    "Progress (a line per point with an estimate of the time left) goes to\n"
    "stderr when it is a terminal; a summary line always does.\n\n"
    "example:\n"
    "  shmemsim sweep -o ft.csv --platform platforms/fattree-64.xml \\\n"
    "      --platform 'fat-tree:down=16/16,up=1/8' --collective fcollect,reduce \\\n"
    "      --pes 4:64 --bytes 8:1M -j 2\n"
    "  shmemsim sweep ...same... --emit-slurm ft.sbatch   # for a cluster\n";

typedef struct opts {
    ss_sweep_t s;
    ss_passthrough_t run;      /* run options passed to every point */
    const char *out, *slurm;
    const char **merge;
    size_t nmerge;
    int merging, part_i, part_k, dry;
    int most_pes;              /* the largest of --pes */
    long tasks;
} opts_t;

static int parse_part(opts_t *o, const char *v)
{
    char *end;
    long i = strtol(v, &end, 10), k = 0;
    if (end != v && *end == '/' && end[1] >= '0' && end[1] <= '9')
        k = strtol(end + 1, &end, 10);
    if (v[0] < '0' || v[0] > '9' || *end || k < 1 || k > 1000000 || i >= k)
        return ss_fail(SS_EXIT_USAGE, "--part '%s' is not I/K with 0 <= I < K "
                       "(e.g. --part 3/10)", v), -1;
    o->part_i = (int)i;
    o->part_k = (int)k;
    return 0;
}

static int add_platform(opts_t *o, const char *v)
{
    if (strpbrk(v, "\r\n"))
        return ss_fail(SS_EXIT_USAGE, "--platform '%s' holds a line break", v), -1;
    for (size_t j = 0; j < o->s.nplat; j++)
        if (!strcmp(o->s.plats[j], v))
            return 0;
    o->s.plats[o->s.nplat++] = v;
    return 0;
}

/* Options of sweep itself: 1 if argv[*i] was one, -1 on error, else 0. */
static int own_option(int argc, char **argv, int *i, opts_t *o)
{
    static const char *const names[] = {"-o", "--platform", "--collective", "--pes",
        "--algorithm", "--bytes", "-j", "--jobs", "--part", "--emit-slurm", "--tasks",
        "--merge", NULL};
    const char *opt = argv[*i], *v;
    char err[256];
    long x;
    int k = -1;
    for (int n = 0; names[n]; n++)
        if (!strcmp(opt, names[n]))
            k = n;
    if (!strncmp(opt, "-j", 2) && opt[2])
        k = 6, v = opt + 2;
    else if (k < 0)
        return 0;
    else if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim sweep "
                       "--help)", opt), -1;
    else
        v = argv[++*i];
    switch (k) {
    case 0: o->out = v; return 1;
    case 1: return add_platform(o, v) ? -1 : 1;
    case 2: o->s.colls_arg = v; return 1;
    case 3: o->s.pes_arg = v; return 1;
    case 4: o->s.algs_arg = v; return 1;
    case 5: o->s.bytes_arg = v; return 1;
    case 6: case 7:
        if (ss_parse_long(v, 1, 1024, &x, "-j", err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        o->s.jobs = (int)x;
        return 1;
    case 8: return parse_part(o, v) ? -1 : 1;
    case 9: o->slurm = v; return 1;
    case 10:
        return ss_parse_long(v, 1, 1000000, &o->tasks, "--tasks", err, sizeof err)
            ? (ss_fail(SS_EXIT_USAGE, "%s", err), -1) : 1;
    default:
        o->merging = 1;
        o->merge[o->nmerge++] = v;
        return 1;
    }
}

static int parse_args(int argc, char **argv, opts_t *o)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int r = own_option(argc, argv, &i, o);
        if (r < 0)
            return -1;
        if (r)
            continue;
        if (!strcmp(a, "--dry-run")) {
            o->dry = 1;
            continue;
        }
        if (!strcmp(a, "--format"))
            return ss_fail(SS_EXIT_USAGE, "sweep always writes CSV; leave out "
                           "--format"), -1;
        if ((r = ss_option_passthrough(argc, argv, &i, &o->run)) > 0)
            continue;
        if (r == 0 && a[0] != '-') {
            o->merge[o->nmerge++] = a;      /* a part file for --merge */
            continue;
        }
        if (r == 0)
            ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim sweep "
                    "--help)", a);
        return -1;
    }
    if (o->nmerge && !o->merging)
        return ss_fail(SS_EXIT_USAGE, "unexpected '%s' (see shmemsim sweep "
                       "--help)", o->merge[0]), -1;
    return 0;
}

static int resolve_kinds(opts_t *o)
{
    char name[64], err[200];
    ss_sweep_t *s = &o->s;
    for (const char *p = o->s.colls_arg; *p;) {
        size_t len = strcspn(p, ",");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        int k = ss_match_choice(name, shcoll_kind_names(), "--collective", err,
                                sizeof err);
        if (k < 0)
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        size_t j = 0;
        while (j < s->nkind && s->kinds[j] != k)
            j++;
        if (j == s->nkind)
            s->kinds[s->nkind++] = k;
        p += len + (p[len] == ',');
    }
    return s->nkind ? 0 : (ss_fail(SS_EXIT_USAGE, "--collective is empty (%s)",
                                   ss_option_kinds(err, sizeof err)), -1);
}

/* Each collective takes the names of the list it has (ss_pick_algs). */
static int resolve_algs(opts_t *o)
{
    ss_sweep_t *s = &o->s;
    ss_pick_t pick;
    if (ss_pick_algs(s->algs_arg, s->kinds, s->nkind, &pick))
        return -1;
    for (size_t j = 0; j < s->nkind; j++)
        for (s->nalg[j] = 0; s->nalg[j] < pick.n[j]; s->nalg[j]++)
            s->algs[j][s->nalg[j]] = pick.alg[j][s->nalg[j]]->name;
    return 0;
}

static int resolve_lists(opts_t *o)
{
    char err[256];
    size_t *v = NULL, n = 0;
    ss_sweep_t *s = &o->s;
    if (ss_parse_bytes_list(o->s.pes_arg, &v, &n, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "--pes '%s': %s", o->s.pes_arg, err), -1;
    if (!(s->pes = malloc(n * sizeof *s->pes)))
        return free(v), ss_fail(SS_EXIT_SYSTEM, "out of memory"), -1;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < 1 || v[i] > 10000000) {
            ss_fail(SS_EXIT_USAGE, "--pes '%s': %zu is not a PE count (1 to "
                    "10000000)", o->s.pes_arg, v[i]);
            return free(v), -1;
        }
        s->pes[s->npes++] = (int)v[i];
    }
    free(v);
    o->most_pes = 0;
    for (size_t i = 0; i < s->npes; i++)
        o->most_pes = s->pes[i] > o->most_pes ? s->pes[i] : o->most_pes;
    ss_passthrough_one_model(&o->run, o->most_pes);
    if (ss_parse_bytes_list(s->bytes_arg, &s->bytes, &s->nsizes, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "--bytes: %s", err), -1;
    return resolve_kinds(o) || resolve_algs(o) ? -1 : 0;
}

/* What `shmemsim run` would reject for some point, caught up front. */
static int cross_check(const opts_t *o)
{
    const ss_sweep_t *s = &o->s;
    for (size_t j = 0; j < s->nkind; j++)
        if (ss_option_check_run(s->kinds[j], o->run.root, o->run.op, o->run.type,
                                s->pes, s->npes, s->bytes, s->nsizes))
            return -1;
    return 0;
}

static int check_modes(const opts_t *o)
{
    char kinds[200];
    if (!o->s.nplat)
        return ss_fail(SS_EXIT_USAGE, "--platform is required (an XML file, a "
                       "spec or a preset; repeat it for several)"), -1;
    if (!o->s.colls_arg)
        return ss_fail(SS_EXIT_USAGE, "--collective LIST is required (%s)",
                       ss_option_kinds(kinds, sizeof kinds)), -1;
    if (!o->s.pes_arg)
        return ss_fail(SS_EXIT_USAGE, "--pes LIST is required, e.g. --pes "
                       "4,16,64 or --pes 4:64"), -1;
    if (!o->out && !o->dry)
        return ss_fail(SS_EXIT_USAGE, "-o OUT.csv is required (where the rows "
                       "go; an existing file is resumed)"), -1;
    if (o->slurm && (o->merging || o->part_k || o->dry))
        return ss_fail(SS_EXIT_USAGE, "--emit-slurm does not go with --merge, "
                       "--part or --dry-run"), -1;
    if (o->tasks && !o->slurm)
        return ss_fail(SS_EXIT_USAGE, "--tasks is for --emit-slurm"), -1;
    if (o->merging && (o->part_k || o->dry))
        return ss_fail(SS_EXIT_USAGE, "--merge does not go with --part or "
                       "--dry-run"), -1;
    return 0;
}

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static size_t count(const ss_sweep_t *s, int done)
{
    size_t n = 0;
    for (size_t i = 0; i < s->npt; i++)
        n += s->pt[i].selected && (!done || ss_sweep_done(s, &s->pt[i]));
    return n;
}

static int load_out(opts_t *o)
{
    char err[600];
    if (o->out && ss_sweep_load(&o->s, o->out, 1, SS_SWEEP_LOAD_SELECTED, err, sizeof err) < 0)
        return ss_fail(SS_EXIT_INPUT, "%s", err), -1;
    ss_sweep_drop_partial(&o->s);
    return 0;
}

static int dry_run(opts_t *o)
{
    char name[160];
    if (load_out(o))
        return SS_EXIT_INPUT;
    for (size_t i = 0; i < o->s.npt; i++)
        if (o->s.pt[i].selected) {
            ss_sweep_point_name(&o->s, &o->s.pt[i], name, sizeof name);
            printf("#%zu %s%s\n", i, name, ss_sweep_done(&o->s, &o->s.pt[i]) ? " (done)" : "");
        }
    fprintf(stderr, "shmemsim: sweep: %zu points, %zu done, %zu to run\n",
            count(&o->s, 0), count(&o->s, 1), count(&o->s, 0) - count(&o->s, 1));
    return 0;
}

static int do_sweep(opts_t *o)
{
    char err[600], part[48] = "";
    if (load_out(o))
        return SS_EXIT_INPUT;
    size_t all = count(&o->s, 0), before = count(&o->s, 1);
    if (!o->s.jobs)
        o->s.jobs = ss_children_default_jobs(o->most_pes, o->run.cfg.stack_kib);
    if (o->part_k)
        snprintf(part, sizeof part, " (part %d/%d of %zu)", o->part_i, o->part_k,
                 o->s.npt);
    fprintf(stderr, "shmemsim: sweep: %zu points%s: %zu already in '%s' (skipped), "
            "%zu to run, %d at a time\n", all, part, before, o->out, all - before,
            o->s.jobs);
    if (ss_sweep_write(&o->s, o->out, err, sizeof err))
        return ss_fail(SS_EXIT_SYSTEM, "%s", err);
    double t0 = wall();
    int rc = ss_sweep_run(&o->s, o->out, o->s.jobs);
    if (ss_sweep_write(&o->s, o->out, err, sizeof err))
        return ss_fail(SS_EXIT_SYSTEM, "%s", err);
    size_t after = count(&o->s, 1);
    fprintf(stderr, "shmemsim: sweep: %zu of %zu points in '%s' (%zu run now) in "
            "%.1f s%s\n", after, all, o->out, after - before, wall() - t0,
            rc == SS_EXIT_FAILED ? "; the failed ones (above) run again when the same command "
            "is run again" : "");
    return rc;
}

static int run_mode(opts_t *o)
{
    for (size_t i = 0; o->part_k && i < o->s.npt; i++)
        o->s.pt[i].selected = i % (size_t)o->part_k == (size_t)o->part_i;
    if (o->slurm)
        return ss_sweep_emit_slurm(&o->s, o->out, o->slurm, o->tasks);
    if (o->merging)
        return ss_sweep_merge(&o->s, o->out, (const char *const *)o->merge, o->nmerge);
    return o->dry ? dry_run(o) : do_sweep(o);
}

int ss_cmd_sweep(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return fputs(help, stdout), 0;
    opts_t o = {0};
    o.s.jobs = 0;   /* 0: ss_children_default_jobs, when it runs */
    o.s.algs_arg = "all";
    o.s.bytes_arg = "8";
    /* argv[0] when it is a path: /proc/self/exe would name valgrind or
     * an emulator when the sweep runs under one. */
    o.s.exe = strchr(argv[0], '/') && !access(argv[0], X_OK) ? argv[0] : "/proc/self/exe";
    o.s.plats = calloc((size_t)argc, sizeof *o.s.plats);
    o.s.pass = calloc((size_t)argc + 2, sizeof *o.s.pass);   /* + --small-msg */
    ss_passthrough_init(&o.run, o.s.pass);
    o.merge = calloc((size_t)argc, sizeof *o.merge);
    int rc = SS_EXIT_USAGE;
    if (o.s.plats && o.s.pass && o.merge && !parse_args(argc, argv, &o) &&
        !check_modes(&o) && !resolve_lists(&o) && !cross_check(&o)) {
        o.s.npass = o.run.n;
        o.s.model = &o.run.cfg.model;
        o.s.ppn = o.run.cfg.ppn;
        if (ss_sweep_build(&o.s))
            rc = ss_fail(SS_EXIT_SYSTEM, "out of memory");
        else
            rc = run_mode(&o);
    }
    ss_sweep_free(&o.s);
    free(o.s.plats);
    free(o.s.pass);
    free(o.s.pes);
    free(o.s.bytes);
    free(o.merge);
    return rc;
}
