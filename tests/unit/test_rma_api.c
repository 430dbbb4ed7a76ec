/* test_rma_api.c - the RMA and memory parts of the OpenSHMEM 1.5 API in
 * the simulated runtime: strided puts and gets land the right elements
 * (typed, sized 8..128, on a context, through the C11 generic), cost one
 * message; sized non-blocking forms; direct pointers; realloc keeps the
 * contents; the setup queries. */
#include <stdint.h>
#include <string.h>

#include "api_test.h"
#include "shmemsim.h"

#define TWO "tests/platforms/two-hosts.xml"
#define L 2e-6
#define BETA 1e-9

/* PE 0 iputs every other element of src into every third of PE 1's dest;
 * PE 1 igets every second of PE 0's src into every third of a local
 * array. Elements in between stay untouched. */
static void iput_long(long *dest, long *src)
{
    int me = shmem_my_pe();
    for (int i = 0; i < 16; i++) {
        src[i] = 100 * me + i;
        dest[i] = -1;
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_long_iput(dest, src, 3, 2, 5, 1);
    shmem_barrier_all();
    if (me == 1)
        for (int i = 0; i < 16; i++)
            EXPECT(dest[i] == (i % 3 == 0 && i <= 12 ? 2 * (i / 3) : -1));
    long local[16];
    memset(local, 0xff, sizeof local);
    if (me == 1) {
        shmem_long_iget(local, src, 3, 2, 5, 0);
        for (int i = 0; i < 16; i++)
            EXPECT(local[i] == (i % 3 == 0 && i <= 12 ? 2 * (i / 3) : -1));
    }
    shmem_barrier_all();
}

/* The sized forms move elements of 1, 2, 4, 8 and 16 bytes. */
static void iput_sized(unsigned char *dest, unsigned char *src)
{
    static const size_t sizes[] = {1, 2, 4, 8, 16};
    int me = shmem_my_pe();
    for (size_t k = 0; k < 5; k++) {
        size_t e = sizes[k];
        for (size_t i = 0; i < 16 * e; i++) {
            src[i] = (unsigned char)(me * 64 + i);
            dest[i] = 0xee;
        }
        shmem_barrier_all();
        if (me == 0) {
            switch (e) {   /* element i of src -> element 2i of dest */
            case 1: shmem_iput8(dest, src, 2, 1, 6, 1); break;
            case 2: shmem_iput16(dest, src, 2, 1, 6, 1); break;
            case 4: shmem_iput32(dest, src, 2, 1, 6, 1); break;
            case 8: shmem_ctx_iput64(SHMEM_CTX_DEFAULT, dest, src, 2, 1, 6, 1); break;
            default: shmem_iput128(dest, src, 2, 1, 6, 1); break;
            }
        }
        shmem_barrier_all();
        for (size_t i = 0; me == 1 && i < 12 * e; i++) {
            size_t el = i / e, b = i % e;
            EXPECT(dest[i] == (el % 2 ? 0xee : (unsigned char)((el / 2) * e + b)));
        }
        unsigned char got[64];
        memset(got, 0, sizeof got);
        if (me == 1 && e == 16)
            shmem_iget128(got, src, 1, 2, 3, 0);   /* elements 0, 2, 4 */
        else if (me == 1 && e == 4)
            shmem_iget32(got, src, 1, 2, 3, 0);
        for (size_t i = 0; me == 1 && (e == 16 || e == 4) && i < 3 * e; i++)
            EXPECT(got[i] == (unsigned char)((i / e) * 2 * e + i % e));
        shmem_barrier_all();
    }
}

/* The C11 generic and the context forms pick the typed routine. */
static void iput_generic(int *dest, int *src)
{
    int me = shmem_my_pe();
    for (int i = 0; i < 8; i++) {
        src[i] = me * 10 + i;
        dest[i] = 0;
    }
    shmem_barrier_all();
    if (me == 1) {
        shmem_iput(dest, src, 2, 1, 4, 0);
        shmem_ctx_t ctx;
        EXPECT(shmem_ctx_create(0, &ctx) == 0);
        shmem_iput(ctx, dest + 1, src + 4, 2, 1, 4, 0);
        shmem_ctx_quiet(ctx);
        shmem_ctx_destroy(ctx);
    }
    shmem_barrier_all();
    for (int i = 0; me == 0 && i < 8; i++)
        EXPECT(dest[i] == 10 + (i % 2 ? 4 : 0) + i / 2);
    shmem_barrier_all();
}

static void strided_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *dest = shmem_malloc(16 * sizeof(long));
    long *src = shmem_malloc(16 * sizeof(long));
    unsigned char *bd = shmem_malloc(256), *bs = shmem_malloc(256);
    iput_long(dest, src);
    iput_sized(bd, bs);
    iput_generic((int *)bd, (int *)bs);
    api_done();
    shmem_finalize();
}

static void test_strided_elements(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, strided_pe);
}

/* An iput of n elements is one message of n x size bytes: its quiet
 * returns after L + n size beta whatever the strides. */
static void strided_time_pe(void *arg)
{
    (void)arg;
    shmem_init();
    long *dest = shmem_calloc(2000, sizeof(long));
    long *src = shmem_calloc(4000, sizeof(long));
    if (shmem_my_pe() == 0) {
        double t0 = shmemsim_wtime();
        shmem_long_iput(dest, src, 2, 4, 1000, 1);
        shmem_quiet();
        ST->t[0] = shmemsim_wtime() - t0;
        t0 = shmemsim_wtime();
        shmem_long_iget(src, dest, 4, 2, 1000, 1);
        ST->t[1] = shmemsim_wtime() - t0;
    }
    api_done();
    shmem_finalize();
}

