/* test_roundtrip_ucc.c - the UCC export read back the way UCC reads it.
 *
 * A small reimplementation of UCC's selection for UCC_TL_UCP_TUNE, written
 * from openucx/ucc's sources (functions named, as read on master):
 * - src/coll_score/ucc_coll_score.c, ucc_coll_score_alloc_from_str: the
 *   string splits at '#'; any entry that fails fails the whole string.
 * - same file, ucc_coll_score_parse_str: ':'-separated tokens, each tried
 *   as collective names, memory types (ucc_str_to_mtype_map), score,
 *   message ranges (str_to_msgranges, ucs memunits: K/M/G/T are powers
 *   of 1024, "inf"), team sizes (str_to_tsizes, "[LO-HI]", "inf") and
 *   @ALG (str_to_alg_id); a token that is none of them fails. An entry
 *   whose team range excludes the team is skipped; one without memory
 *   types applies to all of them.
 * - coll_score_add_range: ranges of one collective and memory type must
 *   not overlap, else the string fails.
 * - ucc_coll_score_map.c: a message of size s falls in START <= s < END.
 * - src/utils/ucc_coll_utils.c, ucc_coll_args_msgsize: allgather by the
 *   total receive size.
 * - src/components/tl/ucp/tl_ucp.c: one radix per *_KN_RADIX variable.
 * Fed the file written for a committed result CSV; for every measured
 * (PE count, size) the algorithm UCC selects must be the one the plan
 * claims, its radix must be the plan's, and where that is not the table's
 * winner the file must say so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "roundtrip.h"

enum { MAX_ENTRIES = 256 };

typedef struct uentry {
    char coll[16], alg[32];
    int host, cuda;             /* memory types the entry applies to */
    size_t lo, hi;
    int tlo, thi;
} uentry_t;

static size_t memunits(const char *s, size_t len)
{
    char *end;
    if (len == 3 && !strncmp(s, "inf", 3))
        return SIZE_MAX;
    size_t v = strtoull(s, &end, 10);
    const char *suf = "KMGT", *k = (size_t)(end - s) < len ? strchr(suf, *end)
                                                          : NULL;
    if (end == s || (k && (size_t)(end - s) + 1 != len) ||
        (!k && (size_t)(end - s) != len))
        fail_msg("not a UCC memunit: %.*s", (int)len, s);
    for (int i = 0; k && i <= k - suf; i++)
        v *= 1024;
    return v;
}

static int is_coll(const char *t, size_t n)
{
    static const char *const names[] = {"allgather", "allgatherv", "allreduce",
                                        "alltoall", "alltoallv", "barrier",
                                        "bcast", "fanin", "fanout", "gather",
                                        "gatherv", "reduce", "reduce_scatter",
                                        "reduce_scatterv", "scatter",
                                        "scatterv"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == n && !strncmp(names[i], t, n))
            return 1;
    return 0;
}

/* One token of an entry into e; fails on a token UCC would reject. */
static void token(uentry_t *e, const char *t, size_t n, int *mt)
{
    const char *dash = memchr(t, '-', n);
    if (is_coll(t, n)) {
        snprintf(e->coll, sizeof e->coll, "%.*s", (int)n, t);
    } else if ((n == 4 && !strncmp(t, "host", 4)) ||
               (n == 4 && !strncmp(t, "cuda", 4))) {
        *mt = 1;
        e->host |= t[0] == 'h';
        e->cuda |= t[0] == 'c';
    } else if (t[0] == '@') {
        snprintf(e->alg, sizeof e->alg, "%.*s", (int)n - 1, t + 1);
    } else if (t[0] == '[' && t[n - 1] == ']' && dash) {
        e->tlo = atoi(t + 1);
        e->thi = !strncmp(dash + 1, "inf", 3) ? INT32_MAX : atoi(dash + 1);
        assert_true(e->tlo <= e->thi);
    } else if (dash) {
        e->lo = memunits(t, (size_t)(dash - t));
        e->hi = memunits(dash + 1, n - (size_t)(dash - t) - 1);
        assert_true(e->lo < e->hi);        /* coll_score_add_range */
    } else {
        fail_msg("UCC rejects the token '%.*s' and the whole string", (int)n, t);
    }
}

static size_t parse_tune(const char *s, uentry_t *e)
{
    size_t n = 0;
    while (*s) {
        size_t len = strcspn(s, "#");
        int mt = 0;
        assert_true(n < MAX_ENTRIES);
        memset(&e[n], 0, sizeof e[n]);
        e[n].thi = INT32_MAX;
        e[n].hi = SIZE_MAX;
        for (size_t i = 0; i < len;) {
            size_t t = strcspn(s + i, ":#");
            token(&e[n], s + i, t, &mt);
            i += t + (s[i + t] == ':');
        }
        if (!mt)
            e[n].host = e[n].cuda = 1;
        assert_true(e[n].coll[0] && e[n].alg[0]);
        n++;
        s += len + (s[len] == '#');
    }
    return n;
}

/* UCC's choice for (coll, memory, team, size): the @ALG of the entry
 * covering it, NULL for UCC's default. Overlapping ranges for one team
 * would make UCC reject the string. */
