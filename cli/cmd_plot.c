/* cmd_plot.c - shmemsim plot: charts of result CSV, drawn by gnuplot.
 *
 * The script comes from traces/plot/plot.c; this file reads the options and
 * the CSV, keeps the script if asked, and runs gnuplot on it. gnuplot is
 * spawned directly (posix_spawnp, script on a pipe to its stdin), not
 * through a shell, so a missing gnuplot is told apart from a failing one
 * and nothing in a path is ever interpreted by a shell.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parse.h"
#include "plot.h"
#include "results.h"
#include "commands.h"
#include "fail.h"

extern char **environ;

static const char plot_help[] =
    "usage: shmemsim plot RESULTS.csv -o OUT.png|OUT.svg [options]\n\n"
    "Draws a chart of result rows (the CSV of shmemsim run --format csv or\n"
    "shmemsim sweep) with gnuplot, one line per algorithm.\n\n"
    "  --chart size       time vs bytes, log-log, at one PE count (default)\n"
    "  --chart pes        time vs PEs, log-log, at one size (--bytes)\n"
    "  --chart slowdown   each algorithm's time / the fastest one's at each\n"
    "                     size, at one PE count: the fastest is 1\n"
    "  -o FILE            the image; .png or .svg picks the format\n"
    "  --collective C, --platform P, --model M, --ppn N, --pes N, --bytes SIZE\n"
    "                     pick the rows to draw. Each is needed only when the\n"
    "                     file holds several values of that column (the error\n"
    "                     then lists them); --bytes is for --chart pes only,\n"
    "                     --pes for the other two. --platform also takes\n"
    "                     a platform file's base name.\n"
    "  --yscale auto|linear|log  slowdown axis (auto: log when the slowest is\n"
    "                     over 10x the fastest); time axes are always log\n"
    "  --title TEXT       replaces the title (collective, PEs or size,\n"
    "                     platform, model)\n"
    "  --script FILE      also write the gnuplot script, data inline, to\n"
    "                     restyle and rerun with `gnuplot FILE`\n\n"
    "Needs gnuplot on PATH (Debian: apt-get install gnuplot-nox). Exit\n"
    "status: 0 drawn, 2 bad options or input or no gnuplot, 1 gnuplot failed.\n\n"
    "example (where fcollect's fastest algorithm changes with size):\n"
    "  shmemsim run --platform platforms/fattree-64-tapered.xml --pes 64 \\\n"
    "      --collective fcollect --algorithm all --bytes 8:1M --fold 64K \\\n"
    "      --format csv > f.csv\n"
    "  shmemsim plot f.csv --chart slowdown -o fcollect.svg --script fcollect.gp\n";


typedef struct plot_args {
    ss_plot_opts_t o;
    const char *csv, *script;
} plot_args_t;

/* Options taking a value; returns 1 if argv[i] was one, -1 on a bad value. */
static int value_opt(plot_args_t *a, const char *opt, const char *v,
                     char *err, size_t errlen)
{
    static const char *const charts[] = {"size", "pes", "slowdown", NULL};
    static const char *const scales[] = {"auto", "linear", "log", NULL};
    long n;
    int k;
    if (!strcmp(opt, "--chart")) {
        if ((k = ss_match_choice(v, charts, "chart", err, errlen)) < 0)
            return -1;
        a->o.chart = (ss_chart_t)k;
    } else if (!strcmp(opt, "--yscale")) {
        if ((k = ss_match_choice(v, scales, "--yscale", err, errlen)) < 0)
            return -1;
        a->o.yscale = (ss_plot_yscale_t)k;
    } else if (!strcmp(opt, "--pes") || !strcmp(opt, "--ppn")) {
        if (ss_parse_long(v, 1, 1L << 30, &n, opt, err, errlen))
            return -1;
        *(opt[3] == 'e' ? &a->o.pes : &a->o.ppn) = (int)n;
    } else if (!strcmp(opt, "--bytes")) {
        char e[200];
        if (ss_parse_size(v, &a->o.bytes, e, sizeof e))
            return snprintf(err, errlen, "--bytes: %s", e), -1;
        a->o.has_bytes = 1;
    } else if (!strcmp(opt, "-o")) {
        a->o.output = v;
    } else if (!strcmp(opt, "--collective")) {
        a->o.collective = v;
    } else if (!strcmp(opt, "--platform")) {
        a->o.platform = v;
    } else if (!strcmp(opt, "--model")) {
        a->o.model = v;
    } else if (!strcmp(opt, "--title")) {
        a->o.title = v;
    } else if (!strcmp(opt, "--script")) {
        a->script = v;
    } else {
        return 0;
    }
    return 1;
}

static int takes_value(const char *s)
{
    static const char *const opts[] = {
        "--chart", "--yscale", "--pes", "--ppn", "--bytes", "-o",
        "--collective", "--platform", "--model", "--title", "--script", NULL,
    };
    for (const char *const *o = opts; *o; o++)
        if (!strcmp(s, *o))
            return 1;
    return 0;
}

