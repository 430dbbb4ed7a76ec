/* platform.h - what the simulator asks of platforms/: a machine, loaded
 * into SimGrid from a platform XML file, a topology spec or a preset
 * name (topo.h), and where PEs go on it (placement.h). platforms/ knows
 * nothing of PEs beyond a count and PEs per host.
 *
 * Every error is one line in err (NUL-terminated, truncated to errlen)
 * that names the file or spec and says what is wrong. */
#ifndef SS_PLATFORM_H
#define SS_PLATFORM_H

#include <stddef.h>

/* Before SimGrid starts: the spec parses, or the file can be read. */
int ss_platform_check(const char *platform, char *err, size_t errlen);

/* PEs per host a run on this platform uses unless --ppn says otherwise:
 * a preset's usual count, a spec's cores=, 1 for a platform file. */
int ss_platform_ppn(const char *platform);

/* Before loading (capacity.c): the hosts of the platform (a file's
 * <host>s and cluster radicals; 0 if it cannot be read), and the latency
 * of the longest route between its first `nodes` hosts (PEs placed in
 * block order span them) in seconds, 0 when not known in advance (a
 * platform file). */
size_t ss_platform_hosts(const char *platform);
double ss_platform_span_latency(const char *platform, size_t nodes);

/* After simgrid_init: builds the machine into SimGrid's engine. */
int ss_platform_load(const char *platform, char *err, size_t errlen);

#endif
