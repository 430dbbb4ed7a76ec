/* export_ucc_hier.c - the UCC_CL_HIER_TUNE part of the UCC export (see
 * export_ucc_hier.h).
 *
 * UCC's node-aware algorithms are not in TL/UCP but in its hierarchical
 * CL. Facts used, from UCC's sources (src/components/cl/hier):
 * - cl_hier.h: UCC_CL_HIER_SUPPORTED_COLLS is alltoall(v), allgatherv,
 *   allreduce, barrier, bcast and reduce: no allgather, which OSHMEM's
 *   fcollect is; the default score UCC_CL_HIER_DEFAULT_SCORE is 50.
 * - allreduce/allreduce.c: "rab" is an intra-node reduce, an allreduce
 *   among the node leaders, an intra-node broadcast (allreduce_rab.c
 *   builds exactly those three on the NODE and NODE_LEADERS subgroups):
 *   our reduce node_aware. "split_rail" reduce-scatters in the node, runs
 *   one allreduce per local rank across nodes and allgathers: not ours.
 * - bcast/bcast.c, bcast_2step.c: "2step" is a broadcast among the node
 *   leaders and one in each node; on the root's node the node broadcast
 *   from the root comes first when the root is not its leader: our
 *   broadcast node_aware (root's node, leaders, each node).
 * - allreduce.h, bcast.h: CL/HIER's own defaults are "allreduce:0-4k:@rab"
 *   and "bcast:0-4k:@2step" (at its default score).
 * - cl_hier_team.c, ucc_cl_hier_team_get_scores: the defaults, then
 *   UCC_CL_HIER_TUNE, both by ucc_coll_score_update_from_str with
 *   ucc_cl_hier_alg_id_to_init (cl_hier_coll.c) naming the algorithms;
 *   an entry without a score keeps the range's score or, for a new
 *   range, takes the default 50 (src/coll_score/ucc_coll_score.c,
 *   ucc_coll_score_update_one); score 0 removes the range. The team is
 *   not built on one node ("skipping single node team").
 * - The CLs' scores are merged per range, the higher wins and the other
 *   stays as its fallback (src/core/ucc_team.c, ucc_coll_score_merge):
 *   CL/BASIC scores all its ranges 10 (cl/basic/cl_basic.h,
 *   cl_basic_team.c), so a CL/HIER range wins without "inf".
 * - src/core/ucc_lib.c: UCC_CLS defaults to "basic"; "basic,hier" adds
 *   CL/HIER. src/components/base/ucc_base_iface.c: UCC_<CL>_TUNE has the
 *   syntax of UCC_TL_UCP_TUNE.
 * - cl_hier.c: the node and node-leader subgroups run the TLs of
 *   UCC_CL_HIER_NODE_SBGP_TLS and _NODE_LEADERS_SBGP_TLS, ucp by default.
 */
#include "export_ucc_hier.h"

#include <stdlib.h>
#include <string.h>

typedef struct hier_alg {
    shcoll_kind_t kind;
    int alg;                    /* ours (catalogue.h) */
    const char *coll, *token, *how;
} hier_alg_t;

static const hier_alg_t algs[] = {
    {SHCOLL_REDUCE, SHCOLL_REDUCE_NODE_AWARE, "allreduce", "@rab",
     "CL/HIER: node reduce, leaders' allreduce, node broadcast"},
    {SHCOLL_BROADCAST, SHCOLL_BROADCAST_NODE_AWARE, "bcast", "@2step",
     "CL/HIER: root's node, leaders' bcast, each node"},
};
enum { NALGS = sizeof algs / sizeof *algs };

const char *ucc_hier_alg(shcoll_kind_t kind, int alg, const char **how)
{
    for (size_t i = 0; i < NALGS; i++)
        if (algs[i].kind == kind && algs[i].alg == alg) {
            *how = algs[i].how;
            return algs[i].token + 1;
        }
    *how = NULL;
    return NULL;
}

static const hier_alg_t *taken(const ss_tune_cell_t *x)
{
    int k = shcoll_kind_of(x->collective);
    int a = k < 0 ? -1 : shcoll_alg_of((shcoll_kind_t)k, x->winner);
    for (size_t i = 0; a >= 0 && i < NALGS; i++)
        if ((int)algs[i].kind == k && algs[i].alg == a)
            return &algs[i];
    return NULL;
}

const char *ucc_hier_takes(const ss_tune_cell_t *x)
{
    const hier_alg_t *h = taken(x);
    return h ? h->token + 1 : NULL;
}

int ucc_hier_wins(const ss_tune_plan_t *p, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++)
        if (taken(&p->cells[i]))
            return 1;
    return 0;
}

int ucc_hier_entries(ucc_text_t *hier, ucc_text_t *names, const char *coll,
                     int per_pe, const ss_tune_cell_t *cells, size_t n)
{
    const hier_alg_t *h = NULL;
    for (size_t i = 0; i < NALGS && !h; i++)
        if (!strcmp(algs[i].coll, coll))
            h = &algs[i];
    if (!h || !n)
        return 0;
    ss_tune_cell_t *c = malloc(n * sizeof *c);
    if (!c)
        return -1;
    for (size_t i = 0; i < n; i++) {
        c[i] = cells[i];
        c[i].value = taken(&cells[i]) == h ? h->token : "0";
    }
    int rc = ucc_text_tokens(hier, names, coll, per_pe, c, n);
    free(c);
    return rc;
}

void ucc_hier_write(FILE *out, const ucc_text_t *hier)
{
    fprintf(out,
        "# UCC_CL_HIER_TUNE: where node_aware wins, UCC's hierarchical CL "
        "(CL/HIER) runs the\n# same algorithm: reduce node_aware is "
        "allreduce @rab (node reduce, leaders'\n# allreduce, node "
        "broadcast), broadcast node_aware is bcast @2step (the root's\n"
        "# node, the leaders' bcast, each node). fcollect node_aware has "
        "none: CL/HIER has\n# no allgather (cl_hier.h), and its "
        "allgatherv (gab) OSHMEM does not call.\n"
        "# UCC_CLS=basic,hier loads CL/HIER beside CL/BASIC (ucc_lib.c). "
        "An @ALG entry takes\n# CL/HIER's score 50 against CL/BASIC's 10 "
        "(cl_hier.h, cl_basic.h): it wins there\n# without \"inf\", and "
        "CL/BASIC stays its fallback. Score 0 turns CL/HIER off at\n# the "
        "other sizes of the teams measured, where its own defaults "
        "(allreduce and\n# bcast below 4K) would displace UCC_TL_UCP_TUNE's "
        "flat choice. CL/HIER builds no\n# team on one node "
        "(cl_hier_team.c): TL/UCP runs there. Its node and leaders'\n"
        "# subteams pick their algorithms in TL/UCP by their own sizes: "
        "UCC_TL_UCP_TUNE's\n# [LO-HI] entries reach them only when those "
        "sizes are in range (the leaders'\n# algorithm measured with "
        "node_aware is not set here). Teams not measured, and\n# "
        "collectives without an entry here (barrier among them), get "
        "CL/HIER's defaults.\n# One @name this UCC does not know drops "
        "all of UCC_CL_HIER_TUNE (ucc_coll_score.c).\n"
        "UCC_CLS=basic,hier\n"
        "UCC_CL_HIER_TUNE=%s\n", hier->p ? hier->p : "");
}
