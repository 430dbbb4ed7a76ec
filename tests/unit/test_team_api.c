/* test_team_api.c - teams of the OpenSHMEM 1.5 API in the simulated
 * runtime: split_2d (rows and columns, a short last row, xrange beyond
 * the team), get_config, SHMEM_TEAM_SHARED as the PEs of one host (block
 * and round-robin placement, --ppn 2), collectives and syncs on them,
 * both shmem_sync forms; and the deprecated setup names. */
#include <stdint.h>
#include <string.h>

#include "api_test.h"

#define STAR "tests/platforms/star-64.xml"

/* 10 PEs, xrange 3: rows {0,1,2} {3,4,5} {6,7,8} {9}, columns {0,3,6,9}
 * {1,4,7} {2,5,8} (spec's example). */
static void split_2d_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *v = shmem_calloc(2, sizeof(long));
    shmem_team_t x, y;
    shmem_team_config_t xc = {.num_contexts = 3}, got = {0};
    EXPECT(shmem_team_split_2d(SHMEM_TEAM_WORLD, 3, &xc, SHMEM_TEAM_NUM_CONTEXTS,
                               &x, NULL, 0, &y) == 0);
    EXPECT(shmem_team_my_pe(x) == me % 3 && shmem_team_my_pe(y) == me / 3);
    EXPECT(shmem_team_n_pes(x) == (me < 9 ? 3 : 1));
    EXPECT(shmem_team_n_pes(y) == (me % 3 == 0 ? 4 : 3));
    EXPECT(shmem_team_translate_pe(x, 0, SHMEM_TEAM_WORLD) == me / 3 * 3);
    EXPECT(shmem_team_translate_pe(y, 1, x) == (me / 3 == 1 ? me % 3 : -1));
    EXPECT(shmem_team_get_config(x, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
           got.num_contexts == 3);
    EXPECT(shmem_team_get_config(y, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
           got.num_contexts == 0);
    EXPECT(shmem_team_get_config(SHMEM_TEAM_INVALID, 0, &got) != 0);
    v[0] = me;
    shmem_long_sum_reduce(y, &v[1], &v[0], 1);   /* column sums */
    long col = 0;
    for (int i = me % 3; i < n; i += 3)
        col += i;
    EXPECT(v[1] == col);
    EXPECT(shmem_team_sync(x) == 0);
    shmem_team_destroy(x);
    shmem_team_destroy(y);
    shmem_team_t xw, yw, xi, yi;   /* xrange beyond the team: one row */
    EXPECT(shmem_team_split_2d(SHMEM_TEAM_WORLD, 64, NULL, 0, &xw, NULL, 0, &yw) == 0);
    EXPECT(shmem_team_n_pes(xw) == n && shmem_team_n_pes(yw) == 1);
    EXPECT(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &xi, NULL, 0, &yi) != 0);
    EXPECT(xi == SHMEM_TEAM_INVALID && yi == SHMEM_TEAM_INVALID);
    EXPECT(shmem_team_split_2d(SHMEM_TEAM_INVALID, 2, NULL, 0, &xi, NULL, 0, &yi) != 0);
    EXPECT(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1);
    api_done();
    shmem_finalize();
}

static void test_split_2d(void **state)
{
    (void)state;
    api_run(STAR, 10, 1, split_2d_pe);
}

/* SHMEM_TEAM_SHARED: the PEs on the caller's host; with ST->flag set the
 * placement is round-robin (4 hosts: PE i on host i mod 4). */
static void shared_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), rr = ST->flag;
    int *v = shmem_calloc(2, sizeof(int));
    shmem_team_t s = SHMEM_TEAM_SHARED;
    int first = rr ? me % 4 : me / 2 * 2, step = rr ? 4 : 1;
    EXPECT(shmem_team_n_pes(s) == 2);
    EXPECT(shmem_team_my_pe(s) == (me - first) / step);
    EXPECT(shmem_team_translate_pe(s, 1, SHMEM_TEAM_WORLD) == first + step);
    EXPECT(shmem_team_translate_pe(SHMEM_TEAM_WORLD, me, s) == (me - first) / step);
    v[0] = me;
    shmem_int_sum_reduce(SHMEM_TEAM_SHARED, &v[1], &v[0], 1);
    EXPECT(v[1] == 2 * first + step);
    EXPECT(shmem_team_sync(SHMEM_TEAM_SHARED) == 0);
    shmem_ctx_t c;
    EXPECT(shmem_team_create_ctx(SHMEM_TEAM_SHARED, 0, &c) == 0);
    shmem_ctx_int_atomic_add(c, &v[0], 100, 0);   /* the host's first PE */
    shmem_ctx_destroy(c);
    shmem_barrier_all();
    EXPECT(v[0] == me + (me == first ? 200 : 0));
    api_done();
    shmem_finalize();
}

static void test_team_shared(void **state)
{
    (void)state;
    api_run_placed(STAR, 8, 2, SS_PLACE_BLOCK, shared_pe);
    ST->flag = 1;
    api_run_placed(STAR, 8, 2, SS_PLACE_ROUND_ROBIN, shared_pe);
}

/* One PE per host: every PE is alone in its shared team. */
static void shared_alone_pe(void *arg)
{
    (void)arg;
    shmem_init();
    EXPECT(shmem_team_n_pes(SHMEM_TEAM_SHARED) == 1);
    EXPECT(shmem_team_my_pe(SHMEM_TEAM_SHARED) == 0);
    api_done();
    shmem_finalize();
}

static void test_team_shared_ppn1(void **state)
{
    (void)state;
    api_run(STAR, 3, 1, shared_alone_pe);
}

/* shmem_sync takes a team (1.5) or an active set with pSync (deprecated);
 * the setup and allocation names before 1.2 and the cache calls work. */
static void sync_legacy_pe(void *arg)
{
    (void)arg;
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    EXPECT(me == shmem_my_pe() && n == shmem_n_pes());
    long *ps = shmalloc(_SHMEM_BARRIER_SYNC_SIZE * sizeof(long));
    long *al = shmemalign(64, 8 * sizeof(long));
    EXPECT(ps && al && (uintptr_t)al % 64 == 0);
    for (int i = 0; i < _SHMEM_BARRIER_SYNC_SIZE; i++)
        ps[i] = _SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    EXPECT(shmem_sync(SHMEM_TEAM_WORLD) == 0);
    shmem_long_p(&al[me], me + 1, (me + 1) % n);
    shmem_quiet();
    shmem_sync(0, 0, n, ps);
    EXPECT(al[(me + n - 1) % n] == (me + n - 1) % n + 1);
    if (me % 2 == 0)
        shmem_barrier(0, 1, (n + 1) / 2, ps);
    shmem_sync_all();
    shmem_clear_cache_inv();
    shmem_set_cache_inv();
    shmem_clear_cache_line_inv(al);
    shmem_set_cache_line_inv(al);
    shmem_udcflush();
    shmem_udcflush_line(al);
    shfree(al);
    shfree(ps);
    api_done();
    shmem_finalize();
}

static void test_sync_and_legacy(void **state)
{
    (void)state;
    api_run(STAR, 5, 1, sync_legacy_pe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_2d),
        cmocka_unit_test(test_team_shared),
        cmocka_unit_test(test_team_shared_ppn1),
        cmocka_unit_test(test_sync_and_legacy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
