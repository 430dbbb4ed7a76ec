/* osu_parse.h - reading what the OSU Micro-Benchmarks print, for
 * `shmemsim calibrate`: the MPI point-to-point tests osu_latency, osu_bw
 * and osu_mbw_mr, MPI's one-sided latency and bandwidth tests and
 * osu_allreduce, and the OpenSHMEM ones osu_oshm_put, osu_oshm_get,
 * osu_oshm_put_mr, osu_oshm_atomics, osu_oshm_put_bw, osu_oshm_get_bw and
 * osu_oshm_barrier, as releases 5.x, 6.x and 7.x print them:
 *
 *   # OSU MPI Latency Test v7.4        <- the header names the benchmark
 *   # Datatype: MPI_CHAR.              <- 7.x (MPI tests)
 *   # Size          Latency (us)       <- the column line
 *   1                       1.63       <- one row per size
 *
 * osu_mbw_mr adds "# [ pairs: N ] [ window size: W ]"; osu_oshm_atomics
 * has one row per operation ("shmem_int_add  3.31  0.30"); the MPI
 * one-sided tests (osu_put_latency, osu_get_bw, ...) name their
 * synchronisation ("# Synchronization: MPI_Win_flush"); osu_oshm_barrier
 * prints one latency under "# Avg Latency(us)", no size. The OpenSHMEM
 * tests built without autoconf print no version. Lines before the header
 * (a launcher's chatter) are skipped; after the first table of a 7.x file
 * that runs several datatypes (-D), the rest is left unread.
 *
 * Every value is turned into SI units: seconds, bytes per second (OSU's
 * MB is 10^6 bytes), messages or operations per second. Internal to studies/. */
#ifndef SS_OSU_PARSE_H
#define SS_OSU_PARSE_H

#include <stddef.h>
#include <stdio.h>

typedef enum osu_kind {
    OSU_LATENCY,   /* MPI osu_latency: one-way (half round trip) latency */
    OSU_BW,        /* MPI osu_bw: streaming bandwidth, one pair */
    OSU_MBW_MR,    /* MPI osu_mbw_mr: bandwidth and messages/s over pairs */
    OSU_PUT,       /* osu_oshm_put: putmem + quiet */
    OSU_GET,       /* osu_oshm_get: blocking getmem */
    OSU_PUT_MR,    /* osu_oshm_put_mr: puts per second, summed over pairs */
    OSU_ATOMICS,   /* osu_oshm_atomics: per operation, rate and latency */
    OSU_PUT_BW,    /* osu_oshm_put_bw: MB/s of puts streamed, one pair */
    OSU_GET_BW,    /* osu_oshm_get_bw: MB/s of blocking gets in a row */
    OSU_RMA_PUT_LAT, OSU_RMA_GET_LAT,   /* MPI one-sided osu_put_latency, */
    OSU_RMA_PUT_BW, OSU_RMA_GET_BW,     /* _get_latency, _put_bw, _get_bw */
    OSU_ALLREDUCE, /* MPI osu_allreduce: latency per size */
    OSU_BARRIER,   /* osu_oshm_barrier: one latency, no size */
    OSU_NKINDS
} osu_kind_t;

typedef struct osu_row {
    size_t bytes;      /* message size; 0 for atomics */
    char op[32];       /* atomics: the operation, e.g. shmem_int_add */
    double lat;        /* s (latency kinds, atomics); 0 when none */
    double bw;         /* B/s (osu_bw, osu_mbw_mr); 0 when none */
    double rate;       /* messages or operations per second; 0 when none */
    int line;
} osu_row_t;

typedef struct osu_table {
    osu_kind_t kind;
    char title[96];    /* the header without "# ": name and version */
    int header_line;
    int pairs;         /* osu_mbw_mr's "[ pairs: N ]"; 0: not stated */
    int more_tables;   /* a 7.x file with more datatypes than the first */
    char sync[32];     /* MPI one-sided: "# Synchronization: X"'s X */
    size_t n;
    osu_row_t *rows;
} osu_table_t;

/* What a file may hold (OSU prints lines of tens of characters, tables
 * of tens of rows): longer or more is refused, not read. */
#define OSU_LINE_MAX 4096
#define OSU_MAX_LINES 1000000
#define OSU_MAX_PAIRS 1000000

/* Reads the OSU output in path. Returns 0, or -1 with one line in err:
 * "PATH:LINE: what was wrong and what was expected" (no LINE when the
 * file cannot be read). */
int osu_read(const char *path, osu_table_t *t, char *err, size_t errlen);

/* The same from an open stream; path only names it in messages. */
int osu_parse(FILE *f, const char *path, osu_table_t *t, char *err, size_t errlen);

void osu_free(osu_table_t *t);

/* The benchmark's program name: "osu_latency", "osu_oshm_put", ... */
const char *osu_kind_name(osu_kind_t k);

/* A non-fetching atomic (add, inc, set): under the LogGP model it costs
 * its issuer only the issue, as a put does. */
int osu_op_nonfetching(const char *op);

#endif
