/* stencil.c - a 2D Jacobi stencil in the style of the Parallel Research
 * Kernels: the PEs form a ring of row blocks of an N x N grid; each
 * iteration puts its edge rows into its neighbours' halos and a flag
 * after a fence, waits for theirs, and updates its block (5 flops a
 * point). Reports the rate in MFlop/s a PE over the program's own timer
 * and PE 0's sum (OpenSHMEM 1.4: it also builds with Open MPI's oshcc,
 * bench/stencil.sh). Usage: stencil [N [ITERS
 * [CHARGE]]]: CHARGE > 0 makes each iteration call shmemsim_compute
 * (CHARGE seconds) instead of counting on --compute measured. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "miniapp.h"

/* The simulator's (shmemsim.h); weak, so that the program also builds
 * with a real OpenSHMEM, where CHARGE is not available. */
void shmemsim_compute(double seconds) __attribute__((weak));

static double *grid, *next;
static long got_up, got_down;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long N = argc > 1 ? atol(argv[1]) : 256, iters = argc > 2 ? atol(argv[2]) : 10;
    double charge = argc > 3 ? atof(argv[3]) : 0;
    long rows = N / n;
    if (N < 4 || iters < 1 || rows < 2 || N % n) {
        if (me == 0)
            fprintf(stderr, "stencil: N must be a multiple of the PE count, 2 rows a PE at least\n");
        shmem_global_exit(2);
    }
    size_t cells = (size_t)(rows + 2) * (size_t)N;   /* a halo row above and below */
    grid = shmem_calloc(cells, sizeof *grid);
    next = shmem_calloc(cells, sizeof *next);
    for (long r = 1; r <= rows; r++)
        for (long c = 0; c < N; c++)
            grid[r * N + c] = (double)((me * rows + r - 1 + c) % 7);
    int up = (me + n - 1) % n, down = (me + 1) % n;
    shmem_barrier_all();
    double t0 = miniapp_now();
    for (long it = 1; it <= iters; it++) {
        /* my first row is up's lower halo, my last row down's upper halo */
        shmem_putmem(&grid[(rows + 1) * N], &grid[N], (size_t)N * sizeof *grid, up);
        shmem_putmem(&grid[0], &grid[rows * N], (size_t)N * sizeof *grid, down);
        shmem_fence();
        shmem_long_atomic_set(&got_down, it, up);
        shmem_long_atomic_set(&got_up, it, down);
        shmem_long_wait_until(&got_up, SHMEM_CMP_GE, it);
        shmem_long_wait_until(&got_down, SHMEM_CMP_GE, it);
        for (long r = 1; r <= rows; r++)
            for (long c = 1; c < N - 1; c++)
                next[r * N + c] = 0.2 * (grid[r * N + c] + grid[(r - 1) * N + c] +
                                         grid[(r + 1) * N + c] + grid[r * N + c - 1] +
                                         grid[r * N + c + 1]);
        if (charge > 0 && shmemsim_compute)
            shmemsim_compute(charge);
        shmem_barrier_all();   /* neighbours have read my edges */
        for (long r = 1; r <= rows; r++)
            for (long c = 1; c < N - 1; c++)
                grid[r * N + c] = next[r * N + c];
    }
    double t = miniapp_now() - t0;
    double sum = 0;
    for (long r = 1; r <= rows; r++)
        for (long c = 0; c < N; c++)
            sum += grid[r * N + c];
    double flops = 5.0 * (double)rows * (double)(N - 2) * (double)iters;
    if (me == 0)
        printf("stencil: %d PEs, %ld x %ld, %ld iterations, %.6f s, %.1f MFlop/s a PE, PE 0 sum %.6e\n",
               n, N, N, iters, t, t > 0 ? flops / t * 1e-6 : 0.0, sum);
    shmem_free(next);
    shmem_free(grid);
    shmem_finalize();
    return 0;
}
