/* cmd_calibrate.c - `shmemsim calibrate`: the OSU Micro-Benchmarks' output
 * from a real machine in, the loggp model's parameters out (with their
 * 95% intervals), and a platform spec that `--platform` takes. The fits
 * are in calib_fit.c and calib_solve.c, the spec in calib_spec.c. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calib_fit.h"
#include "commands.h"
#include "fail.h"
#include "parse.h"

static const char help[] =
    "usage: shmemsim calibrate [--inter] FILE... [--intra FILE...] [options]\n\n"
    "Fits the loggp model's per-operation costs to the output of the OSU\n"
    "Micro-Benchmarks run on a real machine, prints each parameter with its\n"
    "95% interval and each file's figure beside the spec's, and writes a\n"
    "platform spec that --platform takes (docs/calibrate.md).\n\n"
    "inputs (the benchmark is read from the header line, e.g. '# OSU MPI\n"
    "Latency Test v7.4'; OMB 5.x, 6.x and 7.x, OpenSHMEM 1.3 or legacy);\n"
    "the costs are fitted to the 8-byte figures (k = 2 when the base has\n"
    "order=adaptive: a quiet waits for the acknowledgements; else 1):\n"
    "  osu_oshm_put_bw   puts streamed: o = the time per put at 8 B and less\n"
    "  osu_oshm_put_mr   the same (less the latency of its one quiet per\n"
    "                    500 puts); with K pairs on one node (--pairs K), gap\n"
    "                    = the node's time per put when it saturates (below\n"
    "                    0.9 x K times one pair's rate)\n"
    "  osu_oshm_atomics  the same from the non-fetching atomics\n"
    "  osu_oshm_get      o-get + 2L; o-get is taken as o unless that leaves\n"
    "                    L or o-quiet negative (then L is the most the put\n"
    "                    and get allow)\n"
    "  osu_oshm_put      put + quiet = o + k L + o-quiet; its slope 1/bw\n"
    "                    where no bandwidth file is given\n"
    "  osu_latency       MPI: o-recv = its latency - MPI's send (osu_bw's\n"
    "                    time per message at 8 B and less, else o) - L\n"
    "  osu_bw            MPI: bw = its large-message plateau (sizes within 2%\n"
    "                    of the best)\n"
    "  osu_mbw_mr        MPI: the plateau, and o (or with several pairs, gap)\n"
    "                    from its messages/s where no SHMEM rate is given\n"
    "  read and checked, not fitted: osu_oshm_get_bw (blocking gets: the\n"
    "                    get's latency), MPI's one-sided osu_put_latency,\n"
    "                    osu_get_latency, osu_put_bw, osu_get_bw (MPI's RMA\n"
    "                    path, not the SHMEM runtime), osu_allreduce and\n"
    "                    osu_oshm_barrier (bench/calibrate_real.sh runs them\n"
    "                    on the spec)\n\n"
    "options:\n"
    "  FILE, --inter FILE...  outputs measured between two nodes (the default\n"
    "                  for files before any --intra)\n"
    "  --intra FILE... outputs measured between two PEs of one node, up to\n"
    "                  the next --inter: give the shm- costs the same way\n"
    "  --pairs K       the SHMEM message-rate files after it ran K pairs with\n"
    "                  their K senders on one node (OSU pairs PE i with i + N/2:\n"
    "                  2K PEs on two nodes); default 1\n"
    "  --sizes MIN:MAX the sizes the latency lines fit (default: all), e.g. to\n"
    "                  leave out a protocol switch: --sizes 0:8K\n"
    "  -o FILE.spec    write the spec there (else it is only printed)\n"
    "  --base SPEC     the machine the spec describes: a fat-tree:/dragonfly:\n"
    "                  spec or a preset (shmemsim list); its nic-lat is solved so\n"
    "                  that two nodes' route latency, 2 nic-lat + the links'\n"
    "                  latencies, is the fitted L; nic-bw = the fitted bw;\n"
    "                  its costs (o=, gap=, ...) give way to those fitted and\n"
    "                  stay where the fit determines none. Its order= sets k.\n"
    "                  Default: one switch, fat-tree:down=N,bw=BW,lat=0ns\n"
    "  --nodes N       the default base's nodes (default 64)\n"
    "  --cores N       PEs per node in the spec (default: the base's, else 1)\n\n"
    "parameters (the spec keys; models/model.h, docs/models.md):\n"
    "  o        CPU time of the issuing PE per put or atomic to another node\n"
    "  o-get    the same per get\n"
    "  o-quiet  CPU time of a quiet (or a fence that waits) with puts to\n"
    "           complete: the runtime polling its completions\n"
    "  L        route latency between two nodes (written as nic-lat)\n"
    "  bw       bandwidth of a lone transfer (written as nic-bw)\n"
    "  o-recv   CPU time of the target per signalling message (atomic, put\n"
    "           with signal)\n"
    "  shm-o, shm-o-get, shm-o-quiet, shm-lat, shm-bw, shm-o-recv   the\n"
    "           same within a node (a quiet there waits for no\n"
    "           acknowledgement, whatever the order)\n"
    "  gap      the node's NIC takes one message per gap (its PEs share it);\n"
    "           0 or left out: no separate gap\n"
    "A parameter not determined is said so and left out of the spec (the\n"
    "base's value, if any, stands). The fit column is R^2 and the relative\n"
    "RMS residual of a latency line, or the relative standard deviation of\n"
    "the figures averaged.\n\n"
    "The spec file holds one spec line after # comments (the calibration's\n"
    "provenance); --platform FILE.spec reads it.\n\n"
    "example:\n"
    "  shmemsim calibrate nodes2/* --pairs 8 amo_8pairs.txt --intra nodes1/* \\\n"
    "      --base slingshot -o machine.spec\n"
    "  shmemsim run --platform machine.spec --pes 1024 ...\n";

typedef struct cal_opts {
    calib_input_t *in;
    size_t n;
    calib_opts_t fit;
    calib_spec_opts_t spec;
    const char *out;
} cal_opts_t;


static int is_bw(int k)
{
    return k == CALIB_BW || k == CALIB_SHM_BW;
}

static int sizes(const char *v, calib_opts_t *f)
{
    char lo[64], why[250];
    const char *colon = strchr(v, ':');
    if (!colon || (size_t)(colon - v) >= sizeof lo)
        return ss_fail(SS_EXIT_USAGE, "--sizes '%s': expected MIN:MAX, e.g. 0:8K",
                       v);
    snprintf(lo, sizeof lo, "%.*s", (int)(colon - v), v);
    if (ss_parse_size(lo, &f->min_bytes, why, sizeof why) ||
        ss_parse_size(colon + 1, &f->max_bytes, why, sizeof why))
        return ss_fail(SS_EXIT_USAGE, "--sizes: %s", why);
    if (f->min_bytes > f->max_bytes)
        return ss_fail(SS_EXIT_USAGE, "--sizes '%s': MIN is above MAX", v);
    return 0;
}

static int value(int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim calibrate "
                       "--help)", argv[*i]);
    *v = argv[++*i];
    return 0;
}

static int known(const char *a)
{
    static const char *const opts[] = {"--inter", "--intra", "--pairs", "--sizes",
                                       "-o", "--base", "--nodes", "--cores", NULL};
    for (int i = 0; opts[i]; i++)
        if (!strcmp(a, opts[i]))
            return 1;
    ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim calibrate --help)",
            a);
    return 0;
}

/* Sets the option a (one known() knows) to v; 2 after an error. */
static int set_option(cal_opts_t *o, const char *a, const char *v, long *pairs)
{
    char err[300];
    long *num = !strcmp(a, "--pairs") ? pairs : !strcmp(a, "--nodes") ? &o->spec.nodes
              : !strcmp(a, "--cores") ? &o->spec.cores : NULL;
    if (num && ss_parse_long(v, num == &o->spec.nodes ? 2 : 1, 1 << 20, num, a, err,
                             sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", err);
    if (!strcmp(a, "--sizes"))
        return sizes(v, &o->fit);
    if (!strcmp(a, "-o"))
        o->out = v;
    if (!strcmp(a, "--base"))
        o->spec.base = v;
    return 0;
}

static int parse_opts(int argc, char **argv, cal_opts_t *o)
{
    long pairs = 1;
    const char *v = NULL;
    calib_side_t side = CALIB_INTER;
    o->fit.max_bytes = (size_t)-1;
    if (!(o->in = calloc((size_t)argc, sizeof *o->in)))
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *path = a;
        if (a[0] == '-' && a[1]) {
            if (!known(a) || value(argc, argv, &i, &v))
                return 2;
            int intra = !strcmp(a, "--intra");
            if (!intra && strcmp(a, "--inter")) {
                if (set_option(o, a, v, &pairs))
                    return 2;
                continue;
            }
            if (v[0] == '-' && v[1])
                return ss_fail(SS_EXIT_USAGE, "%s needs a FILE, not the option "
                               "'%s'", a, v);
            side = intra ? CALIB_INTRA : CALIB_INTER;   /* for the files after */
            path = v;
        }
        o->in[o->n++] = (calib_input_t){.path = path, .pairs = (int)pairs, .side = side};
    }
    if (!o->n)
        return ss_fail(SS_EXIT_USAGE, "shmemsim calibrate needs OSU output files "
                       "(see shmemsim calibrate --help)");
    if (o->spec.base && o->spec.nodes)
        return ss_fail(SS_EXIT_USAGE, "--nodes sizes the default base (one "
                       "switch); with --base the base's shape holds");
    return 0;
}

/* How the base orders a PE's messages decides what a put + quiet
 * measures (calib_opts_t); a bad base is left to calib_spec to report. */
static void base_order(cal_opts_t *o)
{
    ss_topo_t t;
    char why[300];
    if (o->spec.base && ss_topo_is_spec(o->spec.base) &&
        ss_topo_parse(o->spec.base, &t, why, sizeof why) == 0)
        o->fit.unordered = t.unordered;
}

static int read_inputs(cal_opts_t *o)
{
    char err[400];
    for (size_t i = 0; i < o->n; i++)
        if (osu_read(o->in[i].path, &o->in[i].t, err, sizeof err) ||
            calib_file(&o->in[i], &o->fit, err, sizeof err))
            return ss_fail(SS_EXIT_INPUT, "%s", err);
    return 0;
}

/* A time in ns below 1 us, else in us; a bandwidth in GB/s. */
static double unit(int k, double v, const char **u)
{
    if (is_bw(k))
        return *u = "GB/s", v * 1e-9;
    return v < 1e-6 ? (*u = "ns", v * 1e9) : (*u = "us", v * 1e6);
}

static void print_param(FILE *f, int k, const calib_est_t *e, const char *pre)
{
    const char *u;
    char val[40], iv[64] = "", fit[64] = "";
    if (!e->ok) {
        fprintf(f, "%s%-11s not determined: %s\n", pre, calib_param_names[k],
                e->why);
        return;
    }
    unit(k, e->v, &u);
    double s = is_bw(k) ? 1e-9 : strcmp(u, "ns") ? 1e6 : 1e9;   /* to u */
    snprintf(val, sizeof val, "%.4g %s", e->v * s, u);
    if (e->hi > e->lo)
        snprintf(iv, sizeof iv, "[%.4g, %.4g] %s", e->lo * s, e->hi * s, u);
    if (!isnan(e->r2))
        snprintf(fit, sizeof fit, "R^2 %.6f, rms %.2g%%", e->r2, e->rms * 100);
    else if (!isnan(e->rms))
        snprintf(fit, sizeof fit, "sd %.2g%%, n=%zu", e->rms * 100, e->n);
    else
        snprintf(fit, sizeof fit, "n=%zu", e->n);
    fprintf(f, "%s%-11s %-13s %-22s %-26s %s\n", pre, calib_param_names[k], val, iv,
            fit, e->from);
}

static void print_inputs(FILE *f, const cal_opts_t *o, const char *pre)
{
    for (size_t i = 0; i < o->n; i++) {
        const calib_input_t *in = &o->in[i];
        fprintf(f, "%s%s %s: %s (%s), %zu rows", pre, in->side == CALIB_INTRA
                ? "intra" : "inter", in->path, osu_kind_name(in->t.kind),
                in->t.title, in->t.n);
        if (in->t.kind == OSU_PUT_MR || in->t.kind == OSU_ATOMICS ||
            in->t.kind == OSU_MBW_MR)
            fprintf(f, ", %d pair%s", in->pairs, in->pairs == 1 ? "" : "s");
        fprintf(f, "%s\n", in->t.more_tables ? "; the first datatype's table only" : "");
    }
}

static void print_table(const cal_opts_t *o, const calib_result_t *r)
{
    print_inputs(stdout, o, "");
    printf("\n%-11s %-13s %-22s %-26s %s\n", "param", "value", "95% interval",
           "fit", "from");
    for (int k = 0; k < CALIB_NPARAMS; k++)
        print_param(stdout, k, &r->p[k], "");
    for (size_t i = 0; i < r->nnotes; i++)
        printf("%snote: %s\n", i ? "" : "\n", r->notes[i]);
}

static int write_spec(const cal_opts_t *o, const calib_result_t *r, const char *spec,
                      int argc, char **argv)
{
    FILE *f = fopen(o->out, "w");
    if (!f)
        return ss_fail(SS_EXIT_SYSTEM, "cannot write '%s'", o->out);
    fputs("# shmemsim calibrate: the loggp model fitted to OSU Micro-Benchmarks "
          "output\n# command:", f);
    for (int i = 0; i < argc; i++)
        fprintf(f, " %s", i ? argv[i] : "shmemsim");
    fputs("\n", f);
    print_inputs(f, o, "# ");
    for (int k = 0; k < CALIB_NPARAMS; k++)
        print_param(f, k, &r->p[k], "# ");
    for (size_t i = 0; i < r->nnotes; i++)
        fprintf(f, "# note: %s\n", r->notes[i]);
    fprintf(f, "%s\n", spec);
    if (fclose(f))
        return ss_fail(SS_EXIT_SYSTEM, "writing '%s' failed", o->out);
    size_t n = strlen(o->out);
    if (n < 5 || strcmp(o->out + n - 5, ".spec"))
        fprintf(stderr, "shmemsim: note: --platform knows a spec file by its name "
                "ending in .spec; '%s' would be read as SimGrid XML\n", o->out);
    return 0;
}

int ss_cmd_calibrate(int argc, char **argv)
{
    cal_opts_t o = {0};
    calib_result_t r;
    char err[400], spec[SS_TOPO_SPEC_MAX + 1];
    int rc;
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return fputs(help, stdout), 0;
    rc = parse_opts(argc, argv, &o);
    if (!rc)
        rc = read_inputs(&o);
    base_order(&o);
    if (!rc && calib_solve(o.in, o.n, &o.fit, &r, err, sizeof err))
        rc = ss_fail(SS_EXIT_INPUT, "%s", err);
    if (!rc && calib_spec(&r, &o.spec, spec, sizeof spec, err, sizeof err))
        rc = ss_fail(SS_EXIT_INPUT, "%s", err);
    if (!rc) {
        print_table(&o, &r);
        printf("\n");
        calib_check_print(stdout, o.in, o.n, &r, &o.fit);
        printf("\nspec: %s\n", spec);
        if (o.out && !(rc = write_spec(&o, &r, spec, argc, argv)))
            printf("wrote %s\n", o.out);
    }
    for (size_t i = 0; i < o.n; i++)
        osu_free(&o.in[i].t);
    free(o.in);
    return rc;
}
