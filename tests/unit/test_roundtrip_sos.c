/* test_roundtrip_sos.c - the Sandia OpenSHMEM export read back the way
 * SOS reads it.
 *
 * A small reimplementation of SOS's collective selection, written from
 * Sandia-OpenSHMEM/SOS (functions named, as read on main):
 * - src/collectives.c, shmem_internal_collectives_init: the values each
 *   SHMEM_*_ALGORITHM accepts; a bad one is ignored (auto stays).
 * - src/shmem_collectives.h: shmem_internal_bcast (auto: linear below
 *   SHMEM_COLL_CROSSOVER PEs, default 4, tree from it),
 *   shmem_internal_fcollect (auto = ring; recdbl at powers of two only,
 *   ring otherwise; tree is an error), shmem_internal_op_to_all (linear
 *   and tree need a transport atomic for the op and type, else recdbl;
 *   auto: with the atomic linear/tree by SHMEM_COLL_CROSSOVER, without
 *   recdbl below SHMEM_COLL_SIZE_CROSSOVER bytes, default 16384, ring
 *   from it).
 * - collectives.c: shmem_internal_fcollect_linear and the linear/tree
 *   reductions end with shmem_internal_bcast; the world team with root 0
 *   uses the k-nomial full tree of radix SHMEM_COLL_RADIX (default 4).
 * Fed the file written for a committed result CSV; at every measured size
 * of the PE count tuned for, SOS must select what the plan claims, that
 * must be the algorithm of ours the plan says (composites included), and
 * where it is not the table's winner the file must say so; reductions
 * without a transport atomic must be flagged.
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

static const char *env(const rt_case_t *c, const char *name, const char *def)
{
    const char *v = rt_var(c->text, name);
    return v ? v : def;
}

static long env_num(const rt_case_t *c, const char *name, long def)
{
    const char *v = rt_var(c->text, name);
    return v ? atol(v) : def;
}

static const char *accept(const char *v, const char *const *ok)
{
    for (; *ok; ok++)
        if (!strcmp(v, *ok))
            return *ok;                /* not v: rt_var's buffer is reused */
    return "auto";                    /* "Ignoring bad ... algorithm" */
}

static const char *sos_bcast(const rt_case_t *c, int pes)
{
    static const char *const ok[] = {"auto", "linear", "tree", NULL};
    const char *v = accept(env(c, "SHMEM_BCAST_ALGORITHM", "auto"), ok);
    if (!strcmp(v, "auto"))
        return pes < env_num(c, "SHMEM_COLL_CROSSOVER", 4) ? "linear" : "tree";
    return v;
}

static const char *sos_fcollect(const rt_case_t *c, int pes)
{
    static const char *const ok[] = {"auto", "linear", "tree", "ring",
                                     "recdbl", NULL};
    const char *v = accept(env(c, "SHMEM_FCOLLECT_ALGORITHM", "auto"), ok);
    if (!strcmp(v, "tree"))
        fail_msg("SHMEM_FCOLLECT_ALGORITHM=tree stops SOS");
    if (!strcmp(v, "auto") || (!strcmp(v, "recdbl") && (pes & (pes - 1))))
        return "ring";
    return v;
}

static const char *sos_reduce(const rt_case_t *c, int pes, size_t bytes,
                              int atomic)
{
    static const char *const ok[] = {"auto", "linear", "ring", "tree",
                                     "recdbl", NULL};
    const char *v = accept(env(c, "SHMEM_REDUCE_ALGORITHM", "auto"), ok);
    if (!strcmp(v, "auto")) {
        if (atomic)
            return pes < env_num(c, "SHMEM_COLL_CROSSOVER", 4) ? "linear"
                                                                : "tree";
        return (long)bytes < env_num(c, "SHMEM_COLL_SIZE_CROSSOVER", 16384)
                   ? "recdbl" : "ring";
    }
    if (!atomic && (!strcmp(v, "linear") || !strcmp(v, "tree")))
        return "recdbl";
    return v;
}

/* Ours that SOS runs for collective/value at pes (world team, root 0),
 * radix in *r; NULL when no algorithm of ours is it. */
static const char *ours_of(const rt_case_t *c, const char *coll,
                           const char *v, int pes, int *r)
{
    const char *b = sos_bcast(c, pes);
    *r = 0;
    if (!strcmp(v, "tree") && strcmp(coll, "fcollect")) {
        if (!strcmp(coll, "reduce") && strcmp(b, "tree"))
            return NULL;             /* tree reduce, linear broadcast */
        *r = (int)env_num(c, "SHMEM_COLL_RADIX", 4);
        return "knomial";
    }
    if (!strcmp(v, "linear"))        /* the second phase is the broadcast */
        return !strcmp(coll, "broadcast") || !strcmp(b, "linear") ? "linear"
                                                                  : NULL;
    return !strcmp(v, "recdbl") ? "recursive_doubling" : v;
}

static int is_tree(const char *a)
{
    return !strcmp(a, "knomial") || !strcmp(a, "binomial");
}

/* The same algorithm of ours; binomial is the k-nomial tree at 2. */
static int same_alg(const char *a, int ra, const char *b, int rb)
{
    if (!a || !b)
        return 0;
    if (is_tree(a) && is_tree(b))
        return ss_tune_radix_of(a, ra) == ss_tune_radix_of(b, rb);
    return !strcmp(a, b);
}

static void check_cell(const rt_case_t *c, const ss_tune_cell_t *x)
{
    const char *v = !strcmp(x->collective, "broadcast") ? sos_bcast(c, x->pes)
                    : !strcmp(x->collective, "fcollect") ? sos_fcollect(c, x->pes)
                    : sos_reduce(c, x->pes, x->bytes, 1);
    int r;
    const char *ours = ours_of(c, x->collective, v, x->pes, &r);
    if (x->value)
        assert_string_equal(v, x->value);
    assert_true(same_alg(ours, r, x->runs, x->radix));
    rt_winner_or_flag(c, x, same_alg(ours, r, x->winner, 0));
    if (!strcmp(x->collective, "reduce") &&
        strcmp(sos_reduce(c, x->pes, x->bytes, 0), v))
        assert_non_null(strstr(c->text, "without a transport atomic for the "
                                        "op and type SOS runs recdbl"));
}

static void roundtrip(const char *name)
{
    rt_case_t c;
    rt_load(&c, name, ss_export_sos, ss_plan_sos);
    for (size_t i = 0; i < c.plan.n; i++)
        check_cell(&c, &c.plan.cells[i]);
    /* Never a crossover that only acts under auto. */
    assert_null(rt_var(c.text, "SHMEM_COLL_SIZE_CROSSOVER"));
    assert_non_null(strstr(c.text, "Other PE counts get the same settings"));
    rt_free(&c);
}

int main(void) { return rt_main(roundtrip); }
