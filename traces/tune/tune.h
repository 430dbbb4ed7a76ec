/* tune.h - from sweep results to a tuning table: the best algorithm of
 * each collective per (PE range, size range), and the exporters that write
 * that table in the formats real runtimes read.
 *
 * A table is built from the rows of one platform, ppn and model (mixing
 * machines in one decision would be meaningless). For every measured
 * (pes, bytes) the fastest algorithm wins (times within 1e-9 relative are
 * ties, won by the name that sorts first; rows whose check FAILED do not
 * count); neighbouring sizes with the same winner merge into one rule. A
 * rule covers PEs from its measured pes up to the next measured pes - 1
 * (the last one: and above), and sizes from its first measured size up to
 * the next winner's first size - 1 (the last one: and above; the first
 * one: from 0). Those boundaries are the crossover points.
 */
#ifndef SS_TUNE_H
#define SS_TUNE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalogue.h"
#include "results.h"

#define SS_TUNE_PES_MAX INT_MAX       /* pes_hi: "and above" */
#define SS_TUNE_BYTES_MAX SIZE_MAX    /* bytes_hi: "and above" */

typedef struct ss_tune_rule {
    int pes_lo, pes_hi;           /* inclusive */
    size_t bytes_lo, bytes_hi;    /* inclusive; bytes as the sweep measured
                                     them: per PE for fcollect/collect,
                                     payload for broadcast, array for reduce */
    const char *algorithm;        /* our name (the registry's) */
    double time_s;                /* its time at the first point it won */
    double runner_up_s;           /* the second best there (NAN if alone) */
    const char *runner_up;        /* its name (NULL if alone) */
    int radix;                    /* the winner's --radix (0: its default) */
    int fitted;                   /* some point of the rule has a fitted
                                     time (shmemsim scale), not simulated */
    int overlap;                  /* at some point of the rule the winner's
                                     prediction interval overlaps the
                                     runner-up's: the order is not sure */
} ss_tune_rule_t;

typedef struct ss_tune_table {
    const char *collective;       /* fcollect, collect, broadcast, reduce,
                                     alltoall */
    ss_tune_rule_t *rules;        /* ordered by pes_lo, then bytes_lo */
    size_t n;
} ss_tune_table_t;

typedef struct ss_tune {
    const char *platform, *model; /* what the table was tuned for */
    int ppn;
    ss_tune_table_t *tables;      /* one per collective in the results, in
                                     the order fcollect, collect, broadcast,
                                     reduce, alltoall */
    size_t n;
    const ss_results_t *src;      /* the rows; strings point into them */
    int target_pes;               /* exporters that hold one algorithm per
                                     collective tune for this PE count;
                                     0 (what ss_tune_build sets): the
                                     largest measured */
} ss_tune_t;

/* Builds the table from res (which must outlive it). platform may be NULL
 * when the results hold one platform/ppn/model only; otherwise it selects
 * one and an ambiguity is an error naming the choices. */
int ss_tune_build(const ss_results_t *res, const char *platform,
                  ss_tune_t *out, char *err, size_t errlen);
void ss_tune_free(ss_tune_t *t);

/* The rule that applies at (pes, bytes), or NULL. */
const ss_tune_rule_t *ss_tune_lookup(const ss_tune_table_t *t, int pes,
                                     size_t bytes);

/* Helpers for exporters that need more than the winners (a fallback when
 * the winner has no equivalent in a runtime, one choice over all sizes).
 * ss_tune_find: the table of a collective, or NULL.
 * ss_tune_row_used: 1 if the row is one the table was built from (same
 * platform, ppn and model; its check not FAILED).
 * ss_tune_time: the measured time of (algorithm, pes, bytes) among those
 * rows (the smallest if measured twice), NAN if not measured.
 * ss_tune_sizes: the sizes measured at exactly pes, ascending, malloc'd
 * into *sizes (NULL and *n = 0 if none); -1 when out of memory. */
const ss_tune_table_t *ss_tune_find(const ss_tune_t *t, const char *collective);
int ss_tune_row_used(const ss_tune_t *t, const ss_result_t *row);
double ss_tune_time(const ss_tune_t *t, const char *collective,
                    const char *algorithm, int pes, size_t bytes);
