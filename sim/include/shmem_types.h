/* shmem_types.h - the type tables of the OpenSHMEM 1.5 C API: which
 * TYPENAMEs each family of routines exists for. Each table is an
 * X-macro, X(TYPE, TYPENAME); the simulated runtime generates its
 * implementations from the same tables. Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_TYPES_H
#define SHMEMSIM_SHMEM_TYPES_H

/* Standard RMA types: put, get, p, g, iput, iget, put_signal, and the
 * team collectives that move data. */
#define SHMEM_RMA_TYPES(X)                                                   \
    X(float, float) X(double, double) X(long double, longdouble)             \
    X(char, char) X(signed char, schar) X(short, short) X(int, int)          \
    X(long, long) X(long long, longlong) X(unsigned char, uchar)             \
    X(unsigned short, ushort) X(unsigned int, uint) X(unsigned long, ulong)  \
    X(unsigned long long, ulonglong) X(int8_t, int8) X(int16_t, int16)       \
    X(int32_t, int32) X(int64_t, int64) X(uint8_t, uint8)                    \
    X(uint16_t, uint16) X(uint32_t, uint32) X(uint64_t, uint64)              \
    X(size_t, size) X(ptrdiff_t, ptrdiff)

/* Standard AMO types: compare_swap, fetch_inc, inc, fetch_add, add. */
#define SHMEM_AMO_TYPES(X)                                                   \
    X(int, int) X(long, long) X(long long, longlong) X(unsigned int, uint)   \
    X(unsigned long, ulong) X(unsigned long long, ulonglong)                 \
    X(int32_t, int32) X(int64_t, int64) X(uint32_t, uint32)                  \
    X(uint64_t, uint64) X(size_t, size) X(ptrdiff_t, ptrdiff)

/* Extended AMO types: fetch, set, swap. */
#define SHMEM_EXT_AMO_TYPES(X)                                               \
    SHMEM_AMO_TYPES(X) X(float, float) X(double, double)

/* Bitwise AMO types: fetch_and, and, fetch_or, or, fetch_xor, xor. */
#define SHMEM_BITWISE_AMO_TYPES(X)                                           \
    X(unsigned int, uint) X(unsigned long, ulong)                            \
    X(unsigned long long, ulonglong) X(int32_t, int32) X(int64_t, int64)     \
    X(uint32_t, uint32) X(uint64_t, uint64)

/* Point-to-point synchronisation types: wait_until, test and their
 * _all/_any/_some/_vector forms. */
#define SHMEM_SYNC_TYPES(X)                                                  \
    X(short, short) X(int, int) X(long, long) X(long long, longlong)         \
    X(unsigned short, ushort) X(unsigned int, uint) X(unsigned long, ulong)  \
    X(unsigned long long, ulonglong) X(int32_t, int32) X(int64_t, int64)     \
    X(uint32_t, uint32) X(uint64_t, uint64) X(size_t, size)                  \
    X(ptrdiff_t, ptrdiff)

/* Element sizes in bits of the sized routines (put8 .. put128). */
#define SHMEM_SIZES(X) X(8) X(16) X(32) X(64) X(128)

#endif
