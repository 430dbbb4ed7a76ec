#define _POSIX_C_SOURCE 200809L
/* check_values.c - the values of a platform element: bandwidths,
 * latencies and speeds read as SimGrid reads them (units.h) and refused
 * where SimGrid would abort or misread (zero or negative bandwidth or
 * speed, negative latency, inf, nan); counts, pstates, coordinates,
 * profile files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checker.h"

static const char *const kind_word[] = {"bandwidth", "time", "speed"};

/* Notes a unit-less value: SimGrid accepts it with a warning. */
static void unitless(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
                     const char *v, ss_unit_kind_t k)
{
    char who[160];
    if (b->unitless++ == 0)
        snprintf(b->unitless_first, sizeof b->unitless_first, "line %d: %s %s=\"%s\" "
                 "has no unit and is read as %s%s", e->line, ss_ck_name(e, who, sizeof who),
                 attr, v, v, ss_unit_default(k));
}

/* One value v of attribute attr: status and sign checked. */
int ss_pv_value(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
                const char *v, ss_unit_kind_t k, ss_pv_sign_t sign, double *out)
{
    char who[160];
    const char *unit;
    ss_value_status_t st = ss_unit_parse(k, v, out, &unit);
    if (st == SS_VALUE_OK && (sign == SS_PV_ANY || (sign == SS_PV_POSITIVE ? *out > 0 : *out >= 0)))
        return 0;   /* the common case: no message to build */
    ss_ck_name(e, who, sizeof who);
    if (st == SS_VALUE_UNITLESS)
        unitless(b, e, attr, v, k);
    else if (st == SS_VALUE_NOT_NUMBER || st == SS_VALUE_RANGE || st == SS_VALUE_NOT_FINITE)
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" is %s; write a %s such as %s", who,
                          attr, v, st == SS_VALUE_NOT_NUMBER ? "not a number"
                          : st == SS_VALUE_RANGE ? "out of range" : "not finite",
                          kind_word[k], ss_unit_examples(k));
    else if (st == SS_VALUE_UNKNOWN_UNIT)
        return ss_ck_fail(b, e->line, "%s %s=\"%s\": unknown unit '%s'; SimGrid takes "
                          "e.g. %s", who, attr, v, unit, ss_unit_examples(k));
    if (sign == SS_PV_POSITIVE && !(*out > 0))
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" must be more than 0 (SimGrid aborts "
                          "or stalls on it); give the real %s, e.g. %s", who, attr, v,
                          kind_word[k], k == SS_UNIT_SPEED ? "1Gf" : "12.5GBps");
    if (sign == SS_PV_NONNEGATIVE && *out < 0)
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" is negative (SimGrid would take it "
                          "and simulate wrong times); give 0 or more, e.g. %s", who, attr,
                          v, k == SS_UNIT_TIME ? "1us" : "12.5GBps");
    return 0;
}

/* Attribute attr: absent gives *out = 0 and is not checked. */
int ss_pv_attr(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
               ss_unit_kind_t k, ss_pv_sign_t sign, double *out)
{
    const char *v = ss_pxml_attr(e, attr);
    *out = 0;
    return v ? ss_pv_value(b, e, attr, v, k, sign, out) : 0;
}

/* A list "a,b,c" (speeds per pstate, trimmed like SimGrid trims them, or
 * WIFI bandwidths split on ',' and ';'); its length in *n. */
int ss_pv_list(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
               ss_unit_kind_t k, const char *seps, int *n)
{
    char buf[1024], *save;
    double x;
    snprintf(buf, sizeof buf, "%s", ss_pxml_attr(e, attr));
    *n = 0;
    if (!strpbrk(buf, seps))
        return ++*n, ss_pv_value(b, e, attr, buf, k, SS_PV_POSITIVE, &x);
    for (char *t = strtok_r(buf, seps, &save); t; t = strtok_r(NULL, seps, &save), ++*n) {
        if (k == SS_UNIT_SPEED) {
            size_t len;
            t += strspn(t, " \t");
            for (len = strlen(t); len && (t[len - 1] == ' ' || t[len - 1] == '\t'); len--)
                t[len - 1] = '\0';
        }
        if (ss_pv_value(b, e, attr, t, k, SS_PV_POSITIVE, &x))
            return -1;
    }
    return 0;
}

/* A whole number in [lo, hi]; SimGrid's stoi would take "1.5" as 1. */
int ss_pv_whole(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
                long lo, long hi, long *out)
{
    const char *v = ss_pxml_attr(e, attr);
    char who[160], *end;
    if (!v)
        return 0;
    long x = strtol(v, &end, 10);
    end += strspn(end, " \t");
    if (end == v || *end || x < lo || x > hi)
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" must be a whole number from %ld to "
                          "%ld", ss_ck_name(e, who, sizeof who), attr, v, lo, hi);
    *out = x;
    return 0;
}

