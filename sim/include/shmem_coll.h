/* shmem_coll.h - OpenSHMEM collectives: barriers and syncs, team-based
 * (1.5) data movement and reductions, and the deprecated active-set
 * routines. Included by shmem.h; not meant to be included alone. */
#ifndef SHMEMSIM_SHMEM_COLL_H
#define SHMEMSIM_SHMEM_COLL_H

/* ---- barriers and syncs ---- */
void shmem_barrier_all(void);
void shmem_sync_all(void);
int shmem_team_sync(shmem_team_t team);
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void(shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *pSync);

/* shmem_sync(team) (1.5) and the deprecated shmem_sync(PE_start,
 * logPE_stride, PE_size, pSync) share a name: the number of arguments
 * picks the routine (any other count names an undeclared one). */
#define SHMEM_SYNC_PICK_(a, b, c, d, name, ...) name
#define shmem_sync(...)                                                      \
    SHMEM_SYNC_PICK_(__VA_ARGS__, shmem_sync, shmem_sync_needs_1_or_4_args,  \
                     shmem_sync_needs_1_or_4_args, shmem_team_sync, ~)       \
    (__VA_ARGS__)

/* ---- data movement on the standard RMA types ---- */
#define SHMEM_DECL_COLL_(T, N)                                               \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source,   \
                             size_t nelems);                                \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source,    \
                            size_t nelems);                                 \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source,  \
                              size_t nelems, int PE_root);                  \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source,   \
                             size_t nelems);                                \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source,  \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
SHMEM_RMA_TYPES(SHMEM_DECL_COLL_)

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source,
                      size_t nelems);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source,
                     size_t nelems);
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source,
                       size_t nelems, int PE_root);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source,
                      size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source,
                       ptrdiff_t dst, ptrdiff_t sst, size_t nelems);

