/* cmd_sweep.c - shmemsim sweep (placeholder until written). */
#include <stdio.h>
#include "ss_commands.h"

int ss_cmd_sweep(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("shmemsim: error: sweep is not written yet\n", stderr);
    return 2;
}
