/* threads_shared.c MODE - T pthreads per PE share what their PE has, as
 * on a real OpenSHMEM under SHMEM_THREAD_MULTIPLE. One mode a run:
 *  heap    symmetric memory main allocated (a pointer in a global, read
 *          by each thread before any call of its own) and memory one
 *          thread allocates for all (shmem_calloc, shmem_align): every
 *          thread finds it symmetric and adds to it on every PE;
 *  lock    shmem_set_lock on shmem_calloc memory from every thread (a
 *          mutex first: two threads of one PE may not contend for one
 *          lock), guarding a read-modify-write on PE 0;
 *  token   threads pass a turn by plain stores to a global and to heap
 *          memory, each waiting for its turn with shmem_int_wait_until;
 *  ctx     contexts main created (one SHMEM_CTX_SERIALIZED) used by
 *          every thread: puts and atomics on them, then a quiet on them;
 *  mixed   lock, then token: one thread waits for a lock grant or a
 *          quiet while another waits for its turn;
 *  atomics every thread adds to a counter on every PE, fences, then
 *          raises a flag there: whenever the flag reads f, the counter
 *          reads at least f, and both end at T x PEs x rounds.
 * Prints "threads_shared MODE: ok on N PEs at T ns" (simulated time). */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define T 3
#define ROUNDS 4

static long *heap;          /* main's: [0] lock, [1] counter */
static long *late;          /* a thread's shmem_calloc, for all */
static long *aligned;       /* a thread's shmem_align(64, ...) */
static int me, npes, failed;
static int token;           /* a global turn (token mode) */
static int *hturn;          /* a heap turn (token mode) */
static long counter, flag;  /* atomics mode */
static long box[T];         /* ctx mode: from the left neighbour */
static shmem_ctx_t ctx[2];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t bar;

static void fail(const char *what, long got, long want)
{
    pthread_mutex_lock(&mu);
    printf("PE %d: %s: %ld, want %ld\n", me, what, got, want);
    failed++;
    pthread_mutex_unlock(&mu);
}

static void heap_mode(int t)
{
    /* Loaded before this thread made any call: its PE's globals. */
    if (!shmem_addr_accessible(heap, me))
        fail("main's heap pointer not symmetric from a thread", 0, 1);
    if (t == 0) {
        late = shmem_calloc(2, sizeof(long));
        aligned = shmem_align(64, 2 * sizeof(long));
    }
    pthread_barrier_wait(&bar);
    for (int pe = 0; pe < npes; pe++) {
        if (!shmem_addr_accessible(late, pe) || !shmem_addr_accessible(aligned, pe))
            fail("a thread's allocation not symmetric", pe, -1);
        shmem_long_atomic_add(&heap[1], 1, pe);
        shmem_long_atomic_add(&late[1], 2, pe);
        shmem_long_atomic_add(&aligned[1], 3, pe);
    }
}

static void lock_mode(void)
{
    for (int r = 0; r < ROUNDS; r++) {
        pthread_mutex_lock(&mu);
        shmem_set_lock(&heap[0]);
        long v = shmem_long_g(&heap[1], 0);
        shmem_long_p(&heap[1], v + 1, 0);
        shmem_clear_lock(&heap[0]);
        pthread_mutex_unlock(&mu);
    }
}

static void token_mode(int t)
{
    for (int r = 0; r < ROUNDS; r++) {
        shmem_int_wait_until(&token, SHMEM_CMP_EQ, t);
        token = (t + 1) % T;
    }
    for (int r = 0; r < ROUNDS; r++) {
        shmem_int_wait_until(hturn, SHMEM_CMP_EQ, t);
        *hturn = (t + 1) % T;
    }
}

static void ctx_mode(int t)
{
    int right = (me + 1) % npes;
    long v = me * 100 + t;
    shmem_ctx_long_put(ctx[t % 2], &box[t], &v, 1, right);
    for (int pe = 0; pe < npes; pe++)
        shmem_ctx_long_atomic_add(ctx[(t + 1) % 2], &counter, 1, pe);
    shmem_ctx_quiet(ctx[0]);
    shmem_ctx_quiet(ctx[1]);
}

