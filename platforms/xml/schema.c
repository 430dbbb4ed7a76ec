/* schema.c - SimGrid 3.32's platform elements (schema.h). The table is
 * written from the 4.1 DTD and SimGrid's parser as measured: a <link>
 * without latency is refused by 3.32 although the DTD gives a default. */
#include <stdio.h>
#include <string.h>

#include "schema.h"

#define P(k) (1u << (k))
#define ROOT (1u << 31)
#define ZONE_ONLY P(SS_EL_ZONE)
#define TOP_OR_ZONE (P(SS_EL_PLATFORM) | P(SS_EL_ZONE))
#define ROUTES (P(SS_EL_ROUTE) | P(SS_EL_ZONE_ROUTE) | P(SS_EL_BYPASS_ROUTE) | \
                P(SS_EL_BYPASS_ZONE_ROUTE))

typedef struct rule {
    const char *name;
    unsigned parents;
    const char *required, *optional;   /* blank-separated attribute names */
} rule_t;

static const rule_t rules[SS_EL_COUNT] = {
    [SS_EL_PLATFORM] = {"platform", ROOT, "", "version"},
    [SS_EL_CONFIG] = {"config", P(SS_EL_PLATFORM), "", "id"},
    [SS_EL_RANDOM] = {"random", P(SS_EL_PLATFORM), "id min max mean std_deviation",
                      "seed radical generator"},
    [SS_EL_TRACE] = {"trace", TOP_OR_ZONE, "id periodicity", "file"},
    [SS_EL_TRACE_CONNECT] = {"trace_connect", TOP_OR_ZONE, "trace element", "kind"},
    [SS_EL_ZONE] = {"zone", TOP_OR_ZONE, "id routing", ""},
    [SS_EL_HOST] = {"host", ZONE_ONLY, "id speed",
                    "core speed_file availability_file state_file coordinates pstate"},
    [SS_EL_DISK] = {"disk", P(SS_EL_HOST), "read_bw write_bw", "id"},
    [SS_EL_HOST_LINK] = {"host_link", ZONE_ONLY, "id up down", ""},
    [SS_EL_CLUSTER] = {"cluster", TOP_OR_ZONE, "id prefix suffix radical speed bw lat",
                       "core sharing_policy topology topo_parameters bb_bw bb_lat "
                       "bb_sharing_policy router_id limiter_link loopback_bw loopback_lat"},
    [SS_EL_CABINET] = {"cabinet", ZONE_ONLY, "id prefix suffix radical speed bw lat", ""},
    [SS_EL_PEER] = {"peer", ZONE_ONLY, "id speed bw_in bw_out",
                    "lat coordinates speed_file availability_file state_file"},
    [SS_EL_ROUTER] = {"router", ZONE_ONLY, "id", "coordinates"},
    [SS_EL_BACKBONE] = {"backbone", ZONE_ONLY, "id bandwidth latency", ""},
    [SS_EL_LINK] = {"link", ZONE_ONLY, "id bandwidth latency",
                    "bandwidth_file latency_file state_file sharing_policy"},
    [SS_EL_ROUTE] = {"route", ZONE_ONLY, "src dst", "symmetrical"},
    [SS_EL_ZONE_ROUTE] = {"zoneRoute", ZONE_ONLY, "src dst gw_src gw_dst", "symmetrical"},
    [SS_EL_BYPASS_ROUTE] = {"bypassRoute", ZONE_ONLY, "src dst", ""},
    [SS_EL_BYPASS_ZONE_ROUTE] = {"bypassZoneRoute", ZONE_ONLY, "src dst gw_src gw_dst", ""},
    [SS_EL_LINK_CTN] = {"link_ctn", ROUTES, "id", "direction"},
    [SS_EL_PROP] = {"prop", P(SS_EL_ZONE) | P(SS_EL_HOST) | P(SS_EL_LINK) |
                    P(SS_EL_CLUSTER) | P(SS_EL_CONFIG) | P(SS_EL_DISK), "id value", ""},
};

static const struct { ss_el_t kind; const char *attr, *values; } enums[] = {
    {SS_EL_RANDOM, "generator", "DRAND48 RAND RNGSTREAM NONE"},
    {SS_EL_TRACE_CONNECT, "kind", "HOST_AVAIL SPEED LINK_AVAIL BANDWIDTH LATENCY"},
    {SS_EL_CLUSTER, "sharing_policy", "SHARED SPLITDUPLEX FULLDUPLEX FATPIPE"},
    {SS_EL_CLUSTER, "topology", "FLAT TORUS FAT_TREE DRAGONFLY"},
    {SS_EL_CLUSTER, "bb_sharing_policy", "SHARED FATPIPE"},
    {SS_EL_LINK, "sharing_policy", "SHARED SPLITDUPLEX FULLDUPLEX FATPIPE WIFI"},
    {SS_EL_ROUTE, "symmetrical", "YES NO yes no"},
    {SS_EL_ZONE_ROUTE, "symmetrical", "YES NO yes no"},
    {SS_EL_LINK_CTN, "direction", "UP DOWN NONE"},
};

