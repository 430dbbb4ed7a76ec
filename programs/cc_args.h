/* cc_args.h - how shmemsim-cc reads a compiler command line: which
 * arguments are sources, objects, the output, flags for compiling and
 * flags for linking (shmemsim-cc compiles and links in separate steps,
 * with its own step in between). Internal to programs/. */
#ifndef SS_CC_ARGS_H
#define SS_CC_ARGS_H

#include <stddef.h>

typedef struct ss_strv {
    const char **v;
    size_t n, cap;
} ss_strv_t;

/* Appends s (not copied); exits on out of memory. */
void ss_strv_add(ss_strv_t *l, const char *s);

enum { SS_IN_C, SS_IN_CXX, SS_IN_OBJECT };

typedef struct ss_cc_input {
    const char *path;
    int kind;                  /* SS_IN_* */
} ss_cc_input_t;

typedef struct ss_cc_plan {
    int compile_only;          /* -c, -S, -E, -M, -MM, -fsyntax-only */
    int cxx;                   /* a C++ source among the inputs */
    int lang;                  /* -x was given (only with compile_only) */
    const char *output;        /* -o, or NULL */
    ss_strv_t compile;         /* flags to compile a source with */
    ss_strv_t link;            /* flags and libraries for the final link */
    ss_cc_input_t *in;         /* sources, objects and archives, in order */
    size_t nin;
} ss_cc_plan_t;

/* Reads argv[1..]; 0, or prints "shmemsim-cc: error: ..." and returns
 * non-zero. */
int ss_cc_plan(int argc, char **argv, ss_cc_plan_t *p);
/* Releases what ss_cc_plan allocated (the strings stay argv's). */
void ss_cc_plan_free(ss_cc_plan_t *p);

#endif
