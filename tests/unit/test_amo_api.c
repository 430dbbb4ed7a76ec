/* test_amo_api.c - every atomic of the OpenSHMEM 1.5 API on every type of
 * its table (the 32- and 64-bit standard AMO types, the extended float
 * and double, the bitwise types): the old values the fetching ones return
 * and the new value at the target, blocking, non-blocking (_nbi) and on
 * a context; the pre-1.4 names give the same results. */
#include <stdint.h>
#include <string.h>

#include "api_test.h"

#define TWO "tests/platforms/two-hosts.xml"

/* PE 0 works on PE 1's x; the values a 64-bit type must keep are above
 * bit 31 (HI), and signed types see negative values. */
#define HI(T) ((T)((T)1 << (sizeof(T) * 8 - 2)) + (T)3)

#define STD_CHECK(T, N)                                                      \
    static void std_##N(T *x, shmem_ctx_t ctx)                               \
    {                                                                        \
        shmem_##N##_atomic_set(x, (T)5, 1);                                  \
        shmem_fence();   /* a later fetch may overtake the set otherwise */  \
        EXPECT(shmem_##N##_atomic_fetch(x, 1) == (T)5);                      \
        EXPECT(shmem_##N##_atomic_swap(x, (T)7, 1) == (T)5);                 \
        EXPECT(shmem_##N##_atomic_compare_swap(x, (T)7, (T)9, 1) == (T)7);   \
        EXPECT(shmem_##N##_atomic_compare_swap(x, (T)1, (T)2, 1) == (T)9);   \
        EXPECT(shmem_ctx_##N##_atomic_fetch_inc(ctx, x, 1) == (T)9);         \
        shmem_ctx_##N##_atomic_inc(ctx, x, 1);                               \
        shmem_ctx_quiet(ctx);                                                \
        EXPECT(shmem_##N##_atomic_fetch_add(x, (T)5, 1) == (T)11);           \
        shmem_##N##_atomic_add(x, (T)4, 1);                                  \
        shmem_quiet();                                                       \
        EXPECT(shmem_ctx_##N##_atomic_fetch(ctx, x, 1) == (T)20);            \
        shmem_ctx_##N##_atomic_set(ctx, x, HI(T), 1);                        \
        shmem_ctx_quiet(ctx);                                                \
        EXPECT(shmem_##N##_atomic_fetch_add(x, (T)1, 1) == HI(T));           \
        EXPECT(shmem_ctx_##N##_atomic_swap(ctx, x, (T)-3, 1) ==              \
               (T)(HI(T) + 1));                                              \
        EXPECT(shmem_ctx_##N##_atomic_fetch_add(ctx, x, (T)-4, 1) == (T)-3); \
        EXPECT(shmem_ctx_##N##_atomic_compare_swap(ctx, x, (T)-7, (T)1, 1) ==\
               (T)-7);                                                       \
        T f[5] = {0, 0, 0, 0, 0};                                            \
        shmem_##N##_atomic_fetch_nbi(&f[0], x, 1);                           \
        shmem_quiet();                                                       \
        shmem_##N##_atomic_swap_nbi(&f[1], x, (T)2, 1);                      \
        shmem_quiet();                                                       \
        shmem_ctx_##N##_atomic_compare_swap_nbi(ctx, &f[2], x, (T)2, (T)3, 1);\
        shmem_ctx_quiet(ctx);                                                \
        shmem_##N##_atomic_fetch_inc_nbi(&f[3], x, 1);                       \
        shmem_quiet();                                                       \
        shmem_ctx_##N##_atomic_fetch_add_nbi(ctx, &f[4], x, (T)10, 1);       \
        shmem_ctx_quiet(ctx);                                                \
        static const int want[5] = {1, 1, 2, 3, 4};                          \
        for (int i = 0; i < 5; i++)                                          \
            EXPECT(f[i] == (T)want[i]);                                      \
        EXPECT(shmem_##N##_atomic_fetch(x, 1) == (T)14);                     \
    }
SHMEM_AMO_TYPES(STD_CHECK)

#define BIT_CHECK(T, N)                                                      \
    static void bit_##N(T *x, shmem_ctx_t ctx)                               \
    {                                                                        \
        T h = HI(T) - 3;   /* the top bit below the sign */                  \
        shmem_##N##_atomic_set(x, h | (T)0xF0, 1);                           \
        shmem_quiet();                                                       \
        EXPECT(shmem_##N##_atomic_fetch_and(x, (T)0x3C, 1) == (h | 0xF0));   \
        shmem_ctx_##N##_atomic_and(ctx, x, (T)0x10, 1);                      \
        shmem_ctx_quiet(ctx);                                                \
        EXPECT(shmem_ctx_##N##_atomic_fetch_or(ctx, x, h, 1) == (T)0x10);    \
        shmem_##N##_atomic_or(x, (T)0x100, 1);                               \
        shmem_quiet();                                                       \
        EXPECT(shmem_##N##_atomic_fetch_xor(x, (T)0x11, 1) == (h | 0x110));  \
        shmem_##N##_atomic_xor(x, h, 1);                                     \
        shmem_quiet();                                                       \
        EXPECT(shmem_##N##_atomic_fetch(x, 1) == (T)0x101);                  \
        T f[3] = {0, 0, 0};                                                  \
        shmem_##N##_atomic_fetch_and_nbi(&f[0], x, (T)0x001, 1);             \
        shmem_quiet();                                                       \
        shmem_ctx_##N##_atomic_fetch_or_nbi(ctx, &f[1], x, (T)0x6, 1);       \
        shmem_ctx_quiet(ctx);                                                \
        shmem_##N##_atomic_fetch_xor_nbi(&f[2], x, (T)0x3, 1);               \
        shmem_quiet();                                                       \
        EXPECT(f[0] == (T)0x101 && f[1] == (T)0x1 && f[2] == (T)0x7);        \
        EXPECT(shmem_##N##_atomic_fetch(x, 1) == (T)0x4);                    \
    }
SHMEM_BITWISE_AMO_TYPES(BIT_CHECK)

#define EXT_CHECK(T, N)                                                      \
    static void ext_##N(T *x, shmem_ctx_t ctx)                               \
    {                                                                        \
        shmem_ctx_##N##_atomic_set(ctx, x, (T)1.5, 1);                       \
        shmem_ctx_quiet(ctx);                                                \
        EXPECT(shmem_##N##_atomic_fetch(x, 1) == (T)1.5);                    \
        EXPECT(shmem_ctx_##N##_atomic_swap(ctx, x, (T)-2.25, 1) == (T)1.5);  \
        T f = 0;                                                             \
        shmem_##N##_atomic_swap_nbi(&f, x, (T)1e30, 1);                      \
        shmem_quiet();                                                       \
        EXPECT(f == (T)-2.25);                                               \
        shmem_ctx_##N##_atomic_fetch_nbi(ctx, &f, x, 1);                     \
        shmem_ctx_quiet(ctx);                                                \
        EXPECT(f == (T)1e30);                                                \
    }
EXT_CHECK(float, float)
EXT_CHECK(double, double)

static void amo_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    long long *x = shmem_calloc(1, sizeof(long long));
    shmem_ctx_t ctx;
    EXPECT(shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ctx) == 0);
    if (me == 0) {
#define RUN_STD(T, N) std_##N((T *)x, ctx);
        SHMEM_AMO_TYPES(RUN_STD)
#define RUN_BIT(T, N) bit_##N((T *)x, ctx);
        SHMEM_BITWISE_AMO_TYPES(RUN_BIT)
        ext_float((float *)x, ctx);
        ext_double((double *)x, ctx);
    }
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    if (me == 1)   /* the last op: a double swapped in, 1e30 */
        EXPECT(*(double *)x == 1e30);
    api_done();
    shmem_finalize();
}

static void test_every_atomic(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, amo_pe);
}

/* Several PEs at once on one word: the atomics of different PEs never
 * lose an update. */
static void contended_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    unsigned long *u = shmem_calloc(1, sizeof *u);
    int32_t *c = shmem_calloc(1, sizeof *c);
    for (int i = 0; i < 10; i++) {
        shmem_ulong_atomic_or(u, 1ul << (me * 10 + i), 0);
        shmem_int32_atomic_fetch_add(c, 3, 0);
    }
    shmem_barrier_all();
    if (me == 0) {
        EXPECT(*u == (1ul << (10 * n)) - 1);
        EXPECT(*c == 30 * n);
    }
    api_done();
    shmem_finalize();
}

static void test_contended(void **state)
{
    (void)state;
    api_run(TWO, 3, 1, contended_pe);
}

/* The names before 1.4 (and the C11 generic selections of 1.5) do what
 * the typed atomics do. */
static void legacy_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    int *i = shmem_calloc(1, sizeof *i);
    long *l = shmem_calloc(1, sizeof *l);
    long long *ll = shmem_calloc(1, sizeof *ll);
    double *d = shmem_calloc(1, sizeof *d);
    float *f = shmem_calloc(1, sizeof *f);
    if (me == 0) {
        shmem_int_set(i, 4, 1);
        shmem_quiet();
        EXPECT(shmem_int_fadd(i, 3, 1) == 4);
        EXPECT(shmem_int_finc(i, 1) == 7);
        shmem_int_add(i, 2, 1);
        shmem_int_inc(i, 1);
        shmem_quiet();
        EXPECT(shmem_int_cswap(i, 11, 20, 1) == 11);
        EXPECT(shmem_int_swap(i, 21, 1) == 20);
        EXPECT(shmem_int_fetch(i, 1) == 21);
        shmem_long_set(l, 1L << 40, 1);
        shmem_quiet();
        EXPECT(shmem_long_fadd(l, 1, 1) == 1L << 40);
        EXPECT((shmem_swap)(l, 5L, 1) == (1L << 40) + 1);   /* the long one */
        EXPECT(shmem_long_cswap(l, 5, 6, 1) == 5);
        EXPECT(shmem_longlong_finc(ll, 1) == 0);
        shmem_longlong_inc(ll, 1);
        shmem_longlong_add(ll, -10, 1);
        shmem_quiet();
        EXPECT(shmem_longlong_fetch(ll, 1) == -8);
        EXPECT(shmem_double_swap(d, 2.5, 1) == 0.0);
        shmem_float_set(f, 0.5f, 1);
        shmem_quiet();
        EXPECT(shmem_float_fetch(f, 1) == 0.5f);
        /* the C11 generic selections, deprecated and current */
        EXPECT(shmem_fadd(l, 1L, 1) == 6);
        EXPECT(shmem_atomic_fetch_add(l, 1L, 1) == 7);
        EXPECT(shmem_atomic_fetch_inc(i, 1) == 21);
        EXPECT(shmem_atomic_swap(d, 3.5, 1) == 2.5);
        shmem_atomic_set(f, 1.5f, 1);
        shmem_quiet();
        EXPECT(shmem_atomic_fetch(f, 1) == 1.5f);
        EXPECT(shmem_atomic_compare_swap(ll, -8LL, 8LL, 1) == -8);
        unsigned long ul = 0;
        EXPECT(shmem_atomic_fetch_or((unsigned long *)l, 0x100ul, 1) == 8);
        shmem_atomic_fetch_xor_nbi(&ul, (unsigned long *)l, 0x1ul, 1);
        shmem_quiet();
        EXPECT(ul == 0x108);
    }
    shmem_barrier_all();
    if (me == 1)
        EXPECT(*i == 22 && *l == 0x109 && *ll == 8 && *d == 3.5 && *f == 1.5f);
    api_done();
    shmem_finalize();
}

static void test_legacy_and_generic(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, legacy_pe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_atomic),
        cmocka_unit_test(test_contended),
        cmocka_unit_test(test_legacy_and_generic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
