/* collect/recursive_doubling.c - a scan of the sizes by recursive
 * doubling, then the blocks by the radix-2 rounds of fcollect/knomial.c.
 *
 * With p2 the largest power of two <= p, L = log2 p2, rem = p - p2
 * extras, len = ceil(p2 / rem), N the total and b_max the largest extra
 * block:
 * T = alpha + 8 len beta                          (rem > 0) extras' sizes
 *   + sum over j < L of alpha + (8(j + 3) + 8)beta           scan
 *   + alpha + (16 + 8)beta                        (rem > 0) extras' places
 *   + alpha + (len ceil(b_max / len) + 8 len)beta (rem > 0) extras' slices
 *   + sum over j < L of alpha + (V_j + 8)beta                rounds
 *   + alpha + (N + 8)beta                         (rem > 0) result to extras
 * V_j = the largest total an aligned group of 2^j core members holds:
 *       their blocks plus the extras' slices they hold (extra t is cut
 *       over core members floor(t p2 / rem) .. floor((t+1) p2 / rem) - 1,
 *       fcollect/knomial.c).
 *
 * Why a scan and not an fcollect of the sizes: a round needs only where
 * the member's group starts and how much it holds, and the most any
 * group of the round holds; O(log p) numbers, where every size is p of
 * them (1.6 MB of work per member at 100,000). In scan round j a member
 * swaps with me XOR 2^j its group's totals (blocks, slices), the largest
 * extra block seen and, for every level i < j, the most a level-i group
 * in its group holds: j + 3 words, growing by one per round. Aligned
 * groups merge exactly, so after L rounds every member has the maxima
 * over all groups, and its own prefix at every level. Extras first put
 * their size to their range of the core (one flag each, carrying it), so
 * each core member knows the slice it will hold; the first member of
 * extra t's range then tells it where its block goes (the slices before
 * it are exactly the extras before t).
 *
 * Groups hold uneven totals, so every member pads its round put to V_j;
 * else a light pair would finish early and put its next round into a
 * heavy member's link while that still receives, and the rounds would
 * no longer be independent. For the same reason every extra pads its
 * slices to ceil(b_max / len): the core starts round 0 together. Every
 * member receives O(log p) messages (an extra's fan-out is its range).
 *
 * psync: [0] an extra's size at a core member, [1 + j] scan round j,
 * [1 + L] an extra's place, then the k-nomial words (radix 2).
 * work: the padding scratch (collect/common.c), then the scan's slots:
 * round j's j + 3 words at word j(j + 5)/2, and an extra's 2 words.
 */
#include "common.h"

static int log2_core(int p)
{
    int L = 0;
    while ((2L << L) <= p)
        L++;
    return L;
}

size_t shcoll_collect_recursive_doubling_psync_words(int npes, int radix)
{
    (void)radix;
    return (size_t)log2_core(npes) + 2 +
           shcoll_fcollect_knomial_psync_words(npes, 2);
}

static size_t scan_words(int L)
{
    return (size_t)L * (size_t)(L + 5) / 2 + 2;
}

size_t shcoll_collect_recursive_doubling_work_bytes(int npes, size_t nbytes,
                                                    int radix)
{
    (void)nbytes, (void)radix;
    return shcoll_collect_scratch(npes) +
           scan_words(log2_core(npes)) * sizeof(size_t);
}

static size_t max_of(size_t x, size_t y)
{
    return x > y ? x : y;
}

/* The scan's slots, after the scratch. */
static size_t *slots(const shcoll_args_t *a)
{
    return shcoll_at(a->work, shcoll_collect_scratch(a->set.size));
}

/* Scan round j with me XOR 2^j. Before: my level-j group holds
 * blk[j][1] bytes of blocks and slc[j][1] of slices, blk[j][0] and
 * slc[j][0] of them before mine; vol[i < j] are its level-i maxima.
 * In: the partner's group, the same. */
