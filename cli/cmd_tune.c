/* cmd_tune.c - `shmemsim tune`: from result rows, the best algorithm per
 * (collective, PE range, size range), printed for people (table), for
 * scripts (csv), or as a runtime's tuning file (traces/export_*.c, through
 * the ss_tune_formats table).
 *
 * Everything is written to a temporary file first and copied out only when
 * complete, so an error never leaves half a tuning file behind for a
 * runtime to read.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "commands.h"
#include "fail.h"
#include "summary.h"
#include "tune.h"
#include "tune_check.h"

static const char help_top[] =
    "usage: shmemsim tune RESULTS.csv [--format F] [-o FILE] [options]\n\n"
    "Reads result rows (shmemsim sweep, or shmemsim run --format csv; '-' is\n"
    "standard input) and finds, for each collective, the fastest algorithm at\n"
    "every measured (PE count, size). Neighbouring sizes with the same winner\n"
    "form one rule. A rule holds from its PE count up to the next measured\n"
    "one, and from its first size up to the next rule's first size (the\n"
    "first from 0 bytes, the last without bound): those boundaries are the\n"
    "crossover points. Equal times go to the algorithm whose name sorts\n"
    "first; rows whose check FAILED are ignored; a point measured twice\n"
    "counts with its smaller time.\n\n"
    "options:\n"
    "  --format F      table (default), csv, or a runtime's file (below)\n"
    "  -o FILE         write to FILE (only once complete) instead of stdout\n"
    "  --platform P    tune for rows whose platform column is P; needed when\n"
    "                  the results hold several (one table per machine)\n"
    "  --ppn N         likewise for PEs per host, --model M for the model\n"
    "  --collective C  only fcollect, collect, broadcast, reduce or alltoall\n"
    "  --pes N         for files that hold one algorithm per collective\n"
    "                  (sos, and ompi-mca): the PE count to tune for\n"
    "                  (default: the largest measured)\n"
    "  --check         with --format ucc or sos: instead of the file, re-\n"
    "                  simulate what that runtime will run at every measured\n"
    "                  (PE count, size), as the file sets it (one radix per\n"
    "                  knob, its fallbacks), and print the gap to the\n"
    "                  simulated best; fitted cells are not re-simulated\n\n"
    "formats:\n"
    "  table       per collective, the rules: PEs, sizes, the winner and its\n"
    "              time, the runner-up and how much slower it is (margin);\n"
    "              then the crossovers by size and by PE count\n"
    "  csv         the rules: collective,pes_lo,pes_hi,bytes_lo,bytes_hi,\n"
    "              algorithm,time_s,runner_up,runner_up_s,margin,method,\n"
    "              overlap (ranges inclusive; empty pes_hi/bytes_hi: no\n"
    "              upper bound; margin = runner_up_s / time_s - 1; method\n"
    "              fitted when some time of the rule is; overlap 1 when\n"
    "              the winner's and runner-up's intervals overlap)\n\n"
    "The CSV of shmemsim scale reads too: its fitted times are flagged\n"
    "(note fitted), and a rule whose winner's 95% prediction interval\n"
    "overlaps the runner-up's says so (note intervals overlap).\n";

static const char help_bottom[] =
    "\nRuntime files map OpenSHMEM fcollect/collect/broadcast/reduce to the\n"
    "runtime's allgather/allgatherv/bcast/allreduce (OpenSHMEM reductions\n"
    "are all-reduces), list which of our algorithms have an equivalent there\n"
    "(`shmemsim list` has ours), and where a winner has none use the best\n"
    "algorithm that does map at that point, saying so in the file and on\n"
    "stderr. Sizes: ours are bytes per PE for fcollect and collect, the\n"
    "payload for broadcast, the array for reduce. alltoall is tuned (table,\n"
    "csv) but no runtime format maps it yet: each says so in a comment.\n"
    "  ucc   UCC_TL_UCP_TUNE=... and the *_KN_RADIX it needs, for OSHMEM's\n"
    "        scoll ucc (oshrun --mca scoll_ucc_enable 1 -x ...): an entry per\n"
    "        rule, COLL:host:START-END:[PES]:@ALG; allgather sizes are totals\n"
    "        (ours x PEs); one radix per knob; collect is not exported (OSHMEM\n"
    "        does not forward it as allgatherv). Where node_aware wins reduce\n"
    "        or broadcast, also UCC_CLS=basic,hier and UCC_CL_HIER_TUNE\n"
    "        (CL/HIER's @rab, @2step). docs/tuning.md has the rules.\n"
    "  ompi-mca    load with oshrun --tune FILE: scoll = basic and\n"
    "        scoll_basic_{collect,broadcast,reduce}_alg, each the best over\n"
    "        all sizes at --pes (per-range choices kept as comments); Open\n"
    "        MPI's collect has no such parameter (always central collector)\n"
    "  ompi-rules  coll_tuned dynamic rules (Open MPI 4.1 format) for\n"
    "        OSHMEM's default scoll mpi path: allgather, allreduce, bcast\n"
    "        per communicator and message size (allgather sizes are totals:\n"
    "        ours x PEs); use with --mca coll_tuned_use_dynamic_rules 1\n"
    "        --mca coll_tuned_dynamic_rules_filename FILE; where node_aware\n"
    "        wins every cell of a collective, comments give the coll_han MCA\n"
    "        parameters that run Open MPI's node-aware one\n"
    "  sos   SHMEM_*_ALGORITHM settings for Sandia OpenSHMEM, one per\n"
    "        collective, and SHMEM_COLL_RADIX: the combination with the least\n"
    "        summed loss over the sizes at --pes (linear fcollect and linear\n"
    "        or tree reductions only with the broadcast they run through).\n\n"
    "example:\n"
    "  shmemsim sweep -o r.csv --platform platforms/fattree-64.xml \\\n"
    "      --collective fcollect,broadcast --pes 4,16,64 --bytes 8:1M\n"
    "  shmemsim tune r.csv\n"
    "  shmemsim tune r.csv --format ucc -o ucc.env\n"
    "  shmemsim tune r.csv --format sos --pes 64 -o sos.env\n"
    "  shmemsim tune r.csv --format ucc --check\n";

typedef struct tune_opts {
    const char *in, *out, *platform, *model, *collective, *format;
    long ppn, pes;
    int check;
} tune_opts_t;


static void print_help(void)
{
    fputs(help_top, stdout);
    for (const ss_tune_format_t *f = ss_tune_formats; f->name; f++)
        printf("  %-11s %s\n", f->name, f->desc);
    fputs(help_bottom, stdout);
}

/* ---- options ---------------------------------------------------------- */

