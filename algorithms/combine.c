/* combine.c - shcoll_combine_local: inout[i] = inout[i] OP in[i] for every
 * valid (op, type) pair, each on its exact C type. */
#include "shcoll.h"
#include <complex.h>
#include <stdint.h>

typedef void (*combine_fn)(shcoll_op_t op, void *inout, const void *in,
                           size_t n);

#define LOOP(stmt) for (size_t i = 0; i < n; i++) { stmt; }

/* Integer SUM/PROD go through uintmax_t: wrap-around is then defined
 * (signed overflow would be UB, and ushort*ushort overflows int after
 * promotion), and modular arithmetic keeps the result independent of the
 * order in which an algorithm combines. */
#define INT_ARITH(T)                                                        \
    case SHCOLL_OP_SUM:                                                     \
        LOOP(io[i] = (T)((uintmax_t)io[i] + (uintmax_t)in[i])) break;       \
    case SHCOLL_OP_PROD:                                                    \
        LOOP(io[i] = (T)((uintmax_t)io[i] * (uintmax_t)in[i])) break;

#define BITWISE                                                             \
    case SHCOLL_OP_AND: LOOP(io[i] &= in[i]) break;                         \
    case SHCOLL_OP_OR:  LOOP(io[i] |= in[i]) break;                         \
    case SHCOLL_OP_XOR: LOOP(io[i] ^= in[i]) break;

#define ORDERED                                                             \
    case SHCOLL_OP_MAX: LOOP(if (in[i] > io[i]) io[i] = in[i]) break;       \
    case SHCOLL_OP_MIN: LOOP(if (in[i] < io[i]) io[i] = in[i]) break;

#define FIELD_ARITH                                                         \
    case SHCOLL_OP_SUM:  LOOP(io[i] += in[i]) break;                        \
    case SHCOLL_OP_PROD: LOOP(io[i] *= in[i]) break;

#define DEFINE_COMBINE(name, T, CASES)                                      \
    static void combine_##name(shcoll_op_t op, void *vio, const void *vin, \
                               size_t n)                                    \
    {                                                                       \
        T *io = vio;                                                        \
        const T *in = vin;                                                  \
        switch (op) {                                                       \
        CASES                                                               \
        default: break;                                                     \
        }                                                                   \
    }

/* Bitwise is generated for every integer type; shcoll_op_valid decides
 * which pairs may reach it. */
#define INT_CASES(T) BITWISE ORDERED INT_ARITH(T)

DEFINE_COMBINE(char, char, INT_CASES(char))
DEFINE_COMBINE(schar, signed char, INT_CASES(signed char))
DEFINE_COMBINE(short, short, INT_CASES(short))
DEFINE_COMBINE(int, int, INT_CASES(int))
DEFINE_COMBINE(long, long, INT_CASES(long))
DEFINE_COMBINE(longlong, long long, INT_CASES(long long))
DEFINE_COMBINE(ptrdiff, ptrdiff_t, INT_CASES(ptrdiff_t))
DEFINE_COMBINE(uchar, unsigned char, INT_CASES(unsigned char))
DEFINE_COMBINE(ushort, unsigned short, INT_CASES(unsigned short))
DEFINE_COMBINE(uint, unsigned int, INT_CASES(unsigned int))
DEFINE_COMBINE(ulong, unsigned long, INT_CASES(unsigned long))
DEFINE_COMBINE(ulonglong, unsigned long long, INT_CASES(unsigned long long))
DEFINE_COMBINE(int8, int8_t, INT_CASES(int8_t))
DEFINE_COMBINE(int16, int16_t, INT_CASES(int16_t))
DEFINE_COMBINE(int32, int32_t, INT_CASES(int32_t))
DEFINE_COMBINE(int64, int64_t, INT_CASES(int64_t))
DEFINE_COMBINE(uint8, uint8_t, INT_CASES(uint8_t))
DEFINE_COMBINE(uint16, uint16_t, INT_CASES(uint16_t))
DEFINE_COMBINE(uint32, uint32_t, INT_CASES(uint32_t))
DEFINE_COMBINE(uint64, uint64_t, INT_CASES(uint64_t))
DEFINE_COMBINE(size, size_t, INT_CASES(size_t))
DEFINE_COMBINE(float, float, ORDERED FIELD_ARITH)
DEFINE_COMBINE(double, double, ORDERED FIELD_ARITH)
DEFINE_COMBINE(longdouble, long double, ORDERED FIELD_ARITH)
DEFINE_COMBINE(complexf, float complex, FIELD_ARITH)
DEFINE_COMBINE(complexd, double complex, FIELD_ARITH)

static const combine_fn combiners[SHCOLL_NTYPES] = {
    [SHCOLL_T_CHAR] = combine_char,         [SHCOLL_T_SCHAR] = combine_schar,
    [SHCOLL_T_SHORT] = combine_short,       [SHCOLL_T_INT] = combine_int,
    [SHCOLL_T_LONG] = combine_long,
    [SHCOLL_T_LONGLONG] = combine_longlong,
    [SHCOLL_T_PTRDIFF] = combine_ptrdiff,   [SHCOLL_T_UCHAR] = combine_uchar,
    [SHCOLL_T_USHORT] = combine_ushort,     [SHCOLL_T_UINT] = combine_uint,
    [SHCOLL_T_ULONG] = combine_ulong,
    [SHCOLL_T_ULONGLONG] = combine_ulonglong,
    [SHCOLL_T_INT8] = combine_int8,         [SHCOLL_T_INT16] = combine_int16,
    [SHCOLL_T_INT32] = combine_int32,       [SHCOLL_T_INT64] = combine_int64,
    [SHCOLL_T_UINT8] = combine_uint8,       [SHCOLL_T_UINT16] = combine_uint16,
    [SHCOLL_T_UINT32] = combine_uint32,     [SHCOLL_T_UINT64] = combine_uint64,
    [SHCOLL_T_SIZE] = combine_size,         [SHCOLL_T_FLOAT] = combine_float,
    [SHCOLL_T_DOUBLE] = combine_double,
    [SHCOLL_T_LONGDOUBLE] = combine_longdouble,
    [SHCOLL_T_COMPLEXF] = combine_complexf,
    [SHCOLL_T_COMPLEXD] = combine_complexd,
};

void shcoll_combine_local(const shcoll_args_t *a, void *inout,
                          const void *in, size_t nelems)
{
    /* Invalid pairs leave inout alone; algorithms reject them up front. */
    if (!shcoll_op_valid(a->op, a->type) || nelems == 0)
        return;
    combiners[a->type](a->op, inout, in, nelems);
}
