/* reduce/knomial.c - k-nomial-tree reduce to member 0, then a k-nomial
 * broadcast of the result (radix k = a->radix, default 4).
 *
 * Member r's parent clears r's lowest nonzero base-k digit; its children
 * at level j are r + d*k^j (d = 1..k-1) for every j below that digit.
 * With L = ceil(log_k p), for p a power of k:
 *   T = L(alpha + (k-1)n*beta + (k-1)n*gamma)   reduce: the k-1 children
 *                                              of a level share the
 *                                              parent's link, then are
 *                                              combined one by one
 *     + L(alpha + (k-1)n*beta)                 broadcast: a level's k-1
 *                                              puts share the link
 *   (every message also carries an 8-byte flag: n -> n + 8 above).
 * Otherwise cut-short subtrees report early and share a parent's link
 * with the level in progress (models/predict_reduce.c plays this out).
 *
 * Why: the radix trades latency against bandwidth: fewer levels (L) but
 * each moves k-1 arrays through one link. k = 2 is the binomial tree;
 * larger k suits small arrays on high-latency networks. A level's puts
 * go out together, and the next level waits (quiet) for them: sending all
 * levels at once would delay the largest subtrees, on the critical path.
 *
 * dest is the accumulator (source == dest is fine). A member's partial
 * goes up with a put that copies it at issue, so the broadcast may write
 * the result straight into its dest; every exit waits for the result,
 * which depends on every entry (the psync invariant).
 *
 * psync: [j(k-1) + d-1] "partial of child r + d*k^j is here", then one
 *        "result here" flag: L(k-1) + 1 words.
 * work:  one n-byte slot per child flag: L(k-1)n bytes (only members
 *        with children are written to).
 */
#include "../internal.h"

typedef struct tree {
    int k;      /* radix, at most p */
    int nlev;   /* L = ceil(log_k p) */
} tree_t;

static tree_t tree_of(int npes, int radix)
{
    tree_t t = {radix < 2 ? SHCOLL_REDUCE_KNOMIAL_RADIX : radix, 0};
    if (t.k > npes)
        t.k = npes < 2 ? 2 : npes;
    for (long span = 1; span < npes; span *= t.k)
        t.nlev++;
    return t;
}

size_t shcoll_reduce_knomial_psync_words(int npes, int radix)
{
    tree_t t = tree_of(npes, radix);
    return (size_t)t.nlev * (size_t)(t.k - 1) + 1;
}

size_t shcoll_reduce_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    tree_t t = tree_of(npes, radix);
    return (size_t)t.nlev * (size_t)(t.k - 1) * nbytes;
}

static int child_index(const tree_t *t, int level, int digit)
{
    return level * (t->k - 1) + digit - 1;
}

static void *slot(const shcoll_args_t *a, int i)
{
    return a->work ? shcoll_at(a->work, (size_t)i * a->nbytes) : NULL;
}

/* Combines the children's partials into dest, level by level, and sends
 * the result to the parent. Returns the level of me's lowest nonzero digit
 * (L for member 0): me's children are on the levels below it. */
static int reduce_up(const shcoll_args_t *a, const tree_t *t, int me,
                     size_t nelems)
{
    shcoll_combine_fn combine = shcoll_combiner(a);
    long span = 1;
    int j;

    for (j = 0; j < t->nlev && (me / span) % t->k == 0; j++, span *= t->k)
        for (int d = 1; d < t->k && me + d * span < a->set.size; d++) {
            int i = child_index(t, j, d);
            shcoll_wait_flag(&a->psync[i]);
            combine(a, a->dest, slot(a, i), nelems);
        }
    if (me != 0) {
        int d = (int)((me / span) % t->k);
        int i = child_index(t, j, d);
        shcoll_put_flag(a, slot(a, i), a->dest, a->nbytes, &a->psync[i], 0,
                        shcoll_pe(&a->set, (int)(me - d * span)));
    }
    return j;
}

/* Levels below `top`, highest (largest subtrees) first; the puts of one
 * level go out together. */
static void broadcast_down(const shcoll_args_t *a, const tree_t *t, int me,
                           int top)
{
    long span = 1;
    int sent = 0;
    long *result = &a->psync[t->nlev * (t->k - 1)];

    for (int j = 0; j < top - 1; j++)
        span *= t->k;
    for (int j = top - 1; j >= 0; j--, span /= t->k) {
        if (me + span >= a->set.size)
            continue;
        if (sent)
            shmem_quiet();
        for (int d = 1; d < t->k && me + d * span < a->set.size; d++)
            shcoll_put_flag(a, a->dest, a->dest, a->nbytes, result, 0,
                            shcoll_pe(&a->set, (int)(me + d * span)));
        sent = 1;
    }
}

int shcoll_reduce_knomial_run(const shcoll_args_t *a)
{
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    shcoll_copy(a->dest, a->source, a->nbytes);
    if (a->set.size == 1)
        return 0;
    tree_t t = tree_of(a->set.size, a->radix);
    int top = reduce_up(a, &t, me, a->nbytes / esize);
    if (me != 0)
        shcoll_wait_flag(&a->psync[t.nlev * (t.k - 1)]);
    broadcast_down(a, &t, me, top);
    return 0;
}
