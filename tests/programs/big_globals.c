/* big_globals.c - several MiB of globals (remapped per PE, not copied)
 * around small odd-sized ones, initialised and not: every address inside
 * them is symmetric. Each PE puts into its right neighbour's copies at
 * the start, the middle and the last bytes of each, then checks its own. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define BIG (3 * 1024 * 1024 + 17)

static char before[13] = "first";
static char big[BIG];                    /* .bss, 3 MiB and 17 bytes */
static short odd[7];
static double init_big[300000] = {1.0};  /* .data, 2.3 MiB */
static char after[3];
static int bad, worst;

static void put_at(void *dst, size_t len, long v, int pe)
{
    long w[4] = {v, v, v, v};
    shmem_putmem(dst, w, len < sizeof w ? len : sizeof w, pe);
}

static int check(const void *p, size_t len, long v)
{
    long w[4] = {v, v, v, v};
    return !memcmp(p, w, len < sizeof w ? len : sizeof w);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n;
    long v = 1000 + me, want = 1000 + (me + n - 1) % n;
    struct { void *p; size_t len; } at[] = {
        {before, sizeof before}, {big, 8}, {big + BIG / 2, 32},
        {big + BIG - 3, 3}, {odd, sizeof odd}, {init_big, 16},
        {init_big + 150001, 24}, {&init_big[299999], 8}, {after, sizeof after},
    };
    size_t k = sizeof at / sizeof at[0];
    for (size_t i = 0; i < k; i++)
        put_at(at[i].p, at[i].len, v, right);
    shmem_barrier_all();
    for (size_t i = 0; i < k; i++)
        if (!check(at[i].p, at[i].len, want)) {
            printf("PE %d: place %zu not written by PE %d\n", me, i, (me + n - 1) % n);
            bad = 1;
        }
    if (init_big[2] != 0.0 || big[BIG / 4] != 0)
        bad = 1, printf("PE %d: bytes nobody wrote changed\n", me);
    int all = shmem_int_max_reduce(SHMEM_TEAM_WORLD, &worst, &bad, 1) == 0 && worst == 0;
    if (me == 0)
        printf("big_globals: %s on %d PEs\n", all ? "ok" : "FAILED", n);
    shmem_finalize();
    return bad;
}
