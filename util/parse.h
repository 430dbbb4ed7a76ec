/* parse.h - strict command-line value parsers for `shmemsim`.
 *
 * Every parser returns 0 on success and -1 on error. On error it writes a
 * one-line message into err (truncated to errlen, always NUL-terminated;
 * err may be NULL) saying what was wrong and how to fix it, and leaves
 * the output untouched (except ss_parse_bytes_list, which sets *out to
 * NULL and *n to 0).
 *
 * ss_parse_size, ss_parse_bytes_list, ss_parse_time and ss_parse_bandwidth
 * do not know which option they are parsing, so their messages do not name
 * it; callers prefix it, e.g. fprintf(stderr, "--bytes: %s\n", err).
 * The others take `what` and put it in the message themselves.
 *
 * Parsing uses strtod, so it assumes the "C" locale for the decimal point.
 */
#ifndef SS_PARSE_H
#define SS_PARSE_H

#include <stddef.h>

/* Most entries ss_parse_bytes_list will return. */
#define SS_BYTES_LIST_MAX 4096

/* A byte count: digits with an optional K, M or G suffix (either case,
 * powers of 1024) and an optional trailing "B" or "iB": "8", "1k", "4M",
 * "1KiB", "64B". Whole numbers only; negatives and size_t overflow are
 * rejected. */
int ss_parse_size(const char *s, size_t *out, char *err, size_t errlen);

/* A comma-separated list of sizes and ranges. "A:B" expands to A, 2A, 4A,
 * ... while <= B (needs 0 < A <= B). Order is kept, later duplicates are
 * dropped, and at most SS_BYTES_LIST_MAX entries are allowed. Spaces around
 * items are ignored. On success *out is malloc'd and the caller frees it. */
int ss_parse_bytes_list(const char *s, size_t **out, size_t *n,
                        char *err, size_t errlen);

/* A whole decimal number in [min, max]; messages name `what`. */
int ss_parse_long(const char *s, long min, long max, long *out,
                  const char *what, char *err, size_t errlen);

/* A finite real number in [min, max]; messages name `what`. */
int ss_parse_double(const char *s, double min, double max, double *out,
                    const char *what, char *err, size_t errlen);

/* A non-negative duration: a number followed by s, ms, us, ns or ps;
 * no unit means seconds. "1us", "1.5ns", "2ms", "3s", "100". */
int ss_parse_time(const char *s, double *seconds, char *err, size_t errlen);

/* A positive rate: a number followed by Bps (bytes/s) or bps (bits/s) with
 * an optional decimal prefix k/K, M, G, T (1e3 ...) or binary prefix Ki,
 * Mi, Gi, Ti (1024 ...), as SimGrid platform files write them; no unit
 * means bytes/s. "100Gbps" = 12.5e9 B/s, "12.5GBps", "1MBps". */
int ss_parse_bandwidth(const char *s, double *bytes_per_s,
                       char *err, size_t errlen);

/* Index of s in the NULL-terminated array choices (exact match), or -1
 * with "unknown <what> 's' (choose one of: a, b)". */
int ss_match_choice(const char *s, const char *const *choices,
                    const char *what, char *err, size_t errlen);

#endif /* SS_PARSE_H */
