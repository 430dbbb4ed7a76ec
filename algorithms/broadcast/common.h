/* broadcast/common.h - the pieces the tree and chain broadcasts share
 * (common.c explains why every exit depends on every entry without a
 * root that hears from everyone). Internal to broadcast/. */
#ifndef SHCOLL_BCAST_COMMON_H
#define SHCOLL_BCAST_COMMON_H

#include "../internal.h"

/* Round-synchronous trees: who sends the payload in round r. */
typedef enum shcoll_bcast_tree {
    SHCOLL_BCAST_KNOMIAL,   /* every holder, to (i+1) k^r ahead, i < k-1 */
    SHCOLL_BCAST_KARY       /* depth r only, to (i+1) k^r ahead, i < k */
} shcoll_bcast_tree_t;

int shcoll_bcast_rel(const shcoll_args_t *a);
int shcoll_bcast_pe(const shcoll_args_t *a, int rel);

size_t shcoll_bcast_rounds_words(int npes, int k, shcoll_bcast_tree_t t);
void shcoll_bcast_rounds(const shcoll_args_t *a, int rel, int k,
                         shcoll_bcast_tree_t t);

enum { SHCOLL_BCAST_PIPE_WORDS = 1 };
void shcoll_bcast_pipeline(const shcoll_args_t *a, int rel, int first,
                           int nkids, size_t seg);

#endif