static int parse_opts(int argc, char **argv, tune_opts_t *o)
{
    char err[300];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !strcmp(a, "-")) {
            if (o->in)
                return ss_fail(SS_EXIT_USAGE, "one results file only ('%s' and "
                               "'%s')", o->in, a);
            o->in = a;
            continue;
        }
        if (!strcmp(a, "--check")) {
            o->check = 1;
            continue;
        }
        if (i + 1 >= argc)
            return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim tune "
                           "--help)", a);
        const char *v = argv[++i];
        if (!strcmp(a, "-o"))
            o->out = v;
        else if (!strcmp(a, "--format"))
            o->format = v;
        else if (!strcmp(a, "--platform"))
            o->platform = v;
        else if (!strcmp(a, "--model"))
            o->model = v;
        else if (!strcmp(a, "--collective")) {
            if (ss_match_choice(v, shcoll_kind_names(), a, err, sizeof err) < 0)
                return ss_fail(SS_EXIT_USAGE, "%s", err);
            o->collective = v;
        } else if (!strcmp(a, "--ppn") || !strcmp(a, "--pes")) {
            if (ss_parse_long(v, 1, INT_MAX, !strcmp(a, "--ppn") ? &o->ppn
                              : &o->pes, a, err, sizeof err))
                return ss_fail(SS_EXIT_USAGE, "%s", err);
        } else {
            return ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see shmemsim "
                           "tune --help)", a);
        }
    }
    return o->in ? 0 : ss_fail(SS_EXIT_USAGE, "shmemsim tune needs a results "
                               "CSV (see shmemsim tune --help)");
}

/* --format: tune's own (table, csv: *own) or a runtime's exporter (*f);
 * an unknown one is reported, -1. */
static int find_format(const char *name, int *own, const ss_tune_format_t **f)
{
    char list[300];
    size_t used = 0;
    *f = NULL;
    for (*own = SS_FMT_TABLE; *own <= SS_FMT_CSV; (*own)++)
        if (!strcmp(name, ss_format_names[*own]))
            return 0;
    for (const ss_tune_format_t *p = ss_tune_formats; p->name; p++)
        if (!strcmp(name, p->name))
            return *f = p, 0;
    for (const ss_tune_format_t *p = ss_tune_formats; p->name && used < sizeof list;
         p++)
        used += (size_t)snprintf(list + used, sizeof list - used, ", %s", p->name);
    return ss_fail(SS_EXIT_USAGE, "unknown --format '%s' (choose one of: %s, %s%s)",
                   name, ss_format_names[SS_FMT_TABLE], ss_format_names[SS_FMT_CSV],
                   list), -1;
}