static const char *select_alg(const uentry_t *e, size_t n, const char *coll,
                              int host, int team, size_t size)
{
    const char *alg = NULL;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(e[i].coll, coll) || !(host ? e[i].host : e[i].cuda) ||
            team < e[i].tlo || team > e[i].thi)
            continue;
        for (size_t j = i + 1; j < n; j++)
            if (!strcmp(e[j].coll, coll) && team >= e[j].tlo &&
                team <= e[j].thi && ((host && e[j].host) || (!host && e[j].cuda)) &&
                e[j].lo < e[i].hi && e[i].lo < e[j].hi)
                fail_msg("overlapping %s ranges for team %d: UCC rejects", coll,
                         team);
        if (size >= e[i].lo && size < e[i].hi)
            alg = e[i].alg;
    }
    return alg;
}

static const char *ucc_coll(const char *ours)
{
    return !strcmp(ours, "fcollect") ? "allgather"
           : !strcmp(ours, "broadcast") ? "bcast" : "allreduce";
}

static const char *radix_var(const char *coll, const char *alg)
{
    if (!strcmp(coll, "bcast"))
        return "UCC_TL_UCP_BCAST_KN_RADIX";
    if (!strcmp(coll, "allgather"))
        return "UCC_TL_UCP_ALLGATHER_KN_RADIX";
    return !strcmp(alg, "sra_knomial") ? "UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX"
                                       : "UCC_TL_UCP_ALLREDUCE_KN_RADIX";
}

/* Ours that UCC's alg runs as at radix r for a team of team..team_hi:
 * the names of both tables, written from UCC's algorithm descriptions. */
static int is_ours(const char *coll, const char *alg, int r, int team_hi,
                   const char *ours, int our_radix)
{
    int kn = !strcmp(alg, "knomial");
    if (!strcmp(coll, "bcast") && kn && r >= team_hi)
        return !strcmp(ours, "linear");        /* flat: root to every rank */
    if (kn || !strcmp(alg, "sra_knomial"))
        return ss_tune_radix_of(ours, our_radix) == r &&
               (!strcmp(ours, "knomial") || !strcmp(ours, "binomial") ||
                !strcmp(ours, "recursive_doubling") ||
                !strcmp(ours, "rabenseifner"));
    static const char *const same[][2] = {{"linear", "direct"}, {"ring", "ring"},
                                          {"bruck", "bruck"},
                                          {"neighbor", "neighbor_exchange"}};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++)
        if (!strcmp(alg, same[i][0]))
            return !strcmp(ours, same[i][1]);
    return 0;
}

static void check_cell(const rt_case_t *c, const uentry_t *e, size_t n,
                       const ss_tune_cell_t *x)
{
    const char *coll = ucc_coll(x->collective);
    size_t size = strcmp(coll, "allgather") ? x->bytes : x->bytes * (size_t)x->pes;
    const char *alg = select_alg(e, n, coll, 1, x->pes, size);
    assert_null(select_alg(e, n, coll, 0, x->pes, size));  /* host only */
    if (!alg || !x->value) {
        assert_true(!alg && !x->value);
        rt_winner_or_flag(c, x, 0);
        return;
    }
    assert_string_equal(alg, x->value);
    int r = 0;
    if (!strcmp(alg, "knomial") || !strcmp(alg, "sra_knomial")) {
        const char *v = rt_var(c->text, radix_var(coll, alg));
        if (!v)
            fail_msg("%s@%s with no radix set", coll, alg);
        r = atoi(v);
        assert_int_equal(r, x->radix);
    }
    int team_hi = x->pes_hi == SS_TUNE_PES_MAX ? INT32_MAX : x->pes_hi;
    assert_true(x->runs && is_ours(coll, alg, r, team_hi, x->runs, x->radix));
    rt_winner_or_flag(c, x, is_ours(coll, alg, r, team_hi, x->winner,
                                    x->radix));
}

static void roundtrip(const char *name)
{
    rt_case_t c;
    uentry_t e[MAX_ENTRIES];
    rt_load(&c, name, ss_export_ucc, ss_plan_ucc);
    const char *tune = rt_var(c.text, "UCC_TL_UCP_TUNE");
    assert_non_null(tune);
    size_t n = parse_tune(tune, e);
    for (size_t i = 0; i < n; i++)     /* OSHMEM never posts allgatherv */
        assert_string_not_equal(e[i].coll, "allgatherv");
    for (size_t i = 0; i < c.plan.n; i++)
        check_cell(&c, e, n, &c.plan.cells[i]);
    assert_non_null(strstr(c.text, "--mca scoll_ucc_enable 1"));
    for (const char *l = c.text; *l; l = strchr(l, '\n') + 1) {
        char x[80];                /* every variable set is passed on */
        if (*l != '#') {
            snprintf(x, sizeof x, "-x %.*s", (int)strcspn(l, "="), l);
            if (!strstr(c.text, x))
                fail_msg("the Use line lacks %s", x);
        }
        if (!strchr(l, '\n'))
            break;
    }
    assert_non_null(strstr(c.text, "# Needs UCC "));
    rt_free(&c);
}

int main(void) { return rt_main(roundtrip); }