int ss_tune_sizes(const ss_tune_t *t, const char *collective, int pes,
                  size_t **sizes, size_t *n);

/* Exporters: each writes one file for one runtime, maps our algorithms to
 * the runtime's own, and says in comments (or on the note stream, when the
 * format has no comments) which of ours have no equivalent there and what
 * it chose instead. note may be NULL. They return 0, or -1 with err set. */
typedef int (*ss_tune_export_fn)(FILE *out, FILE *note, const ss_tune_t *t,
                                 char *err, size_t errlen);

/* What a runtime runs at one measured (PE count, size) of a collective,
 * as a runtime exporter plans it (traces/tune/tune_plan.c). The file is
 * written from the plan, the round-trip tests read the file back with
 * the runtime's own selection rules and compare with it, and
 * shmemsim tune --check re-simulates `runs` at each cell. */
typedef struct ss_tune_cell {
    const char *collective;   /* ours */
    int pes, pes_hi;          /* the PE count measured; the last its rule
                                 holds for (SS_TUNE_PES_MAX: no bound) */
    size_t bytes;             /* ours (per PE for fcollect) */
    const char *winner;       /* the simulated best there */
    double best_s;
    int fitted;               /* best_s is fitted (shmemsim scale) */
    const char *value;        /* the runtime's algorithm set there; NULL:
                                 nothing set, the runtime's default runs */
    const char *runs;         /* ours that the runtime then runs; NULL
                                 when no algorithm of ours is it */
    int radix;                /* the radix runs runs at (0: no radix) */
    double runs_s;            /* its measured time there, NAN if none */
} ss_tune_cell_t;

typedef struct ss_tune_plan {
    ss_tune_cell_t *cells;
    size_t n, cap;
    int oom;
} ss_tune_plan_t;

typedef int (*ss_tune_plan_fn)(const ss_tune_t *t, ss_tune_plan_t *plan,
                               char *err, size_t errlen);

/* What a runtime's file does with our algorithm alg of collective kind:
 * the name of the runtime's algorithm that stands for it, or NULL with
 * *why saying why none does (for every algorithm of a collective the
 * format does not export, why that one is not). Each exporter keeps one
 * row per algorithm of the catalogue; NULL with *why NULL means a row is
 * missing, which tests/unit/test_catalogue.c reports (catalogue_export_*). */
typedef const char *(*ss_tune_map_fn)(shcoll_kind_t kind, int alg,
                                      const char **why);

/* An exporter's answer (ss_tune_map_fn) from its rows: row is 0 when the
 * algorithm is not in the catalogue; coll_why, the collective's row, says
 * why the runtime gets none of it (NULL: it has a map); theirs is the
 * runtime's name for the algorithm, NULL with how saying why none. */
const char *ss_tune_map_answer(int row, const char *coll_why,
                               const char *theirs, const char *how,
                               const char **why);

typedef struct ss_tune_format {
    const char *name;             /* --format value */
    const char *desc;
    ss_tune_export_fn write;
    ss_tune_plan_fn plan;         /* NULL: the format has no plan (ompi-*,
                                     checked against a real oshrun) */
    ss_tune_map_fn map;
} ss_tune_format_t;

/* The indices 0..n-1 in the order of ids[]: ascending, negative ones (no
 * equivalent) last, equal ones in index order. Exporters write and
 * search our rows in the runtime's own numbering. */
void ss_tune_order(const int *ids, int n, int *order);

/* ---- plans (tune_plan.c) ---- */

/* The tree radix an algorithm of ours runs at, as a runtime's k-nomial
 * radix would have to be to run it (the catalogue's shape and radix): 2
 * for a KNOMIAL2 one (binomial, recursive doubling, Rabenseifner), radix
 * (else its default) for one that takes a radix, 0 for the others. The
 * name is looked up in every collective: an algorithm name means the same
 * shape wherever it occurs (tests/unit/test_catalogue.c checks it). */
int ss_tune_radix_of(const char *algorithm, int radix);
/* The measured time of (algorithm at effective radix, pes, bytes); radix
 * 0 takes any. NAN if not measured. */
