/* parse.c - strict command-line value parsers for `shmemsim`.
 *
 * The parsers are deliberately strict (no leading spaces, no trailing
 * junk, no silent wrap-around): a sweep that quietly runs the wrong sizes
 * wastes far more time than an error message that names the typo.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define SS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SS_PRINTF(f, a)
#endif

/* ------------------------------------------------------------------ */
/* Error message helpers                                               */
/* ------------------------------------------------------------------ */

static SS_PRINTF(3, 4) void set_err(char *err, size_t errlen,
                                    const char *fmt, ...)
{
    if (err == NULL || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* Appends to a message already in err; used to build choice lists whose
 * length is not known up front. */
static SS_PRINTF(3, 4) void add_err(char *err, size_t errlen,
                                    const char *fmt, ...)
{
    if (err == NULL || errlen == 0)
        return;
    size_t used = strlen(err);
    if (used + 1 >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + used, errlen - used, fmt, ap);
    va_end(ap);
}

/* User input echoed in a message is clipped so that a pasted megabyte of
 * text cannot push the "how to fix it" hint out of the caller's buffer.
 * Returned by value: C11 gives the array a lifetime spanning the full
 * expression, so clip(s).s can be passed straight to set_err. */
typedef struct clipped {
    char s[48];
} clipped_t;

static clipped_t clip(const char *s)
{
    clipped_t c;
    size_t n = strlen(s);
    if (n < sizeof c.s) {
        memcpy(c.s, s, n + 1);
    } else {
        size_t keep = sizeof c.s - 4;
        memcpy(c.s, s, keep);
        memcpy(c.s + keep, "...", 4);
    }
    return c;
}

/* ------------------------------------------------------------------ */
/* Sizes                                                               */
/* ------------------------------------------------------------------ */

/* Reads leading decimal digits into *out. Returns -1 on size_t overflow,
 * checked before each multiply so the value can never wrap. */
static int read_digits(const char *s, const char **end, size_t *out)
{
    size_t v = 0;
    for (; isdigit((unsigned char)*s); s++) {
        size_t d = (size_t)(*s - '0');
        if (v > (SIZE_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *end = s;
    *out = v;
    return 0;
}

/* Maps a size suffix ("", "K", "KiB", "MB", "B", ...) to its multiplier.
 * Lower-case "b" is refused on purpose: it conventionally means bits. */
static int size_suffix(const char *p, size_t *mult)
{
    size_t m = 1;
    switch (*p) {
    case 'k': case 'K': m = (size_t)1 << 10; p++; break;
    case 'm': case 'M': m = (size_t)1 << 20; p++; break;
    case 'g': case 'G': m = (size_t)1 << 30; p++; break;
    default: break;
    }
    if (m != 1 && p[0] == 'i' && p[1] == 'B')
        p++;
    if (*p == 'B')
        p++;
    *mult = m;
    return *p == '\0' ? 0 : -1;
}

int ss_parse_size(const char *s, size_t *out, char *err, size_t errlen)
{
    if (s == NULL || *s == '\0') {
        set_err(err, errlen, "empty size (give a byte count like 64, 4K or 1M)");
        return -1;
    }
    if (s[0] == '-') {
        set_err(err, errlen, "'%s' is negative (sizes must be 0 or more)",
                clip(s).s);
        return -1;
    }
    if (!isdigit((unsigned char)s[0])) {
        set_err(err, errlen, "'%s' is not a size (write a whole number with "
                "an optional K, M or G suffix, e.g. 4K)", clip(s).s);
        return -1;
    }
    const char *end;
    size_t v, mult;
    int overflow = read_digits(s, &end, &v);
    if (overflow == 0 && *end == '.') {
        set_err(err, errlen, "'%s' is not a whole number of bytes (write "
                "e.g. 1536 instead of 1.5K)", clip(s).s);
        return -1;
    }
    if (overflow == 0 && size_suffix(end, &mult) != 0) {
        set_err(err, errlen, "'%s' has unknown suffix '%s' (use K, M or G, "
                "powers of 1024)", clip(s).s, clip(end).s);
        return -1;
    }
    if (overflow != 0 || (v != 0 && mult > SIZE_MAX / v)) {
        set_err(err, errlen, "'%s' is too large (the largest size is %zu "
                "bytes)", clip(s).s, (size_t)SIZE_MAX);
        return -1;
    }
    *out = v * mult;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Byte lists                                                          */
/* ------------------------------------------------------------------ */

typedef struct size_list {
    size_t *v;
    size_t n;
} size_list_t;

/* Adds x unless already present. The linear scan is fine: the list is
 * capped at SS_BYTES_LIST_MAX, so the worst case is ~8M compares once. */
static int list_add(size_list_t *l, size_t x, char *err, size_t errlen)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i] == x)
            return 0;
    if (l->n == SS_BYTES_LIST_MAX) {
        set_err(err, errlen, "more than %d sizes in the list (split the "
                "sweep into several runs)", SS_BYTES_LIST_MAX);
        return -1;
    }
    l->v[l->n++] = x;
    return 0;
}

static int parse_range(char *item, char *colon, size_list_t *l,
                       char *err, size_t errlen)
{
    const char *hi_s = colon + 1;
    if (strchr(hi_s, ':') != NULL) {
        set_err(err, errlen, "'%s' has more than one ':' (ranges are A:B, "
                "e.g. 1K:4K)", clip(item).s);
        return -1;
    }
    *colon = '\0';
    if (*item == '\0' || *hi_s == '\0') {
        *colon = ':';
        set_err(err, errlen, "range '%s' is missing its %s (write A:B, e.g. "
                "1K:4K)", clip(item).s, *item == ':' ? "start" : "end");
        return -1;
    }
    size_t lo, hi;
    int rc = ss_parse_size(item, &lo, err, errlen);
    if (rc == 0)
        rc = ss_parse_size(hi_s, &hi, err, errlen);
    *colon = ':';
    if (rc != 0)
        return -1;
    if (lo == 0) {
        set_err(err, errlen, "range '%s' starts at 0, which never doubles "
                "(start at 1 or more and list 0 separately)", clip(item).s);
        return -1;
    }
    if (lo > hi) {
        set_err(err, errlen, "range '%s' is backwards (start %zu > end %zu; "
                "write the smaller size first)", clip(item).s, lo, hi);
        return -1;
    }
    /* x <= hi / 2 is the same test as 2x <= hi, but cannot overflow. */
    for (size_t x = lo;; x *= 2) {
        if (list_add(l, x, err, errlen) != 0)
            return -1;
        if (x > hi / 2)
            return 0;
    }
}

/* Trims surrounding spaces in place; returns the new start. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int parse_item(char *item, size_t pos, const char *whole,
                      size_list_t *l, char *err, size_t errlen)
{
    item = trim(item);
    if (*item == '\0') {
        set_err(err, errlen, "empty item #%zu in '%s' (remove the extra "
                "comma)", pos, clip(whole).s);
        return -1;
    }
    char *colon = strchr(item, ':');
    if (colon != NULL)
        return parse_range(item, colon, l, err, errlen);
    size_t x;
    if (ss_parse_size(item, &x, err, errlen) != 0)
        return -1;
    return list_add(l, x, err, errlen);
}

/* Splits a private copy in place so items need no length bookkeeping. */
static int parse_items(char *copy, const char *whole, size_list_t *l,
                       char *err, size_t errlen)
{
    char *p = copy;
    for (size_t pos = 1;; pos++) {
        char *comma = strchr(p, ',');
        if (comma != NULL)
            *comma = '\0';
        if (parse_item(p, pos, whole, l, err, errlen) != 0)
            return -1;
        if (comma == NULL)
            return 0;
        p = comma + 1;
    }
}

int ss_parse_bytes_list(const char *s, size_t **out, size_t *n,
                        char *err, size_t errlen)
{
    *out = NULL;
    *n = 0;
    if (s == NULL || *s == '\0') {
        set_err(err, errlen, "empty list (give sizes like 8,64,1K:4K)");
        return -1;
    }
    size_t len = strlen(s);
    char *copy = malloc(len + 1);
    size_list_t l = { malloc(SS_BYTES_LIST_MAX * sizeof(size_t)), 0 };
    if (copy == NULL || l.v == NULL) {
        free(copy);
        free(l.v);
        set_err(err, errlen, "out of memory while parsing the size list");
        return -1;
    }
    memcpy(copy, s, len + 1);
    int rc = parse_items(copy, s, &l, err, errlen);
    free(copy);
    if (rc != 0) {
        free(l.v);
        return -1;
    }
    /* Give back the unused part of the fixed-size buffer; a failed shrink
     * leaves the original block valid, so keep it. */
    size_t *shrunk = realloc(l.v, l.n * sizeof(size_t));
    *out = shrunk != NULL ? shrunk : l.v;
    *n = l.n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Plain numbers                                                       */
/* ------------------------------------------------------------------ */

int ss_parse_long(const char *s, long min, long max, long *out,
                  const char *what, char *err, size_t errlen)
{
    if (s == NULL || *s == '\0') {
        set_err(err, errlen, "%s: empty value (give a whole number between "
                "%ld and %ld)", what, min, max);
        return -1;
    }
    /* strtol would skip leading spaces; require a digit (after an optional
     * sign) so " 4" and "+-4" are refused. */
    const char *d = (s[0] == '-' || s[0] == '+') ? s + 1 : s;
    char *end = NULL;
    long v = 0;
    if (isdigit((unsigned char)*d)) {
        errno = 0;
        v = strtol(s, &end, 10);
    }
    if (end == NULL || *end != '\0') {
        long example = min > 0 ? min : (max < 0 ? max : 0);
        set_err(err, errlen, "%s: '%s' is not a whole number (e.g. %ld)",
                what, clip(s).s, example);
        return -1;
    }
    if (errno == ERANGE || v < min || v > max) {
        set_err(err, errlen, "%s: '%s' is out of range (must be between %ld "
                "and %ld)", what, clip(s).s, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

/* Reads a plain unsigned decimal number. Insisting on a leading digit or
 * '.' keeps strtod from accepting "inf", "nan" and leading spaces. */
static int read_number(const char *s, double *v, const char **end)
{
    if (!isdigit((unsigned char)s[0]) && s[0] != '.')
        return -1;
    char *e;
    errno = 0;
    *v = strtod(s, &e);
    if (e == s)
        return -1;
    *end = e;
    return 0;
}

int ss_parse_double(const char *s, double min, double max, double *out,
                    const char *what, char *err, size_t errlen)
{
    if (s == NULL || *s == '\0') {
        set_err(err, errlen, "%s: empty value (give a number between %g and "
                "%g)", what, min, max);
        return -1;
    }
    int neg = (s[0] == '-');
    const char *body = (neg || s[0] == '+') ? s + 1 : s;
    const char *end = NULL;
    double v;
    if (read_number(body, &v, &end) != 0 || *end != '\0') {
        set_err(err, errlen, "%s: '%s' is not a number (e.g. 0.5 or 1e-6)",
                what, clip(s).s);
        return -1;
    }
    v = neg ? -v : v;
    /* Written as !(in range) so a NaN can never slip through. */
    if (!isfinite(v) || !(v >= min && v <= max)) {
        set_err(err, errlen, "%s: '%s' is out of range (must be between %g "
                "and %g)", what, clip(s).s, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Quantities with units                                               */
/* ------------------------------------------------------------------ */

/* Splits "<number><unit>" and rejects signs, junk and non-finite values.
 * `kind` ("time", "bandwidth") and `example` feed the messages. */
static int read_quantity(const char *s, double *v, const char **unit,
                         const char *kind, const char *example,
                         char *err, size_t errlen)
{
    if (s == NULL || *s == '\0') {
        set_err(err, errlen, "empty %s (e.g. %s)", kind, example);
        return -1;
    }
    if (s[0] == '-') {
        set_err(err, errlen, "%s '%s' is negative (must be 0 or more)",
                kind, clip(s).s);
        return -1;
    }
    if (read_number(s, v, unit) != 0) {
        set_err(err, errlen, "'%s' is not a %s (write a number and a unit, "
                "e.g. %s)", clip(s).s, kind, example);
        return -1;
    }
    if (!isfinite(*v)) {
        set_err(err, errlen, "%s '%s' is too large", kind, clip(s).s);
        return -1;
    }
    return 0;
}

typedef struct unit {
    const char *name;
    double scale;
} unit_t;

int ss_parse_time(const char *s, double *seconds, char *err, size_t errlen)
{
    static const unit_t units[] = {
        { "", 1.0 }, { "s", 1.0 }, { "ms", 1e-3 }, { "us", 1e-6 },
        { "\xc2\xb5s", 1e-6 }, /* UTF-8 micro sign, as in "5 µs" docs */
        { "ns", 1e-9 }, { "ps", 1e-12 },
    };
    double v;
    const char *unit;
    if (read_quantity(s, &v, &unit, "time", "1.5us", err, errlen) != 0)
        return -1;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(unit, units[i].name) == 0) {
            *seconds = v * units[i].scale;
            return 0;
        }
    }
    set_err(err, errlen, "'%s' has unknown time unit '%s' (use s, ms, us, "
            "ns or ps; no unit means seconds)", clip(s).s, clip(unit).s);
    return -1;
}

/* Maps "[prefix[i]](Bps|bps)" to bytes/s per unit. Both "k" and "K" are
 * taken as kilo because platform files in the wild use both. */
static int rate_unit(const char *u, double *scale)
{
    static const char prefixes[] = "kKMGT";
    static const int power[] = { 1, 1, 2, 3, 4 };
    double m = 1.0;
    if (*u == '\0') {
        *scale = 1.0;
        return 0;
    }
    const char *p = strchr(prefixes, *u);
    if (p != NULL) {
        int binary = (u[1] == 'i');
        double base = binary ? 1024.0 : 1000.0;
        for (int i = 0; i < power[p - prefixes]; i++)
            m *= base;
        u += binary ? 2 : 1;
    }
    if (strcmp(u, "Bps") == 0)
        *scale = m;
    else if (strcmp(u, "bps") == 0)
        *scale = m / 8.0;
    else
        return -1;
    return 0;
}

int ss_parse_bandwidth(const char *s, double *bytes_per_s,
                       char *err, size_t errlen)
{
    double v, scale;
    const char *unit;
    if (read_quantity(s, &v, &unit, "bandwidth", "100Gbps", err, errlen) != 0)
        return -1;
    if (rate_unit(unit, &scale) != 0) {
        set_err(err, errlen, "'%s' has unknown bandwidth unit '%s' (use Bps "
                "for bytes/s or bps for bits/s, optionally after k, M, G or "
                "T, e.g. 100Gbps or 12.5GBps)", clip(s).s, clip(unit).s);
        return -1;
    }
    double r = v * scale;
    if (!(r > 0.0) || !isfinite(r)) {
        set_err(err, errlen, "bandwidth '%s' must be more than 0 and finite",
                clip(s).s);
        return -1;
    }
    *bytes_per_s = r;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Choices                                                             */
/* ------------------------------------------------------------------ */

int ss_match_choice(const char *s, const char *const *choices,
                    const char *what, char *err, size_t errlen)
{
    if (s != NULL && choices != NULL) {
        for (int i = 0; choices[i] != NULL; i++)
            if (strcmp(s, choices[i]) == 0)
                return i;
    }
    set_err(err, errlen, "unknown %s '%s' (", what, clip(s ? s : "").s);
    if (choices == NULL || choices[0] == NULL) {
        add_err(err, errlen, "no choices are available)");
        return -1;
    }
    add_err(err, errlen, "choose one of: ");
    for (int i = 0; choices[i] != NULL; i++)
        add_err(err, errlen, "%s%s", i > 0 ? ", " : "", choices[i]);
    add_err(err, errlen, ")");
    return -1;
}
