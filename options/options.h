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
/* The model a run with model options m takes on `platform` at npes PEs
 * (loggp on a platform with costs unless --model was given), as the
 * model column names it (ss_model_label). */
const char *ss_option_model_name(const ss_model_t *m, const char *platform,
                                 int npes);

extern const char ss_option_common_help[];

/* --op / --type values: the shcoll_op_t / shcoll_type_t they name, or -1. */
int ss_option_op(const char *v);
int ss_option_type(const char *v);
/* opt (--op or --type) = v into *op or *type; an unknown value is
 * reported, -1. */
int ss_option_op_type(const char *opt, const char *v, int *op, int *type);
/* --leader v: *leader = v when node_aware can run it among node leaders;
 * else a usage error naming the choices, and -1. */
int ss_option_leader(const char *v, const char **leader);

/* "fcollect, collect, ... or alltoall": the collectives, into buf. */
const char *ss_option_kinds(char *buf, size_t len);

/* Run options a command passes through to its `shmemsim run` children
 * (sweep, scale): the common ones above and --radix, --segment, --root,
 * --op, --type, --check. Each is checked when parsed, so that a typo
 * fails before anything runs, and kept (option, value) in argv. */
typedef struct ss_passthrough {
    char **argv;          /* the caller's, room for argc entries */
    size_t n;
    ss_config_t cfg;      /* what the common options set */
    int root, op, type;   /* broadcast root; reduce op and type */
} ss_passthrough_t;

/* argv: room for as many entries as the command line has. */
void ss_passthrough_init(ss_passthrough_t *pt, char **argv);

/* 1 if argv[*i] was a run option (consumed, with its value), 0 if not,
 * -1 after printing an error. */
int ss_option_passthrough(int argc, char **argv, int *i, ss_passthrough_t *pt);

/* One network model for every point of a sweep or ladder: with
 * --small-msg left at auto, the small-message model for all of them when
 * the largest PE count, max_pes, takes it, else SimGrid's flows for all;
 * passed on to every child (argv needs room for 2 more entries). */
void ss_passthrough_one_model(ss_passthrough_t *pt, int max_pes);

/* What a run of collective kind refuses at any of the PE counts pes[] and
 * sizes bytes[], caught before anything runs: the root is a PE at every
 * PE count, an fcollect's or alltoall's buffer fits the address space,
 * the op is defined on the type, a reduce's sizes are whole elements.
 * Reports and returns -1. */
int ss_option_check_run(int kind, int root, int op, int type, const int *pes,
                        size_t npes, const size_t *bytes, size_t nsizes);

#endif
