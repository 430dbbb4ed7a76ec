/* checker.h - the check of a platform file as it streams by: each
 * element checked as it comes (check_elements.c, check_values.c,
 * check_clusters.c, check_references.c) and entered in the model of the
 * file (file_model.h), then the file as a whole (check_whole_file.c).
 * Internal to platforms/xml/. */
#ifndef SS_CHECKER_H
#define SS_CHECKER_H

#include <stddef.h>

#include "check_error.h"
#include "xml/file_model.h"
#include "xml/schema.h"
#include "xml/stream.h"
#include "xml/units.h"

#define SS_CK_DEPTH 256     /* libxml2's own nesting limit */

typedef struct ss_pref {    /* a name used before the end of the file */
    int name, line, zone;
    int up, down;           /* host_link: the links, names */
} ss_pref_t;

typedef struct ss_checker {
    ss_pmodel_t *m;
    const char *path;
    ss_perr_t e;
    struct { ss_el_t kind; int idx, nlinks; } open[SS_CK_DEPTH];
    int depth;
    int zone;               /* the innermost open zone, -1 */
    int tops;               /* zones and clusters directly in <platform> */
    int unitless;           /* values without a unit (SimGrid warns) */
    char unitless_first[240];
    ss_pref_t *links;       /* <link_ctn> to links not declared yet */
    ss_pref_t *hostlinks;   /* <host_link>s, resolved when the file ends */
    int nlinks, clinks, nhostlinks, chostlinks;
} ss_checker_t;

/* Sets the error "platform 'FILE': line N: ..." (the first one wins) and
 * returns -1. */
int ss_ck_fail(ss_checker_t *b, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "<link id="x">", "<route src="a" dst="b">": how messages name e. */
const char *ss_ck_name(const ss_pxml_elem_t *e, char *buf, size_t n);

/* Routes, <link_ctn> and <host_link> references (check_references.c);
 * each returns the index it made or 0, -1 after ss_ck_fail. */
int ss_ck_route(ss_checker_t *b, const ss_pxml_elem_t *e, int zone_route);
int ss_ck_link_ref(ss_checker_t *b, const ss_pxml_elem_t *e);
int ss_ck_host_link(ss_checker_t *b, const ss_pxml_elem_t *e);
/* Is id NAME_UP or NAME_DOWN of a declared SPLITDUPLEX link NAME? */
int ss_ck_split_half(const ss_pmodel_t *m, const char *id);

/* The walk's calls (check_elements.c). */
int ss_ck_start(void *b, const ss_pxml_elem_t *e);
int ss_ck_end(void *b, const char *name, int line);

/* Checks the values of e (units, signs, counts, lists) for its kind
 * (check_values.c); for clusters and cabinets (check_clusters.c), also
 * records the host names they make in gen. */
int ss_pv_check(ss_checker_t *b, const ss_pxml_elem_t *e, ss_el_t kind, ss_pgen_t *gen);
int ss_pv_cluster(ss_checker_t *b, const ss_pxml_elem_t *e, ss_pgen_t *gen);
int ss_pv_radical(ss_checker_t *b, const ss_pxml_elem_t *e, ss_pgen_t *gen, long *count);

/* Value helpers of check_values.c, each -1 after ss_ck_fail: */
typedef enum { SS_PV_ANY, SS_PV_POSITIVE, SS_PV_NONNEGATIVE } ss_pv_sign_t;
/* v, the value of attr, as SimGrid reads a value of kind k */
int ss_pv_value(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
                const char *v, ss_unit_kind_t k, ss_pv_sign_t sign, double *out);
/* attribute attr if present (else *out = 0) */
int ss_pv_attr(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
               ss_unit_kind_t k, ss_pv_sign_t sign, double *out);
/* a list of positive values split on seps ("" for one value) */
int ss_pv_list(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
               ss_unit_kind_t k, const char *seps, int *n);
/* a whole number in [lo, hi] if present */
int ss_pv_whole(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr,
                long lo, long hi, long *out);
/* a profile file SimGrid will open, if given */
int ss_pv_profile(ss_checker_t *b, const ss_pxml_elem_t *e, const char *attr);

/* Resolves the ends and gateways of every route and refuses a route
 * given twice (check_route_ends.c). */
int ss_ck_resolve_routes(ss_checker_t *b);

/* After the last element: references, generated names, routes, empty
 * zones (check_whole_file.c). */
int ss_ck_finish(ss_checker_t *b);

#endif