/* Elements refused with a reason rather than as unknown. */
static const struct { const char *name, *why; } refused[] = {
    {"include", "<include> was removed in SimGrid 3.18: paste the included file's "
                "elements in its place"},
    {"storage_type", "<storage_type> was removed in SimGrid 3.27: give hosts a <disk>"},
    {"storage", "<storage> was removed in SimGrid 3.27: give hosts a <disk>"},
    {"mount", "<mount> was removed in SimGrid 3.27: give hosts a <disk>"},
    {"model_prop", "<model_prop> went with <storage_type>, removed in SimGrid 3.27"},
    {"actor", "<actor> deploys SimGrid actors, but shmemsim places the PEs itself "
              "(--pes, --ppn, --placement): remove it from the platform"},
    {"process", "<process> deploys SimGrid actors, but shmemsim places the PEs "
                "itself (--pes, --ppn, --placement): remove it from the platform"},
    {"argument", "<argument> belongs to <actor>, which shmemsim does not take"},
};

ss_el_t ss_schema_kind(const char *name)
{
    static const struct { const char *alias; ss_el_t kind; } alias[] = {
        {"AS", SS_EL_ZONE}, {"ASroute", SS_EL_ZONE_ROUTE},
        {"bypassASroute", SS_EL_BYPASS_ZONE_ROUTE},
    };
    for (int k = 0; k < SS_EL_COUNT; k++)   /* first letters differ mostly */
        if (rules[k].name && rules[k].name[0] == name[0] && !strcmp(rules[k].name, name))
            return (ss_el_t)k;
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (!strcmp(alias[i].alias, name))
            return alias[i].kind;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (!strcmp(refused[i].name, name))
            return SS_EL_REMOVED;
    return SS_EL_COUNT;
}

/* Is word a blank-separated word of list? */
static int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

static int check_enum(const ss_pxml_elem_t *e, ss_el_t kind, char *why, size_t n)
{
    for (size_t i = 0; i < sizeof enums / sizeof enums[0]; i++) {
        const char *v = enums[i].kind == kind ? ss_pxml_attr(e, enums[i].attr) : NULL;
        if (v && (!*v || strchr(v, ' ') || !has_word(enums[i].values, v))) {
            snprintf(why, n, "<%s %s=\"%s\">: %s is one of %s (case matters)", e->name,
                     enums[i].attr, v, enums[i].attr, enums[i].values);
            return -1;
        }
    }
    return 0;
}

static int check_attrs(const ss_pxml_elem_t *e, const rule_t *r, char *why, size_t n)
{
    for (int i = 0; i < e->nattr; i++)
        if (!has_word(r->required, e->attr[i][0]) && !has_word(r->optional, e->attr[i][0])) {
            snprintf(why, n, "<%s> has no attribute '%s' in SimGrid 3.32 (it takes: "
                     "%s%s%s)", e->name, e->attr[i][0], r->required,
                     *r->optional ? " " : "", r->optional);
            return -1;
        }
    for (const char *a = r->required; *a; a += strspn(a, " ")) {
        size_t len = strcspn(a, " ");
        int found = 0;
        for (int i = 0; i < e->nattr && !found; i++)
            found = !strncmp(e->attr[i][0], a, len) && e->attr[i][0][len] == '\0';
        if (!found) {
            snprintf(why, n, "<%s> needs the attribute %.*s=\"...\"", e->name, (int)len, a);
            return -1;
        }
        a += len;
    }
    return 0;
}

static const char *removed_why(const char *name)
{
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (!strcmp(refused[i].name, name))
            return refused[i].why;
    return "";
}

int ss_schema_check(const ss_pxml_elem_t *e, ss_el_t kind, ss_el_t parent,
                    char *why, size_t n)
{
    if (kind == SS_EL_COUNT) {
        snprintf(why, n, "<%s> is not an element of SimGrid's platform format", e->name);
        return -1;
    }
    if (kind == SS_EL_REMOVED) {
        snprintf(why, n, "%s", removed_why(e->name));
        return -1;
    }
    const rule_t *r = &rules[kind];
    unsigned from = parent == SS_EL_NONE ? ROOT : P(parent);
    if (!(r->parents & from)) {
        char where[120] = "";
        for (int k = 0; k < SS_EL_COUNT; k++)
            if (rules[k].name && (r->parents & P(k)))
                snprintf(where + strlen(where), sizeof where - strlen(where), "%s<%s>",
                         *where ? " or " : "", rules[k].name);
        snprintf(why, n, "<%s> cannot be %s%s%s; it goes inside %s", e->name,
                 parent == SS_EL_NONE ? "the root element" : "inside <",
                 parent == SS_EL_NONE ? "" : rules[parent].name,
                 parent == SS_EL_NONE ? "" : ">", *where ? where : "nothing");
        return -1;
    }
    return check_attrs(e, r, why, n) || check_enum(e, kind, why, n) ? -1 : 0;
}
