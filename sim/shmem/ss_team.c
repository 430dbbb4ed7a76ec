/* ss_team.c - the predefined teams (world, shared), the implicit teams of
 * active sets, resolving and checking handles, and runtime-owned
 * symmetric workspace for collectives. Splits are in ss_team_split.c. */
#include <stdlib.h>
#include <string.h>

#include "ss_team.h"

static struct ss_team ss_world_team;
static struct ss_team ss_shared_handle;   /* never used as a team itself */
shmem_team_t SHMEM_TEAM_WORLD = &ss_world_team;
shmem_team_t SHMEM_TEAM_SHARED = &ss_shared_handle;

static struct ss_team **ss_all_teams;
static size_t ss_nteams, ss_capteams;

typedef struct ss_ws {
    const void *owner;
    uint64_t key;
    size_t bytes;
    size_t stride;              /* between PEs' copies: bytes, or 0 folded */
    unsigned char *base;        /* npes copies of `bytes`, or one */
    struct ss_ws *next;
} ss_ws_t;
static ss_ws_t *ss_wss;

static void track(struct ss_team *t)
{
    if (ss_nteams == ss_capteams) {
        size_t c = ss_capteams ? 2 * ss_capteams : 16;
        struct ss_team **v = realloc(ss_all_teams, c * sizeof *v);
        if (!v)
            ss_fatal("out of memory creating a team");
        ss_all_teams = v;
        ss_capteams = c;
    }
    ss_all_teams[ss_nteams++] = t;
}

static void alloc_members(struct ss_team *t)
{
    t->split_calls = calloc((size_t)t->size, sizeof *t->split_calls);
    t->coll_calls = calloc((size_t)t->size, sizeof *t->coll_calls);
    t->gone = calloc((size_t)t->size, sizeof *t->gone);
    if (!t->split_calls || !t->coll_calls || !t->gone)
        ss_fatal("out of memory creating a team of %d PEs", t->size);
}

struct ss_team *ss_team_new(int start, int stride, int size, int kind)
{
    struct ss_team *t = calloc(1, sizeof *t);
    if (!t)
        ss_fatal("out of memory creating a team");
    t->start = start;
    t->stride = size > 1 ? stride : 1;
    t->size = size;
    t->kind = kind;
    alloc_members(t);
    t->id = (int)ss_nteams + 1;
    track(t);
    return t;
}

/* Per-member arrays and split records go once every member destroyed
 * its handle; the struct stays so that a stale handle is still caught. */
void ss_team_free_members(struct ss_team *t)
{
    free(t->split_calls);
    free(t->coll_calls);
    free(t->gone);
    t->split_calls = t->coll_calls = NULL;
    t->gone = NULL;
    ss_team_splits_free(t);
}

void ss_teams_init(int npes)
{
    memset(&ss_world_team, 0, sizeof ss_world_team);
    ss_world_team.stride = 1;
    ss_world_team.size = npes;
    alloc_members(&ss_world_team);
}

void ss_teams_free(void)
{
    for (size_t i = 0; i < ss_nteams; i++) {
        ss_team_free_members(ss_all_teams[i]);
        free(ss_all_teams[i]);
    }
    ss_team_free_members(&ss_world_team);
    free(ss_all_teams);
    ss_all_teams = NULL;
    ss_nteams = ss_capteams = 0;
    while (ss_wss) {
        ss_ws_t *w = ss_wss;
        ss_wss = w->next;   /* w->base belongs to the heap */
        free(w);
    }
}

int ss_team_index(const struct ss_team *t, int pe)
{
    int d = pe - t->start;
    if (d < 0 || d % t->stride || d / t->stride >= t->size)
        return -1;
    return d / t->stride;
}

int ss_team_global(const struct ss_team *t, int r)
{
    return r >= 0 && r < t->size ? t->start + r * t->stride : -1;
}

/* The PEs on pe's host, as the placement put them (platforms/placement.h):
 * block and random fill each host with ppn consecutive PEs; round-robin
 * deals PE i to host i mod H, H = ceil(npes / ppn). */
