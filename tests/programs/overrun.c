/* overrun.c - a common bug: every PE collects npes x 10 longs into an
 * array of 10. The run must stop with one line that names the
 * allocation, its size and by how much the collect runs past it. */
#include <shmem.h>

int main(void)
{
    shmem_init();
    long *small = shmem_malloc(4 * sizeof(long));   /* allocation #1 */
    long *src = shmem_malloc(10 * sizeof(long));    /* #2 */
    long *dst = shmem_calloc(10, sizeof(long));     /* #3, too small */
    for (int i = 0; i < 10; i++)
        src[i] = shmem_my_pe();
    shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, 10);
    shmem_free(small);
    shmem_finalize();
    return 0;
}
