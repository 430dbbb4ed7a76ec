#define _POSIX_C_SOURCE 200809L
/* ring_put.c - scale benchmark (not a test): every PE puts 8 bytes to its
 * right neighbour and waits for its left neighbour's. Prints the simulated
 * time, wall time and peak memory (RSS) of the whole simulation. */
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemsim.h>

static double sim_end;

static void pe_main(void *arg)
{
    (void)arg;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *slot = shmem_calloc(1, sizeof(long));
    shmem_long_p(slot, me + 1, (me + 1) % n);
    shmem_long_wait_until(slot, SHMEM_CMP_EQ, (me + n - 1) % n + 1);
    if (shmemsim_wtime() > sim_end)
        sim_end = shmemsim_wtime();
    shmem_finalize();
}

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = shmemsim_main(argc, argv, pe_main, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("ring_put: exit %d, last PE done at %.9f s simulated, wall %.2f s, "
           "peak RSS %.2f GiB\n", rc, sim_end,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
           (double)ru.ru_maxrss / (1024.0 * 1024.0));
    /* Skip SimGrid's teardown of 100k hosts and actors at exit: seconds of
     * frees that no user waits for (the shmemsim command does the same). */
    fflush(stdout);
    _exit(rc);
}
