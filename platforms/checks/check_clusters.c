#define _POSIX_C_SOURCE 200809L
/* check_clusters.c - <cluster> and <cabinet> values: the radical (which
 * host numbers), the topology's parameters and host count, backbone,
 * loopback and limiter links. SimGrid aborts when a radical gives fewer
 * hosts than the topology has, and silently drops the extra ones when it
 * gives more; a backbone or loopback given a latency but no bandwidth is
 * a link of bandwidth 0, on which it aborts. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"

#define MAX_HOSTS 100000000L
#define MAX_DIMS 16

/* A whole number >= min with blanks around it, as SimGrid's stoi takes. */
static int number(const char *s, size_t len, long min, long *out)
{
    char buf[32], *end;
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *p = buf + strspn(buf, " \t");
    long x = strtol(p, &end, 10);
    end += strspn(end, " \t");
    if (end == p || *end || *p == '-' || *p == '+' || x < min || x > INT_MAX)
        return -1;
    *out = x;
    return 0;
}

static int add_range(ss_pgen_t *g, long lo, long hi)
{
    long *l = realloc(g->lo, (size_t)(g->nranges + 1) * sizeof *l);
    if (l)
        g->lo = l;
    long *h = l ? realloc(g->hi, (size_t)(g->nranges + 1) * sizeof *h) : NULL;
    if (!h)
        return -1;
    g->hi = h;
    g->lo[g->nranges] = lo;
    g->hi[g->nranges++] = hi;
    return 0;
}

static int by_lo(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* Two ranges sharing a number would name one host twice. */
static long overlap(const ss_pgen_t *g)
{
    long (*r)[2] = malloc((size_t)g->nranges * sizeof *r), dup = -1;
    if (!r)
        return -1;
    for (int i = 0; i < g->nranges; i++) {
        r[i][0] = g->lo[i];
        r[i][1] = g->hi[i];
    }
    qsort(r, (size_t)g->nranges, sizeof *r, by_lo);
    for (int i = 1; i < g->nranges && dup < 0; i++)
        if (r[i][0] <= r[i - 1][1])
            dup = r[i][0];
    free(r);
    return dup;
}

int ss_pv_radical(ss_checker_t *b, const ss_pxml_elem_t *e, ss_pgen_t *g, long *count)
{
    const char *rad = ss_pxml_attr(e, "radical"), *p = rad;
    char who[160];
    ss_ck_name(e, who, sizeof who);
    *count = 0;
    for (;;) {
        size_t len = strcspn(p, ","), dash = strcspn(p, "-");
        long lo, hi;
        int two = dash < len;
        if (number(p, two ? dash : len, 0, &lo) ||
            (two ? number(p + dash + 1, len - dash - 1, 0, &hi) : (hi = lo, 0)))
            return ss_ck_fail(b, e->line, "%s radical=\"%s\": '%.*s' is not N or LOW-HIGH "
                              "(whole numbers, e.g. radical=\"0-63\" or \"0-15,32-47\")",
                              who, rad, (int)len, p);
        if (hi < lo)
            return ss_ck_fail(b, e->line, "%s radical=\"%s\": the range %ld-%ld is empty; "
                              "write LOW-HIGH", who, rad, lo, hi);
        if ((*count += hi - lo + 1) > MAX_HOSTS || add_range(g, lo, hi))
            return ss_ck_fail(b, e->line, "%s radical=\"%s\" makes too many hosts (at "
                              "most %ld)", who, rad, MAX_HOSTS);
        if (!p[len])
            break;
        p += len + 1;
    }
    long dup = overlap(g);
    if (dup >= 0)
        return ss_ck_fail(b, e->line, "%s radical=\"%s\" gives number %ld twice, so two "
                          "hosts would have the same name", who, rad, dup);
    return 0;
}

/* "a,b,c" into v (values >= 1); how many, -1 when malformed. */
static int dims(const char *s, size_t len, long *v, int max)
{
    int n = 0;
    for (size_t i = 0; i <= len; n++) {
        size_t k = i;
        while (k < len && s[k] != ',')
            k++;
        if (n == max || number(s + i, k - i, 1, &v[n]))
            return -1;
        i = k + 1;
    }
    return n;
}

/* topo_parameters split on ';' into exactly nparts lists of the given
 * sizes (0: any); the host count they make in *hosts. */
static int parts(const char *tp, int nparts, const int *sizes, long v[][MAX_DIMS],
                 int *got)
{
    const char *p = tp;
    for (int i = 0; i < nparts; i++) {
        size_t len = strcspn(p, ";");
        if ((got[i] = dims(p, len, v[i], MAX_DIMS)) < 0 || (sizes[i] && got[i] != sizes[i]))
            return -1;
        if (!p[len])
            return i == nparts - 1 ? 0 : -1;
        p += len + 1;
    }
    return -1;
}

static long product(const long *v, int n)
{
    long h = 1;
    for (int i = 0; i < n && h <= MAX_HOSTS; i++)
        h *= v[i];
    return h;
}

/* The hosts the topology makes, 0 (after ss_ck_fail) when malformed. */
static long topo_hosts(ss_checker_t *b, const ss_pxml_elem_t *e, const char *topo)
{
    const char *tp = ss_pxml_attr(e, "topo_parameters");
    long v[4][MAX_DIMS];
    int got[4], any[4] = {0, 0, 0, 0}, df[4] = {2, 2, 2, 1};
    char who[160];
    ss_ck_name(e, who, sizeof who);
    tp = tp ? tp : "";
    if (!strcmp(topo, "TORUS") && parts(tp, 1, any, v, got) == 0)
        return product(v[0], got[0]);
    if (!strcmp(topo, "DRAGONFLY") && parts(tp, 4, df, v, got) == 0) {
        if (v[0][0] <= v[2][0])
            return v[0][0] * v[1][0] * v[2][0] * v[3][0];
        ss_ck_fail(b, e->line, "%s DRAGONFLY has %ld groups, more than its %ld routers "
                   "per chassis: SimGrid 3.32 links group i to group j through router j "
                   "of the first chassis and reads past its arrays; give at most %ld "
                   "groups or more routers", who, v[0][0], v[2][0], v[2][0]);
        return 0;
    }
    if (!strcmp(topo, "FAT_TREE")) {
        long levels;
        size_t len = strcspn(tp, ";");
        int per[4];
        if (number(tp, len, 1, &levels) == 0 && levels <= MAX_DIMS) {
            per[0] = 1;
            per[1] = per[2] = per[3] = (int)levels;
            if (parts(tp, 4, per, v, got) == 0)
                return product(v[1], got[1]);
        }
    }
    ss_ck_fail(b, e->line, "%s topo_parameters=\"%s\" is not what %s takes: %s", who, tp,
               topo, !strcmp(topo, "TORUS") ? "\"X,Y,Z,...\", e.g. \"4,4,4\""
               : !strcmp(topo, "DRAGONFLY") ? "\"GROUPS,LINKS;CHASSIS,LINKS;ROUTERS,LINKS;"
               "NODES\", e.g. \"4,2;2,1;4,1;4\"" : "\"LEVELS;DOWN,..;UP,..;LINKS,..\" with "
               "one value per level, e.g. \"2;8,8;1,8;1,1\"");
    return 0;
}

/* A backbone or loopback exists when its bandwidth or latency is > 0:
 * then its bandwidth must be > 0. */
static int optional_link(ss_checker_t *b, const ss_pxml_elem_t *e, const char *bw_attr,
                         const char *lat_attr)
{
    const char *bw = ss_pxml_attr(e, bw_attr), *lat = ss_pxml_attr(e, lat_attr);
    double x = 0, y = 0;
    char who[160];
    if ((bw && *bw && ss_pv_value(b, e, bw_attr, bw, SS_UNIT_BANDWIDTH, SS_PV_ANY, &x)) ||
        (lat && *lat && ss_pv_value(b, e, lat_attr, lat, SS_UNIT_TIME, SS_PV_NONNEGATIVE, &y)))
        return -1;
    ss_ck_name(e, who, sizeof who);
    if (bw && *bw && x <= 0 && (x < 0 || y > 0))
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" must be more than 0 (SimGrid aborts on "
                          "a link without bandwidth)", who, bw_attr, bw);
    if ((!bw || !*bw) && y > 0)
        return ss_ck_fail(b, e->line, "%s %s=\"%s\" without %s: SimGrid makes that link "
                          "with bandwidth 0 and aborts on it; add %s=\"...\"", who, lat_attr,
                          lat, bw_attr, bw_attr);
    return 0;
}

