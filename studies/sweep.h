/* sweep.h - the pieces of `shmemsim sweep` (studies/, started by cli/cmd_sweep.c).
 *
 * A sweep is a list of points, each (platform, collective, PEs, algorithm)
 * run over all sizes by one child `shmemsim run` process. A point is the
 * unit of work, of resumption and of Slurm parts because it always runs
 * the same way: its rows are the same bytes whatever -j, the order the
 * points finish in, or an interruption. (One algorithm per process also
 * matters for the bytes: `run` runs several algorithms one after another
 * in one simulation, so first_start_s, last_end_s and the last digits of
 * time_s depend on what ran before.) The result file is therefore a
 * function of the arguments only once it is rewritten in canonical order
 * (point index order, rows in --bytes order).
 *
 * cmd_sweep.c parses the command line and drives; sweep.c holds the
 * points and their rows (reading result files back, canonical writes);
 * sweep_run.c runs points in child processes; sweep_slurm.c writes
 * the Slurm array job script and merges the parts.
 */
#ifndef SS_SWEEP_H
#define SS_SWEEP_H

#include <stddef.h>

#include "model.h"
#include "shcoll.h"

typedef struct ss_sweep_point {
    int plat;              /* index into ss_sweep_t.plats */
    int kind;              /* shcoll_kind_t */
    int pes;
    const char *alg;       /* registry name */
    char **rows;           /* nsizes CSV lines with their '\n'; NULL = absent */
    size_t have;           /* rows present */
    int selected;          /* in this --part (all points otherwise) */
} ss_sweep_point_t;

/* A caller that budgets its points (shmemsim scale) steers ss_sweep_run:
 * admit is asked before each point starts, with how many are running,
 * and answers SS_SWEEP_START, SS_SWEEP_SKIP (the point is left out: not
 * selected any more) or SS_SWEEP_WAIT (ask again when a running point
 * has finished; only while some run). finished is told each point's
 * outcome and wall-clock seconds. At deadline (CLOCK_MONOTONIC seconds;
 * 0: none) the points still running are killed and count as failed,
 * without the failure report of a crash (expired is then set). */
enum { SS_SWEEP_START, SS_SWEEP_SKIP, SS_SWEEP_WAIT };
typedef struct ss_sweep_hooks {
    int (*admit)(void *ctx, const struct ss_sweep_point *p, int running);
    void (*finished)(void *ctx, const struct ss_sweep_point *p, int ok,
                     double wall_s);
    void *ctx;
    double deadline;
    int expired;
} ss_sweep_hooks_t;

typedef struct ss_sweep {
    const char **plats;
    size_t nplat;
    int kinds[SHCOLL_NKINDS];
    size_t nkind;
    const char *algs[SHCOLL_NKINDS][64];   /* per position in kinds[] */
    size_t nalg[SHCOLL_NKINDS];
    int *pes;
    size_t npes;
    const char *colls_arg, *pes_arg, *algs_arg; /* as given, for scripts */
    const char *bytes_arg;                 /* as given, passed to children */
    int jobs;                              /* -j */
    const char *exe;                       /* this program, for children */
    size_t *bytes;                         /* parsed, in the order given */
    size_t nsizes;
    char **pass;                           /* run options passed through */
    size_t npass;
    const ss_model_t *model;               /* the run options' model: the
                                              model column expected on each
                                              platform (ss_option_model_name) */
    int ppn;                               /* expected ppn column */
    char *header;                          /* CSV header line with '\n' */
    ss_sweep_point_t *pt;
    size_t npt;
    struct ss_sweep_size_ix *by_size;            /* sizes sorted, for lookups */
    ss_sweep_hooks_t *hooks;               /* NULL: run every point */
    const size_t *order;                   /* npt indices: the order to start
                                              points in; NULL: their own */
    int quiet;                             /* no progress lines */
} ss_sweep_t;

/* Builds the header and the point list in canonical order from plats,
 * kinds, algs, pes and sizes (all filled by the caller); every point is
 * selected. -1 on out of memory. */
int ss_sweep_build(ss_sweep_t *s);
void ss_sweep_free(ss_sweep_t *s);

/* "fcollect ring pes=64 plat=NAME" (long platforms shortened). */
void ss_sweep_point_name(const ss_sweep_t *s, const ss_sweep_point_t *p, char *buf,
                   size_t len);

static inline int ss_sweep_done(const ss_sweep_t *s, const ss_sweep_point_t *p)
{
    return p->have == s->nsizes;
}

/* The most fields a row of a result file may have (it has 14). */
#define SS_SWEEP_MAX_FIELDS 32

/* Reads a result file into the points' rows. A missing file is fine when
 * missing_ok (returns 1); a last line without its '\n' (cut by a crash) is
 * dropped with a note. Every other row must be one of the points (selected
 * ones when how has SS_SWEEP_LOAD_SELECTED) with this sweep's model and
 * ppn, unless how has SS_SWEEP_LOAD_OTHERS (such rows are then skipped:
 * a cache shared by several sweeps), and agree with a row already read
 * for the same point and size; otherwise returns -1 with a message
 * (file:line: what, how to fix) in err. 0 on success. */
enum { SS_SWEEP_LOAD_SELECTED = 1, SS_SWEEP_LOAD_OTHERS = 2 };
int ss_sweep_load(ss_sweep_t *s, const char *path, int missing_ok,
            int how, char *err, size_t errlen);

/* The same from text already in memory (len bytes; path names it in
 * messages), as a file that exists and is not empty. */
int ss_sweep_load_text(ss_sweep_t *s, const char *text, size_t len, const char *path,
                       int how, char *err, size_t errlen);

/* Forgets the rows of points that are not complete (they run again). */
void ss_sweep_drop_partial(ss_sweep_t *s);

/* Takes a child's stdout (the header, then the point's rows in size
 * order) as point p's rows. -1 with a message if it is anything else. */
int ss_sweep_take_output(ss_sweep_t *s, ss_sweep_point_t *p, const char *text,
                   size_t len, char *err, size_t errlen);

/* The point's rows concatenated (malloc'd; *len set), for one append. */
char *ss_sweep_point_text(const ss_sweep_t *s, const ss_sweep_point_t *p, size_t *len);

/* Writes the header and every complete selected point, in canonical
 * order, to a temporary file beside path and renames it over path.
 * -1 with a message on error. */
int ss_sweep_write(const ss_sweep_t *s, const char *path, char *err, size_t errlen);

/* Runs every selected, incomplete point, up to jobs at once, appending
 * each finished point to out (which must already hold the header).
 * Returns 0 when all succeeded, 1 if some failed, 130 if interrupted by
 * SIGINT/SIGTERM (children killed, finished points kept), 2 on a system
 * error. Messages on stderr; progress lines when stderr is a terminal. */
int ss_sweep_run(ss_sweep_t *s, const char *out, int jobs);

/* Writes the Slurm array job script (tasks array tasks, 0 = as many as
 * points up to 1000) and prints the sbatch and merge commands on stdout.
 * Returns the exit status. */
int ss_sweep_emit_slurm(const ss_sweep_t *s, const char *out, const char *script,
                  long tasks);

/* --merge: reads the part files (names or globs) as finished points and
 * writes the complete ones to out in canonical order. Returns 0, 1 if
 * points are missing (named on stderr), 2 on an unreadable or foreign
 * part. */
int ss_sweep_merge(ss_sweep_t *s, const char *out, const char *const *parts, size_t n);

#endif
