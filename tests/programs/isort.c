/* isort.c - a distributed integer sort in the style of the ISx mini-app:
 * every PE makes KEYS pseudo-random keys and buckets them by the PE that
 * owns their range; an all-to-all of the bucket sizes and one of the
 * offsets they get tell each PE where its buckets go, one put each lands
 * them, and each PE sorts what it received. The receive buffer is
 * sized as such codes size it, for the worst case: MIB MiB per PE (first
 * argument, default 1), of which a PE fills only what it gets. Checks
 * that every key arrived once, in its owner's range, sorted; PE 0 prints
 * the simulated time of the exchange. Usage: isort [MIB [KEYS]]. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "miniapp.h"

#define MAX_KEY (1L << 28)

static long fill;            /* keys this PE receives */
static long sum_in, sum_out, got, want;

static unsigned long next(unsigned long *s)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return *s >> 33;
}

static int cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long mib = argc > 1 ? atol(argv[1]) : 1, keys = argc > 2 ? atol(argv[2]) : 512;
    size_t cap = (size_t)mib << 20;
    if (mib < 1 || keys < 1 || (size_t)keys * sizeof(long) > cap) {
        if (me == 0)
            fprintf(stderr, "isort: need MIB >= 1 and KEYS x 8 bytes <= MIB MiB\n");
        shmem_global_exit(2);
    }
    long *in = shmem_malloc(cap);   /* the worst case: touched as filled */
    int *count = shmem_calloc((size_t)n, sizeof *count);   /* sent to d */
    int *from = shmem_calloc((size_t)n, sizeof *from);     /* got from s */
    int *off = shmem_calloc((size_t)n, sizeof *off);       /* where, at d */
    int *at = shmem_calloc((size_t)n, sizeof *at);
    long *mine = malloc((size_t)keys * sizeof *mine), *sorted = malloc((size_t)keys * sizeof *sorted);
    int *start = calloc((size_t)n + 1, sizeof *start);
    unsigned long seed = 12345 + 977UL * (unsigned long)me;
    long range = (MAX_KEY + n - 1) / n;
    for (long i = 0; i < keys; i++) {
        mine[i] = (long)(next(&seed) % MAX_KEY);
        sum_out += mine[i];
        count[mine[i] / range]++;
    }
    for (int d = 0; d < n; d++)
        start[d + 1] = start[d] + count[d];
    for (long i = 0; i < keys; i++)
        sorted[start[mine[i] / range] + at[mine[i] / range]++] = mine[i];
    shmem_barrier_all();
    double t0 = miniapp_now();
    shmem_int_alltoall(SHMEM_TEAM_WORLD, from, count, 1);
    for (int s = 0, o = 0; s < n; s++) {
        at[s] = o;    /* where sender s's keys start here */
        o += from[s];
        fill = o;
    }
    if ((size_t)fill * sizeof(long) > cap) {
        fprintf(stderr, "isort: PE %d gets %ld keys, more than %ld MiB\n", me, fill, mib);
        shmem_global_exit(3);
    }
    shmem_int_alltoall(SHMEM_TEAM_WORLD, off, at, 1);
    for (int d = 0; d < n; d++)
        if (count[d])
            shmem_long_put(&in[off[d]], &sorted[start[d]], (size_t)count[d], d);
    shmem_barrier_all();
    double t1 = miniapp_now();
    qsort(in, (size_t)fill, sizeof *in, cmp);
    int bad = 0;
    for (long i = 0; i < fill; i++) {
        bad |= in[i] / range != me || (i && in[i] < in[i - 1]);
        sum_in += in[i];
    }
    got = fill;
    want = keys;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &got, &got, 1);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &want, &want, 1);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_in, &sum_in, 1);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_out, &sum_out, 1);
    if (bad)
        printf("isort: PE %d: keys out of range or order\n", me);
    if (me == 0)
        printf("isort: %s on %d PEs, %ld keys, %ld MiB buffers, exchange %.1f us\n",
               got == want && sum_in == sum_out ? "ok" : "FAILED", n, got, mib,
               (t1 - t0) * 1e6);
    free(mine);
    free(sorted);
    free(start);
    shmem_free(at);
    shmem_free(off);
    shmem_free(from);
    shmem_free(count);
    shmem_free(in);
    shmem_finalize();
    return bad || got != want || sum_in != sum_out;
}