int ss_pv_cluster(ss_checker_t *b, const ss_pxml_elem_t *e, ss_pgen_t *g)
{
    const char *topo = ss_pxml_attr(e, "topology");
    double x;
    long count, hosts, core;
    int n;
    char who[160];
    if (ss_pv_list(b, e, "speed", SS_UNIT_SPEED, ",", &n) ||
        ss_pv_whole(b, e, "core", 1, 1 << 20, &core) ||
        ss_pv_attr(b, e, "bw", SS_UNIT_BANDWIDTH, SS_PV_POSITIVE, &x) ||
        ss_pv_attr(b, e, "lat", SS_UNIT_TIME, SS_PV_NONNEGATIVE, &x) ||
        optional_link(b, e, "bb_bw", "bb_lat") ||
        optional_link(b, e, "loopback_bw", "loopback_lat") ||
        ss_pv_attr(b, e, "limiter_link", SS_UNIT_BANDWIDTH, SS_PV_NONNEGATIVE, &x) ||
        ss_pv_radical(b, e, g, &count))
        return -1;
    if (!topo || !strcmp(topo, "FLAT"))
        return 0;
    if (!(hosts = topo_hosts(b, e, topo)))
        return -1;
    if (hosts != count)
        return ss_ck_fail(b, e->line, "%s radical=\"%s\" names %ld hosts but the %s "
                          "topology has %ld (SimGrid %s); make it radical=\"0-%ld\"",
                          ss_ck_name(e, who, sizeof who), ss_pxml_attr(e, "radical"), count,
                          topo, hosts, count < hosts ? "aborts" : "silently leaves the "
                          "extra ones out", hosts - 1);
    return 0;
}