/* 0 parsed, 1 --help shown, 2 error reported. */
static int parse_args(int argc, char **argv, plot_args_t *a)
{
    char err[300];
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--help") || !strcmp(s, "-h"))
            return fputs(plot_help, stdout), 1;
        int r = i + 1 < argc ? value_opt(a, s, argv[i + 1], err, sizeof err) : 0;
        if (r < 0)
            return ss_fail(SS_EXIT_USAGE, "%s", err);
        if (r > 0) {
            i++;
        } else if (s[0] == '-' && s[1]) {
            return ss_fail(SS_EXIT_USAGE, "%s '%s' (see shmemsim plot --help)",
                           i + 1 == argc && takes_value(s)
                           ? "missing value after" : "unknown option", s);
        } else if (a->csv) {
            return ss_fail(SS_EXIT_USAGE, "one results file only, got '%s' and "
                           "'%s' (see shmemsim plot --help)", a->csv, s);
        } else {
            a->csv = s;
        }
    }
    if (!a->csv)
        return ss_fail(SS_EXIT_USAGE, "shmemsim plot needs a RESULTS.csv (see "
                       "shmemsim plot --help)");
    if (!a->o.output)
        return ss_fail(SS_EXIT_USAGE, "shmemsim plot needs -o OUT.png or -o "
                       "OUT.svg");
    if (ss_plot_term_for(a->o.output, &a->o.term, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", err);
    return 0;
}

static int write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");
    int ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : ss_fail(SS_EXIT_SYSTEM, "cannot write '%s': %s", path,
                            strerror(errno));
}

/* Feeds the script to gnuplot and checks it made OUT. SIGPIPE is ignored
 * while writing so a gnuplot that dies early is an error, not our death. */
static int run_gnuplot(const char *script, size_t len, const char *out)
{
    int fd[2], st = 0, werr = 0;
    pid_t pid;
    posix_spawn_file_actions_t fa;
    char *args[] = {"gnuplot", NULL};
    /* Truncating OUT first checks it can be written (gnuplot only warns)
     * and keeps a stale image from passing for a new one. */
    FILE *probe = fopen(out, "w");
    if (!probe || fclose(probe))
        return ss_fail(SS_EXIT_SYSTEM, "cannot write '%s': %s", out,
                       strerror(errno));
    if (pipe(fd))
        return remove(out), ss_fail(SS_EXIT_SYSTEM, "cannot make a pipe to "
                                    "gnuplot");
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[0], 0);
    posix_spawn_file_actions_addclose(&fa, fd[1]);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    /* gnuplot falls back to stdout when it cannot open OUT: never let an
     * image land on our stdout. */
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, args, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[0]);
    if (rc) {
        close(fd[1]);
        remove(out);
        return ss_fail(SS_EXIT_SYSTEM, "%s", rc == ENOENT ? "gnuplot not found: "
                       "apt-get install gnuplot-nox (or put gnuplot on PATH)"
                       : "cannot start gnuplot");
    }
    struct sigaction ign = {0}, old;
    ign.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ign, &old);
    for (size_t done = 0; done < len && !werr;) {
        ssize_t w = write(fd[1], script + done, len - done);
        if (w < 0 && errno != EINTR)
            werr = 1;
        else if (w > 0)
            done += (size_t)w;
    }
    close(fd[1]);
    sigaction(SIGPIPE, &old, NULL);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    struct stat sb;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || werr ||
        stat(out, &sb) || sb.st_size == 0) {
        remove(out);
        return ss_fail(SS_EXIT_FAILED, "gnuplot did not draw '%s' (%s; its "
                       "messages are above; --script FILE keeps the script to "
                       "try by hand)", out, WIFEXITED(st) && WEXITSTATUS(st) == 0
                       ? "no file written" : "it failed");
    }
    return 0;
}

int ss_cmd_plot(int argc, char **argv)
{
    plot_args_t a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc == 1 ? 0 : rc;
    ss_results_t r;
    char err[600];
    if (ss_results_load(a.csv, &r, err, sizeof err))
        return ss_fail(SS_EXIT_INPUT, "%s", err);
    char *text = NULL;
    size_t len = 0, dropped = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        ss_results_free(&r);
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    }
    rc = ss_plot_write(f, &r, &a.o, &dropped, err, sizeof err);
    ss_results_free(&r);
    if (fclose(f) || rc) {
        free(text);
        return ss_fail(rc ? SS_EXIT_INPUT : SS_EXIT_SYSTEM, "%s",
                       rc ? err : "out of memory");
    }
    if (dropped)
        fprintf(stderr, "shmemsim: note: %zu row(s) with 0 bytes or 0 time "
                "left out (a log axis cannot show them)\n", dropped);
    rc = a.script ? write_file(a.script, text, len) : 0;
    if (!rc)
        rc = run_gnuplot(text, len, a.o.output);
    free(text);
    return rc;
}
