/* ss_legacy.c - the deprecated names (shmem_deprecated.h): each does what
 * the routine that replaced it does, and names itself in errors. */
#include "ss_amo.h"

void start_pes(int npes)
{
    (void)npes;   /* the PE count comes from the run (--pes) */
    shmem_init();
}

int _my_pe(void) { return shmem_my_pe(); }
int _num_pes(void) { return shmem_n_pes(); }

void *shmalloc(size_t size)
{
    return ss_heap_alloc(ss_self(), 16, size, 0, "shmalloc");
}

void *shmemalign(size_t alignment, size_t size)
{
    return ss_heap_alloc(ss_self(), alignment, size, 0, "shmemalign");
}

void *shrealloc(void *ptr, size_t size) { return shmem_realloc(ptr, size); }
void shfree(void *ptr) { shmem_free(ptr); }

/* The simulated memory is coherent: nothing to invalidate or flush. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }

#define SS_OLD_F_(T, N, OLD, dest, op, a, b)                                 \
    SS_AS(T, ss_amo_on(SHMEM_CTX_DEFAULT, (void *)(dest), sizeof(T), op,     \
                       SS_BITS(T, a), SS_BITS(T, b), pe, 1,                  \
                       "shmem_" #N "_" #OLD))
#define SS_OLD_N_(T, N, OLD, dest, op, a)                                    \
    ss_amo_on(SHMEM_CTX_DEFAULT, dest, sizeof(T), op, SS_BITS(T, a), 0, pe,  \
              0, "shmem_" #N "_" #OLD)

#define SS_OLD_AMO_(T, N)                                                    \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe)                    \
    {                                                                        \
        return SS_OLD_F_(T, N, cswap, dest, SS_AMO_CSWAP, cond, value);      \
    }                                                                        \
    T shmem_##N##_finc(T *dest, int pe)                                      \
    {                                                                        \
        return SS_OLD_F_(T, N, finc, dest, SS_AMO_ADD, 1, 0);                \
    }                                                                        \
    void shmem_##N##_inc(T *dest, int pe)                                    \
    {                                                                        \
        SS_OLD_N_(T, N, inc, dest, SS_AMO_ADD, 1);                           \
    }                                                                        \
    T shmem_##N##_fadd(T *dest, T value, int pe)                             \
    {                                                                        \
        return SS_OLD_F_(T, N, fadd, dest, SS_AMO_ADD, value, 0);            \
    }                                                                        \
    void shmem_##N##_add(T *dest, T value, int pe)                           \
    {                                                                        \
        SS_OLD_N_(T, N, add, dest, SS_AMO_ADD, value);                       \
    }
SHMEM_AMO_TYPES(SS_OLD_AMO_)

#define SS_OLD_EXT_AMO_(T, N)                                                \
    T shmem_##N##_fetch(const T *source, int pe)                             \
    {                                                                        \
        return SS_OLD_F_(T, N, fetch, source, SS_AMO_FETCH, 0, 0);           \
    }                                                                        \
    void shmem_##N##_set(T *dest, T value, int pe)                           \
    {                                                                        \
        SS_OLD_N_(T, N, set, dest, SS_AMO_SET, value);                       \
    }                                                                        \
    T shmem_##N##_swap(T *dest, T value, int pe)                             \
    {                                                                        \
        return SS_OLD_F_(T, N, swap, dest, SS_AMO_SWAP, value, 0);           \
    }
SHMEM_EXT_AMO_TYPES(SS_OLD_EXT_AMO_)

long(shmem_swap)(long *dest, long value, int pe)
{
    return SS_AS(long, ss_amo_on(SHMEM_CTX_DEFAULT, dest, sizeof(long),
                                 SS_AMO_SWAP, SS_BITS(long, value), 0, pe, 1,
                                 "shmem_swap"));
}

/* shmem_N_wait(ivar, v): wait while *ivar == v. */
#define SS_OLD_WAIT_(T, N)                                                   \
    void shmem_##N##_wait(T *ivar, T cmp_value)                              \
    {                                                                        \
        shmem_##N##_wait_until(ivar, SHMEM_CMP_NE, cmp_value);               \
    }
SHMEM_SYNC_TYPES(SS_OLD_WAIT_)

void(shmem_wait)(long *ivar, long cmp_value)
{
    shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value);
}

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    shmem_long_wait_until(ivar, cmp, cmp_value);
}
