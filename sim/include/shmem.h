/* shmem.h - OpenSHMEM 1.5 API of the shmemsim simulated runtime.
 *
 * Programs (and everything under algorithms/) include this header exactly
 * as they would a real OpenSHMEM's. Each call runs in the simulated PE
 * that is the current SimGrid actor. Semantics follow the specification;
 * where the simulator makes a timing choice it is said in the README
 * ("How a simulated PE works").
 */
#ifndef SHMEMSIM_SHMEM_H
#define SHMEMSIM_SHMEM_H

#include <stddef.h>
#include <stdint.h>
#include <complex.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_VENDOR_STRING "shmemsim"
#define SHMEM_MAX_NAME_LEN 256

/* Comparison operators for wait_until / test. */
#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_LE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_GE 6

/* Signal operators for put-with-signal. */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

/* Deprecated active-set constants. The simulated runtime keeps its own
 * workspace per pSync array, so these only need to be large enough for
 * the array to exist and be distinct. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BCAST_SYNC_SIZE 8
#define SHMEM_BARRIER_SYNC_SIZE 8
#define SHMEM_COLLECT_SYNC_SIZE 8
#define SHMEM_REDUCE_SYNC_SIZE 8
#define SHMEM_ALLTOALL_SYNC_SIZE 8
#define SHMEM_ALLTOALLS_SYNC_SIZE 8
#define SHMEM_SYNC_SIZE 8
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 8
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* ---- library setup and query ---- */
void shmem_init(void);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);
void shmem_global_exit(int status);

/* ---- memory management ---- */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void shmem_free(void *ptr);

/* ---- teams ---- */
typedef struct ss_team *shmem_team_t;
typedef struct {
    int num_contexts;
} shmem_team_config_t;
extern shmem_team_t SHMEM_TEAM_WORLD;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe,
                            shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride,
                             int size, const shmem_team_config_t *config,
                             long config_mask, shmem_team_t *new_team);
void shmem_team_destroy(shmem_team_t team);
int shmem_team_sync(shmem_team_t team);

/* ---- RMA ---- */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_put8(void *d, const void *s, size_t n, int pe);
void shmem_put16(void *d, const void *s, size_t n, int pe);
void shmem_put32(void *d, const void *s, size_t n, int pe);
void shmem_put64(void *d, const void *s, size_t n, int pe);
void shmem_put128(void *d, const void *s, size_t n, int pe);
void shmem_get8(void *d, const void *s, size_t n, int pe);
void shmem_get16(void *d, const void *s, size_t n, int pe);
void shmem_get32(void *d, const void *s, size_t n, int pe);
void shmem_get64(void *d, const void *s, size_t n, int pe);
void shmem_get128(void *d, const void *s, size_t n, int pe);

/* The standard RMA types: X(TYPE, TYPENAME). */
#define SHMEM_RMA_TYPES(X)                                                   \
    X(float, float) X(double, double) X(long double, longdouble)             \
    X(char, char) X(signed char, schar) X(short, short) X(int, int)          \
    X(long, long) X(long long, longlong) X(unsigned char, uchar)             \
    X(unsigned short, ushort) X(unsigned int, uint) X(unsigned long, ulong)  \
    X(unsigned long long, ulonglong) X(int8_t, int8) X(int16_t, int16)       \
    X(int32_t, int32) X(int64_t, int64) X(uint8_t, uint8)                    \
    X(uint16_t, uint16) X(uint32_t, uint32) X(uint64_t, uint64)              \
    X(size_t, size) X(ptrdiff_t, ptrdiff)

#define SHMEM_DECL_RMA_(T, N)                                                \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);\
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);\
    void shmem_##N##_p(T *dest, T value, int pe);                            \
    T shmem_##N##_g(const T *source, int pe);
SHMEM_RMA_TYPES(SHMEM_DECL_RMA_)

/* ---- atomics on the standard AMO types: X(TYPE, TYPENAME) ---- */
#define SHMEM_AMO_TYPES(X)                                                   \
    X(int, int) X(long, long) X(long long, longlong) X(unsigned int, uint)   \
    X(unsigned long, ulong) X(unsigned long long, ulonglong)                 \
    X(int32_t, int32) X(int64_t, int64) X(uint32_t, uint32)                  \
    X(uint64_t, uint64) X(size_t, size) X(ptrdiff_t, ptrdiff)

#define SHMEM_DECL_AMO_(T, N)                                                \
    T shmem_##N##_atomic_fetch(const T *source, int pe);                     \
    void shmem_##N##_atomic_set(T *dest, T value, int pe);                   \
    void shmem_##N##_atomic_add(T *dest, T value, int pe);                   \
    void shmem_##N##_atomic_inc(T *dest, int pe);                            \
    T shmem_##N##_atomic_fetch_add(T *dest, T value, int pe);                \
    T shmem_##N##_atomic_fetch_inc(T *dest, int pe);                         \
    T shmem_##N##_atomic_swap(T *dest, T value, int pe);                     \
    T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe);