static void scan_round(const shcoll_args_t *a, int me, int j,
                       shcoll_kn_view_t *v)
{
    size_t out[SHCOLL_MAX_ROUNDS + 3], *in = slots(a) + (size_t)j * (j + 5) / 2;
    int peer = me ^ (1 << j);

    out[0] = v->blk[j][1];
    out[1] = v->slc[j][1];
    out[2] = v->bmax;
    for (int i = 0; i < j; i++)
        out[3 + i] = v->vol[i];
    shcoll_put_flag(a, in, out, (size_t)(j + 3) * sizeof *out, &a->psync[1 + j],
                    0, shcoll_pe(&a->set, peer));
    shcoll_wait_flag(&a->psync[1 + j]);

    v->vol[j] = max_of(out[0] + out[1], in[0] + in[1]);
    for (int i = 0; i < j; i++)
        v->vol[i] = max_of(v->vol[i], in[3 + i]);
    v->bmax = max_of(v->bmax, in[2]);
    v->blk[j + 1][0] = v->blk[j][0] + (peer < me ? in[0] : 0);
    v->slc[j + 1][0] = v->slc[j][0] + (peer < me ? in[1] : 0);
    v->blk[j + 1][1] = out[0] + in[0];
    v->slc[j + 1][1] = out[1] + in[1];
}

/* A core member's view: its slice of its extra's block (rem > 0), the
 * scan, then the prefixes turned into offsets in dest (blocks, then the
 * slices in extra order). */
static void core_view(const shcoll_args_t *a, int me, int pc,
                     shcoll_kn_view_t *v)
{
    int p = a->set.size, L = log2_core(pc), s = 0, m = 1;
    size_t b = 0;
    if (p > pc) {
        shcoll_kn_range(p, pc, shcoll_kn_owner(p, pc, me), &s, &m);
        b = (size_t)shcoll_wait_flag(&a->psync[0]);
    }
    v->bmax = b;
    v->blk[0][0] = v->slc[0][0] = 0;
    v->blk[0][1] = a->nbytes;
    v->slc[0][1] = shcoll_kn_cut(b, me - s + 1, m) - shcoll_kn_cut(b, me - s, m);
    for (int j = 0; j < L; j++)
        scan_round(a, me, j, v);

    size_t blocks = v->blk[L][1], at = v->blk[L][0], sl = blocks + v->slc[L][0];
    v->own = at;
    v->total = blocks + v->slc[L][1];
    for (int j = 0; j < L; j++) {
        v->blk[j][0] = at - v->blk[j][0];
        v->blk[j][1] += v->blk[j][0];
        v->slc[j][0] = sl - v->slc[j][0];
        v->slc[j][1] += v->slc[j][0];
    }
}

/* The first core member of extra t's range tells it where its block
 * goes (the slices before it are those of the extras before t) and the
 * largest extra block, which its slices pad to. */
static void tell_place(const shcoll_args_t *a, int me, int pc,
                       const shcoll_kn_view_t *v, size_t *place, long *flag)
{
    int p = a->set.size, t = shcoll_kn_owner(p, pc, me), s, m;
    shcoll_kn_range(p, pc, t, &s, &m);
    if (s != me)
        return;
    size_t out[2] = {v->slc[0][0], v->bmax};
    shcoll_put_flag(a, place, out, sizeof out, flag, 0, shcoll_pe(&a->set, pc + t));
}

int shcoll_collect_recursive_doubling_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size;
    if (me < 0)
        return -1;
    int pc = shcoll_kn_core(p, 2), L = log2_core(p), s, m;
    size_t *place = slots(a) + scan_words(L) - 2;
    shcoll_kn_view_t v;
    shcoll_args_t data = *a;
    data.psync = a->psync + L + 2;
    v.chunk = shcoll_collect_scratch(p);

    if (me >= pc) {   /* an extra: its size out, its place back */
        shcoll_kn_range(p, pc, me - pc, &s, &m);
        for (int i = 0; i < m; i++)   /* the flag is the message */
            shcoll_raise_flag(&a->psync[0], (long)a->nbytes,
                              shcoll_pe(&a->set, s + i));
        shcoll_wait_flag(&a->psync[1 + L]);
        v.own = place[0];
        v.bmax = place[1];
    } else {
        core_view(a, me, pc, &v);
        if (p > pc)
            tell_place(a, me, pc, &v, place, &a->psync[1 + L]);
    }
    shcoll_fcollect_knomial_run_view(&data, me, 2, &v);
    return 0;
}
