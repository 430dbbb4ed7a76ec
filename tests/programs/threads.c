/* threads.c - a hybrid program: T pthreads per PE make OpenSHMEM calls
 * under SHMEM_THREAD_MULTIPLE and meet on a mutex, a condition and a
 * barrier. Checks, on every PE:
 *  - the level granted is MULTIPLE;
 *  - each thread's puts reach the right neighbour, fenced per thread,
 *    with the quiet made by main after the joins (the threads' puts are
 *    the PE's);
 *  - atomics from every thread of every PE add up;
 *  - a thread can wait on a flag a remote PE sets;
 *  - pthread_exit's value and pthread_self, mutex, condition, barrier.
 * Prints one line per PE with the simulated time of its last phase. */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <time.h>

#define T 4
#define N 64

static long box[T][N];
static long total;
static long flag;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_in = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t bar;
static int arrived, serial;
static pthread_t selves[T];

static void *worker(void *arg)
{
    long t = (long)arg;
    int me = shmem_my_pe(), n = shmem_n_pes();
    selves[t] = pthread_self();
    for (long i = 0; i < N; i++) {
        long v = me * 1000000 + t * 1000 + i;
        shmem_long_put(&box[t][i], &v, 1, (me + 1) % n);
    }
    for (int pe = 0; pe < n; pe++)
        shmem_long_atomic_add(&total, t + 1, pe);
    pthread_mutex_lock(&lock);
    if (++arrived == T)
        pthread_cond_broadcast(&all_in);
    while (arrived < T)
        pthread_cond_wait(&all_in, &lock);
    pthread_mutex_unlock(&lock);
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial++;
    if (t == 0) {   /* the left neighbour's thread 1 sets it */
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    } else if (t == 1) {
        shmem_long_atomic_set(&flag, 1, (me + 1) % n);
    }
    pthread_exit((void *)(t * 7));
}

int main(void)
{
    int got = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &got);
    int me = shmem_my_pe(), n = shmem_n_pes(), left = (me + n - 1) % n, bad = 0;
    if (got != SHMEM_THREAD_MULTIPLE) {
        printf("PE %d: granted %d, not SHMEM_THREAD_MULTIPLE\n", me, got);
        bad = 1;
    }
    pthread_barrier_init(&bar, NULL, T);
    pthread_t th[T];
    for (long t = 0; t < T; t++)
        pthread_create(&th[t], NULL, worker, (void *)t);
    for (int t = 0; t < T; t++) {
        void *ret = NULL;
        pthread_join(th[t], &ret);
        if ((long)ret != t * 7 || !pthread_equal(th[t], selves[t])) {
            printf("PE %d: thread %d returned %ld\n", me, t, (long)ret);
            bad = 1;
        }
    }
    shmem_quiet();
    shmem_barrier_all();
    for (int t = 0; t < T; t++)
        for (int i = 0; i < N; i++)
            if (box[t][i] != left * 1000000 + t * 1000 + i) {
                printf("PE %d: box[%d][%d] = %ld\n", me, t, i, box[t][i]);
                bad = 1;
                t = T;
                break;
            }
    long want = (long)n * T * (T + 1) / 2;
    if (total != want || serial != 1 || arrived != T || flag != 1) {
        printf("PE %d: total %ld (want %ld), serial %d, arrived %d, flag %ld\n",
               me, total, want, serial, arrived, flag);
        bad = 1;
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    printf("PE %d: %s at %ld.%09ld s\n", me, bad ? "FAILED" : "ok",
           (long)ts.tv_sec, ts.tv_nsec);
    shmem_finalize();
    return bad;
}