double ss_tune_time_at(const ss_tune_t *t, const char *collective,
                       const char *algorithm, int radix, int pes,
                       size_t bytes);
/* The effective radices (ss_tune_radix_of) algorithm was measured at,
 * at (pes, bytes), into r[] (at most max); returns how many. */
size_t ss_tune_radices_at(const ss_tune_t *t, const char *collective,
                          const char *algorithm, int pes, size_t bytes,
                          int *r, size_t max);
/* The distinct measured PE counts of a table, ascending (malloc'd). */
int ss_tune_pes_list(const ss_tune_table_t *tab, int **pes, size_t *n);
/* A cell for every measured size at pes (value, runs unset). */
int ss_tune_plan_cells(const ss_tune_t *t, const ss_tune_table_t *tab,
                       int pes, ss_tune_plan_t *plan);
void ss_tune_plan_free(ss_tune_plan_t *plan);
/* For each run of sizes of one collective and PE count where the runtime
 * runs other than the winner: "#   C at P PEs, SIZES: W wins; WHY; runs
 * V (our A, +X% = +T simulated)" to out and as a note. why(cell, ctx)
 * says why the winner cannot be set. */
void ss_tune_say_given_up(const ss_tune_plan_t *plan, size_t from,
                          size_t to, const char *tag,
                          const char *(*why)(const ss_tune_cell_t *, void *),
                          void *ctx, FILE *out, FILE *note);

/* What a runtime gets at one measured point (for exporters that pick per
 * point): the winner's equivalent; else the best algorithm that maps (alt
 * its map entry, alt_ours its name among ours, slow how much slower than
 * the winner); else nothing (value NULL). */
typedef struct ss_tune_pick {
    const char *value;        /* the runtime's algorithm, NULL if none */
    const char *winner;       /* ours that won there */
    const void *alt;          /* the substitute's map entry, NULL if the
                                 winner maps */
    const char *alt_ours;
    double slow;
} ss_tune_pick_t;

/* For each run of sizes at one PE count with the same winner that has no
 * equivalent, one line "#   MSG" to out and "shmemsim: note: TAG: MSG"
 * to note (if not NULL):
 *   "C at P PEs, SIZES: W wins <substitute> V (our A, X% slower)" or
 *   "C at P PEs, SIZES: W wins and nothing measured there maps to <unmapped>". */
void ss_tune_say_substitutes(const char *tag, const char *substitute,
                             const char *unmapped, const char *collective,
                             int pes, const size_t *sizes,
                             const ss_tune_pick_t *pk, size_t n, FILE *out,
                             FILE *note);

/* A collective of the results that a runtime's format has no setting for
 * (alltoall, for every exporter so far): says so in a comment on out and
 * on note ("TAG: ..."), when the table holds rules for it. */
void ss_tune_say_unmapped(const ss_tune_t *t, const char *collective,
                          const char *tag, const char *runtime, FILE *out,
                          FILE *note);

/* NULL-terminated. */
extern const ss_tune_format_t ss_tune_formats[];

int ss_export_ompi_mca(FILE *out, FILE *note, const ss_tune_t *t, char *err, size_t errlen);
int ss_export_ompi_rules(FILE *out, FILE *note, const ss_tune_t *t, char *err, size_t errlen);
int ss_export_ucc(FILE *out, FILE *note, const ss_tune_t *t, char *err, size_t errlen);
int ss_export_sos(FILE *out, FILE *note, const ss_tune_t *t, char *err, size_t errlen);
int ss_plan_ucc(const ss_tune_t *t, ss_tune_plan_t *plan, char *err, size_t errlen);
int ss_plan_sos(const ss_tune_t *t, ss_tune_plan_t *plan, char *err, size_t errlen);
const char *ss_map_ompi_mca(shcoll_kind_t kind, int alg, const char **why);
const char *ss_map_ompi_rules(shcoll_kind_t kind, int alg, const char **why);
const char *ss_map_ucc(shcoll_kind_t kind, int alg, const char **why);
const char *ss_map_sos(shcoll_kind_t kind, int alg, const char **why);

#endif
