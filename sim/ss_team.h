/* ss_team.h - teams and the workspace the runtime gives collectives.
 * Internal to sim/. */
#ifndef SS_TEAM_H
#define SS_TEAM_H

#include "ss_internal.h"

struct ss_team {
    int start, stride, size;     /* member r is global PE start + r*stride */
    int id;
    int destroys;                /* members that called destroy */
    int destroyed;
    int implicit;                /* an active set of the deprecated API */
    uint32_t *split_calls;       /* per member: splits made on this team */
    uint32_t *coll_calls;        /* per member: collectives made */
    struct ss_team **children;   /* by split sequence number */
    uint32_t nchildren;
};

/* Member index of global PE `pe` in team t, or -1. */
int ss_team_index(const struct ss_team *t, int pe);

/* Symmetric scratch of `bytes` for the calling PE, zeroed when created,
 * distinct per (owner, key). The first PE that asks creates it. */
void *ss_workspace(const void *owner, uint64_t key, size_t bytes);

const struct ss_team *ss_team_for_set(int start, int stride, int size);
void ss_teams_init(int npes);
void ss_teams_free(void);

#endif
