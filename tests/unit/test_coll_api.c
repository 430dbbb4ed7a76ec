#define _POSIX_C_SOURCE 200809L
/* test_coll_api.c - the OpenSHMEM collective calls of the simulated
 * runtime, with every registered algorithm selected through the
 * environment (SHMEMSIM_<KIND>_ALGORITHM): team-based calls on a team
 * split strided from the world, in-place reductions, back-to-back calls,
 * alltoall and alltoalls (with element strides), and the deprecated
 * active-set calls with two alternating pSync arrays; and the log-step
 * algorithms' workspace at 100,000 members, and its one copy when no
 * value matters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "shcoll.h"
#include "shmem.h"
#include "simtest.h"

#define NPES 9

static int fails(long got, long want)
{
    return got != want;
}

/* alltoall: member r's block for q holds 100 r + 10 q + i (two longs);
 * alltoalls: the same elements 3 apart in the source, 2 apart in dest.
 * Each call has its own dest area: a member may write a block of the
 * next call as soon as it has left this one, before we read ours. */
static int team_alltoall(shmem_team_t t, long *src, long *dst)
{
    int r = shmem_team_my_pe(t), n = shmem_team_n_pes(t), bad = 0;
    long *d2 = dst + 32;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < 2; i++) {
            src[2 * q + i] = 100 * r + 10 * q + i;
            src[8 + 3 * (2 * q + i)] = 100 * r + 10 * q + i;
        }
    for (int k = 0; k < 32; k++)
        d2[k] = -1;
    shmem_long_alltoall(t, dst, src, 2);
    for (int q = 0; q < n; q++)
        for (int i = 0; i < 2; i++)
            bad += fails(dst[2 * q + i], 100 * q + 10 * r + i);
    shmem_alltoalls(t, d2, src + 8, 2, 3, 2);       /* C11 generic */
    for (int k = 0; k < 4 * n; k++)
        bad += fails(d2[k], k % 2 ? -1 : 100 * (k / 4) + 10 * r + (k / 2) % 2);
    return bad;
}

/* Team of world PEs 1, 3, 5, 7 (indices 0..3). Member r contributes r+1
 * longs to collect except member 1, which contributes none. */
static int team_calls(shmem_team_t t, long *src, long *dst)
{
    int r = shmem_team_my_pe(t), n = shmem_team_n_pes(t), bad = 0;
    for (int i = 0; i < 8; i++)
        src[i] = 100 * r + i;
    shmem_long_fcollect(t, dst, src, 2);
    for (int q = 0; q < n; q++)
        bad += fails(dst[2 * q], 100 * q) + fails(dst[2 * q + 1], 100 * q + 1);
    size_t mine = r == 1 ? 0 : (size_t)r + 1;
    shmem_long_collect(t, dst, src, mine);
    for (int q = 0, k = 0; q < n; q++)
        for (int i = 0; q != 1 && i < q + 1; i++)
            bad += fails(dst[k++], 100 * q + i);
    shmem_long_broadcast(t, dst, src, 3, 2);
    for (int i = 0; i < 3; i++)
        bad += fails(dst[i], 200 + i);
    shmem_long_sum_reduce(t, dst, src, 4);
    for (int i = 0; i < 4; i++)
        bad += fails(dst[i], 100 * (0 + 1 + 2 + 3) + 4 * i);
    shmem_long_max_reduce(t, src, src, 4);           /* in place */
    for (int i = 0; i < 4; i++)
        bad += fails(src[i], 300 + i);
    return bad + team_alltoall(t, src, dst);
}

