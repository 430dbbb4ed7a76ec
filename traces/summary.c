/* summary.c - writers for `shmemsim` run results (table, CSV, JSON). */
#include "summary.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Same order as the CSV header; JSON uses the same names as keys so a
 * script can switch formats without renaming anything. */
static const char *const keys[] = {
    "collective", "algorithm", "pes", "bytes", "time_s", "predicted_s",
    "ppn", "model", "platform", "first_start_s", "last_end_s", "check",
    "radix", "segment",
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* ------------------------------------------------------------------ */
/* Shared helpers                                                      */
/* ------------------------------------------------------------------ */

/* Shortest "%.Ne" that strtod reads back as exactly v. A fixed precision
 * would either drop bits (%.9e loses nanoseconds at t = 100 s) or print
 * noise like 9.99999999999999955e-07; this is exact, compact and, being a
 * pure function of v, byte-identical across repeat runs. */
void ss_format_real(double v, char *buf, size_t len)
{
    for (int p = 0; p < 17; p++) {
        snprintf(buf, len, "%.*e", p, v);
        if (strtod(buf, NULL) == v)
            return;
    }
    snprintf(buf, len, "%.17e", v);
}

static const char *check_word(int checked)
{
    if (checked < 0)
        return NULL;
    return checked ? "ok" : "FAILED";
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */

/* RFC 4180: quote a field only if it holds a separator, quote or line
 * break, and double any quotes inside it. */
void ss_csv_str(FILE *f, const char *s)
{
    if (s == NULL)
        return;
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void ss_csv_real(FILE *f, double v)
{
    char buf[40];
    if (!isfinite(v))
        return;
    ss_format_real(v, buf, sizeof buf);
    fputs(buf, f);
}

static void csv_row(FILE *f, const ss_row_t *r)
{
    ss_csv_str(f, r->collective);
    fputc(',', f);
    ss_csv_str(f, r->algorithm);
    fprintf(f, ",%d,%zu,", r->pes, r->bytes);
    ss_csv_real(f, r->time_s);
    fputc(',', f);
    ss_csv_real(f, r->predicted_s);
    fprintf(f, ",%d,", r->ppn);
    ss_csv_str(f, r->model);
    fputc(',', f);
    ss_csv_str(f, r->platform);
    fputc(',', f);
    ss_csv_real(f, r->first_start_s);
    fputc(',', f);
    ss_csv_real(f, r->last_end_s);
    fputc(',', f);
    ss_csv_str(f, check_word(r->checked));
    fputc(',', f);
    if (r->radix)
        fprintf(f, "%d", r->radix);
    fputc(',', f);
    if (r->segment)
        fprintf(f, "%zu", r->segment);
    fputc('\n', f);
}

static void write_csv(FILE *f, const ss_row_t *rows, size_t n)
{
    for (size_t k = 0; k < NKEYS; k++)
        fprintf(f, "%s%s", k ? "," : "", keys[k]);
    fputc('\n', f);
    for (size_t i = 0; i < n; i++)
        csv_row(f, &rows[i]);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

void ss_json_str(FILE *f, const char *s)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            /* JSON forbids raw control characters inside strings. */
            if (c < 0x20)
                fprintf(f, "\\u%04x", c);
            else
                fputc(c, f);
        }
    }
    fputc('"', f);
}

/* format_real's output is valid JSON number syntax ("1.5e-06"); only
 * NaN and infinities need the null stand-in JSON lacks numbers for. */
void ss_json_real(FILE *f, double v)
{
    char buf[40];
    if (!isfinite(v)) {
        fputs("null", f);
        return;
    }
    ss_format_real(v, buf, sizeof buf);
    fputs(buf, f);
}

static void json_key(FILE *f, size_t k)
{
    fprintf(f, "%s\"%s\": ", k ? ", " : "", keys[k]);
}

static void json_row(FILE *f, const ss_row_t *r)
{
    fputs("  {", f);
    json_key(f, 0);  ss_json_str(f, r->collective);
    json_key(f, 1);  ss_json_str(f, r->algorithm);
    json_key(f, 2);  fprintf(f, "%d", r->pes);
    json_key(f, 3);  fprintf(f, "%zu", r->bytes);
    json_key(f, 4);  ss_json_real(f, r->time_s);
    json_key(f, 5);  ss_json_real(f, r->predicted_s);
    json_key(f, 6);  fprintf(f, "%d", r->ppn);
    json_key(f, 7);  ss_json_str(f, r->model);
    json_key(f, 8);  ss_json_str(f, r->platform);
    json_key(f, 9);  ss_json_real(f, r->first_start_s);
    json_key(f, 10); ss_json_real(f, r->last_end_s);
    json_key(f, 11); ss_json_str(f, check_word(r->checked));
    json_key(f, 12);
    if (r->radix)
        fprintf(f, "%d", r->radix);
    else
        fputs("null", f);
    json_key(f, 13);
    if (r->segment)
        fprintf(f, "%zu", r->segment);
    else
        fputs("null", f);
    fputc('}', f);
}

static void write_json(FILE *f, const ss_row_t *rows, size_t n)
{
    if (n == 0) {
        fputs("[]\n", f);
        return;
    }
    fputs("[\n", f);
    for (size_t i = 0; i < n; i++) {
        json_row(f, &rows[i]);
        fputs(i + 1 < n ? ",\n" : "\n", f);
    }
    fputs("]\n", f);
}

/* ------------------------------------------------------------------ */
/* Human units                                                         */
/* ------------------------------------------------------------------ */

void ss_format_seconds(double s, char *buf, size_t len)
{
    static const struct { double scale; const char *name; } u[] = {
        { 1.0, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" },
        { 1e-12, "ps" },
    };
    const size_t nu = sizeof u / sizeof u[0];
    if (isnan(s)) {
        snprintf(buf, len, "-");
        return;
    }
    if (isinf(s)) {
        snprintf(buf, len, "%sinf s", s < 0 ? "-" : "");
        return;
    }
    /* Pick the unit the value will round to at least 1.000 in, so
     * 999.9999 us prints as "1.000 ms" rather than "1000.000 us". */
    double a = fabs(s);
    size_t i = 0;
    while (i + 1 < nu && a < u[i].scale * 0.9999995)
        i++;
    if (a == 0.0) {
        i = 0;
        s = 0.0;  /* no "-0.000 s" */
    }
    snprintf(buf, len, "%.3f %s", s / u[i].scale, u[i].name);
}

void ss_format_bytes(size_t b, char *buf, size_t len)
{
    static const char *const names[] = {
        "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB",
    };
    const size_t nn = sizeof names / sizeof names[0];
    size_t i = 0;
    size_t unit = 1;
    while (i + 1 < nn && unit <= SIZE_MAX / 1024 && b >= unit * 1024) {
        unit *= 1024;
        i++;
    }
    if (b % unit == 0) {
        snprintf(buf, len, "%zu %s", b / unit, names[i]);
        return;
    }
    double v = (double)b / (double)unit;
    /* Move up a unit rather than print "1024.00 KiB". */
    if (v >= 1023.995 && i + 1 < nn) {
        v /= 1024.0;
        i++;
    }
    snprintf(buf, len, "%.2f %s", v, names[i]);
}

/* ------------------------------------------------------------------ */
/* Table                                                               */
/* ------------------------------------------------------------------ */

enum { C_COLL, C_ALGO, C_PES, C_PPN, C_BYTES, C_TIME, C_PRED, C_CHECK,
       C_MODEL, C_PLAT, NCOLS };

static const struct {
    const char *title;
    int right;                /* numbers right-aligned so digits line up */
} cols[NCOLS] = {
    { "collective", 0 }, { "algorithm", 0 }, { "pes", 1 }, { "ppn", 1 },
    { "bytes", 1 }, { "time", 1 }, { "predicted", 1 }, { "check", 0 },
    { "model", 0 }, { "platform", 0 },
};

#define CELL_LEN 48

/* Text of one cell; either a row string or something formatted into buf. */
static const char *cell(const ss_row_t *r, int c, char *buf)
{
    const char *s = NULL;
    switch (c) {
    case C_COLL: s = r->collective; break;
    case C_ALGO: s = r->algorithm; break;
    case C_PES: snprintf(buf, CELL_LEN, "%d", r->pes); return buf;
    case C_PPN: snprintf(buf, CELL_LEN, "%d", r->ppn); return buf;
    case C_BYTES: ss_format_bytes(r->bytes, buf, CELL_LEN); return buf;
    case C_TIME: ss_format_seconds(r->time_s, buf, CELL_LEN); return buf;
    case C_PRED: ss_format_seconds(r->predicted_s, buf, CELL_LEN); return buf;
    case C_CHECK: s = check_word(r->checked); break;
    case C_MODEL: s = r->model; break;
    case C_PLAT: s = r->platform; break;
    default: break;
    }
    return s != NULL ? s : "-";
}

static int clamp_width(size_t w)
{
    return w > INT_MAX ? INT_MAX : (int)w;
}

/* Prints one line; the last column is not padded, so lines carry no
 * trailing blanks for diff tools to trip over. */
static void table_line(FILE *f, const char *const *text, const size_t *w)
{
    for (int c = 0; c < NCOLS; c++) {
        int width = clamp_width(w[c]);
        if (c > 0)
            fputs("  ", f);
        if (cols[c].right)
            fprintf(f, "%*s", width, text[c]);
        else if (c + 1 < NCOLS)
            fprintf(f, "%-*s", width, text[c]);
        else
            fputs(text[c], f);
    }
    fputc('\n', f);
}

static void row_cells(const ss_row_t *r, const char **text,
                      char bufs[NCOLS][CELL_LEN])
{
    for (int c = 0; c < NCOLS; c++)
        text[c] = cell(r, c, bufs[c]);
}

static void write_rule(FILE *f, const size_t *w)
{
    size_t total = 0;
    for (int c = 0; c < NCOLS; c++)
        total += w[c] + (c > 0 ? 2 : 0);
    for (size_t i = 0; i < total; i++)
        fputc('-', f);
    fputc('\n', f);
}

/* Two passes: measure every cell, then print padded to the widest. */
static void write_table(FILE *f, const ss_row_t *rows, size_t n)
{
    size_t w[NCOLS];
    const char *text[NCOLS];
    char bufs[NCOLS][CELL_LEN];
    for (int c = 0; c < NCOLS; c++) {
        text[c] = cols[c].title;
        w[c] = strlen(cols[c].title);
    }
    for (size_t i = 0; i < n; i++) {
        row_cells(&rows[i], text, bufs);
        for (int c = 0; c < NCOLS; c++) {
            size_t l = strlen(text[c]);
            w[c] = l > w[c] ? l : w[c];
        }
    }
    for (int c = 0; c < NCOLS; c++)
        text[c] = cols[c].title;
    table_line(f, text, w);
    write_rule(f, w);
    for (size_t i = 0; i < n; i++) {
        row_cells(&rows[i], text, bufs);
        table_line(f, text, w);
    }
}

/* ------------------------------------------------------------------ */

const char *const ss_format_names[SS_NFORMATS + 1] = {
    [SS_FMT_TABLE] = "table", [SS_FMT_CSV] = "csv", [SS_FMT_JSON] = "json",
};

int ss_summary_write(FILE *f, ss_format_t fmt, const ss_row_t *rows,
                     size_t n)
{
    switch (fmt) {
    case SS_FMT_TABLE: write_table(f, rows, n); return 0;
    case SS_FMT_CSV: write_csv(f, rows, n); return 0;
    case SS_FMT_JSON: write_json(f, rows, n); return 0;
    case SS_NFORMATS: break;
    }
    return -1;
}
