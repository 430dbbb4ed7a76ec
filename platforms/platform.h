/* platform.h - what the simulator asks of platforms/: a machine, loaded
 * into SimGrid from a platform XML file, a topology spec or a preset
 * name (topo.h), and where PEs go on it (placement.h). platforms/ knows
 * nothing of PEs beyond a count and PEs per host.
 *
 * Every error is one line in err (NUL-terminated, truncated to errlen)
 * that names the file or spec and says what is wrong and how to fix it:
 * "platform 'FILE': line N: ...". A platform never crashes the process:
 * what SimGrid would refuse, abort on or misread is refused here first,
 * and a SimGrid failure while loading still ends as one such line. */
#ifndef SS_PLATFORM_H
#define SS_PLATFORM_H

#include <simgrid/host.h>
#include <stddef.h>

/* Before SimGrid starts: the spec parses, or the file is a SimGrid 3.32
 * platform with sound values (docs/inputs.md lists the checks). */
int ss_platform_check(const char *platform, char *err, size_t errlen);

/* The same checks of a platform file's text already in memory (buf[len]
 * a NUL; buf is changed), name standing for the file in messages. */
int ss_platform_check_text(const char *name, char *buf, size_t len, char *err,
                           size_t errlen);

/* PEs per host a run on this platform uses unless --ppn says otherwise:
 * a preset's usual count, a spec's cores=, 1 for a platform file. */
int ss_platform_ppn(const char *platform);

/* Before loading (capacity.c): the hosts of the platform (a file's
 * <host>s and cluster radicals; 0 if it cannot be read). */
size_t ss_platform_hosts(const char *platform);

/* What the first `nodes` hosts span (PEs placed in block order span
 * them): the topology level (0: one node; then leaf switch, level-2
 * switches, ... of a fat-tree; router, chassis, group, several groups of
 * a dragonfly) and its name, the latency of the longest route between
 * them (s), and the narrowest share of link bandwidth each node gets on
 * the levels crossed (B/s). -1 when not known in advance (a platform
 * file). */
typedef struct ss_span {
    int level;
    char name[48];
    double latency, bandwidth;
} ss_span_t;
int ss_platform_span(const char *platform, size_t nodes, ss_span_t *s);

/* After simgrid_init: builds the machine into SimGrid's engine. */
int ss_platform_load(const char *platform, char *err, size_t errlen);

/* After placement, before the simulation: PE i runs on hosts[slot[i]]
 * (npes PEs); every two of those hosts, and each with itself, must have
 * a route in the file ss_platform_check read last. Free for specs and
 * for files that are clusters only. */
int ss_platform_check_routes(const char *platform, sg_host_t *hosts, const size_t *slot,
                             size_t npes, char *err, size_t errlen);

#endif