/* ---- deprecated active-set data movement ---- */
void shmem_fcollect32(void *dest, const void *source, size_t nelems,
                      int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_fcollect64(void *dest, const void *source, size_t nelems,
                      int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_collect32(void *dest, const void *source, size_t nelems,
                     int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_collect64(void *dest, const void *source, size_t nelems,
                     int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast32(void *dest, const void *source, size_t nelems,
                       int PE_root, int PE_start, int logPE_stride,
                       int PE_size, long *pSync);
void shmem_broadcast64(void *dest, const void *source, size_t nelems,
                       int PE_root, int PE_start, int logPE_stride,
                       int PE_size, long *pSync);
void shmem_alltoall32(void *dest, const void *source, size_t nelems,
                      int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoall64(void *dest, const void *source, size_t nelems,
                      int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls32(void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls64(void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);

/* ---- reductions (spec tables 10 and 9) ---- */
#define SHMEM_REDUCE_BITWISE_TYPES(X)                                        \
    X(unsigned char, uchar) X(unsigned short, ushort) X(unsigned int, uint)  \
    X(unsigned long, ulong) X(unsigned long long, ulonglong)                 \
    X(int8_t, int8) X(int16_t, int16) X(int32_t, int32) X(int64_t, int64)    \
    X(uint8_t, uint8) X(uint16_t, uint16) X(uint32_t, uint32)                \
    X(uint64_t, uint64) X(size_t, size)
#define SHMEM_REDUCE_MINMAX_TYPES(X)                                         \
    SHMEM_REDUCE_BITWISE_TYPES(X)                                            \
    X(char, char) X(signed char, schar) X(short, short) X(int, int)          \
    X(long, long) X(long long, longlong) X(ptrdiff_t, ptrdiff)               \
    X(float, float) X(double, double) X(long double, longdouble)
#define SHMEM_REDUCE_ARITH_TYPES(X)                                          \
    SHMEM_REDUCE_MINMAX_TYPES(X)                                             \
    X(double _Complex, complexd) X(float _Complex, complexf)

#define SHMEM_DECL_RED_(T, N, OP)                                            \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest,               \
                                  const T *source, size_t nreduce);
#define SHMEM_DECL_RED_AND_(T, N) SHMEM_DECL_RED_(T, N, and)
#define SHMEM_DECL_RED_OR_(T, N) SHMEM_DECL_RED_(T, N, or)
#define SHMEM_DECL_RED_XOR_(T, N) SHMEM_DECL_RED_(T, N, xor)
#define SHMEM_DECL_RED_MAX_(T, N) SHMEM_DECL_RED_(T, N, max)
#define SHMEM_DECL_RED_MIN_(T, N) SHMEM_DECL_RED_(T, N, min)
#define SHMEM_DECL_RED_SUM_(T, N) SHMEM_DECL_RED_(T, N, sum)
#define SHMEM_DECL_RED_PROD_(T, N) SHMEM_DECL_RED_(T, N, prod)
SHMEM_REDUCE_BITWISE_TYPES(SHMEM_DECL_RED_AND_)
SHMEM_REDUCE_BITWISE_TYPES(SHMEM_DECL_RED_OR_)
SHMEM_REDUCE_BITWISE_TYPES(SHMEM_DECL_RED_XOR_)
SHMEM_REDUCE_MINMAX_TYPES(SHMEM_DECL_RED_MAX_)
SHMEM_REDUCE_MINMAX_TYPES(SHMEM_DECL_RED_MIN_)
SHMEM_REDUCE_ARITH_TYPES(SHMEM_DECL_RED_SUM_)
SHMEM_REDUCE_ARITH_TYPES(SHMEM_DECL_RED_PROD_)

/* Deprecated active-set reductions (table 9). */
#define SHMEM_TOALL_BITWISE_TYPES(X)                                         \
    X(short, short) X(int, int) X(long, long) X(long long, longlong)
#define SHMEM_TOALL_MINMAX_TYPES(X)                                          \
    SHMEM_TOALL_BITWISE_TYPES(X)                                             \
    X(float, float) X(double, double) X(long double, longdouble)
#define SHMEM_TOALL_ARITH_TYPES(X)                                           \
    SHMEM_TOALL_MINMAX_TYPES(X)                                              \
    X(double _Complex, complexd) X(float _Complex, complexf)

#define SHMEM_DECL_TOALL_(T, N, OP)                                          \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce,   \
                                   int PE_start, int logPE_stride,          \
                                   int PE_size, T *pWrk, long *pSync);
#define SHMEM_DECL_TOALL_AND_(T, N) SHMEM_DECL_TOALL_(T, N, and)
#define SHMEM_DECL_TOALL_OR_(T, N) SHMEM_DECL_TOALL_(T, N, or)
#define SHMEM_DECL_TOALL_XOR_(T, N) SHMEM_DECL_TOALL_(T, N, xor)
#define SHMEM_DECL_TOALL_MAX_(T, N) SHMEM_DECL_TOALL_(T, N, max)
#define SHMEM_DECL_TOALL_MIN_(T, N) SHMEM_DECL_TOALL_(T, N, min)
#define SHMEM_DECL_TOALL_SUM_(T, N) SHMEM_DECL_TOALL_(T, N, sum)
#define SHMEM_DECL_TOALL_PROD_(T, N) SHMEM_DECL_TOALL_(T, N, prod)
SHMEM_TOALL_BITWISE_TYPES(SHMEM_DECL_TOALL_AND_)
SHMEM_TOALL_BITWISE_TYPES(SHMEM_DECL_TOALL_OR_)
SHMEM_TOALL_BITWISE_TYPES(SHMEM_DECL_TOALL_XOR_)
SHMEM_TOALL_MINMAX_TYPES(SHMEM_DECL_TOALL_MAX_)
SHMEM_TOALL_MINMAX_TYPES(SHMEM_DECL_TOALL_MIN_)
SHMEM_TOALL_ARITH_TYPES(SHMEM_DECL_TOALL_SUM_)
SHMEM_TOALL_ARITH_TYPES(SHMEM_DECL_TOALL_PROD_)

#endif
