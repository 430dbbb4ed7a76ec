/* cmd_plot.c - shmemsim plot (placeholder until written). */
#include <stdio.h>
#include "ss_commands.h"

int ss_cmd_plot(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("shmemsim: error: plot is not written yet\n", stderr);
    return 2;
}
