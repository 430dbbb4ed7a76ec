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

/* After simgrid_init: builds the machine into SimGrid's engine. */
int ss_platform_load(const char *platform, char *err, size_t errlen);

#endif