/* The rows --ppn, --model and --collective keep (shallow copies: the
 * strings stay owned by all). */
static int filter_rows(const ss_results_t *all, const tune_opts_t *o,
                       ss_results_t *kept)
{
    kept->n = 0;
    if (!(kept->rows = malloc((all->n ? all->n : 1) * sizeof *kept->rows)))
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    for (size_t i = 0; i < all->n; i++) {
        const ss_result_t *r = &all->rows[i];
        if ((!o->ppn || r->ppn == o->ppn) && (!o->model || !strcmp(r->model,
            o->model)) && (!o->collective || !strcmp(r->collective,
                                                     o->collective)))
            kept->rows[kept->n++] = *r;
    }
    if (all->n && !kept->n) {
        char ppn[32] = "";
        if (o->ppn)
            snprintf(ppn, sizeof ppn, " --ppn %ld", o->ppn);
        free(kept->rows);
        return ss_fail(SS_EXIT_USAGE, "no rows match%s%s%s%s%s (the results "
                       "hold %zu rows; shmemsim tune FILE shows what they hold)",
                       o->collective ? " --collective " : "",
                       o->collective ? o->collective : "", ppn,
                       o->model ? " --model " : "", o->model ? o->model : "",
                       all->n);
    }
    return 0;
}

/* ---- table and csv ---------------------------------------------------- */

static void pes_text(const ss_tune_rule_t *r, char *buf, size_t len)
{
    if (r->pes_hi == SS_TUNE_PES_MAX)
        snprintf(buf, len, "%d+", r->pes_lo);
    else if (r->pes_hi == r->pes_lo)
        snprintf(buf, len, "%d", r->pes_lo);
    else
        snprintf(buf, len, "%d-%d", r->pes_lo, r->pes_hi);
}

static void sizes_text(const ss_tune_rule_t *r, char *buf, size_t len)
{
    char lo[32], hi[32];
    ss_format_bytes(r->bytes_lo, lo, sizeof lo);
    if (r->bytes_hi == SS_TUNE_BYTES_MAX) {
        snprintf(buf, len, "%s and up", lo);
        return;
    }
    ss_format_bytes(r->bytes_hi + 1, hi, sizeof hi);
    snprintf(buf, len, "%s - <%s", lo, hi);
}

static double margin(const ss_tune_rule_t *r)
{
    if (isnan(r->runner_up_s))
        return NAN;
    return r->time_s > 0 ? r->runner_up_s / r->time_s - 1
                         : r->runner_up_s > 0 ? INFINITY : 0;
}

/* Where the winner changes with size, at each measured PE count (the
 * consecutive rules of one pes_lo). */
static void size_crossovers(FILE *f, const ss_tune_table_t *t)
{
    char b[32];
    fprintf(f, "  crossovers by size:\n");
    for (size_t i = 0, j; i < t->n; i = j) {
        int p = t->rules[i].pes_lo;
        fprintf(f, "    at %d PEs:", p);
        for (j = i + 1; j < t->n && t->rules[j].pes_lo == p; j++) {
            ss_format_bytes(t->rules[j].bytes_lo, b, sizeof b);
            fprintf(f, "%s %s (%s -> %s)", j > i + 1 ? "," : "", b,
                    t->rules[j - 1].algorithm, t->rules[j].algorithm);
        }
        fprintf(f, "%s\n", j == i + 1 ? " none" : "");
    }
}

static int by_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* Every size measured at some PE count of the table, ascending. */
static int all_sizes(const ss_tune_t *tune, const ss_tune_table_t *t,
                     size_t **out, size_t *n)
{
    size_t *all = NULL, na = 0;
    for (size_t i = 0; i < t->n; i++) {
        size_t *s, ns;
        if (i && t->rules[i - 1].pes_lo == t->rules[i].pes_lo)
            continue;
        if (ss_tune_sizes(tune, t->collective, t->rules[i].pes_lo, &s, &ns))
            return free(all), -1;
        size_t *g = ns ? realloc(all, (na + ns) * sizeof *g) : all;
        if (ns && !g)
            return free(s), free(all), -1;
        all = g;
        memcpy(all + na, s, ns * sizeof *s);
        na += ns;
        free(s);
    }
    if (na)
        qsort(all, na, sizeof *all, by_size);
    *n = 0;
    for (size_t i = 0; i < na; i++)
        if (!*n || all[i] != all[*n - 1])
            all[(*n)++] = all[i];
    *out = all;
    return 0;
}

