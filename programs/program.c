/* program.c - shmemsim_main (shmemsim.h): a user's own PE function run
 * with the simulator's command-line options. */
#include <simgrid/actor.h>
#include <stdio.h>
#include <string.h>

#include "fail.h"
#include "shmemsim.h"
#include "ss_config.h"
#include "options.h"

int shmemsim_main(int argc, char **argv, void (*pe_main)(void *), void *arg)
{
    ss_config_t cfg;
    if (sg_actor_self())     /* a main built with shmemsim-cc runs on a PE */
        return ss_fail(SS_EXIT_USAGE, "shmemsim_main called on a simulated PE: "
                       "a program that brings its own PE function is built "
                       "with cc and the simulator's libraries (docs/programs.md), not "
                       "shmemsim-cc");
    ss_config_defaults(&cfg);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: %s --platform FILE --pes N [options]\n\n"
                   "Runs this program's PE function on every simulated PE.\n\n"
                   "options:\n%s", argv[0], ss_option_common_help);
            return 0;
        }
        int r = ss_option_common(argc, argv, &i, &cfg);
        if (r < 0)
            return SS_EXIT_USAGE;
        if (r == 0)
            return ss_fail(SS_EXIT_USAGE, "unknown option '%s' (see --help)",
                           argv[i]);
    }
    if (ss_option_finish(&cfg))
        return SS_EXIT_USAGE;
    return ss_world_run(&cfg, pe_main, arg);
}
