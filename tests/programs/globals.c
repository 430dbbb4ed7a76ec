/* globals.c - an unmodified-style OpenSHMEM program (built with
 * shmemsim-cc) checking that globals and statics are private to each PE
 * and symmetric. Exits 1 with a message on the first thing wrong. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern long shared_from_other_file[4];   /* globals_part.c */
int other_file_counter(void);

long ring[8];                /* .bss */
int initialised = 42;        /* .data */
static double table[3] = {1.5, 2.5, 3.5};
long psync[SHMEM_REDUCE_SYNC_SIZE];
long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
long sum_src, sum_dst;
char *names[] = {"zero", "one"};   /* pointers in writable data */

static int me, n;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "PE %d: FAIL: %s\n", me, what);
        exit(1);
    }
}

static int bump(void)
{
    static int calls;        /* a function-static: one per PE */
    return ++calls;
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    check(initialised == 42 && table[1] == 2.5 && !strcmp(names[1], "one"),
          "initial values");
    initialised += me;                       /* each PE its own */
    for (int i = 0; i < me + 1; i++)
        bump();
    shmem_barrier_all();
    check(initialised == 42 + me, "a write by another PE showed in mine");
    check(bump() == me + 2, "function-static counted by another PE");

    /* A put into the right neighbour's copy only. */
    int right = (me + 1) % n, left = (me + n - 1) % n;
    shmem_long_p(&ring[right % 8], 1000 + me, right);
    shmem_barrier_all();
    for (int i = 0; i < 8; i++)
        check(ring[i] == (i == me % 8 ? 1000 + left : 0) || n == 1,
              "put into a global array landed in the wrong copy");

    /* A get, an atomic and a wait on globals; shmem_ptr on one. */
    check(shmem_long_g(&ring[right % 8], right) == 1000 + me || n == 1,
          "get from a global");
    shmem_long_atomic_add(&shared_from_other_file[1], 1, 0);
    shmem_barrier_all();
    check(me != 0 || shared_from_other_file[1] == n, "atomics on a global");
    check(shmem_ptr(&ring[0], me) == &ring[0], "shmem_ptr on myself");
    check(n == 1 || shmem_ptr(&ring[0], right) == NULL, "shmem_ptr on another PE");
    check(other_file_counter() == 1, "a static of another file");

    /* A global pSync and source for the active-set reduction. */
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    sum_src = me + 1;
    shmem_barrier_all();
    shmem_long_sum_to_all(&sum_dst, &sum_src, 1, 0, 0, n, pwrk, psync);
    check(sum_dst == (long)n * (n + 1) / 2, "sum_to_all over globals");

    shmem_long_p(&ring[0], -1, right);       /* a flag to wait on */
    shmem_long_wait_until(&ring[0], SHMEM_CMP_EQ, -1);
    shmem_finalize();
    if (me == 0)
        printf("globals: ok on %d PEs\n", n);
    return 0;
}
