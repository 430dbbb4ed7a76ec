/* coll_clock.c - one sum reduction of a long over every PE, timed by the
 * PEs' own clocks (built with shmemsim-cc): from the earliest entry to
 * the latest exit, what `shmemsim run` reports for the same point. PE 0
 * prints "reduce_s T"; every PE checks the sum. The algorithm is the
 * runtime's pick ($SHMEMSIM_REDUCE_ALGORITHM). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
    static long one = 1, sum;
    static double in, out, first, last;
    shmem_init();
    shmem_barrier_all();
    in = now();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum, &one, 1);
    out = now();
    if (sum != shmem_n_pes()) {
        fprintf(stderr, "PE %d: FAIL: sum %ld on %d PEs\n", shmem_my_pe(), sum, shmem_n_pes());
        return 1;
    }
    shmem_double_min_reduce(SHMEM_TEAM_WORLD, &first, &in, 1);
    shmem_double_max_reduce(SHMEM_TEAM_WORLD, &last, &out, 1);
    if (shmem_my_pe() == 0)
        printf("reduce_s %.9e\n", last - first);
    shmem_finalize();
    return 0;
}
