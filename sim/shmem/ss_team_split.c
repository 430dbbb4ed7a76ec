/* ss_team_split.c - making teams from teams (strided and 2-d splits),
 * destroying them, and the team queries.
 *
 * Every member of the parent makes the same sequence of split calls, so
 * the k-th split of a parent is the same call on every member: it is
 * recorded under k (its arguments, and the teams it makes, created on
 * demand by the first member that needs each one). A member that passes
 * other arguments for the same split is a fatal error. Splits take no
 * simulated time (setup calls are free, as allocation is). */
#include <stdlib.h>

#include "ss_team.h"

typedef struct ss_split {
    char kind;               /* 's' strided, '2' 2-d */
    int a, b, c;             /* strided: start, stride, size; 2-d: xrange */
    struct ss_team **teams;  /* strided: 1; 2-d: the rows, then the columns */
    int nteams;
} ss_split_t;

void ss_team_splits_free(struct ss_team *t)
{
    for (uint32_t i = 0; i < t->nsplits; i++)
        free(t->splits[i].teams);
    free(t->splits);
    t->splits = NULL;
    t->nsplits = 0;
}

/* The record of split `seq` of p, made by the first member to get there
 * (no split waits, so members may be any number of splits apart). */
static ss_split_t *split_record(struct ss_team *p, uint32_t seq, char kind,
                                int a, int b, int c, int nteams,
                                const char *call)
{
    if (seq == p->nsplits) {
        ss_split_t *v = realloc(p->splits, (seq + 1) * sizeof *v);
        struct ss_team **teams = calloc((size_t)nteams, sizeof *teams);
        if (!v || !teams)
            ss_fatal("out of memory creating a team");
        p->splits = v;
        v[seq] = (ss_split_t){kind, a, b, c, teams, nteams};
        p->nsplits++;
    }
    ss_split_t *s = &p->splits[seq];
    if (s->kind != kind || s->a != a || s->b != b || s->c != c)
        ss_fatal("PE %d: %s: arguments differ from another PE's for the same "
                 "split of the parent team (split #%u); every member must pass "
                 "the same values", ss_self()->id, call, seq + 1);
    return s;
}

/* Team i of a split: members start, start+stride, ... of the parent. */
static struct ss_team *split_team(struct ss_team *p, ss_split_t *s, int i,
                                  int start, int stride, int size,
                                  const shmem_team_config_t *cfg, long mask)
{
    if (!s->teams[i])
        s->teams[i] = ss_team_new(p->start + start * p->stride,
                                  p->stride * stride, size, SS_TEAM_SPLIT);
    if (cfg && (mask & SHMEM_TEAM_NUM_CONTEXTS))
        s->teams[i]->num_contexts = cfg->num_contexts;
    return s->teams[i];
}

/* The calling PE's index in p, and its next split number. */
static int split_member(struct ss_team *p, uint32_t *seq, const char *call)
{
    ss_pe_t *pe = ss_self();
    pe->where = call;
    int me = ss_team_index(p, pe->id);
    if (me < 0)
        ss_fatal("PE %d: %s: this PE is not in the parent team", pe->id, call);
    *seq = p->split_calls[me]++;
    return me;
}

int shmem_team_split_strided(shmem_team_t parent, int start, int stride,
                             int size, const shmem_team_config_t *config,
                             long config_mask, shmem_team_t *new_team)
{
    static const char call[] = "shmem_team_split_strided";
    *new_team = SHMEM_TEAM_INVALID;
    struct ss_team *p = ss_team_query(parent, call);
    if (!p)
        return -1;
    uint32_t seq;
    split_member(p, &seq, call);
    if (size == 1)
        stride = 1;
    if (size < 1 || start < 0 || stride < 1 ||
        start + (long)(size - 1) * stride >= p->size)
        return -1;   /* the spec: nonzero return, new_team invalid */
    ss_split_t *s = split_record(p, seq, 's', start, stride, size, 1, call);
    struct ss_team *t = split_team(p, s, 0, start, stride, size, config,
                                   config_mask);
    if (ss_team_index(t, ss_self()->id) >= 0)
        *new_team = t;
    return 0;
}

