/* shcoll.c - registries, names and the reduction type table. */
#include "internal.h"
#include <complex.h>
#include <stdint.h>
#include <string.h>

/* ---- registries ------------------------------------------------------ */

/* One row per algorithm of the catalogue, made of the functions its file
 * defines (internal.h declares them): a row of the catalogue whose file
 * is missing fails to link, naming shcoll_<kind>_<alg>_run. Only STEPS
 * algorithms define _nsteps. */
#define SHCOLL_NSTEPS_LINEAR(f) NULL
#define SHCOLL_NSTEPS_RING(f) NULL
#define SHCOLL_NSTEPS_STEPS(f) f##_nsteps
#define SHCOLL_NSTEPS_LOG(f) NULL
#define SHCOLL_NSTEPS_KNOMIAL2(f) NULL
#define SHCOLL_REG_ROW_(KIND, kind, ALG, alg, shape, radix_, segment_,      \
                        desc_)                                              \
    {#alg, desc_, shcoll_##kind##_##alg##_run,                               \
     shcoll_##kind##_##alg##_psync_words, shcoll_##kind##_##alg##_work_bytes, \
     SHCOLL_NSTEPS_##shape(shcoll_##kind##_##alg)},
#define SHCOLL_REGISTRY_(KIND, kind)                                        \
    const shcoll_alg_t shcoll_##kind##_algs[SHCOLL_##KIND##_NALGS + 1] = {  \
        SHCOLL_##KIND##_ALGS(SHCOLL_REG_ROW_) {0}};
SHCOLL_KINDS(SHCOLL_REGISTRY_)

const shcoll_alg_t *shcoll_registry(shcoll_kind_t kind)
{
#define SHCOLL_REGISTRY_OF_(KIND, kind) [SHCOLL_##KIND] = shcoll_##kind##_algs,
    static const shcoll_alg_t *const reg[SHCOLL_NKINDS] = {
        SHCOLL_KINDS(SHCOLL_REGISTRY_OF_)
    };
    return (unsigned)kind < SHCOLL_NKINDS ? reg[kind] : NULL;
}

const shcoll_alg_t *shcoll_find(shcoll_kind_t kind, const char *name)
{
    const shcoll_alg_t *alg = shcoll_registry(kind);
    if (alg == NULL || name == NULL)
        return NULL;
    for (; alg->name != NULL; alg++)
        if (strcmp(alg->name, name) == 0)
            return alg;
    return NULL;
}

/* ---- sets ------------------------------------------------------------ */

int shcoll_my_index(const shcoll_set_t *s)
{
    int off = shmem_my_pe() - s->start;
    if (off < 0 || s->size <= 0)
        return -1;
    if (s->stride <= 0)          /* degenerate: only start is a member */
        return off == 0 ? 0 : -1;
    if (off % s->stride != 0 || off / s->stride >= s->size)
        return -1;
    return off / s->stride;
}

/* ---- reduction types and ops ----------------------------------------- */

/* Which op groups a type supports. BITS: AND/OR/XOR as well. The spec
 * has two tables: 1.5's team table (bitwise only on unsigned and
 * fixed-width types) and the deprecated *_to_all table (bitwise also on
 * short, int, long, long long). A type is valid if either table allows
 * it, because the simulator models both APIs. */
enum { CLS_INT, CLS_BITS, CLS_REAL, CLS_COMPLEX };

typedef struct {
    const char *name;
    size_t size;
    int cls;
} type_info_t;

static const type_info_t types[SHCOLL_NTYPES] = {
    [SHCOLL_T_CHAR]       = {"char", sizeof(char), CLS_INT},
    [SHCOLL_T_SCHAR]      = {"schar", sizeof(signed char), CLS_INT},
    [SHCOLL_T_SHORT]      = {"short", sizeof(short), CLS_BITS},
    [SHCOLL_T_INT]        = {"int", sizeof(int), CLS_BITS},
    [SHCOLL_T_LONG]       = {"long", sizeof(long), CLS_BITS},
    [SHCOLL_T_LONGLONG]   = {"longlong", sizeof(long long), CLS_BITS},
    [SHCOLL_T_PTRDIFF]    = {"ptrdiff", sizeof(ptrdiff_t), CLS_INT},
    [SHCOLL_T_UCHAR]      = {"uchar", sizeof(unsigned char), CLS_BITS},
    [SHCOLL_T_USHORT]     = {"ushort", sizeof(unsigned short), CLS_BITS},
    [SHCOLL_T_UINT]       = {"uint", sizeof(unsigned int), CLS_BITS},
    [SHCOLL_T_ULONG]      = {"ulong", sizeof(unsigned long), CLS_BITS},
    [SHCOLL_T_ULONGLONG]  = {"ulonglong", sizeof(unsigned long long),
                             CLS_BITS},
    [SHCOLL_T_INT8]       = {"int8", sizeof(int8_t), CLS_BITS},
    [SHCOLL_T_INT16]      = {"int16", sizeof(int16_t), CLS_BITS},
    [SHCOLL_T_INT32]      = {"int32", sizeof(int32_t), CLS_BITS},
    [SHCOLL_T_INT64]      = {"int64", sizeof(int64_t), CLS_BITS},
    [SHCOLL_T_UINT8]      = {"uint8", sizeof(uint8_t), CLS_BITS},
    [SHCOLL_T_UINT16]     = {"uint16", sizeof(uint16_t), CLS_BITS},
    [SHCOLL_T_UINT32]     = {"uint32", sizeof(uint32_t), CLS_BITS},
    [SHCOLL_T_UINT64]     = {"uint64", sizeof(uint64_t), CLS_BITS},
    [SHCOLL_T_SIZE]       = {"size", sizeof(size_t), CLS_BITS},
    [SHCOLL_T_FLOAT]      = {"float", sizeof(float), CLS_REAL},
    [SHCOLL_T_DOUBLE]     = {"double", sizeof(double), CLS_REAL},
    [SHCOLL_T_LONGDOUBLE] = {"longdouble", sizeof(long double), CLS_REAL},
    [SHCOLL_T_COMPLEXF]   = {"complexf", sizeof(float complex), CLS_COMPLEX},
    [SHCOLL_T_COMPLEXD]   = {"complexd", sizeof(double complex),
                             CLS_COMPLEX},
};

size_t shcoll_type_size(shcoll_type_t t)
{
    return (unsigned)t < SHCOLL_NTYPES ? types[t].size : 0;
}

const char *shcoll_type_name(shcoll_type_t t)
{
    return (unsigned)t < SHCOLL_NTYPES ? types[t].name : NULL;
}

const char *shcoll_op_name(shcoll_op_t op)
{
    static const char *const names[SHCOLL_NOPS] = {
        [SHCOLL_OP_AND] = "and", [SHCOLL_OP_OR] = "or",
        [SHCOLL_OP_XOR] = "xor", [SHCOLL_OP_MAX] = "max",
        [SHCOLL_OP_MIN] = "min", [SHCOLL_OP_SUM] = "sum",
        [SHCOLL_OP_PROD] = "prod",
    };
    return (unsigned)op < SHCOLL_NOPS ? names[op] : NULL;
}

int shcoll_op_valid(shcoll_op_t op, shcoll_type_t t)
{
    if ((unsigned)t >= SHCOLL_NTYPES)
        return 0;
    int cls = types[t].cls;
    switch (op) {
    case SHCOLL_OP_AND:
    case SHCOLL_OP_OR:
    case SHCOLL_OP_XOR:
        return cls == CLS_BITS;
    case SHCOLL_OP_MAX:
    case SHCOLL_OP_MIN:
        return cls != CLS_COMPLEX;
    case SHCOLL_OP_SUM:
    case SHCOLL_OP_PROD:
        return 1;
    default:
        return 0;
    }
}
