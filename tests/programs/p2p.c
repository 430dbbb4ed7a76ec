/* p2p.c - pipelined point-to-point synchronisation in the style of the
 * Parallel Research Kernels' synch_p2p: an M x N grid in column blocks,
 * one a PE, filled as a wavefront with a[i][j] = a[i-1][j] + a[i][j-1] -
 * a[i-1][j-1] from a[0][j] = j and a[i][0] = i. For each row a PE waits
 * until its left neighbour's last value of that row has arrived (a put
 * and a flag after a fence), computes its part, and passes its own last
 * value right. The corner must be (M-1) + (N-1). Usage: p2p [M [N]]. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "miniapp.h"

static double *left;   /* the left neighbour's last column, row by row */
static long *ready;    /* ready[i]: left[i] has landed */

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long M = argc > 1 ? atol(argv[1]) : 64, N = argc > 2 ? atol(argv[2]) : 64 * n;
    long w = N / n;   /* columns a PE */
    if (M < 2 || w < 1 || N % n) {
        if (me == 0)
            fprintf(stderr, "p2p: N must be a multiple of the PE count, M at least 2\n");
        shmem_global_exit(2);
    }
    left = shmem_calloc((size_t)M, sizeof *left);
    ready = shmem_calloc((size_t)M, sizeof *ready);
    double *a = malloc((size_t)(M * w) * sizeof *a);
    long j0 = me * w;   /* my first global column */
    for (long j = 0; j < w; j++)
        a[j] = (double)(j0 + j);
    left[0] = (double)(j0 - 1);   /* row 0 is known: a[0][j] = j */
    shmem_barrier_all();
    double t0 = miniapp_now();
    for (long i = 1; i < M; i++) {
        double west = (double)i, northwest = (double)(i - 1);   /* column 0 */
        if (me > 0) {
            shmem_long_wait_until(&ready[i], SHMEM_CMP_EQ, 1);
            west = left[i];
            northwest = left[i - 1];
        }
        if (me == 0)
            a[i * w] = (double)i;
        for (long j = me == 0; j < w; j++) {
            double wv = j ? a[i * w + j - 1] : west, nwv = j ? a[(i - 1) * w + j - 1] : northwest;
            a[i * w + j] = a[(i - 1) * w + j] + wv - nwv;
        }
        if (me < n - 1) {
            shmem_double_put(&left[i], &a[i * w + w - 1], 1, me + 1);
            shmem_fence();
            shmem_long_atomic_set(&ready[i], 1, me + 1);
        }
    }
    double t = miniapp_now() - t0;
    shmem_barrier_all();
    int ok = 1;
    if (me == n - 1) {
        double corner = a[(M - 1) * w + w - 1];
        ok = corner == (double)(M - 1 + N - 1);
        printf("p2p: %s on %d PEs, %ld x %ld grid, corner %.0f, %.3f us a row\n",
               ok ? "ok" : "FAILED", n, M, N, corner, t / (double)(M - 1) * 1e6);
    }
    free(a);
    shmem_free(ready);
    shmem_free(left);
    shmem_finalize();
    return !ok;
}
