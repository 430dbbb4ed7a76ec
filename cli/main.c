/* main.c - the `shmemsim` command: dispatch to one subcommand per file. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "fail.h"

static const char usage[] =
    "usage: shmemsim COMMAND [options]\n\n"
    "Simulates OpenSHMEM collectives on a modeled network (SimGrid).\n\n"
    "commands:\n"
    "  run    simulate one collective over sizes and print its times\n"
    "  demo   a scaling study: fcollect on aries-xc, 64 to 100,000 PEs\n"
    "  list   the algorithms of every collective, network models, presets\n"
    "  sweep  run many points (algorithms x PEs x sizes x platforms) into one CSV\n"
    "  tune   best algorithm per PE and size range, as runtime tuning files\n"
    "  plot   charts (PNG, SVG) of sweep results, drawn by gnuplot\n"
    "  scale  times at PE counts too large to simulate: simulate the small\n"
    "         ones, fit, extrapolate with prediction intervals\n"
    "  platform SPEC [-o FILE|--describe]  write a topology spec or preset as\n"
    "         SimGrid XML, or say what it is made of\n"
    "  calibrate  fit the loggp model's costs to OSU Micro-Benchmarks output\n"
    "         from a real machine and write a platform spec\n\n"
    "`shmemsim COMMAND --help` lists the options of a command.\n";

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"run", ss_cmd_run},       {"platform", ss_cmd_platform},
    {"list", ss_cmd_list},     {"sweep", ss_cmd_sweep},
    {"tune", ss_cmd_tune},     {"plot", ss_cmd_plot},
    {"demo", ss_cmd_demo},     {"scale", ss_cmd_scale},
    {"calibrate", ss_cmd_calibrate},
};


/* Leaves without SimGrid's teardown: the engine frees every host, link and
 * zone at exit (docs/performance.md: its cost), and nothing is left to
 * write once the streams are flushed. Sanitized builds leave normally, so
 * the leak checker still sees the simulator's frees. */
static int leave(int rc)
{
#ifndef __SANITIZE_ADDRESS__
    if (fflush(NULL) != 0 && rc == 0)
        rc = ss_fail(SS_EXIT_SYSTEM, "cannot write the output");
    _exit(rc);
#endif
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? SS_EXIT_USAGE : SS_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return leave(commands[i].run(argc, argv));
    ss_fail(SS_EXIT_USAGE, "unknown command '%s'", argv[1]);
    fprintf(stderr, "\n%s", usage);
    return SS_EXIT_USAGE;
}
