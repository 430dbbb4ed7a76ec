/* sweep_slurm.c - `shmemsim sweep --emit-slurm`: the sweep as a Slurm
 * array job script, the command that merges its parts, and --merge.
 *
 * Task I of K runs `--part I/K` (the points whose index mod K is I), so
 * tasks get interleaved points: the PE counts and algorithms that cost the
 * most are spread over all tasks instead of landing on the last ones. The
 * script repeats the sweep's own arguments, each quoted for bash, and
 * changes to the folder it was written in, so relative platform paths and
 * outputs mean what they meant here (the platform column of the CSV holds
 * the --platform text as given, and the merge matches rows by it).
 */
#define _POSIX_C_SOURCE 200809L
#include "fail.h"
#include "sweep.h"

#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One bash word: as is when it holds only characters bash leaves alone,
 * else single-quoted (specs hold commas, paths may hold spaces). */
static int plain(const char *w)
{
    static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                               "0123456789_./:=@%+,-";
    return *w && strspn(w, safe) == strlen(w);
}

static void put_word(FILE *f, const char *w)
{
    if (plain(w)) {
        fputs(w, f);
        return;
    }
    fputc('\'', f);
    for (; *w; w++) {
        if (*w == '\'')
            fputs("'\\''", f);
        else
            fputc(*w, f);
    }
    fputc('\'', f);
}

/* The sweep's own words, without -o and the mode options. */
static void put_sweep(FILE *f, const ss_sweep_t *s, const char *exe)
{
    put_word(f, exe);
    fputs(" sweep", f);
    for (size_t i = 0; i < s->nplat; i++) {
        fputs(" --platform ", f);
        put_word(f, s->plats[i]);
    }
    const char *kv[] = {"--collective", s->colls_arg, "--pes", s->pes_arg, "--algorithm",
                        s->algs_arg, "--bytes", s->bytes_arg};
    for (size_t i = 0; i < 8; i++) {
        fputc(' ', f);
        put_word(f, kv[i]);
    }
    for (size_t i = 0; i < s->npass; i++) {
        fputc(' ', f);
        put_word(f, s->pass[i]);
    }
    if (s->jobs > 1)
        fprintf(f, " -j %d", s->jobs);
}

/* OUT without a trailing .csv: the parts are BASE.part-I.csv. */
static char *part_base(const char *out)
{
    size_t n = strlen(out);
    char *b = strdup(out);
    if (b && n > 4 && !strcmp(out + n - 4, ".csv"))
        b[n - 4] = '\0';
    return b;
}

static void put_merge(FILE *f, const ss_sweep_t *s, const char *exe, const char *base,
                      const char *out)
{
    char *pat = malloc(strlen(base) + 16);
    put_sweep(f, s, exe);
    fputs(" --merge ", f);
    if (pat) {
        sprintf(pat, "%s.part-*.csv", base);
        put_word(f, pat);
    }
    fputs(" -o ", f);
    put_word(f, out);
    free(pat);
}

static int write_script(FILE *f, const ss_sweep_t *s, const char *exe, const char *cwd,
                        const char *base, const char *out, long k)
{
    fprintf(f, "#!/bin/bash\n"
            "# shmemsim sweep as a Slurm array job: %zu points over %ld tasks.\n"
            "# Task I runs the points whose index mod %ld is I into %s.part-I.csv;\n"
            "# a task run again resumes its part. When all have finished:\n#   ",
            s->npt, k, k, base);
    put_merge(f, s, exe, base, out);
    fprintf(f, "\n#SBATCH --job-name=shmemsim-sweep\n#SBATCH --array=0-%ld\n"
            "#SBATCH --ntasks=1\n", k - 1);
    if (s->jobs > 1)
        fprintf(f, "#SBATCH --cpus-per-task=%d\n", s->jobs);
    if (plain(base))         /* sbatch reads these lines itself, not bash */
        fprintf(f, "#SBATCH --output=%s.part-%%a.log\n", base);
    fputs("set -eu\n"
          "I=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch (or set "
          "SLURM_ARRAY_TASK_ID)}\ncd ", f);
    put_word(f, cwd);
    fputs("\nexec ", f);
    put_sweep(f, s, exe);
    fprintf(f, " --part \"$I/%ld\" -o ", k);
    put_word(f, base);
    fputs(".part-\"$I\".csv\n", f);
    return ferror(f);
}