SHMEM_AMO_TYPES(SHMEM_DECL_AMO_)

/* ---- point-to-point synchronization: X(TYPE, TYPENAME) ---- */
#define SHMEM_SYNC_TYPES(X)                                                  \
    X(short, short) X(int, int) X(long, long) X(long long, longlong)         \
    X(unsigned short, ushort) X(unsigned int, uint) X(unsigned long, ulong)  \
    X(unsigned long long, ulonglong) X(int32_t, int32) X(int64_t, int64)     \
    X(uint32_t, uint32) X(uint64_t, uint64) X(size_t, size)                  \
    X(ptrdiff_t, ptrdiff)

#define SHMEM_DECL_SYNC_(T, N)                                               \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);              \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);
SHMEM_SYNC_TYPES(SHMEM_DECL_SYNC_)

/* ---- put with signal ---- */
void shmem_putmem_signal(void *dest, const void *source, size_t nelems,
                         uint64_t *sig_addr, uint64_t signal, int sig_op,
                         int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op,
                             int pe);
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp,
                                 uint64_t cmp_value);

/* ---- memory ordering ---- */
void shmem_fence(void);
void shmem_quiet(void);

/* ---- barriers ---- */
void shmem_barrier_all(void);
void shmem_sync_all(void);
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);

#include "shmem_coll.h"

/* ---- C11 generic selection ---- */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#define SHMEM_G_PUT_(T, N) T *: shmem_##N##_put,
#define SHMEM_G_GET_(T, N) T *: shmem_##N##_get,
#define SHMEM_G_P_(T, N) T *: shmem_##N##_p,
#define SHMEM_G_G_(T, N) const T *: shmem_##N##_g, T *: shmem_##N##_g,
#define SHMEM_G_WAIT_(T, N) T *: shmem_##N##_wait_until,
#define SHMEM_G_TEST_(T, N) T *: shmem_##N##_test,
#define SHMEM_G_FADD_(T, N) T *: shmem_##N##_atomic_fetch_add,
#define SHMEM_G_ADD_(T, N) T *: shmem_##N##_atomic_add,
#define SHMEM_G_INC_(T, N) T *: shmem_##N##_atomic_inc,
/* _Generic needs distinct types: the fixed-width and size typedefs alias
 * these on every ABI, so selection lists only the base C types. */
#define SHMEM_GRMA_(X)                                                       \
    X(float, float) X(double, double) X(long double, longdouble)             \
    X(char, char) X(signed char, schar) X(short, short) X(int, int)          \
    X(long, long) X(long long, longlong) X(unsigned char, uchar)             \
    X(unsigned short, ushort) X(unsigned int, uint) X(unsigned long, ulong)  \
    X(unsigned long long, ulonglong)
#define SHMEM_GINT_(X)                                                       \
    X(int, int) X(long, long) X(long long, longlong) X(unsigned int, uint)   \
    X(unsigned long, ulong) X(unsigned long long, ulonglong)
#define SHMEM_GSYNC_(X) SHMEM_GINT_(X) X(short, short) X(unsigned short, ushort)
#define shmem_put(d, s, n, pe) _Generic((d), SHMEM_GRMA_(SHMEM_G_PUT_) default: shmem_putmem)(d, s, n, pe)
#define shmem_get(d, s, n, pe) _Generic((d), SHMEM_GRMA_(SHMEM_G_GET_) default: shmem_getmem)(d, s, n, pe)
#define shmem_p(d, v, pe) _Generic((d), SHMEM_GRMA_(SHMEM_G_P_) default: shmem_long_p)(d, v, pe)
#define shmem_g(s, pe) _Generic((s), SHMEM_GRMA_(SHMEM_G_G_) default: shmem_long_g)(s, pe)
#define shmem_wait_until(v, c, x) _Generic((v), SHMEM_GSYNC_(SHMEM_G_WAIT_) default: shmem_long_wait_until)(v, c, x)
#define shmem_test(v, c, x) _Generic((v), SHMEM_GSYNC_(SHMEM_G_TEST_) default: shmem_long_test)(v, c, x)
#define shmem_atomic_fetch_add(d, v, pe) _Generic((d), SHMEM_GINT_(SHMEM_G_FADD_) default: shmem_long_atomic_fetch_add)(d, v, pe)
#define shmem_atomic_add(d, v, pe) _Generic((d), SHMEM_GINT_(SHMEM_G_ADD_) default: shmem_long_atomic_add)(d, v, pe)
#define shmem_atomic_inc(d, pe) _Generic((d), SHMEM_GINT_(SHMEM_G_INC_) default: shmem_long_atomic_inc)(d, pe)
#endif

#ifdef __cplusplus
}
#endif
#endif
