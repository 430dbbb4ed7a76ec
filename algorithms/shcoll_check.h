/* shcoll_check.h - deterministic test data, sequential reference results
 * and verification for the collectives, shared by the simulator's
 * --check and the test harnesses.
 *
 * Usage on each member r (index in a->set):
 *   a->nbytes = shcoll_check_source_bytes(&c, a, r);   (collect varies)
 *   shcoll_check_fill(&c, a, r, source);
 *   ... run the algorithm ...
 *   if (shcoll_check_verify(&c, a, dest, err, sizeof err)) report(err);
 * A driver checking many PEs can compute the reference once with
 * shcoll_check_reference and call shcoll_check_compare per PE.
 *
 * The data: bytes for fcollect/collect/broadcast depend on member, byte
 * index and salt. Reductions use small integers chosen per op (0..3 for
 * sum, mostly 1 with a few 2 / -1 / i for prod, 0..100 for max/min,
 * single bits for and/or), so floating results are exact and do not
 * depend on combining order; integer overflow (only possible for narrow
 * types or huge sets) wraps the same way in any order.
 */
#ifndef SHCOLL_CHECK_H
#define SHCOLL_CHECK_H

#include "shcoll.h"
#include <stddef.h>

typedef struct shcoll_check {
    shcoll_kind_t kind;
    /* The run's size: fcollect bytes per member; collect base bytes (each
     * member contributes shcoll_collect_bytes of it); broadcast payload;
     * reduce array bytes; alltoall bytes of each block (a->elem_size
     * bytes per element, a->dst / a->sst elements apart). */
    size_t nbytes;
    unsigned salt;      /* varies the data between calls */
} shcoll_check_t;

/* collect: bytes member r contributes for a base size. Varies by member,
 * every third member (r % 3 == 1) contributes 0, always a multiple of
 * elem_size (0 means 1); base_bytes == 0 gives 0 for everyone. */
size_t shcoll_collect_bytes(int member, size_t base_bytes, size_t elem_size);
/* collect: sum of shcoll_collect_bytes over members 0..member-1, O(1). */
size_t shcoll_collect_offset(int member, size_t base_bytes, size_t elem_size);

/* Bytes member r's source holds (the a->nbytes it must pass; alltoall
 * passes its block size c->nbytes, its source holding p strided blocks). */
size_t shcoll_check_source_bytes(const shcoll_check_t *c,
                                 const shcoll_args_t *a, int member);
/* Bytes of dest the collective writes on every member. */
size_t shcoll_check_dest_bytes(const shcoll_check_t *c,
                               const shcoll_args_t *a);

/* Fill member r's source (shcoll_check_source_bytes bytes). Uses a->set,
 * a->elem_size (collect granularity; reduce element size) and, for
 * reduce, a->op / a->type. */
void shcoll_check_fill(const shcoll_check_t *c, const shcoll_args_t *a,
                       int member, void *source);

/* Expected dest (shcoll_check_dest_bytes bytes), computed sequentially.
 * alltoall's differs per member: it is the calling PE's (it must be a
 * member). Returns 0, or -1 if the arguments are invalid (e.g. op not
 * valid on the type). */
int shcoll_check_reference(const shcoll_check_t *c, const shcoll_args_t *a,
                           void *expect);

/* Compare dest against a reference: 0 if equal, else non-zero with a
 * message in err naming the first mismatching byte or element. */
int shcoll_check_compare(const shcoll_check_t *c, const shcoll_args_t *a,
                         const void *expect, const void *dest,
                         char *err, size_t errlen);

/* shcoll_check_reference + shcoll_check_compare in one call. */
int shcoll_check_verify(const shcoll_check_t *c, const shcoll_args_t *a,
                        const void *dest, char *err, size_t errlen);

#endif