int ss_sweep_emit_slurm(const ss_sweep_t *s, const char *out, const char *script, long tasks)
{
    long k = tasks ? tasks : (long)(s->npt < 1000 ? s->npt : 1000);
    if ((size_t)k > s->npt)
        return ss_fail(SS_EXIT_USAGE, "--tasks %ld is more than the %zu points", k,
                       s->npt);
    static char exe[PATH_MAX], cwd[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *base = part_base(out);
    FILE *f = fopen(script, "w");
    int bad = n <= 0 || !getcwd(cwd, sizeof cwd) || !base || !f;
    exe[n > 0 ? n : 0] = '\0';
    if (f)
        bad |= write_script(f, s, exe, cwd, base ? base : "", out, k) | fclose(f);
    if (!bad) {
        fprintf(stderr, "shmemsim: wrote %s: %zu points over %ld array tasks. Submit "
                "it (first line below), then merge the parts (second line):\n",
                script, s->npt, k);
        fputs("sbatch ", stdout);
        put_word(stdout, script);
        putchar('\n');
        put_merge(stdout, s, exe, base, out);
        putchar('\n');
    } else {
        ss_fail(SS_EXIT_SYSTEM, "cannot write the script '%s' (is its folder "
                "writable?)", script);
    }
    free(base);
    return bad ? SS_EXIT_SYSTEM : SS_EXIT_OK;
}

/* Names the points no part holds (the first ten); OUT has the others. */
static int report_missing(const ss_sweep_t *s, const char *out)
{
    size_t missing = 0, shown = 0;
    char name[160];
    for (size_t i = 0; i < s->npt; i++)
        missing += !ss_sweep_done(s, &s->pt[i]);
    if (!missing)
        return 0;
    ss_fail(SS_EXIT_FAILED, "%zu of %zu points are in no part file; '%s' holds "
            "the others. Run their array tasks again, or the same sweep without "
            "--merge (it resumes from '%s' and runs only these):", missing,
            s->npt, out, out);
    for (size_t i = 0; i < s->npt && shown < 10; i++)
        if (!ss_sweep_done(s, &s->pt[i])) {
            ss_sweep_point_name(s, &s->pt[i], name, sizeof name);
            fprintf(stderr, "  #%zu %s\n", i, name);
            shown++;
        }
    if (missing > shown)
        fprintf(stderr, "  ... and %zu more\n", missing - shown);
    return 1;
}

/* Each argument is a file name or a glob (quoted, so that the shell did
 * not expand it: a thousand part names would not fit a command line). */
int ss_sweep_merge(ss_sweep_t *s, const char *out, const char *const *parts, size_t n)
{
    char err[600];
    size_t files = 0;
    for (size_t m = 0; m < n; m++) {
        glob_t g;
        int bad = glob(parts[m], 0, NULL, &g);
        if (bad)
            snprintf(err, sizeof err, "--merge: no file matches '%s'", parts[m]);
        for (size_t i = 0; !bad && i < g.gl_pathc; i++, files++)
            bad = ss_sweep_load(s, g.gl_pathv[i], 0, 0, err, sizeof err);
        globfree(&g);
        if (bad)
            return ss_fail(SS_EXIT_INPUT, "%s", err);
    }
    ss_sweep_drop_partial(s);
    if (ss_sweep_write(s, out, err, sizeof err))
        return ss_fail(SS_EXIT_SYSTEM, "%s", err);
    if (report_missing(s, out))
        return SS_EXIT_FAILED;
    fprintf(stderr, "shmemsim: sweep: merged %zu part files: all %zu points in '%s'\n",
            files, s->npt, out);
    return 0;
}
