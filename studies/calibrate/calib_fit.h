/* calib_fit.h - `shmemsim calibrate`: from OSU outputs (osu_parse.h) to
 * the loggp model's parameters with their 95% intervals (calib_fit.c:
 * what one file gives; calib_solve.c: the parameters from all of them;
 * calib_check.c: each file's figure as the spec gives it back), and from
 * those to a platform spec (calib_spec.c).
 *
 * What the simulator charges (models/model.h), and so what each OSU
 * figure measures, for a PE on another node at route latency L over a
 * bottleneck of bandwidth bw, k = 1 on an ordered network (2 when a quiet
 * waits for the acknowledgements, order=adaptive; 1 inside a node):
 *   put of m bytes + quiet   o + k L + m/bw + o_quiet   (osu_oshm_put)
 *   blocking get             o_get + 2L + m/bw          (osu_oshm_get,
 *                                              and osu_oshm_get_bw per get)
 *   puts streamed            1/max(o, gap) per PE, a node capped at 1/gap
 *                            (osu_oshm_put_bw, osu_oshm_put_mr,
 *                            non-fetching atomics)
 *   MPI's latency            o_mpi + L + m/bw + o_recv  (osu_latency; o_mpi
 *                            from osu_bw's small-message rate)
 * The 8-byte figures fix o, o_get + 2L and k L + o_quiet; one more
 * relation is needed, and calib_solve.c takes o_get = o (a get is handed
 * to the NIC as a put is) unless that leaves a cost negative. Internal to
 * studies/. */
#ifndef SS_CALIB_FIT_H
#define SS_CALIB_FIT_H

#include <stddef.h>
#include <stdio.h>

#include "osu_parse.h"
#include "topo.h"

/* OSU's puts per timed window in osu_oshm_put_mr at small sizes
 * (OSHM_LOOP_SMALL_MR): the window ends with one quiet. */
#define CALIB_MR_WINDOW 500
/* Rates are read at sizes up to this (o is a per-message cost). */
#define CALIB_SMALL_BYTES 8
/* A node of K pairs counts as saturated below this share of K x the
 * one-pair rate. */
#define CALIB_SATURATED 0.9

typedef enum { CALIB_INTER, CALIB_INTRA } calib_side_t;

/* A value with its two-sided 95% interval (lo == hi == v: none). */
typedef struct calib_est {
    int ok;
    double v, lo, hi;
    double r2;         /* line fits: weighted R^2; NAN otherwise */
    double rms;        /* relative RMS residual, or relative sd; NAN: none */
    size_t n;          /* points behind it */
    char from[200];    /* which file(s), and how */
    char why[240];     /* !ok: why it is not determined */
} calib_est_t;

/* latency = a + b m, least squares weighted by 1/latency^2 (relative
 * error: 8 B and 1 MiB count alike); ha, hb the 95% half-widths. */
typedef struct calib_line {
    double a, b, ha, hb;
    double cov_aa, cov_ab, cov_bb;   /* scaled by s2 */
    double r2, rms;
    double tq;         /* Student's t at 97.5%, n - 2 degrees of freedom */
    size_t n;
} calib_line_t;

/* One input file and what it alone gives. */
typedef struct calib_input {
    const char *path;
    calib_side_t side;
    int pairs;             /* pairs of the rate files (--pairs, or the file's) */
    osu_table_t t;
    calib_line_t line;     /* latency files: lat = a + b m */
    calib_est_t small;     /* latency files: the latency at 8 B (the mean at
                              8 B and less where no row is 8 B) */
    calib_est_t plateau;   /* osu_bw, osu_mbw_mr: bandwidth (B/s) */
    calib_est_t per_msg;   /* rate files: 1/rate (s) at small sizes */
} calib_input_t;

typedef struct calib_opts {
    size_t min_bytes, max_bytes;   /* sizes the latency lines fit */
    /* The spec's base delivers out of order (order=adaptive): a quiet
     * waits for the acknowledgements, one more route latency, so a put +
     * quiet costs o + 2L + m/bw, as much as a get. */
    int unordered;
} calib_opts_t;

/* Each side's parameters in one order: CALIB_SHM_X = CALIB_X +
 * CALIB_SIDE for every X but gap, which has no intra-node twin. */
enum {
    CALIB_O, CALIB_O_GET, CALIB_O_QUIET, CALIB_L, CALIB_BW, CALIB_O_RECV,
    CALIB_SHM_O, CALIB_SHM_O_GET, CALIB_SHM_O_QUIET, CALIB_SHM_LAT, CALIB_SHM_BW,
    CALIB_SHM_O_RECV, CALIB_GAP, CALIB_NPARAMS
};
#define CALIB_SIDE (CALIB_SHM_O - CALIB_O)

#define CALIB_MAXNOTES 12
typedef struct calib_result {
    calib_est_t p[CALIB_NPARAMS];
    double mpi_send[2];  /* [side]: what MPI's send costs in o_recv's fit */
    char notes[CALIB_MAXNOTES][300];   /* cross-checks, caveats */
    size_t nnotes;
} calib_result_t;

/* The parameters' names, as the spec keys them (L and bw: nic-lat and
 * nic-bw there). */
extern const char *const calib_param_names[CALIB_NPARAMS];

/* The file's name without its folders, for messages. */
const char *calib_base_name(const char *path);

/* The fit through n >= 3 points (x, y > 0); -1 when GSL fails. */
int calib_fit_line(const double *x, const double *y, size_t n, calib_line_t *f);

/* Half-width of the 95% interval of a + b x. */
double calib_line_half(const calib_line_t *f, double x);

/* The mean of n >= 1 values with its t interval (none for n == 1). */
void calib_mean(const double *y, size_t n, calib_est_t *e);

/* What the file alone gives (line, plateau or per_msg, by its kind);
 * -1 with "PATH:LINE: ..." in err when it has too few points. */
int calib_file(calib_input_t *in, const calib_opts_t *o, char *err, size_t errlen);

/* The parameters from all files (each through calib_file first); -1
 * with one line in err when two files give the same thing. */
int calib_solve(calib_input_t *in, size_t n, const calib_opts_t *o,
                calib_result_t *r, char *err, size_t errlen);

/* Prints, for each input, its 8-byte figure (or the plateau, for the
 * bandwidths) beside what the fitted model gives for it, and the ratio;
 * files the model does not describe say why. */
void calib_check_print(FILE *f, const calib_input_t *in, size_t n,
                       const calib_result_t *r, const calib_opts_t *o);

/* Latency of the links between hosts 0 and 1 of t, NICs left out (where
 * two PEs of an OSU pair on two nodes run). */
double calib_switch_lat(const ss_topo_t *t);

typedef struct calib_spec_opts {
    const char *base;   /* spec or preset; NULL: one switch of nodes hosts */
    long nodes, cores;  /* 0: the default (64) / the base's */
} calib_spec_opts_t;

/* The spec: the base with nic-lat solved for L, nic-bw = bw, and the
 * cost keys; -1 with one line in err. What the base changes (links
 * slower than bw) goes to r's notes. */
int calib_spec(calib_result_t *r, const calib_spec_opts_t *o, char *spec,
               size_t len, char *err, size_t errlen);

#endif
