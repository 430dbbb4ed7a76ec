/* ring.c [ROUNDS] [barrier] - every PE puts its number into its right
 * neighbour's copy of a global array and waits for its left neighbour's,
 * ROUNDS times, then (with "barrier") a shmem_barrier_all (built with
 * shmemsim-cc; the 100,000-PE measurement, docs/programs.md). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long inbox[2];
static long rounds_done;

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long left = (me + n - 1) % n;
    for (int r = 0; r < rounds; r++) {
        shmem_long_p(&inbox[r % 2], (long)r * n + me + 1, (me + 1) % n);
        shmem_long_wait_until(&inbox[r % 2], SHMEM_CMP_EQ, (long)r * n + left + 1);
        rounds_done++;
    }
    if (argc > 2 && !strcmp(argv[2], "barrier"))
        shmem_barrier_all();
    if (me == 0)
        printf("ring: %d PEs, %ld rounds, PE 0 got %ld\n", n, rounds_done,
               inbox[(rounds - 1) % 2]);
    shmem_finalize();
    return rounds_done == rounds ? 0 : 1;
}
