/* ss_coll_api.c - the OpenSHMEM collective calls: team-based (1.5) and
 * deprecated active-set fcollect, collect, broadcast, alltoall(s) and
 * reductions, each one ss_call_t handed to the dispatch (ss_coll.c). */
#include "ss_coll.h"

/* A call of kind K on elements of type T (strides 1). */
#define SS_CALL_(K, name, T, n_, root_, op_, type_)                          \
    {.kind = K, .dest = d, .src = s, .nelems = n_, .elem = sizeof(T),        \
     .root = root_, .op = op_, .type = type_, .call = name, .dst = 1,        \
     .sst = 1}
#define SS_MOVE_(K, name, T) SS_CALL_(K, name, T, n, 0, 0, 0)

#define SS_COLL_(T, N)                                                       \
    int shmem_##N##_fcollect(shmem_team_t team, T *d, const T *s, size_t n)  \
    {                                                                        \
        ss_call_t c = SS_MOVE_(SHCOLL_FCOLLECT, "shmem_" #N "_fcollect", T); \
        return ss_coll_team_call(team, &c);                                  \
    }                                                                        \
    int shmem_##N##_collect(shmem_team_t team, T *d, const T *s, size_t n)   \
    {                                                                        \
        ss_call_t c = SS_MOVE_(SHCOLL_COLLECT, "shmem_" #N "_collect", T);   \
        return ss_coll_team_call(team, &c);                                  \
    }                                                                        \
    int shmem_##N##_broadcast(shmem_team_t team, T *d, const T *s, size_t n, \
                              int root)                                      \
    {                                                                        \
        ss_call_t c = SS_CALL_(SHCOLL_BROADCAST, "shmem_" #N "_broadcast", T,\
                               n, root, 0, 0);                               \
        return ss_coll_team_call(team, &c);                                  \
    }                                                                        \
    int shmem_##N##_alltoall(shmem_team_t team, T *d, const T *s, size_t n)  \
    {                                                                        \
        ss_call_t c = SS_MOVE_(SHCOLL_ALLTOALL, "shmem_" #N "_alltoall", T); \
        return ss_coll_team_call(team, &c);                                  \
    }                                                                        \
    int shmem_##N##_alltoalls(shmem_team_t team, T *d, const T *s,           \
                              ptrdiff_t dst, ptrdiff_t sst, size_t n)        \
    {                                                                        \
        ss_call_t c = SS_MOVE_(SHCOLL_ALLTOALL, "shmem_" #N "_alltoalls", T);\
        c.dst = dst;                                                         \
        c.sst = sst;                                                         \
        return ss_coll_team_call(team, &c);                                  \
    }
SHMEM_RMA_TYPES(SS_COLL_)

/* The mem forms move bytes. */
int shmem_fcollectmem(shmem_team_t team, void *d, const void *s, size_t n)
{
    ss_call_t c = SS_MOVE_(SHCOLL_FCOLLECT, "shmem_fcollectmem", char);
    return ss_coll_team_call(team, &c);
}

int shmem_collectmem(shmem_team_t team, void *d, const void *s, size_t n)
{
    ss_call_t c = SS_MOVE_(SHCOLL_COLLECT, "shmem_collectmem", char);
    return ss_coll_team_call(team, &c);
}

int shmem_broadcastmem(shmem_team_t team, void *d, const void *s, size_t n,
                       int root)
{
    ss_call_t c = SS_CALL_(SHCOLL_BROADCAST, "shmem_broadcastmem", char, n,
                           root, 0, 0);
    return ss_coll_team_call(team, &c);
}

int shmem_alltoallmem(shmem_team_t team, void *d, const void *s, size_t n)
{
    ss_call_t c = SS_MOVE_(SHCOLL_ALLTOALL, "shmem_alltoallmem", char);
    return ss_coll_team_call(team, &c);
}

int shmem_alltoallsmem(shmem_team_t team, void *d, const void *s,
                       ptrdiff_t dst, ptrdiff_t sst, size_t n)
{
    ss_call_t c = SS_MOVE_(SHCOLL_ALLTOALL, "shmem_alltoallsmem", char);
    c.dst = dst;
    c.sst = sst;
    return ss_coll_team_call(team, &c);
}

/* ---- deprecated active-set calls on 32- and 64-bit elements ---- */
#define SS_SET_(K, op, BITS)                                                 \
    void shmem_##op##BITS(void *d, const void *s, size_t n, int start,       \
                          int lg, int size, long *pSync)                     \
    {                                                                        \
        ss_call_t c = SS_MOVE_(K, "shmem_" #op #BITS, int##BITS##_t);        \
        ss_coll_set_call(start, lg, size, pSync, &c);                        \
    }
#define SS_SETS_(BITS)                                                       \
    SS_SET_(SHCOLL_FCOLLECT, fcollect, BITS)                                 \
    SS_SET_(SHCOLL_COLLECT, collect, BITS)                                   \
    SS_SET_(SHCOLL_ALLTOALL, alltoall, BITS)                                 \
    void shmem_broadcast##BITS(void *d, const void *s, size_t n, int root,   \
                               int start, int lg, int size, long *pSync)     \
    {                                                                        \
        ss_call_t c = SS_CALL_(SHCOLL_BROADCAST, "shmem_broadcast" #BITS,    \
                               int##BITS##_t, n, root, 0, 0);                \
        ss_coll_set_call(start, lg, size, pSync, &c);                        \
    }                                                                        \
    void shmem_alltoalls##BITS(void *d, const void *s, ptrdiff_t dst,        \
                               ptrdiff_t sst, size_t n, int start, int lg,   \
                               int size, long *pSync)                        \
    {                                                                        \
        ss_call_t c = SS_MOVE_(SHCOLL_ALLTOALL, "shmem_alltoalls" #BITS,     \
                               int##BITS##_t);                               \
        c.dst = dst;                                                         \
        c.sst = sst;                                                         \
        ss_coll_set_call(start, lg, size, pSync, &c);                        \
    }
SS_SETS_(32)
SS_SETS_(64)

/* ---- reductions ---- */
enum {
    SS_TY_char = SHCOLL_T_CHAR, SS_TY_schar = SHCOLL_T_SCHAR,
    SS_TY_short = SHCOLL_T_SHORT, SS_TY_int = SHCOLL_T_INT,
    SS_TY_long = SHCOLL_T_LONG, SS_TY_longlong = SHCOLL_T_LONGLONG,
    SS_TY_ptrdiff = SHCOLL_T_PTRDIFF, SS_TY_uchar = SHCOLL_T_UCHAR,
    SS_TY_ushort = SHCOLL_T_USHORT, SS_TY_uint = SHCOLL_T_UINT,
    SS_TY_ulong = SHCOLL_T_ULONG, SS_TY_ulonglong = SHCOLL_T_ULONGLONG,
    SS_TY_int8 = SHCOLL_T_INT8, SS_TY_int16 = SHCOLL_T_INT16,
    SS_TY_int32 = SHCOLL_T_INT32, SS_TY_int64 = SHCOLL_T_INT64,
    SS_TY_uint8 = SHCOLL_T_UINT8, SS_TY_uint16 = SHCOLL_T_UINT16,
    SS_TY_uint32 = SHCOLL_T_UINT32, SS_TY_uint64 = SHCOLL_T_UINT64,
    SS_TY_size = SHCOLL_T_SIZE, SS_TY_float = SHCOLL_T_FLOAT,
    SS_TY_double = SHCOLL_T_DOUBLE, SS_TY_longdouble = SHCOLL_T_LONGDOUBLE,
    SS_TY_complexf = SHCOLL_T_COMPLEXF, SS_TY_complexd = SHCOLL_T_COMPLEXD,
};
enum {
    SS_OP_and = SHCOLL_OP_AND, SS_OP_or = SHCOLL_OP_OR, SS_OP_xor = SHCOLL_OP_XOR,
    SS_OP_max = SHCOLL_OP_MAX, SS_OP_min = SHCOLL_OP_MIN,
    SS_OP_sum = SHCOLL_OP_SUM, SS_OP_prod = SHCOLL_OP_PROD,
};

#define SS_RED_CALL_(T, N, OP, name, n)                                      \
    SS_CALL_(SHCOLL_REDUCE, name, T, n, 0, (shcoll_op_t)SS_OP_##OP,          \
             (shcoll_type_t)SS_TY_##N)
#define SS_RED_(T, N, OP)                                                    \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *d, const T *s,       \
                                  size_t n)                                  \
    {                                                                        \
        ss_call_t c = SS_RED_CALL_(T, N, OP, "shmem_" #N "_" #OP "_reduce",  \
                                   n);                                       \
        return ss_coll_team_call(team, &c);                                  \
    }
#define SS_TOALL_(T, N, OP)                                                  \
    void shmem_##N##_##OP##_to_all(T *d, const T *s, int n, int start,       \
                                   int lg, int size, T *pWrk, long *pSync)   \
    {                                                                        \
        (void)pWrk;   /* the runtime keeps its own work space */             \
        ss_call_t c = SS_RED_CALL_(T, N, OP, "shmem_" #N "_" #OP "_to_all",  \
                                   n < 0 ? 0 : (size_t)n);                   \
        ss_coll_set_call(start, lg, size, pSync, &c);                        \
    }
#define SS_R_AND(T, N) SS_RED_(T, N, and)
#define SS_R_OR(T, N) SS_RED_(T, N, or)
#define SS_R_XOR(T, N) SS_RED_(T, N, xor)
#define SS_R_MAX(T, N) SS_RED_(T, N, max)
#define SS_R_MIN(T, N) SS_RED_(T, N, min)
#define SS_R_SUM(T, N) SS_RED_(T, N, sum)
#define SS_R_PROD(T, N) SS_RED_(T, N, prod)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_AND)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_OR)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_XOR)
SHMEM_REDUCE_MINMAX_TYPES(SS_R_MAX)
SHMEM_REDUCE_MINMAX_TYPES(SS_R_MIN)
SHMEM_REDUCE_ARITH_TYPES(SS_R_SUM)
SHMEM_REDUCE_ARITH_TYPES(SS_R_PROD)
#define SS_T_AND(T, N) SS_TOALL_(T, N, and)
#define SS_T_OR(T, N) SS_TOALL_(T, N, or)
#define SS_T_XOR(T, N) SS_TOALL_(T, N, xor)
#define SS_T_MAX(T, N) SS_TOALL_(T, N, max)
#define SS_T_MIN(T, N) SS_TOALL_(T, N, min)
#define SS_T_SUM(T, N) SS_TOALL_(T, N, sum)
#define SS_T_PROD(T, N) SS_TOALL_(T, N, prod)
SHMEM_TOALL_BITWISE_TYPES(SS_T_AND)
SHMEM_TOALL_BITWISE_TYPES(SS_T_OR)
SHMEM_TOALL_BITWISE_TYPES(SS_T_XOR)
SHMEM_TOALL_MINMAX_TYPES(SS_T_MAX)
SHMEM_TOALL_MINMAX_TYPES(SS_T_MIN)
SHMEM_TOALL_ARITH_TYPES(SS_T_SUM)
SHMEM_TOALL_ARITH_TYPES(SS_T_PROD)
