/* broadcast/common.h - the pieces the tree and chain broadcasts share
 * (common.c explains the arrival handshake). Internal to broadcast/. */
#ifndef SHCOLL_BCAST_COMMON_H
#define SHCOLL_BCAST_COMMON_H

#include "../internal.h"

int shcoll_bcast_rel(const shcoll_args_t *a);
int shcoll_bcast_pe(const shcoll_args_t *a, int rel);
void shcoll_bcast_enter(const shcoll_args_t *a, int rel, int z);
void shcoll_bcast_leave(const shcoll_args_t *a, int rel, int z);
void shcoll_bcast_pipeline(const shcoll_args_t *a, int rel, long *got,
                           int first, int nkids, size_t seg);
void shcoll_bcast_knomial(const shcoll_args_t *a, int rel, long *flag,
                          int k);

#endif