static void test_strided_costs_one_message(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, strided_time_pe);
    double n = 8000;
    assert_true(ST->t[0] > 0.999 * (L + n * BETA) && ST->t[0] < 1.001 * (L + n * BETA));
    /* iget: an 8-byte request, then the gathered reply */
    double g = 2 * L + (8 + n) * BETA;
    assert_true(ST->t[1] > 0.999 * g && ST->t[1] < 1.001 * g);
}

/* Sized non-blocking puts and gets complete by the quiet. */
static void nbi_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    uint16_t *a = shmem_calloc(8, sizeof *a);
    uint64_t *b = shmem_calloc(8, sizeof *b);
    uint16_t s16[8];
    uint64_t s64[8], g64[8] = {0};
    for (int i = 0; i < 8; i++) {
        s16[i] = (uint16_t)(1000 + i);
        s64[i] = 1ull << (i + 40);
        b[i] = (uint64_t)me * 7 + (uint64_t)i;
    }
    shmem_barrier_all();
    if (me == 0) {
        shmem_put16_nbi(a, s16, 8, 1);
        shmem_put64_nbi(b, s64, 4, 1);
        shmem_get64_nbi(g64, b, 8, 1);
        shmem_quiet();
        for (int i = 0; i < 8; i++)   /* unordered: the put or the old value */
            EXPECT(g64[i] == (i < 4 ? s64[i] : 7u + (uint64_t)i) ||
                   (i < 4 && g64[i] == 7u + (uint64_t)i));
    }
    shmem_barrier_all();
    for (int i = 0; me == 1 && i < 8; i++) {
        EXPECT(a[i] == 1000 + i);
        EXPECT(b[i] == (i < 4 ? 1ull << (i + 40) : 7u + (uint64_t)i));
    }
    EXPECT(shmem_uint16_g(a, 1) == 1000);
    api_done();
    shmem_finalize();
}

static void test_sized_nbi(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, nbi_pe);
}

/* shmem_ptr: the address itself for the calling PE, NULL for others and
 * for memory outside the symmetric heap; the accessibility queries. */
static void ptr_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), other = 1 - me;
    long *x = shmem_malloc(4 * sizeof(long)), local = 0;
    EXPECT(shmem_ptr(x, me) == x);
    EXPECT(shmem_ptr(x + 3, me) == x + 3);
    EXPECT(shmem_ptr(x, other) == NULL);
    EXPECT(shmem_ptr(&local, me) == NULL);
    EXPECT(shmem_team_ptr(SHMEM_TEAM_WORLD, x, me) == x);
    EXPECT(shmem_team_ptr(SHMEM_TEAM_WORLD, x, other) == NULL);
    EXPECT(shmem_team_ptr(SHMEM_TEAM_INVALID, x, me) == NULL);
    EXPECT(shmem_addr_accessible(x, other));
    EXPECT(!shmem_addr_accessible(&local, other));
    EXPECT(shmem_pe_accessible(other) && !shmem_pe_accessible(2));
    api_done();
    shmem_finalize();
}

static void test_ptr_on_self(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, ptr_pe);
}

/* realloc keeps this PE's contents (growing and shrinking) and the new
 * block is symmetric; malloc_with_hints, calloc and align behave as
 * malloc. */
static void realloc_pe(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe();
    long *x = shmem_malloc(4 * sizeof(long));
    for (int i = 0; i < 4; i++)
        x[i] = me * 100 + i;
    x = shmem_realloc(x, 64 * sizeof(long));
    for (int i = 0; i < 4; i++)
        EXPECT(x[i] == me * 100 + i);
    shmem_long_p(x + 63, me, 1 - me);
    shmem_barrier_all();
    EXPECT(x[63] == 1 - me);
    x = shrealloc(x, 2 * sizeof(long));
    EXPECT(x[0] == me * 100 && x[1] == me * 100 + 1);
    long *h = shmem_malloc_with_hints(8 * sizeof(long), SHMEM_MALLOC_ATOMICS_REMOTE);
    long *z = shmem_calloc(8, sizeof(long));
    void *a = shmem_align(256, 100);
    EXPECT(h && z && a && (uintptr_t)a % 256 == 0);
    for (int i = 0; i < 8; i++)
        EXPECT(z[i] == 0);
    EXPECT(shmem_realloc(NULL, 0) == NULL);
    shmem_free(a);
    shmem_free(z);
    shmem_free(h);
    EXPECT(shmem_realloc(x, 0) == NULL);
    api_done();
    shmem_finalize();
}

static void test_realloc_keeps_contents(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, realloc_pe);
}

/* Thread levels (at most FUNNELED: a PE's threads are not actors),
 * version and name. */
static void query_pe(void *arg)
{
    (void)arg;
    int provided = -1, major, minor;
    EXPECT(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0);
    EXPECT(provided == SHMEM_THREAD_FUNNELED);
    shmem_query_thread(&provided);
    EXPECT(provided == SHMEM_THREAD_FUNNELED);
    shmem_info_get_version(&major, &minor);
    EXPECT(major == 1 && minor == 5);
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    EXPECT(strcmp(name, SHMEM_VENDOR_STRING) == 0);
    shmem_pcontrol(1, "ignored");
    api_done();
    shmem_finalize();
}

static void test_queries(void **state)
{
    (void)state;
    api_run(TWO, 2, 1, query_pe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strided_elements),
        cmocka_unit_test(test_strided_costs_one_message),
        cmocka_unit_test(test_sized_nbi),
        cmocka_unit_test(test_ptr_on_self),
        cmocka_unit_test(test_realloc_keeps_contents),
        cmocka_unit_test(test_queries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