/* Parent member i sits at (x, y) = (i mod xrange, i / xrange): its x-axis
 * team is its row, its y-axis team its column (the last row may be
 * short, so columns differ in size by at most one). */
int shmem_team_split_2d(shmem_team_t parent, int xrange,
                        const shmem_team_config_t *xcfg, long xmask,
                        shmem_team_t *xteam,
                        const shmem_team_config_t *ycfg, long ymask,
                        shmem_team_t *yteam)
{
    static const char call[] = "shmem_team_split_2d";
    *xteam = *yteam = SHMEM_TEAM_INVALID;
    struct ss_team *p = ss_team_query(parent, call);
    if (!p)
        return -1;
    uint32_t seq;
    int me = split_member(p, &seq, call), n = p->size;
    if (xrange < 1)
        return -1;
    int x = xrange < n ? xrange : n, rows = (n + x - 1) / x;
    ss_split_t *s = split_record(p, seq, '2', x, 0, 0, rows + x, call);
    int row = me / x, col = me % x;
    *xteam = split_team(p, s, row, row * x, 1,
                        n - row * x < x ? n - row * x : x, xcfg, xmask);
    *yteam = split_team(p, s, rows + col, col, x, (n - 1 - col) / x + 1, ycfg,
                        ymask);
    return 0;
}

/* Collective over the team's members; the handle is dead for each member
 * once it has called, and the team's per-member state goes with the last. */
void shmem_team_destroy(shmem_team_t team)
{
    static const char call[] = "shmem_team_destroy";
    ss_pe_t *pe = ss_self();
    pe->where = call;
    if (team == SHMEM_TEAM_INVALID)
        return;
    if (team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED)
        ss_fatal("PE %d: %s: %s is predefined and may not be destroyed",
                 pe->id, call, team == SHMEM_TEAM_WORLD ? "SHMEM_TEAM_WORLD"
                                                        : "SHMEM_TEAM_SHARED");
    struct ss_team *t = ss_team_get(team, call);
    int me = ss_team_index(t, pe->id);
    if (me < 0)
        ss_fatal("PE %d: %s: this PE is not a member of the team", pe->id, call);
    t->gone[me] = 1;
    if (++t->destroys == t->size) {
        t->destroyed = 1;
        ss_team_free_members(t);
    }
}

int shmem_team_my_pe(shmem_team_t team)
{
    struct ss_team *t = ss_team_query(team, "shmem_team_my_pe");
    return t ? ss_team_index(t, ss_self()->id) : -1;
}

int shmem_team_n_pes(shmem_team_t team)
{
    struct ss_team *t = ss_team_query(team, "shmem_team_n_pes");
    return t ? t->size : -1;
}

int shmem_team_translate_pe(shmem_team_t src, int src_pe, shmem_team_t dest)
{
    static const char call[] = "shmem_team_translate_pe";
    struct ss_team *s = ss_team_query(src, call);
    struct ss_team *d = ss_team_query(dest, call);
    int g = s ? ss_team_global(s, src_pe) : -1;
    return d && g >= 0 ? ss_team_index(d, g) : -1;
}

int shmem_team_get_config(shmem_team_t team, long config_mask,
                          shmem_team_config_t *config)
{
    struct ss_team *t = ss_team_query(team, "shmem_team_get_config");
    if (!t || !config)
        return -1;
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS)
        config->num_contexts = t->num_contexts;
    return 0;
}

int shmem_team_sync(shmem_team_t team)
{
    struct ss_team *t = ss_team_get(team, "shmem_team_sync");
    ss_set_sync(ss_self(), t->start, t->stride, t->size, "shmem_team_sync");
    return 0;
}
