/* op_costs.c - what one put and its quiet, a quiet with nothing to
 * complete, and one get of 8 bytes take PE 0 with PE 1 as target, in
 * simulated time (built with shmemsim-cc: clock_gettime tells it).
 * PE 0 prints
 *   op_costs: put+quiet P us, empty quiet Q us, get G us
 * to 0.01 us, as osu_oshm_put and osu_oshm_get print theirs. */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e6 * (double)t.tv_sec + 1e-3 * (double)t.tv_nsec;
}

int main(void)
{
    static long word, got;
    shmem_init();
    long one = 1;
    int rc = 0;
    shmem_barrier_all();
    if (shmem_my_pe() == 0 && shmem_n_pes() > 1) {
        double t0 = now_us();
        shmem_putmem(&word, &one, sizeof one, 1);
        shmem_quiet();
        double t1 = now_us();
        shmem_quiet();   /* nothing issued since the last one */
        double t2 = now_us();
        shmem_getmem(&got, &word, sizeof got, 1);
        double t3 = now_us();
        printf("op_costs: put+quiet %.2f us, empty quiet %.2f us, get %.2f us\n",
               t1 - t0, t2 - t1, t3 - t2);
        rc = got != 1;
    }
    shmem_barrier_all();
    shmem_finalize();
    return rc;
}
