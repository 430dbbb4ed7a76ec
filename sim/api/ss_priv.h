/* ss_priv.h - each PE's private copy of a program's global and static
 * variables, for unmodified programs built with shmemsim-cc (see
 * sim/pe/ss_priv.c for how, docs/programs.md for what).
 *
 * The program's writable data sits in a few regions of the executable
 * (shmemsim-cc gathers it there at link time). Every PE has its own copy
 * of each region, and whenever a PE runs, its copy is the one at the
 * regions' addresses: so a global has the same address on every PE, and
 * that address is a symmetric address (a put to it reaches the target's
 * copy). The runtime's own data and libc's stay shared. */
#ifndef SS_PRIV_H
#define SS_PRIV_H

#include <stddef.h>

typedef struct ss_priv_region {
    void *lo;        /* first byte */
    size_t len;      /* bytes from lo */
} ss_priv_region_t;

/* Called on every switch of PEs, in the actor of the PE that runs next:
 * save() while the leaving PE's data is still live (to move state kept
 * outside the regions, e.g. libc's getopt variables, into them), then
 * restore() once the next PE's is. Either may be NULL. */
typedef struct ss_priv_hooks {
    void (*save)(void);
    void (*restore)(void);
} ss_priv_hooks_t;

/* Before ss_world_run: snapshot the regions as every PE's starting image
 * and give each of npes PEs its copy (made when the PE first runs).
 * Returns 0, or -1 with a message in err. */
int ss_priv_enable(const ss_priv_region_t *r, int n, int npes,
                   const ss_priv_hooks_t *hooks, char *err, size_t errlen);

/* First thing in a PE's function: its copy is live from here on. Stops
 * the run with an error if PE switches are not being seen. */
void ss_priv_enter(void);

/* After ss_world_run: the starting image back in place, copies freed. */
void ss_priv_disable(void);

typedef struct ss_priv_stats {
    size_t copied;               /* bytes per PE switched by copying */
    size_t remapped;             /* bytes per PE switched by remapping */
    unsigned long long switches; /* PE switches that moved data */
} ss_priv_stats_t;
ss_priv_stats_t ss_priv_stats(void);

#endif
