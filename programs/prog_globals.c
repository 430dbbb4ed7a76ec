#define _GNU_SOURCE
/* prog_globals.c - the program's global and static variables as regions
 * that every PE has its own copy of (sim/pe/ss_priv.c does the copying).
 *
 * shmemsim-cc gathers the writable data of the program's own objects
 * into two sections (its linker script, shmemsim_cc.c): shmemsim_priv_data
 * (.data and its variants) and shmemsim_priv_bss (.bss, COMMON). This
 * library's own per-PE state is a third, small section, shmemsim_priv_lib
 * (SS_PER_PE). The linker gives each section __start_ and __stop_
 * symbols. The program's constructors and
 * destructors (.init_array, .fini_array) are moved to shmemsim_ctors and
 * shmemsim_dtors so that the loader does not run them once for the
 * process: each PE runs them into its own copy. */
#include <getopt.h>
#include <stdint.h>

#include "prog.h"
#include "ss_priv.h"

#define SS_WEAK __attribute__((weak))
extern unsigned char __start_shmemsim_priv_data[] SS_WEAK,
    __stop_shmemsim_priv_data[] SS_WEAK;
extern unsigned char __start_shmemsim_priv_bss[] SS_WEAK,
    __stop_shmemsim_priv_bss[] SS_WEAK;
extern unsigned char __start_shmemsim_priv_lib[] SS_WEAK,
    __stop_shmemsim_priv_lib[] SS_WEAK;

typedef void (*ss_ctor_t)(int argc, char **argv, char **envp);
typedef void (*ss_dtor_t)(void);
extern ss_ctor_t __start_shmemsim_ctors[] SS_WEAK, __stop_shmemsim_ctors[] SS_WEAK;
extern ss_dtor_t __start_shmemsim_dtors[] SS_WEAK, __stop_shmemsim_dtors[] SS_WEAK;

/* libc's getopt state is one set of variables for the process; each PE
 * parses its own argv, so each gets its own (saved and restored on every
 * PE switch). Starts as POSIX says. */
static struct {
    int optind, opterr, optopt;
    char *optarg;
} getopt_state SS_PER_PE = {1, 1, '?', NULL};

static void save_libc(void)
{
    getopt_state.optind = optind;
    getopt_state.opterr = opterr;
    getopt_state.optopt = optopt;
    getopt_state.optarg = optarg;
}

static void restore_libc(void)
{
    optind = getopt_state.optind;
    opterr = getopt_state.opterr;
    optopt = getopt_state.optopt;
    optarg = getopt_state.optarg;
}

/* A section [lo, stop); absent (the program has no such data): empty. */
static ss_priv_region_t region(unsigned char *lo, unsigned char *stop)
{
    ss_priv_region_t r = {lo, lo && stop > lo ? (size_t)(stop - lo) : 0};
    return r;
}

int ss_prog_globals(int npes, char *err, size_t errlen)
{
    ss_priv_region_t r[3] = {
        region(__start_shmemsim_priv_data, __stop_shmemsim_priv_data),
        region(__start_shmemsim_priv_bss, __stop_shmemsim_priv_bss),
        region(__start_shmemsim_priv_lib, __stop_shmemsim_priv_lib),
    };
    ss_priv_hooks_t hooks = {save_libc, restore_libc};
    return ss_priv_enable(r, 3, npes, &hooks, err, errlen);
}

void ss_prog_constructors(int argc, char **argv, char **envp)
{
    for (ss_ctor_t *f = __start_shmemsim_ctors; f && f < __stop_shmemsim_ctors; f++)
        if (*f && *f != (ss_ctor_t)(intptr_t)-1)   /* -1: an old .ctors end mark */
            (*f)(argc, argv, envp);
}

void ss_prog_destructors(void)
{
    for (ss_dtor_t *f = __stop_shmemsim_dtors; f && f > __start_shmemsim_dtors;)
        if (*--f && *f != (ss_dtor_t)(intptr_t)-1)
            (*f)();
}