/* Where the winner changes with the PE count, at each measured size. */
static int pes_crossovers(FILE *f, const ss_tune_t *tune,
                          const ss_tune_table_t *t)
{
    size_t *s, n;
    int any = 0;
    if (all_sizes(tune, t, &s, &n))
        return -1;
    fprintf(f, "  crossovers by PE count:");
    for (size_t k = 0; k < n; k++) {
        const char *prev = NULL;
        int here = 0;
        char b[32];
        ss_format_bytes(s[k], b, sizeof b);
        for (size_t j = 0; j < t->n; j++) {
            const ss_tune_rule_t *r = &t->rules[j];
            if ((j && t->rules[j - 1].pes_lo == r->pes_lo) ||
                !(r = ss_tune_lookup(t, r->pes_lo, s[k])))
                continue;
            if (prev && strcmp(prev, r->algorithm)) {
                if (!here++)
                    fprintf(f, "%s    %s:", any++ ? "" : "\n", b);
                else
                    fputc(',', f);
                fprintf(f, " %d PEs (%s -> %s)", r->pes_lo, prev, r->algorithm);
            }
            prev = r->algorithm;
        }
        if (here)
            fputc('\n', f);
    }
    if (!any)
        fprintf(f, " none\n");
    free(s);
    return 0;
}

/* What a rule's times rest on, for the table's last column. */
static const char *rule_note(const ss_tune_rule_t *r)
{
    if (r->overlap)
        return r->fitted ? "fitted, intervals overlap" : "intervals overlap";
    return r->fitted ? "fitted" : "";
}

static void notes_legend(FILE *f, const ss_tune_t *t)
{
    int fitted = 0, overlap = 0;
    for (size_t k = 0; k < t->n; k++)
        for (size_t i = 0; i < t->tables[k].n; i++) {
            fitted |= t->tables[k].rules[i].fitted;
            overlap |= t->tables[k].rules[i].overlap;
        }
    if (fitted)
        fprintf(f, "\nfitted: some times of the rule are extrapolated by shmemsim "
                "scale, not simulated\n");
    if (overlap)
        fprintf(f, "%sintervals overlap: the runner-up's 95%% prediction interval "
                "reaches the winner's, so either may be the faster there\n",
                fitted ? "" : "\n");
}

static int write_table(FILE *f, const ss_tune_t *t)
{
    size_t used = 0;
    for (size_t i = 0; i < t->src->n; i++)
        used += (size_t)ss_tune_row_used(t, &t->src->rows[i]);
    fprintf(f, "tuning table: platform %s, model %s, %d PE(s) per host, %zu "
            "rows\n", *t->platform ? t->platform : "-",
            *t->model ? t->model : "-", t->ppn, used);
    for (size_t k = 0; k < t->n; k++) {
        const ss_tune_table_t *tab = &t->tables[k];
        fprintf(f, "\n%s\n  %-12s %-24s %-20s %-11s %-20s %-8s %s\n", tab->collective,
                "PEs", "sizes", "algorithm", "time", "runner-up", "margin", "note");
        for (size_t i = 0; i < tab->n; i++) {
            const ss_tune_rule_t *r = &tab->rules[i];
            char p[32], s[80], tm[32], m[32];
            pes_text(r, p, sizeof p);
            sizes_text(r, s, sizeof s);
            ss_format_seconds(r->time_s, tm, sizeof tm);
            double x = margin(r);
            snprintf(m, sizeof m, isnan(x) ? "-" : "+%.1f%%", 100 * x);
            fprintf(f, "  %-12s %-24s %-20s %-11s %-20s %-8s %s\n", p, s,
                    r->algorithm, tm, r->runner_up ? r->runner_up : "-", m,
                    rule_note(r));
        }
        size_crossovers(f, tab);
        if (pes_crossovers(f, t, tab))
            return -1;
    }
    notes_legend(f, t);
    return 0;
}

/* Exact shortest reals as in run's CSV; non-finite ones empty. */
static void real_text(double x, char *buf, size_t len)
{
    if (isfinite(x))
        ss_format_real(x, buf, len);
    else
        buf[0] = '\0';
}

