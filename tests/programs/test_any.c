/* shmem_test_any and shmem_wait_until_any over an array whose elements
 * all stay satisfied: repeated calls return every index in turn (the
 * specification's shmem_test_any example loops until it has seen each),
 * and an index excluded by status never comes back. */
#include <shmem.h>
#include <stdio.h>

#define N 5

static long flags[N];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), bad = 0;
    for (int i = 0; i < N; i++)
        shmem_long_p(&flags[i], 1, me);
    shmem_barrier_all();
    int seen[N] = {0}, status[N] = {0, 0, 1, 0, 0};
    for (int k = 0; k < 2 * N; k++) {
        size_t i = shmem_long_test_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
        if (i >= N)
            bad = 1;
        else
            seen[i]++;
    }
    for (int k = 0; k < 2 * N; k++) {
        size_t i = shmem_long_wait_until_any(flags, N, status, SHMEM_CMP_EQ, 1);
        if (i >= N || i == 2)
            bad = 1;
        else
            seen[i]++;
    }
    for (int i = 0; i < N; i++)
        bad |= seen[i] < (i == 2 ? 2 : 4);
    if (shmem_long_test_any(flags, N, NULL, SHMEM_CMP_EQ, 2) != SIZE_MAX)
        bad = 1;
    shmem_barrier_all();
    if (bad)
        printf("test_any: PE %d saw %d %d %d %d %d\n", me, seen[0], seen[1], seen[2],
               seen[3], seen[4]);
    else if (me == 0)
        printf("test_any: ok on %d PEs\n", shmem_n_pes());
    shmem_finalize();
    return bad;
}
