/* schema.h - the elements and attributes of SimGrid 3.32's platform format
 * (DTD version 4.1): where each element may appear, which attributes it
 * must have and may have, and the values of enumerated attributes.
 * SimGrid's parser refuses the rest, mostly by throwing or aborting;
 * elements it removed (include, storage, mount) or that are not for
 * shmemsim (actor: shmemsim places PEs itself) are refused here with
 * the reason. Synonyms (AS for zone, ASroute for zoneRoute, ...) map to
 * one kind. */
#ifndef SS_SCHEMA_H
#define SS_SCHEMA_H

#include <stddef.h>

#include "stream.h"

typedef enum {
    SS_EL_NONE = -1,    /* above the root */
    SS_EL_PLATFORM, SS_EL_CONFIG, SS_EL_RANDOM, SS_EL_TRACE, SS_EL_TRACE_CONNECT,
    SS_EL_ZONE, SS_EL_HOST, SS_EL_DISK, SS_EL_HOST_LINK, SS_EL_CLUSTER,
    SS_EL_CABINET, SS_EL_PEER, SS_EL_ROUTER, SS_EL_BACKBONE, SS_EL_LINK,
    SS_EL_ROUTE, SS_EL_ZONE_ROUTE, SS_EL_BYPASS_ROUTE, SS_EL_BYPASS_ZONE_ROUTE,
    SS_EL_LINK_CTN, SS_EL_PROP, SS_EL_ACTOR, SS_EL_ARGUMENT, SS_EL_REMOVED,
    SS_EL_COUNT
} ss_el_t;

/* The kind of element name, or SS_EL_COUNT if SimGrid does not know it. */
ss_el_t ss_schema_kind(const char *name);

/* Checks e as a child of an element of kind parent: -1 with the reason in
 * why (one sentence saying what to change) when SimGrid would refuse it. */
int ss_schema_check(const ss_pxml_elem_t *e, ss_el_t kind, ss_el_t parent,
                    char *why, size_t n);

#endif
