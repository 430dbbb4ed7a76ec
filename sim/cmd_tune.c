/* cmd_tune.c - shmemsim tune (placeholder until written). */
#include <stdio.h>
#include "ss_commands.h"

int ss_cmd_tune(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("shmemsim: error: tune is not written yet\n", stderr);
    return 2;
}
