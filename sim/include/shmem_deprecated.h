/* shmem_deprecated.h - names the specification deprecated (or dropped)
 * that programs still use: the pre-1.2 setup and allocation calls, the
 * pre-1.4 atomic names, the wait calls without a comparison, the cache
 * management calls (no-ops: the simulated memory is coherent) and the
 * old constant names. Each behaves as the routine that replaced it.
 * Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_DEPRECATED_H
#define SHMEMSIM_SHMEM_DEPRECATED_H

#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_GE SHMEM_CMP_GE

/* ---- setup and allocation (shmem_init, shmem_my_pe, shmem_malloc...) ---- */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shmemalign(size_t alignment, size_t size);
void *shrealloc(void *ptr, size_t size);

/* ---- cache management: no-ops ---- */
void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);

/* ---- atomics before 1.4: shmem_N_fadd is shmem_N_atomic_fetch_add ---- */
#define SHMEM_DECL_OLD_AMO_(T, N)                                            \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe);                   \
    T shmem_##N##_finc(T *dest, int pe);                                     \
    void shmem_##N##_inc(T *dest, int pe);                                   \
    T shmem_##N##_fadd(T *dest, T value, int pe);                            \
    void shmem_##N##_add(T *dest, T value, int pe);
SHMEM_AMO_TYPES(SHMEM_DECL_OLD_AMO_)
#define SHMEM_DECL_OLD_EXT_AMO_(T, N)                                        \
    T shmem_##N##_fetch(const T *source, int pe);                            \
    void shmem_##N##_set(T *dest, T value, int pe);                          \
    T shmem_##N##_swap(T *dest, T value, int pe);
SHMEM_EXT_AMO_TYPES(SHMEM_DECL_OLD_EXT_AMO_)
/* The untyped long forms (the names are also C11 generic selections,
 * hence the parentheses). */
long(shmem_swap)(long *dest, long value, int pe);

/* ---- waits: shmem_N_wait(ivar, v) is wait_until(ivar, SHMEM_CMP_NE, v) ---- */
#define SHMEM_DECL_OLD_WAIT_(T, N) void shmem_##N##_wait(T *ivar, T cmp_value);
SHMEM_SYNC_TYPES(SHMEM_DECL_OLD_WAIT_)
void(shmem_wait)(long *ivar, long cmp_value);
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value);

#endif
