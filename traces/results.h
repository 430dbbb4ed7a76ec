/* results.h - reading result CSV back (what `shmemsim run --format csv`
 * and `shmemsim sweep` write), for tune and plot.
 *
 * The reader checks the header names the columns summary.h writes (in any
 * order; unknown extra columns are ignored), so a hand-edited or merged
 * file is read by name, not by position. The CSV of `shmemsim scale`
 * (scale_out.h) reads too: its method, lo_s and hi_s columns say which
 * times are fitted and how sure they are.
 */
#ifndef SS_RESULTS_H
#define SS_RESULTS_H

#include <stddef.h>
#include <stdio.h>

/* Rows outside these are refused (see ss_results_read). */
#define SS_RESULTS_MAX_BYTES (1ULL << 53)
#define SS_RESULTS_MAX_TIME 1e9
/* Records beyond these are refused, not read into memory: a result row
 * has tens of fields, each of tens of bytes (a spec at most 511). */
#define SS_RESULTS_MAX_FIELD 65536
#define SS_RESULTS_MAX_FIELDS 1024

typedef struct ss_result {
    char *collective;
    char *algorithm;
    int pes;
    size_t bytes;
    double time_s;
    double predicted_s;   /* NAN when empty */
    int ppn;
    char *model;
    char *platform;
    int checked;          /* -1 empty, 0 FAILED, 1 ok */
    int radix;            /* 0: empty or absent (the algorithm's default) */
    size_t segment;       /* likewise */
    int fitted;           /* shmemsim scale's method column: 1 "fitted"
                             or "sampled" (an estimate with an interval),
                             0 "simulated", empty or absent */
    double lo_s, hi_s;    /* scale's prediction interval; NAN when absent
                             (simulated rows: time_s) */
} ss_result_t;

typedef struct ss_results {
    ss_result_t *rows;
    size_t n;
} ss_results_t;

/* Reads a whole CSV file. On error returns -1 with a message naming the
 * file, the line and what was wrong in err; *out is then empty. A row's
 * bytes must be at most 2^53 and its time_s from 0 to 1e9 seconds. */
int ss_results_read(FILE *f, const char *name, ss_results_t *out,
                    char *err, size_t errlen);
int ss_results_load(const char *path, ss_results_t *out, char *err,
                    size_t errlen);
void ss_results_free(ss_results_t *r);

#endif
