/* run_options.c - the options of running a program (run_options.h): the
 * common simulation options (options.c) and the collectives' tuning
 * knobs. `shmemsim run`'s options about its one measured collective mean
 * nothing for a program, which runs its own: they get an error saying
 * what to use instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "options.h"
#include "parse.h"
#include "run_options.h"
#include "ss_driver.h"

const char ss_program_option_help[] =
    "  --radix K         radix of the collectives' trees, for algorithms\n"
    "                    that have one (default: $SHMEMSIM_COLL_RADIX, else\n"
    "                    the algorithm's)\n"
    "  --segment SIZE    pipeline segment of pipelined broadcasts (default:\n"
    "                    $SHMEMSIM_COLL_SEGMENT, else the algorithm's)\n"
    "  --leader ALG      what the node-aware (node_aware) collectives run\n"
    "                    among node leaders (default: $SHMEMSIM_COLL_LEADER,\n"
    "                    else theirs)\n"
    "  --compute none|measured[:FACTOR]\n"
    "                    computation between OpenSHMEM calls: free (none,\n"
    "                    the default: runs are byte-identical), or each PE's\n"
    "                    CPU time on this machine x FACTOR (default 1: the\n"
    "                    target core's speed against this one), charged as\n"
    "                    simulated time; measured runs differ from one to\n"
    "                    the next. A program may charge time itself with\n"
    "                    shmemsim_compute(seconds) (shmemsim.h)\n";

static const char *const run_only[] = {
    "--collective", "--algorithm", "--bytes", "--root", "--op", "--type",
    "--format", "--check", NULL};

void ss_program_defaults(ss_config_t *cfg)
{
    ss_config_defaults(cfg);
    cfg->stack_kib = SS_PROGRAM_STACK_KIB > SS_STACK_KIB_DEFAULT
                         ? SS_PROGRAM_STACK_KIB : SS_STACK_KIB_DEFAULT;
}

static int knob(int argc, char **argv, int *i, ss_config_t *cfg)
{
    char err[256];
    const char *o = argv[*i];
    long x;
    if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see --help)", o), -1;
    const char *v = argv[++*i];
    if (!strcmp(o, "--leader")) {
        if (ss_option_leader(v, &cfg->leader))
            return -1;
    } else if (!strcmp(o, "--radix")) {
        if (ss_parse_long(v, 2, 1 << 20, &x, o, err, sizeof err))
            goto bad;
        cfg->radix = (int)x;
    } else if (ss_parse_size(v, &cfg->segment, err, sizeof err)) {
        goto bad;
    }
    return 1;
bad:
    return ss_fail(SS_EXIT_USAGE, "%s%s%s", strstr(err, o) ? "" : o,
                   strstr(err, o) ? "" : ": ", err), -1;
}

/* --compute none | measured | measured:FACTOR */
static int compute(int argc, char **argv, int *i, ss_config_t *cfg)
{
    const char *v = *i + 1 < argc ? argv[++*i] : "";
    char *end = NULL;
    double f = 1.0;
    if (!strcmp(v, "none")) {
        cfg->compute_factor = 0;
        return 1;
    }
    if (!strncmp(v, "measured", 8) && (!v[8] || (v[8] == ':' &&
        (f = strtod(v + 9, &end)) > 0 && f <= 1e6 && end != v + 9 && !*end))) {
        cfg->compute_factor = f;
        return 1;
    }
    return ss_fail(SS_EXIT_USAGE, "--compute '%s': expected none, measured or "
                   "measured:FACTOR with FACTOR a number above 0 (e.g. "
                   "measured:0.5 for a core twice as fast as this one)", v), -1;
}

int ss_program_option(int argc, char **argv, int *i, ss_config_t *cfg)
{
    const char *o = argv[*i];
    if (!strcmp(o, "--radix") || !strcmp(o, "--segment") ||
        !strcmp(o, "--leader"))
        return knob(argc, argv, i, cfg);
    if (!strcmp(o, "--compute"))
        return compute(argc, argv, i, cfg);
    for (int k = 0; run_only[k]; k++)
        if (!strcmp(o, run_only[k]))
            return ss_fail(SS_EXIT_USAGE, "%s is an option of `shmemsim run`, "
                           "which measures one collective; a program runs its "
                           "own collectives: choose their algorithms with "
                           "$SHMEMSIM_<KIND>_ALGORITHM or $SHMEMSIM_TUNE_FILE "
                           "(shmemsim-run --help)", o), -1;
    return ss_option_common(argc, argv, i, cfg);
}