static void write_csv(FILE *f, const ss_tune_t *t)
{
    fprintf(f, "collective,pes_lo,pes_hi,bytes_lo,bytes_hi,algorithm,time_s,"
            "runner_up,runner_up_s,margin,method,overlap\n");
    for (size_t k = 0; k < t->n; k++)
        for (size_t i = 0; i < t->tables[k].n; i++) {
            const ss_tune_rule_t *r = &t->tables[k].rules[i];
            char ph[16] = "", bh[32] = "", a[40], b[40], c[40];
            if (r->pes_hi != SS_TUNE_PES_MAX)
                snprintf(ph, sizeof ph, "%d", r->pes_hi);
            if (r->bytes_hi != SS_TUNE_BYTES_MAX)
                snprintf(bh, sizeof bh, "%zu", r->bytes_hi);
            real_text(r->time_s, a, sizeof a);
            real_text(r->runner_up_s, b, sizeof b);
            real_text(margin(r), c, sizeof c);
            fprintf(f, "%s,%d,%s,%zu,%s,%s,%s,%s,%s,%s,%s,%d\n",
                    t->tables[k].collective, r->pes_lo, ph, r->bytes_lo, bh,
                    r->algorithm, a, r->runner_up ? r->runner_up : "", b, c,
                    r->fitted ? "fitted" : "simulated", r->overlap);
        }
}

/* ---- the command ------------------------------------------------------ */

static int copy_out(FILE *tmp, const char *path)
{
    char buf[8192];
    size_t n;
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f)
        return ss_fail(SS_EXIT_SYSTEM, "cannot write '%s'", path);
    rewind(tmp);
    while ((n = fread(buf, 1, sizeof buf, tmp)) > 0)
        if (fwrite(buf, 1, n, f) != n)
            break;
    int bad = ferror(tmp) || ferror(f);
    bad |= path ? fclose(f) : fflush(f);
    return bad ? ss_fail(SS_EXIT_SYSTEM, "write failed") : 0;
}

static int run(const tune_opts_t *o, int own, const ss_tune_format_t *fmt,
               ss_results_t *rows, FILE *tmp)
{
    char err[600];
    ss_tune_t t;
    size_t failed = 0;
    for (size_t i = 0; i < rows->n; i++)
        failed += rows->rows[i].checked == 0;
    if (ss_tune_build(rows, o->platform, &t, err, sizeof err))
        return ss_fail(SS_EXIT_INPUT, "%s", err);
    if (failed)
        fprintf(stderr, "shmemsim: note: %zu row(s) whose check FAILED were "
                "ignored\n", failed);
    t.target_pes = (int)o->pes;
    int rc = 0;
    if (o->check)
        rc = ss_tune_check(tmp, &t, fmt, err, sizeof err)
                 ? ss_fail(SS_EXIT_INPUT, "%s", err) : 0;
    else if (fmt)
        rc = fmt->write(tmp, stderr, &t, err, sizeof err)
                 ? ss_fail(SS_EXIT_INPUT, "%s", err) : 0;
    else if (own == SS_FMT_CSV)
        write_csv(tmp, &t);
    else if (write_table(tmp, &t))
        rc = ss_fail(SS_EXIT_SYSTEM, "out of memory");
    ss_tune_free(&t);
    return rc;
}

int ss_cmd_tune(int argc, char **argv)
{
    tune_opts_t o = {.format = ss_format_names[SS_FMT_TABLE]};
    const ss_tune_format_t *fmt;
    char err[600];
    int own;
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return print_help(), 0;
    if (parse_opts(argc, argv, &o))
        return SS_EXIT_USAGE;
    if (find_format(o.format, &own, &fmt))
        return SS_EXIT_USAGE;
    if (o.check && (!fmt || !fmt->plan))
        return ss_fail(SS_EXIT_USAGE, "--check re-simulates what a runtime runs: "
                       "use it with --format ucc or sos");
    if (o.pes && (!fmt || !strcmp(fmt->name, "ucc")))
        return ss_fail(SS_EXIT_USAGE, "--pes is for the formats that hold one "
                       "algorithm per collective (sos, ompi-mca); table, csv and "
                       "ucc cover all PE counts");
    ss_results_t all, rows;
    int rc = strcmp(o.in, "-") ? ss_results_load(o.in, &all, err, sizeof err)
                               : ss_results_read(stdin, "(stdin)", &all, err,
                                                 sizeof err);
    if (rc)
        return ss_fail(SS_EXIT_INPUT, "%s", err);
    FILE *tmp = NULL;
    if (!(rc = filter_rows(&all, &o, &rows))) {
        if (!(tmp = tmpfile()))
            rc = ss_fail(SS_EXIT_SYSTEM, "cannot create a temporary file");
        else if (!(rc = run(&o, own, fmt, &rows, tmp)))
            rc = copy_out(tmp, o.out);
        free(rows.rows);
    }
    if (tmp)
        fclose(tmp);
    ss_results_free(&all);
    return rc;
}
