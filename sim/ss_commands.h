/* ss_commands.h - the shmemsim subcommands that live in their own files.
 * Each takes the whole argv (argv[1] is the command) and returns the exit
 * status. Internal to sim/. */
#ifndef SS_COMMANDS_H
#define SS_COMMANDS_H

int ss_cmd_sweep(int argc, char **argv);
int ss_cmd_tune(int argc, char **argv);
int ss_cmd_plot(int argc, char **argv);

#endif
