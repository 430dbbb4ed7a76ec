/* placement.h - where PEs run on a loaded machine.
 *
 * Hosts are taken in natural name order (node-2 before node-10), so PE i
 * of a block placement lands on the i/ppn-th host whatever order the
 * platform declared them in. */
#ifndef SS_PLACEMENT_H
#define SS_PLACEMENT_H

#include <simgrid/host.h>
#include <stddef.h>

enum { SS_PLACE_BLOCK, SS_PLACE_ROUND_ROBIN, SS_PLACE_RANDOM };

/* Every host of the loaded platform in natural name order (malloc'd, *n
 * of them), or NULL when out of memory. */
sg_host_t *ss_place_hosts(size_t *n);

/* host[i], the index (into ss_place_hosts' order) of PE i's host, for npes
 * PEs with ppn per host over nhosts hosts (npes <= nhosts x ppn):
 * block fills each host with ppn PEs in order; round-robin deals PEs over
 * the H = ceil(npes/ppn) hosts block would use; random fills ppn slots of
 * H hosts drawn from the whole machine by a seeded splitmix64 shuffle
 * (same seed, same placement everywhere). malloc'd, NULL when out of
 * memory. */
size_t *ss_place_pes(int npes, int ppn, size_t nhosts, int how,
                     unsigned long seed);

/* "block", "round-robin" or "random:SEED", for headers. */
void ss_placement_name(int how, unsigned long seed, char *buf, size_t len);

#endif