static void host_group(int pe, int *start, int *stride, int *size)
{
    int n = ss_w.npes, k = ss_w.cfg.ppn;
    if (ss_w.cfg.placement == SS_PLACE_ROUND_ROBIN) {
        int h = (n + k - 1) / k;
        *start = pe % h;
        *stride = h;
        *size = (n - 1 - *start) / h + 1;
    } else {
        *start = pe / k * k;
        *stride = 1;
        *size = n - *start < k ? n - *start : k;
    }
}

/* SHMEM_TEAM_SHARED of the calling PE: made by the first PE of its host
 * to ask, cached on that host's first PE and on each asking PE. */
static struct ss_team *shared_team(ss_pe_t *pe)
{
    if (pe->shared)
        return pe->shared;
    int start, stride, size;
    host_group(pe->id, &start, &stride, &size);
    ss_pe_t *first = &ss_w.pes[start];
    if (!first->shared) {
        for (int r = 0; r < size; r++)
            if (ss_w.pes[start + r * stride].host != pe->host)
                ss_fatal("PE %d: SHMEM_TEAM_SHARED: internal error: PE %d is "
                         "not on this PE's host", pe->id, start + r * stride);
        first->shared = ss_team_new(start, stride, size, SS_TEAM_HOST);
    }
    pe->shared = first->shared;
    return pe->shared;
}

struct ss_team *ss_team_query(shmem_team_t team, const char *call)
{
    ss_pe_t *pe = ss_self();
    if (team == SHMEM_TEAM_INVALID)
        return NULL;
    struct ss_team *t = team == SHMEM_TEAM_SHARED ? shared_team(pe) : team;
    int me = ss_team_index(t, pe->id);
    if (t->destroyed || (me >= 0 && t->gone[me]))
        ss_fatal("PE %d: %s: the team was destroyed (shmem_team_destroy); "
                 "its handle may not be used any more", pe->id, call);
    return t;
}

struct ss_team *ss_team_get(shmem_team_t team, const char *call)
{
    struct ss_team *t = ss_team_query(team, call);
    if (!t)
        ss_fatal("PE %d: %s: SHMEM_TEAM_INVALID passed as a team",
                 ss_self()->id, call);
    return t;
}

/* Workspace is not part of the program's allocation sequence, so it can
 * be created inside a collective by the team's members alone. Its
 * addresses still translate like heap addresses (ss_heap_register).
 * payload: it holds only values that no control decision reads (padding,
 * partial results), so it is folded when no value matters (ss_heap.c). */
void *ss_workspace(const void *owner, uint64_t key, size_t bytes, int payload)
{
    ss_pe_t *pe = ss_self();
    bytes = bytes ? (bytes + 15) / 16 * 16 : 16;   /* before the lookup */
    for (ss_ws_t *w = ss_wss; w; w = w->next)
        if (w->owner == owner && w->key == key && w->bytes == bytes)
            return w->base + (size_t)pe->id * w->stride;
    ss_ws_t *w = calloc(1, sizeof *w);
    if (!w)
        ss_fatal("out of memory for collective workspace");
    w->owner = owner;
    w->key = key;
    w->bytes = bytes;
    w->base = ss_heap_register(bytes, payload);
    w->stride = ss_heap_is_folded(w->base) ? 0 : bytes;
    w->next = ss_wss;
    ss_wss = w;
    return w->base + (size_t)pe->id * w->stride;
}

/* Active sets of the deprecated API behave as implicit teams, one per
 * distinct (start, stride, size). */
struct ss_team *ss_team_for_set(int start, int stride, int size)
{
    for (size_t i = 0; i < ss_nteams; i++) {
        struct ss_team *t = ss_all_teams[i];
        if (t->kind == SS_TEAM_SET && t->start == start &&
            t->stride == (size > 1 ? stride : 1) && t->size == size)
            return t;
    }
    return ss_team_new(start, stride, size, SS_TEAM_SET);
}
