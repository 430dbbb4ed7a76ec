/* summary.h - writers for `shmemsim` run results (table, CSV, JSON).
 *
 * CSV and JSON are meant for scripts and regression diffs, so their number
 * formatting is deterministic: the same doubles always give the same bytes.
 * The table is for people and rounds to engineering units.
 */
#ifndef SS_SUMMARY_H
#define SS_SUMMARY_H

#include <stddef.h>
#include <stdio.h>

typedef struct ss_row {
    const char *collective;   /* NULL is written as empty / null */
    const char *algorithm;
    int pes;
    size_t bytes;
    double time_s;
    double predicted_s;       /* NAN if no model prediction */
    int ppn;
    const char *model;
    const char *platform;
    double first_start_s;
    double last_end_s;
    int checked;              /* -1 not checked, 0 failed, 1 ok */
    int radix;                /* --radix the run used; 0: algorithm default */
    size_t segment;           /* --segment likewise */
} ss_row_t;

typedef enum ss_format {
    SS_FMT_TABLE, SS_FMT_CSV, SS_FMT_JSON, SS_NFORMATS
} ss_format_t;

/* What --format takes for each, indexed by ss_format_t; NULL-terminated
 * (for ss_match_choice). */
extern const char *const ss_format_names[SS_NFORMATS + 1];

/* Writes all n rows in the chosen format (a header / array wrapper is
 * written even when n == 0); -1, writing nothing, for a value that is
 * no format.
 *
 * CSV columns: collective,algorithm,pes,bytes,time_s,predicted_s,ppn,model,
 * platform,first_start_s,last_end_s,check,radix,segment. Reals use the shortest "%.Ne"
 * that reads back to the identical double; non-finite values are empty;
 * check is "ok", "FAILED" or empty;
 * radix and segment are empty when 0 (the algorithm's default). Fields holding a comma, quote, CR or
 * LF are quoted per RFC 4180. Lines end in "\n".
 *
 * JSON: an array of objects with the same keys; non-finite reals and an
 * unchecked check are null. Strings are escaped per RFC 8259 (bytes >= 0x80
 * are passed through, so they must already be UTF-8). */
int ss_summary_write(FILE *f, ss_format_t fmt, const ss_row_t *rows,
                     size_t n);

/* The shortest "%.Ne" text that reads back as exactly v (CSV, JSON). */
void ss_format_real(double v, char *buf, size_t len);

/* Fields as the writers above print them, for other tables of results
 * (scale_out.h): a CSV string quoted per RFC 4180 (NULL: empty), a real
 * (non-finite: empty), a JSON string (NULL: null), a JSON real
 * (non-finite: null). */
void ss_csv_str(FILE *f, const char *s);
void ss_csv_real(FILE *f, double v);
void ss_json_str(FILE *f, const char *s);
void ss_json_real(FILE *f, double v);

/* Seconds in engineering units with 3 decimals: "12.345 us", "1.234 ms",
 * "2.000 s"; NaN gives "-". ASCII "us" keeps column widths byte-based. */
void ss_format_seconds(double s, char *buf, size_t len);

/* Bytes in binary units: "512 B", "64 KiB", "1.50 MiB" (two decimals only
 * when the size is not a whole number of the unit). */
void ss_format_bytes(size_t b, char *buf, size_t len);

#endif /* SS_SUMMARY_H */