static void atomics_mode(void)
{
    for (int r = 0; r < ROUNDS; r++)
        for (int pe = 0; pe < npes; pe++) {
            shmem_long_atomic_add(&counter, 1, pe);
            shmem_fence();
            shmem_long_atomic_inc(&flag, pe);
        }
}

static const char *mode;

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    if (!strcmp(mode, "heap"))
        heap_mode(t);
    else if (!strcmp(mode, "lock"))
        lock_mode();
    else if (!strcmp(mode, "token"))
        token_mode(t);
    else if (!strcmp(mode, "mixed")) {
        lock_mode();
        token_mode(t);
    }
    else if (!strcmp(mode, "ctx"))
        ctx_mode(t);
    else
        atomics_mode();
    return NULL;
}

/* main's side of atomics mode: the flag never runs ahead of the counter. */
static void watch_flag(void)
{
    long want = (long)T * npes * ROUNDS;
    for (long f = 1; f <= want; f++) {
        shmem_long_wait_until(&flag, SHMEM_CMP_GE, f);
        long c = shmem_long_atomic_fetch(&counter, me), fl = shmem_long_atomic_fetch(&flag, me);
        if (c < fl) {
            fail("counter behind the flag", c, fl);
            return;
        }
    }
}

static void check(void)
{
    long n = npes, left = (me + n - 1) % n;
    if (!strcmp(mode, "heap")) {
        if (heap[1] != T * n) fail("heap counter", heap[1], T * n);
        if (late[1] != 2 * T * n) fail("calloc counter", late[1], 2 * T * n);
        if (aligned[1] != 3 * T * n) fail("align counter", aligned[1], 3 * T * n);
    } else if (!strcmp(mode, "lock")) {
        if (me == 0 && heap[1] != T * n * ROUNDS) fail("locked count", heap[1], T * n * ROUNDS);
    } else if (!strcmp(mode, "token") || !strcmp(mode, "mixed")) {
        if (!strcmp(mode, "mixed") && me == 0 && heap[1] != T * n * ROUNDS)
            fail("locked count", heap[1], T * n * ROUNDS);
        if (token != 0 || *hturn != 0) fail("turns", token * 10 + *hturn, 0);
    } else if (!strcmp(mode, "ctx")) {
        for (int t = 0; t < T; t++)
            if (box[t] != left * 100 + t) fail("ctx put", box[t], left * 100 + t);
        if (counter != T * n) fail("ctx counter", counter, T * n);
    } else if (counter != T * n * ROUNDS || flag != T * n * ROUNDS) {
        fail("counter", counter, T * n * ROUNDS);
    }
}

int main(int argc, char **argv)
{
    int got;
    mode = argc > 1 ? argv[1] : "atomics";
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &got);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    heap = shmem_calloc(2, sizeof(long));
    hturn = shmem_calloc(1, sizeof(int));
    if (shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ctx[0]) || shmem_ctx_create(0, &ctx[1]))
        fail("shmem_ctx_create", 1, 0);
    pthread_barrier_init(&bar, NULL, T);
    shmem_barrier_all();
    pthread_t th[T];
    for (long t = 0; t < T; t++)
        pthread_create(&th[t], NULL, worker, (void *)t);
    if (!strcmp(mode, "atomics"))
        watch_flag();
    for (int t = 0; t < T; t++)
        pthread_join(th[t], NULL);
    shmem_barrier_all();
    check();
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if (!failed && me == 0)
        printf("threads_shared %s: ok on %d PEs at %lld ns\n", mode, npes,
               (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
    shmem_ctx_destroy(ctx[0]);
    shmem_ctx_destroy(ctx[1]);
    shmem_finalize();
    return failed != 0;
}
