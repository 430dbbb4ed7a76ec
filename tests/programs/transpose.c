/* transpose.c - a distributed matrix transpose in the style of the
 * Parallel Research Kernels: an N x N matrix of doubles in row blocks,
 * one block of N/p rows a PE; one all-to-all moves block (i, j) of the
 * source to PE j, which transposes each block it received in place.
 * Checks every element of the result (B[i][j] = A[j][i] = j * N + i) and
 * prints the rate over the program's timer. Usage: transpose [N [ITERS]]. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "miniapp.h"

static long bad, worst;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long N = argc > 1 ? atol(argv[1]) : 256, iters = argc > 2 ? atol(argv[2]) : 2;
    long r = N / n;   /* rows a PE, and the side of a block */
    if (N < 1 || iters < 1 || r < 1 || N % n) {
        if (me == 0)
            fprintf(stderr, "transpose: N must be a multiple of the PE count\n");
        shmem_global_exit(2);
    }
    size_t cells = (size_t)r * (size_t)N, block = (size_t)r * (size_t)r;
    double *a = shmem_malloc(cells * sizeof *a);     /* my rows of A */
    double *send = shmem_malloc(cells * sizeof *a);  /* my rows, block by block */
    double *recv = shmem_malloc(cells * sizeof *a);  /* block j from PE j */
    double *b = malloc(cells * sizeof *b);           /* my rows of B */
    for (long i = 0; i < r; i++)
        for (long j = 0; j < N; j++)
            a[i * N + j] = (double)((me * r + i) * N + j);
    shmem_barrier_all();
    double t0 = miniapp_now();
    for (long it = 0; it < iters; it++) {
        /* block d (columns d*r..) of my rows, contiguous for PE d */
        for (int d = 0; d < n; d++)
            for (long i = 0; i < r; i++)
                for (long j = 0; j < r; j++)
                    send[(size_t)d * block + (size_t)(i * r + j)] = a[i * N + d * r + j];
        shmem_double_alltoall(SHMEM_TEAM_WORLD, recv, send, block);
        /* block s of recv holds A[s*r + i][me*r + j]: B[me*r + j][s*r + i] */
        for (int s = 0; s < n; s++)
            for (long i = 0; i < r; i++)
                for (long j = 0; j < r; j++)
                    b[j * N + s * r + i] = recv[(size_t)s * block + (size_t)(i * r + j)];
    }
    double t = miniapp_now() - t0;
    for (long i = 0; i < r; i++)
        for (long j = 0; j < N; j++)
            if (b[i * N + j] != (double)(j * N + me * r + i))
                bad++;
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, &worst, &bad, 1);
    if (me == 0)
        printf("transpose: %s on %d PEs, %ld x %ld, %ld iterations, %.1f MB/s a PE\n",
               worst ? "FAILED" : "ok", n, N, N, iters,
               t > 0 ? 2.0 * (double)cells * sizeof(double) * (double)iters / t * 1e-6 : 0.0);
    free(b);
    shmem_free(recv);
    shmem_free(send);
    shmem_free(a);
    shmem_finalize();
    return worst != 0;
}
