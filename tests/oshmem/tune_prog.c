/* tune_prog.c - a plain OpenSHMEM 1.4 program for tests/oshmem/tune_verbose.sh:
 * one broadcast, one fcollect, one collect and one sum reduction of BYTES
 * bytes each, on all PEs, every result checked.
 *
 * It is the user's side of a tuning file: nothing in it knows about
 * shmemsim, so whatever algorithm Open MPI runs here was chosen by the MCA
 * or rules file the script passes to oshrun. BYTES is what shmemsim's CSV
 * calls bytes: the broadcast payload, each PE's fcollect block, the
 * reduced array (collect blocks vary, PE i sending BYTES + 8 i).
 *
 * Usage: oshrun -np N tune_prog BYTES   (BYTES a positive multiple of 8)
 * Exit status 0 when every result is right; a wrong one is named on stderr.
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long bcast_sync[SHMEM_BCAST_SYNC_SIZE];
static long collect_sync[SHMEM_COLLECT_SYNC_SIZE];
static long reduce_sync[SHMEM_REDUCE_SYNC_SIZE];

static void reset(long *sync, int n)
{
    for (int i = 0; i < n; i++)
        sync[i] = SHMEM_SYNC_VALUE;
}

/* The value PE pe holds at index i: distinct per PE and index, so a block
 * in the wrong place or a missing contribution shows. */
static long val(int pe, size_t i)
{
    return 1000L * pe + (long)i;
}

static int check(const char *what, const long *got, size_t n,
                 long (*want)(size_t, int), int npes)
{
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want(i, npes)) {
            fprintf(stderr, "tune_prog: PE %d: %s[%zu] = %ld, expected %ld\n",
                    shmem_my_pe(), what, i, got[i], want(i, npes));
            return 1;
        }
    }
    return 0;
}

static size_t g_nelems; /* elements per block, for the want_* functions */

static long want_bcast(size_t i, int npes)
{
    (void)npes;
    return val(0, i);
}

static long want_fcollect(size_t i, int npes)
{
    (void)npes;
    return val((int)(i / g_nelems), i % g_nelems);
}

static long want_collect(size_t i, int npes)
{
    /* PE p contributes g_nelems + p elements, in PE order. */
    int pe = 0;
    while (pe < npes && i >= g_nelems + (size_t)pe) {
        i -= g_nelems + (size_t)pe;
        pe++;
    }
    return val(pe, i);
}

static long want_sum(size_t i, int npes)
{
    long s = 0;
    for (int pe = 0; pe < npes; pe++)
        s += val(pe, i);
    return s;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long bytes = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end != '\0' || bytes <= 0 || bytes % 8 != 0) {
        fprintf(stderr, "usage: tune_prog BYTES (a positive multiple of 8)\n");
        return 2;
    }
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    size_t n = (size_t)bytes / 8, all = n * (size_t)npes;
    size_t vall = all + (size_t)npes * (size_t)(npes - 1) / 2;
    size_t wrk = n / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE
                     ? n / 2 + 1 : SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    long *src = shmem_malloc((n + (size_t)npes) * sizeof(long));
    long *dst = shmem_malloc(vall * sizeof(long));
    long *work = shmem_malloc(wrk * sizeof(long));
    if (!src || !dst || !work) {
        fprintf(stderr, "tune_prog: shmem_malloc of %ld bytes failed\n", bytes);
        shmem_global_exit(1);
    }
    for (size_t i = 0; i < n + (size_t)npes; i++)
        src[i] = val(me, i);
    reset(bcast_sync, SHMEM_BCAST_SYNC_SIZE);
    reset(collect_sync, SHMEM_COLLECT_SYNC_SIZE);
    reset(reduce_sync, SHMEM_REDUCE_SYNC_SIZE);
    g_nelems = n;
    shmem_barrier_all();

    int bad = 0;
    /* The root's dest is not written by a broadcast: check the others. */
    shmem_broadcast64(dst, src, n, 0, 0, 0, npes, bcast_sync);
    if (me != 0)
        bad |= check("broadcast", dst, n, want_bcast, npes);
    shmem_barrier_all();

    shmem_fcollect64(dst, src, n, 0, 0, npes, collect_sync);
    bad |= check("fcollect", dst, all, want_fcollect, npes);
    shmem_barrier_all(); /* the same pSync is reused by collect */

    shmem_collect64(dst, src, n + (size_t)me, 0, 0, npes, collect_sync);
    bad |= check("collect", dst, vall, want_collect, npes);
    shmem_barrier_all();

    shmem_long_sum_to_all(dst, src, (int)n, 0, 0, npes, work, reduce_sync);
    bad |= check("sum_to_all", dst, n, want_sum, npes);
    shmem_barrier_all();

    if (me == 0 && !bad)
        printf("tune_prog: %d PEs, %ld bytes: all results right\n", npes,
               bytes);
    shmem_free(work);
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return bad;
}
