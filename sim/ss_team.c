/* ss_team.c - teams split strided from other teams, and runtime-owned
 * symmetric workspace for collectives. */
#include <stdlib.h>
#include <string.h>

#include "ss_team.h"

static struct ss_team ss_world_team;
shmem_team_t SHMEM_TEAM_WORLD = &ss_world_team;

static struct ss_team **ss_all_teams;
static size_t ss_nteams;

typedef struct ss_ws {
    const void *owner;
    uint64_t key;
    size_t bytes;
    unsigned char *base;        /* npes copies of `bytes` */
    struct ss_ws *next;
} ss_ws_t;
static ss_ws_t *ss_wss;

static void track(struct ss_team *t)
{
    struct ss_team **v = realloc(ss_all_teams, (ss_nteams + 1) * sizeof *v);
    if (!v)
        ss_fatal("out of memory creating a team");
    ss_all_teams = v;
    ss_all_teams[ss_nteams++] = t;
}

static struct ss_team *team_new(int start, int stride, int size)
{
    struct ss_team *t = calloc(1, sizeof *t);
    if (!t)
        ss_fatal("out of memory creating a team");
    t->start = start;
    t->stride = stride;
    t->size = size;
    t->split_calls = calloc((size_t)size, sizeof *t->split_calls);
    t->coll_calls = calloc((size_t)size, sizeof *t->coll_calls);
    if (!t->split_calls || !t->coll_calls)
        ss_fatal("out of memory creating a team of %d PEs", size);
    t->id = (int)ss_nteams + 1;
    track(t);
    return t;
}

void ss_teams_init(int npes)
{
    memset(&ss_world_team, 0, sizeof ss_world_team);
    ss_world_team.stride = 1;
    ss_world_team.size = npes;
    ss_world_team.split_calls = calloc((size_t)npes, sizeof(uint32_t));
    ss_world_team.coll_calls = calloc((size_t)npes, sizeof(uint32_t));
    if (!ss_world_team.split_calls || !ss_world_team.coll_calls)
        ss_fatal("out of memory creating the world team");
}

static void team_free(struct ss_team *t)
{
    free(t->split_calls);
    free(t->coll_calls);
    free(t->children);
}

void ss_teams_free(void)
{
    for (size_t i = 0; i < ss_nteams; i++) {
        team_free(ss_all_teams[i]);
        free(ss_all_teams[i]);
    }
    team_free(&ss_world_team);
    free(ss_all_teams);
    ss_all_teams = NULL;
    ss_nteams = 0;
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

/* Workspace is not part of the program's allocation sequence, so it can
 * be created inside a collective by the team's members alone. Its
 * addresses still translate like heap addresses (ss_heap_register). */
void *ss_workspace(const void *owner, uint64_t key, size_t bytes)
{
    ss_pe_t *pe = ss_self();
    bytes = bytes ? (bytes + 15) / 16 * 16 : 16;   /* before the lookup */
    for (ss_ws_t *w = ss_wss; w; w = w->next)
        if (w->owner == owner && w->key == key && w->bytes == bytes)
            return w->base + (size_t)pe->id * w->bytes;
    ss_ws_t *w = calloc(1, sizeof *w);
    if (!w)
        ss_fatal("out of memory for collective workspace");
    w->owner = owner;
    w->key = key;
    w->bytes = bytes;
    w->base = ss_heap_register(bytes);
    w->next = ss_wss;
    ss_wss = w;
    return w->base + (size_t)pe->id * bytes;
}

static struct ss_team *valid(shmem_team_t t, const char *call)
{
    if (t == SHMEM_TEAM_INVALID)
        ss_fatal("PE %d: %s: SHMEM_TEAM_INVALID passed as a team",
                 ss_self()->id, call);
    if (t->destroyed)
        ss_fatal("PE %d: %s: team was destroyed", ss_self()->id, call);
    return t;
}

int shmem_team_my_pe(shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID)
        return -1;
    return ss_team_index(team, ss_self()->id);
}

int shmem_team_n_pes(shmem_team_t team)
{
    return team == SHMEM_TEAM_INVALID ? -1 : team->size;
}

int shmem_team_translate_pe(shmem_team_t src, int src_pe, shmem_team_t dest)
{
    if (src == SHMEM_TEAM_INVALID || dest == SHMEM_TEAM_INVALID ||
        src_pe < 0 || src_pe >= src->size)
        return -1;
    return ss_team_index(dest, src->start + src_pe * src->stride);
}

int shmem_team_split_strided(shmem_team_t parent, int start, int stride,
                             int size, const shmem_team_config_t *config,
                             long config_mask, shmem_team_t *new_team)
{
    (void)config;
    (void)config_mask;
    ss_pe_t *pe = ss_self();
    pe->where = "shmem_team_split_strided";
    struct ss_team *p = valid(parent, "shmem_team_split_strided");
    int me = ss_team_index(p, pe->id);
    *new_team = SHMEM_TEAM_INVALID;
    if (me < 0)
        ss_fatal("PE %d: shmem_team_split_strided: this PE is not in the "
                 "parent team", pe->id);
    if (size < 1 || start < 0 || stride < 1 ||
        start + (long)(size - 1) * stride >= p->size)
        return -1;   /* the spec: nonzero return, new_team invalid */
    uint32_t seq = p->split_calls[me]++;
    if (seq == p->nchildren) {
        struct ss_team **v = realloc(p->children, (seq + 1) * sizeof *v);
        if (!v)
            ss_fatal("out of memory creating a team");
        p->children = v;
        p->children[seq] = team_new(p->start + start * p->stride,
                                    p->stride * stride, size);
        p->nchildren++;
    }
    struct ss_team *c = p->children[seq];
    if (c->start != p->start + start * p->stride || c->size != size ||
        c->stride != p->stride * stride)
        ss_fatal("PE %d: shmem_team_split_strided: arguments (%d, %d, %d) "
                 "differ from another PE's for the same split", pe->id, start,
                 stride, size);
    if (ss_team_index(c, pe->id) >= 0)
        *new_team = c;
    return 0;
}

void shmem_team_destroy(shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID || team == SHMEM_TEAM_WORLD)
        return;
    if (++team->destroys == team->size)
        team->destroyed = 1;   /* memory is released with the world */
}

int shmem_team_sync(shmem_team_t team)
{
    struct ss_team *t = valid(team, "shmem_team_sync");
    ss_set_sync(ss_self(), t->start, t->stride, t->size, "shmem_team_sync");
    return 0;
}

/* Active sets of the deprecated API behave as implicit teams, one per
 * distinct (start, stride, size). */
const struct ss_team *ss_team_for_set(int start, int stride, int size)
{
    for (size_t i = 0; i < ss_nteams; i++) {
        struct ss_team *t = ss_all_teams[i];
        if (t->implicit && t->start == start && t->stride == stride &&
            t->size == size)
            return t;
    }
    struct ss_team *t = team_new(start, stride, size);
    t->implicit = 1;
    return t;
}
