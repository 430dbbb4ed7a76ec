/* clocks.c BYTES - a program's clocks tell simulated time (built with
 * shmemsim-cc): prints the time each PE's clock_gettime saw one fcollect
 * of BYTES per PE take (PE 0's line: "fcollect_s T"), and checks that
 * gettimeofday, time and clock_gettime agree, that computing takes no
 * simulated time and that sleep(2) takes two simulated seconds. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static double ts(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "PE %d: FAIL: %s\n", shmem_my_pe(), what);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    size_t bytes = argc > 1 ? strtoul(argv[1], NULL, 0) : 8;
    shmem_init();
    int n = shmem_n_pes();
    char *src = shmem_malloc(bytes), *dst = shmem_malloc(bytes * n);
    shmem_barrier_all();
    double a = ts(CLOCK_MONOTONIC);
    volatile double x = 0;
    for (int i = 0; i < 1000000; i++)
        x += i;                              /* computing: no simulated time */
    check(ts(CLOCK_MONOTONIC) == a, "computation took simulated time");
    shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, bytes);
    double b = ts(CLOCK_MONOTONIC);
    check(b > a, "a collective took no time");
    struct timeval tv;
    gettimeofday(&tv, NULL);
    double real = ts(CLOCK_REALTIME), tod = (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
    check(real - tod >= 0 && real - tod < 1e-6, "gettimeofday and CLOCK_REALTIME differ");
    check(time(NULL) == (time_t)real, "time() and CLOCK_REALTIME differ");
    check(real - b > 1.7e9, "CLOCK_REALTIME does not start at 2024");
    sleep(2);
    check(ts(CLOCK_MONOTONIC) - b > 1.999999 && ts(CLOCK_MONOTONIC) - b < 2.000001,
          "sleep(2) did not take 2 simulated seconds");
    if (shmem_my_pe() == 0)
        printf("fcollect_s %.9e\n", b - a);
    shmem_finalize();
    return 0;
}
