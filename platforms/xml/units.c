/* units.c - SimGrid 3.32's unit tables (see units.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

static const char *const short_decimal[] = {"k", "M", "G", "T", "P", "E", "Z", "Y", NULL};
static const char *const short_binary[] = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi", NULL};
static const char *const long_decimal[] = {"kilo", "mega", "giga", "tera", "peta",
                                           "exa", "zeta", "yotta", NULL};

/* The scale of prefix p in list (1 for ""), 0 when it is not in it. */
static double prefix_scale(const char *p, size_t len, const char *const *list, double step)
{
    double scale = 1;
    if (len == 0)
        return 1;
    for (int i = 0; list[i]; i++) {
        scale *= step;
        if (strlen(list[i]) == len && !strncmp(list[i], p, len))
            return scale;
    }
    return 0;
}

/* u ends with base: the scale of what is before it, 0 if not a prefix. */
static double with_base(const char *u, const char *base, const char *const *list,
                        double step)
{
    size_t n = strlen(u), b = strlen(base);
    if (n < b || strcmp(u + n - b, base))
        return 0;
    return prefix_scale(u, n - b, list, step);
}

static double bandwidth_scale(const char *u)
{
    double s;
    if ((s = with_base(u, "Bps", short_decimal, 1000)) ||
        (s = with_base(u, "Bps", short_binary, 1024)))
        return s;
    if ((s = with_base(u, "bps", short_decimal, 1000)) ||
        (s = with_base(u, "bps", short_binary, 1024)))
        return s / 8;
    return 0;
}

static double time_scale(const char *u)
{
    static const struct { const char *unit; double scale; } t[] = {
        {"w", 604800}, {"d", 86400}, {"h", 3600}, {"m", 60}, {"s", 1},
        {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(u, t[i].unit))
            return t[i].scale;
    return 0;
}

static double speed_scale(const char *u)
{
    double s;
    if ((s = with_base(u, "flops", long_decimal, 1000)))
        return s;
    return with_base(u, "f", short_decimal, 1000);
}

ss_value_status_t ss_unit_parse(ss_unit_kind_t kind, const char *s,
                                double *value, const char **unit)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    *unit = end;
    if (errno == ERANGE)
        return SS_VALUE_RANGE;
    if (end == s)
        return SS_VALUE_NOT_NUMBER;
    *value = v;
    if (*end == '\0')
        return isfinite(v) ? (v == 0 ? SS_VALUE_OK : SS_VALUE_UNITLESS)
                           : SS_VALUE_NOT_FINITE;
    double scale = kind == SS_UNIT_BANDWIDTH ? bandwidth_scale(end)
                 : kind == SS_UNIT_TIME ? time_scale(end) : speed_scale(end);
    if (scale == 0)
        return SS_VALUE_UNKNOWN_UNIT;
    *value = v * scale;
    return isfinite(*value) ? SS_VALUE_OK : SS_VALUE_NOT_FINITE;
}

const char *ss_unit_default(ss_unit_kind_t kind)
{
    return kind == SS_UNIT_BANDWIDTH ? "Bps" : kind == SS_UNIT_TIME ? "s" : "f";
}

const char *ss_unit_examples(ss_unit_kind_t kind)
{
    if (kind == SS_UNIT_BANDWIDTH)
        return "12.5GBps, 100Gbps, 10GiBps, 500kBps (B bytes, b bits; k is "
               "lower-case; no blank before the unit)";
    if (kind == SS_UNIT_TIME)
        return "1us, 50ns, 2ms, 1s (w d h m s ms us ns ps; no blank before the unit)";
    return "1Gf, 2.5Tf, 100Mf or 1gigaflops (no blank before the unit)";
}
