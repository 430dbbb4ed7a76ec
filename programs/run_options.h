/* run_options.h - the options of running a program built with
 * shmemsim-cc: shmemsim-run checks them and hands them to the program,
 * whose main (prog_main.c) parses them again the same way. Internal. */
#ifndef SS_RUN_OPTIONS_H
#define SS_RUN_OPTIONS_H

#include "ss_config.h"

/* Stack of each PE of a program, in KiB, when --stack-kib is not given.
 * The OSU and Sandia clients use at most 6.8 KiB (SHMEMSIM_STACK_REPORT;
 * printf and the runtime's calls under main), but a program's own
 * locals come on top (a char[8192] line buffer is common), so twice
 * `shmemsim run`'s 16: 100,000 PEs then take 3.2 GB of stacks, and
 * --stack-kib 16 halves that for big runs of small programs. */
#define SS_PROGRAM_STACK_KIB 32

/* argv[1] of a program that shmemsim-run starts: the options follow, up
 * to SS_PROGRAM_END, then the program's own arguments. */
#define SS_PROGRAM_BEGIN "--shmemsim-run"
#define SS_PROGRAM_END "--shmemsim-end"

/* The config of a program run before its options. */
void ss_program_defaults(ss_config_t *cfg);

/* If argv[*i] is an option of a program run, consume it (and its value)
 * into cfg, advance *i and return 1; 0 if it is not one (not even of
 * `shmemsim run`); print an error and return -1 on a bad value or an
 * option that only `shmemsim run` has. */
int ss_program_option(int argc, char **argv, int *i, ss_config_t *cfg);

extern const char ss_program_option_help[];

#endif
