/* commands.h - the shmemsim subcommands, one file each (cli/cmd_*.c).
 * Each takes the whole argv (argv[1] is the command) and returns the exit
 * status (fail.h). Internal to cli/. */
#ifndef SS_COMMANDS_H
#define SS_COMMANDS_H

int ss_cmd_run(int argc, char **argv);
int ss_cmd_list(int argc, char **argv);
int ss_cmd_platform(int argc, char **argv);
int ss_cmd_demo(int argc, char **argv);
int ss_cmd_sweep(int argc, char **argv);
int ss_cmd_tune(int argc, char **argv);
int ss_cmd_plot(int argc, char **argv);
int ss_cmd_scale(int argc, char **argv);
int ss_cmd_calibrate(int argc, char **argv);

#endif
