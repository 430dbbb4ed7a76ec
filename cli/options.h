/* options.h - the options every simulation takes (platform, PEs,
 * model, ...), shared by `shmemsim run` and by user programs. Internal. */
#ifndef SS_OPTIONS_H
#define SS_OPTIONS_H

#include "ss_config.h"

/* If argv[*i] is a common option, consume it (and its value) into cfg,
 * advance *i and return 1; return 0 if it is not one; print an error and
 * return -1 on a bad value. */
int ss_option_common(int argc, char **argv, int *i, ss_config_t *cfg);

/* Check what every run needs (platform, pes) and resolve what the
 * platform decides (PEs per host); print an error, return -1. */
int ss_option_finish(ss_config_t *cfg);

extern const char ss_option_common_help[];

/* --op / --type values: the shcoll_op_t / shcoll_type_t they name, or -1. */
int ss_option_op(const char *v);
int ss_option_type(const char *v);

#endif