/* Active set PE_start 0, logPE_stride 1, PE_size 4: PEs 0, 2, 4, 6. */
static int set_calls(long *src, long *dst, long *wrk, long *ps)
{
    int me = shmem_my_pe(), bad = 0;
    for (int i = 0; i < 4; i++)
        src[i] = me * 10 + i;
    shmem_fcollect64(dst, src, 1, 0, 1, 4, ps);
    for (int q = 0; q < 4; q++)
        bad += fails(dst[q], 2 * q * 10);
    for (int k = 0; k < 4; k++) {      /* back to back, alternating pSync */
        long *p = ps + (k % 2) * SHMEM_REDUCE_SYNC_SIZE;
        shmem_long_sum_to_all(dst, src, 2, 0, 1, 4, wrk, p);
        bad += fails(dst[0], 10 * (0 + 2 + 4 + 6)) + fails(dst[1], 120 + 4);
    }
    shmem_broadcast64(dst, src, 2, 3, 0, 1, 4, ps + SHMEM_REDUCE_SYNC_SIZE);
    if (me != 6)
        bad += fails(dst[0], 60) + fails(dst[1], 61);
    for (int q = 0; q < 4; q++)        /* member me/2's word for member q */
        src[q] = me * 10 + q;
    shmem_alltoall64(dst + 16, src, 1, 0, 1, 4, ps);
    for (int q = 0; q < 4; q++)
        bad += fails(dst[16 + q], 2 * q * 10 + me / 2);
    int *s32 = (int *)(src + 4), *d32 = (int *)(dst + 24);
    for (int q = 0; q < 4; q++)
        s32[2 * q] = me * 10 + q;
    shmem_alltoalls32(d32, s32, 1, 2, 1, 0, 1, 4, ps + SHMEM_REDUCE_SYNC_SIZE);
    for (int q = 0; q < 4; q++)
        bad += fails(d32[q], 2 * q * 10 + me / 2);
    return bad;
}

static void api_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    long *src = shmem_calloc(40, sizeof(long));
    long *dst = shmem_calloc(64, sizeof(long));
    long *wrk = shmem_calloc(SHMEM_REDUCE_MIN_WRKDATA_SIZE + 8, sizeof(long));
    long *ps = shmem_malloc(2 * SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    for (int i = 0; i < 2 * SHMEM_REDUCE_SYNC_SIZE; i++)
        ps[i] = SHMEM_SYNC_VALUE;
    shmem_team_t odd;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, 4, NULL, 0, &odd);
    shmem_barrier_all();
    long bad = 0;
    if (odd != SHMEM_TEAM_INVALID)
        bad += team_calls(odd, src, dst);
    if (me % 2 == 0 && me < 8)
        bad += set_calls(src, dst, wrk, ps);
    ST->v[me] = bad;
    ST->v[32 + me] = 1;
    shmem_barrier_all();
    shmem_finalize();
}

static size_t count(shcoll_kind_t k)
{
    size_t n = 0;
    for (const shcoll_alg_t *a = shcoll_registry(k); a->name; a++)
        n++;
    return n;
}

static void test_every_algorithm_through_the_api(void **state)
{
    (void)state;
    size_t rounds = 0;
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        if (count((shcoll_kind_t)k) > rounds)
            rounds = count((shcoll_kind_t)k);
    /* Round i selects each collective's i-th algorithm (wrapping). */
    for (size_t i = 0; i < rounds; i++) {
        char chosen[256] = "";
        for (int k = 0; k < SHCOLL_NKINDS; k++) {
            char env[64];
            const char *kn = shcoll_kind_name((shcoll_kind_t)k);
            const shcoll_alg_t *a = &shcoll_registry((shcoll_kind_t)k)[i % count((shcoll_kind_t)k)];
            snprintf(env, sizeof env, "SHMEMSIM_%s_ALGORITHM", kn);
            for (char *c = env; *c; c++)
                *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
            setenv(env, a->name, 1);
            snprintf(chosen + strlen(chosen), sizeof chosen - strlen(chosen),
                     " %s=%s", kn, a->name);
        }
        simtest_setup();
        simtest_result_t r = simtest_run(simtest_platform("platforms/fattree-64.xml"),
                                         NPES, 2, SS_MODEL_ALPHA_BETA, api_pe);
        if (r.status != 0)
            fprintf(stderr, "with%s: %s\n", chosen, r.err);
        assert_int_equal(r.status, 0);
        for (int p = 0; p < NPES; p++) {
            if (ST->v[p] != 0)
                fprintf(stderr, "with%s: PE %d saw %ld wrong values\n", chosen,
                        p, ST->v[p]);
            assert_int_equal(ST->v[32 + p], 1);
            assert_int_equal(ST->v[p], 0);
        }
    }
}

/* Per-member workspace at 100,000 members, 8 B: the log-step algorithms
 * keep O(log p) words (collect scans its sizes rather than holding all
 * of them), well under a byte per member. Linear, direct, ring and
 * neighbour-exchange ones, and alltoall, move O(p) blocks by definition.
 * node_aware fcollect's work also holds a copy of the result, padded
 * (2pn bytes bound it), when the node size does not divide p
 * (fcollect/node_aware.c): payload, not state; beside it, the padding
 * of a k-nomial leader on q-block rounds may take that algorithm's own
 * 64 KiB cap: its work, less the result, is held to 64 KiB, its psync to
 * 1 KiB. node_aware collect's leaders run a collect at as few as 2
 * members, whose padding scratch is then 64 KiB (collect/common.c): its
 * bound is 64 KiB beside its O(log p) words, held to 72 KiB in all. */
