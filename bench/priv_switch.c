#define _GNU_SOURCE   /* memfd_create */
/* priv_switch.c - what one PE switch costs a program's globals
 * (sim/pe/ss_priv.c), on this machine: for regions of 1 KiB to 8 MiB,
 * copying them out and in (the copied strategy) against mapping another
 * slice of a memfd over them and touching 1, 4 or 16 pages (the remapped
 * strategy). Where the two cross is where ss_priv.c should switch
 * (SS_PRIV_REMAP_MIN). Prints one line per size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Microseconds per switch by copying n bytes out of and into live. */
static double copy_us(size_t n)
{
    unsigned char *live = malloc(n), *a = malloc(n), *b = malloc(n);
    if (!live || !a || !b)
        return -1;
    memset(live, 1, n);
    memset(a, 2, n);
    memset(b, 3, n);
    int it = n >= (1 << 20) ? 50 : 5000;
    double t0 = now();
    for (int i = 0; i < it; i++) {
        memcpy(i & 1 ? a : b, live, n);
        memcpy(live, i & 1 ? b : a, n);
        live[0]++;
    }
    double us = (now() - t0) / it * 1e6;
    free(live);
    free(a);
    free(b);
    return us;
}

/* Microseconds per switch by remapping two slices alternately and
 * touching `touch` pages of the one mapped. */
static double remap_us(size_t n, int touch)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    int fd = memfd_create("priv_switch", 0);
    if (fd < 0 || ftruncate(fd, (off_t)(2 * n)))
        return -1;
    unsigned char *r = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    int it = 2000;
    double t0 = now();
    for (int i = 0; i < it && r != MAP_FAILED; i++) {
        mmap(r, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
             (off_t)((size_t)(i & 1) * n));
        for (int k = 0; k < touch && (size_t)k * pg < n; k++)
            r[(size_t)k * pg]++;
    }
    double us = (now() - t0) / it * 1e6;
    if (r != MAP_FAILED)
        munmap(r, n);
    close(fd);
    return us;
}

int main(void)
{
    printf("%10s %10s %12s %12s %12s   (us per PE switch)\n", "bytes", "copy",
           "remap+1pg", "remap+4pg", "remap+16pg");
    for (size_t n = 1024; n <= (size_t)8 << 20; n *= 4)
        printf("%10zu %10.2f %12.2f %12.2f %12.2f\n", n, copy_us(n),
               remap_us(n, 1), remap_us(n, 4), remap_us(n, 16));
    return 0;
}
