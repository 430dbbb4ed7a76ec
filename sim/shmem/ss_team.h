/* ss_team.h - teams and the workspace the runtime gives collectives.
 * Internal to sim/.
 *
 * A team is a strided set of world PEs. One struct stands for the team on
 * all its members (the simulated PEs share an address space); what
 * differs per member sits in arrays indexed by member, so a team costs a
 * few bytes per member and nothing per non-member. SHMEM_TEAM_SHARED is
 * a handle every PE resolves to the team of the PEs on its own host. */
#ifndef SS_TEAM_H
#define SS_TEAM_H

#include "ss_internal.h"

enum { SS_TEAM_SPLIT, SS_TEAM_SET, SS_TEAM_HOST };

/* The arguments of the collective call a team is in, as the first member
 * to enter it saw them: the others must pass the same (ss_coll.c). Two
 * slots, because members are at most one call apart (shcoll.h). */
typedef struct ss_team_call {
    uint32_t seq;                /* call number + 1; 0: empty slot */
    int pe;                      /* the member that recorded it */
    const char *call;
    size_t bytes;
    int root, op, type;
} ss_team_call_t;

struct ss_split;

struct ss_team {
    int start, stride, size;     /* member r is global PE start + r*stride */
    int id;
    int kind;                    /* SS_TEAM_* */
    int destroys;                /* members that called destroy */
    int destroyed;               /* all of them did */
    int num_contexts;            /* from the team's config */
    uint32_t *split_calls;       /* per member: splits made on this team */
    uint32_t *coll_calls;        /* per member: collectives made */
    uint8_t *gone;               /* per member: destroyed its handle */
    struct ss_split *splits;     /* by split sequence number */
    uint32_t nsplits;
    ss_team_call_t calls[2];
};

/* Member index of global PE `pe` in team t, or -1. */
int ss_team_index(const struct ss_team *t, int pe);
/* Global PE of member r, or -1 when r is not a member index. */
int ss_team_global(const struct ss_team *t, int r);

/* The team a handle names for the calling PE (SHMEM_TEAM_SHARED
 * resolved); a fatal error naming the PE and call for
 * SHMEM_TEAM_INVALID or a handle this PE destroyed. */
struct ss_team *ss_team_get(shmem_team_t team, const char *call);
/* As ss_team_get, but NULL for SHMEM_TEAM_INVALID (queries answer -1). */
struct ss_team *ss_team_query(shmem_team_t team, const char *call);

struct ss_team *ss_team_new(int start, int stride, int size, int kind);
void ss_team_free_members(struct ss_team *t);

/* Symmetric scratch of `bytes` for the calling PE, zeroed when created,
 * distinct per (owner, key). The first PE that asks creates it. */
void *ss_workspace(const void *owner, uint64_t key, size_t bytes, int payload);

struct ss_team *ss_team_for_set(int start, int stride, int size);
void ss_teams_init(int npes);
void ss_teams_free(void);
/* ss_team_split.c */
void ss_team_splits_free(struct ss_team *t);

#endif