static void test_log_step_workspace_stays_small(void **state)
{
    (void)state;
    static const char *linear_ones[] = {"linear", "direct", "ring",
                                        "neighbor_exchange"};
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        if ((shcoll_kind_t)k == SHCOLL_ALLTOALL)
            continue;
        for (const shcoll_alg_t *a = shcoll_registry((shcoll_kind_t)k); a->name; a++) {
            int linear = 0;
            for (size_t i = 0; i < sizeof linear_ones / sizeof *linear_ones; i++)
                linear |= !strcmp(a->name, linear_ones[i]);
            if (linear)
                continue;
            size_t n = (shcoll_kind_t)k == SHCOLL_COLLECT ? 0 : 8;
            size_t bytes = (a->work_bytes ? a->work_bytes(100000, n, 0) : 0) +
                           (a->psync_words ? a->psync_words(100000, 0) : 0) * sizeof(long);
            if ((shcoll_kind_t)k == SHCOLL_FCOLLECT && !strcmp(a->name, "node_aware")) {
                size_t w = a->work_bytes(100000, n, 0) - 2 * 100000 * n;
                assert_true(a->psync_words(100000, 0) * sizeof(long) <= 1024);
                bytes = w;
            }
            if (bytes > 65536 && strcmp(a->name, "node_aware"))
                fprintf(stderr, "%s %s: %zu bytes per member\n",
                        shcoll_kind_name((shcoll_kind_t)k), a->name, bytes);
            int na_collect = (shcoll_kind_t)k == SHCOLL_COLLECT &&
                             !strcmp(a->name, "node_aware");
            assert_true(bytes <= (na_collect ? 73728u : 65536u));
        }
    }
}

/* k-nomial fcollect of 8 KiB on 30 members (core 16, 14 extras): the
 * padding of its rounds goes into its work, of 8 KiB or more per member. */
enum { PAD_PES = 30, PAD_BLOCK = 8192 };

static void padded_fcollect_pe(void *arg)
{
    (void)arg;
    shmem_init();
    char *src = shmem_malloc(PAD_BLOCK);
    char *dst = shmem_malloc((size_t)PAD_PES * PAD_BLOCK);
    shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, PAD_BLOCK);
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
}

static size_t padded_fcollect_heap(int payload_free)
{
    setenv("SHMEMSIM_FCOLLECT_ALGORITHM", "knomial", 1);
    simtest_setup();
    simtest_payload_free = payload_free;
    simtest_result_t r = simtest_run(simtest_platform("platforms/fattree-64.xml"),
                                     PAD_PES, 2, SS_MODEL_ALPHA_BETA, padded_fcollect_pe);
    simtest_payload_free = 0;
    unsetenv("SHMEMSIM_FCOLLECT_ALGORITHM");
    if (r.status != 0)
        fprintf(stderr, "%s\n", r.err);
    assert_int_equal(r.status, 0);
    return ST->stats.heap_peak;
}

/* When no value matters (`shmemsim run` without --check), the program's
 * buffers have one copy and so has a workspace that holds only payload:
 * beyond the program's single copies the heap then holds less than two
 * of the work (the other: every member's psync words), where with every
 * copy kept it holds each member's block, result and padding. */
static void test_payload_workspace_has_one_copy(void **state)
{
    (void)state;
    const shcoll_alg_t *kn = shcoll_find(SHCOLL_FCOLLECT, "knomial");
    assert_non_null(kn);
    size_t work = kn->work_bytes(PAD_PES, PAD_BLOCK, 0);
    assert_true(work >= PAD_BLOCK);
    size_t all = padded_fcollect_heap(0), one = padded_fcollect_heap(1);
    assert_true(all >= (size_t)PAD_PES * (work + (PAD_PES + 1) * (size_t)PAD_BLOCK));
    assert_true(one >= work + (PAD_PES + 1) * (size_t)PAD_BLOCK);
    assert_true(one < 2 * work + (PAD_PES + 1) * (size_t)PAD_BLOCK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_step_workspace_stays_small),
        cmocka_unit_test(test_every_algorithm_through_the_api),
        cmocka_unit_test(test_payload_workspace_has_one_copy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