/* Vivaldi coordinates: three numbers separated by blanks. */
static int coordinates(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    const char *v = ss_pxml_attr(e, "coordinates"), *p = v;
    char who[160], *end;
    int n = 0;
    if (!v || !*v)
        return 0;
    for (p += strspn(p, " "); *p; p += strspn(p, " "), n++) {
        strtod(p, &end);
        if (end == p || (*end && *end != ' '))
            break;
        p = end;
    }
    if (*p || n != 3)
        return ss_ck_fail(b, e->line, "%s coordinates=\"%s\" must be three numbers "
                          "separated by blanks, e.g. \"0 10.5 2\"",
                          ss_ck_name(e, who, sizeof who), v);
    return 0;
}

/* Profile files are opened by SimGrid relative to the current directory
 * or to the platform's: a missing one aborts it. */
int ss_pv_profile(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr)
{
    const char *f = ss_pxml_attr(e, attr), *slash = strrchr(b->path, '/');
    char who[160], near[4096];
    if (!f || !*f || access(f, R_OK) == 0)
        return 0;
    snprintf(near, sizeof near, "%.*s/%s", slash ? (int)(slash - b->path) : 1,
             slash ? b->path : ".", f);
    if (f[0] != '/' && access(near, R_OK) == 0)
        return 0;
    return ss_ck_fail(b, e->line, "%s %s=\"%s\": no such readable file (relative "
                      "paths are taken from the current directory or the platform's)",
                      ss_ck_name(e, who, sizeof who), attr, f);
}

static int host_values(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    int speeds;
    long x;
    if (ss_pv_list(b, e, "speed", SS_UNIT_SPEED, ",", &speeds) ||
        ss_pv_whole(b, e, "core", 1, 1 << 20, &x) || ss_pv_whole(b, e, "pstate", 0, speeds - 1, &x))
        return -1;
    return coordinates(b, e) || ss_pv_profile(b, e, "speed_file") ||
           ss_pv_profile(b, e, "availability_file") || ss_pv_profile(b, e, "state_file") ? -1 : 0;
}

static int link_values(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    const char *sp = ss_pxml_attr(e, "sharing_policy");
    int wifi = sp && !strcmp(sp, "WIFI"), n;
    double lat;
    if (!wifi && strpbrk(ss_pxml_attr(e, "bandwidth"), ",;"))
        return ss_ck_fail(b, e->line, "<link id=\"%s\"> bandwidth=\"%s\" has several "
                          "bandwidths, which only sharing_policy=\"WIFI\" links take; give "
                          "one", ss_pxml_attr(e, "id"), ss_pxml_attr(e, "bandwidth"));
    if (ss_pv_list(b, e, "bandwidth", SS_UNIT_BANDWIDTH, wifi ? ",;" : "", &n))
        return -1;
    return ss_pv_attr(b, e, "latency", SS_UNIT_TIME, SS_PV_NONNEGATIVE, &lat) ||
           ss_pv_profile(b, e, "bandwidth_file") || ss_pv_profile(b, e, "latency_file") ||
           ss_pv_profile(b, e, "state_file") ? -1 : 0;
}

int ss_pv_check(ss_checker_t *b, const ss_pxml_elem_t *e, ss_el_t kind, ss_pgen_t *gen)
{
    double x, y;
    int n;
    long count;
    switch (kind) {
    case SS_EL_HOST:
        return host_values(b, e);
    case SS_EL_LINK:
        return link_values(b, e);
    case SS_EL_CLUSTER:
        return ss_pv_cluster(b, e, gen);
    case SS_EL_CABINET:
        return ss_pv_list(b, e, "speed", SS_UNIT_SPEED, "", &n) ||
               ss_pv_attr(b, e, "bw", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
               ss_pv_attr(b, e, "lat", SS_UNIT_TIME, SS_PV_NONNEGATIVE, &y) ||
               ss_pv_radical(b, e, gen, &count) ? -1 : 0;
    case SS_EL_PEER:
        return ss_pv_list(b, e, "speed", SS_UNIT_SPEED, "", &n) ||
               ss_pv_attr(b, e, "bw_in", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
               ss_pv_attr(b, e, "bw_out", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
               ss_pv_attr(b, e, "lat", SS_UNIT_TIME, SS_PV_NONNEGATIVE, &y) ||
               coordinates(b, e) || ss_pv_profile(b, e, "speed_file") || ss_pv_profile(b, e, "availability_file") ||
               ss_pv_profile(b, e, "state_file") ? -1 : 0;
    case SS_EL_BACKBONE:
        return ss_pv_attr(b, e, "bandwidth", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
               ss_pv_attr(b, e, "latency", SS_UNIT_TIME, SS_PV_NONNEGATIVE, &y) ? -1 : 0;
    case SS_EL_DISK:
        return ss_pv_attr(b, e, "read_bw", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
               ss_pv_attr(b, e, "write_bw", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &y) ? -1 : 0;
    case SS_EL_ROUTER:
        return coordinates(b, e);
    case SS_EL_TRACE:
        return ss_pv_profile(b, e, "file");
    default:
        return 0;
    }
}
