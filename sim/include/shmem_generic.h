/* shmem_generic.h - the C11 generic selections of OpenSHMEM 1.5:
 * shmem_put(dest, source, nelems, pe) calls shmem_long_put when dest is a
 * long *, and shmem_put(ctx, dest, source, nelems, pe) the context form
 * (the number of arguments tells the two apart). C only: C++ programs
 * call the typed names, as with other implementations that provide no
 * overloads. Included by shmem.h.
 *
 * _Generic needs distinct types, and the fixed-width and size typedefs
 * alias base C types on every ABI, so the lists name base types, plus
 * int32_t and int64_t where only they (not int or long) are in the
 * spec's table. A type outside the table is a compile error. */
#ifndef SHMEMSIM_SHMEM_GENERIC_H
#define SHMEMSIM_SHMEM_GENERIC_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) &&                   \
    __STDC_VERSION__ >= 201112L

/* ---- association lists: X(TYPE, TYPENAME, OP) for every type ---- */
#define SHMEM_G_AMO_(X, OP)                                                  \
    X(int, int, OP) X(long, long, OP) X(long long, longlong, OP)             \
    X(unsigned int, uint, OP) X(unsigned long, ulong, OP)                    \
    X(unsigned long long, ulonglong, OP)
#define SHMEM_G_EXT_(X, OP)                                                  \
    SHMEM_G_AMO_(X, OP) X(float, float, OP) X(double, double, OP)
#define SHMEM_G_BIT_(X, OP)                                                  \
    X(unsigned int, uint, OP) X(unsigned long, ulong, OP)                    \
    X(unsigned long long, ulonglong, OP) X(int32_t, int32, OP)               \
    X(int64_t, int64, OP)
#define SHMEM_G_SYNC_(X, OP)                                                 \
    SHMEM_G_AMO_(X, OP) X(short, short, OP) X(unsigned short, ushort, OP)
#define SHMEM_G_RMA_(X, OP)                                                  \
    SHMEM_G_SYNC_(X, OP) X(float, float, OP) X(double, double, OP)           \
    X(long double, longdouble, OP) X(char, char, OP)                         \
    X(signed char, schar, OP) X(unsigned char, uchar, OP)
#define SHMEM_G_RED_BIT_(X, OP)                                              \
    X(unsigned char, uchar, OP) X(unsigned short, ushort, OP)                \
    X(unsigned int, uint, OP) X(unsigned long, ulong, OP)                    \
    X(unsigned long long, ulonglong, OP) X(int8_t, int8, OP)                 \
    X(int16_t, int16, OP) X(int32_t, int32, OP) X(int64_t, int64, OP)
#define SHMEM_G_RED_MINMAX_(X, OP) SHMEM_G_RMA_(X, OP)
#define SHMEM_G_RED_ARITH_(X, OP)                                            \
    SHMEM_G_RMA_(X, OP) X(double _Complex, complexd, OP)                     \
    X(float _Complex, complexf, OP)

/* One association each: T * (and const T * for sources) to the routine. */
#define SHMEM_GA_(T, N, OP) , T *: shmem_##N##_##OP
#define SHMEM_GAC_(T, N, OP) , T *: shmem_##N##_##OP, const T *: shmem_##N##_##OP
#define SHMEM_GX_(T, N, OP) , T *: shmem_ctx_##N##_##OP
#define SHMEM_GXC_(T, N, OP)                                                 \
    , T *: shmem_ctx_##N##_##OP, const T *: shmem_ctx_##N##_##OP

/* The typed routine for pointer p over list L: plain, or context form. */
#define SHMEM_GSEL_(L, p, OP) _Generic((p) L(SHMEM_GA_, OP))
#define SHMEM_GSELC_(L, p, OP) _Generic((p) L(SHMEM_GAC_, OP))
#define SHMEM_GCTX_(L, p, OP) _Generic((p) L(SHMEM_GX_, OP))
#define SHMEM_GCTXC_(L, p, OP) _Generic((p) L(SHMEM_GXC_, OP))

/* Plain form with K arguments or context form with K+1: the name after
 * the arguments and K+1 - count fillers. */
#define SHMEM_GK2_(a, b, c, name, ...) name
#define SHMEM_GK3_(a, b, c, d, name, ...) name
#define SHMEM_GK4_(a, b, c, d, e, name, ...) name
#define SHMEM_GK5_(a, b, c, d, e, f, name, ...) name
#define SHMEM_GK6_(a, b, c, d, e, f, g, name, ...) name
#define SHMEM_GK7_(a, b, c, d, e, f, g, h, name, ...) name

/* ---- RMA: the selector is dest (source for g) ---- */
#define SHMEM_GP_PUT_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, put)(d, __VA_ARGS__)
#define SHMEM_GC_PUT_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, put)(c, d, __VA_ARGS__)
#define shmem_put(...) SHMEM_GK4_(__VA_ARGS__, SHMEM_GC_PUT_, SHMEM_GP_PUT_, ~)(__VA_ARGS__)
#define SHMEM_GP_GET_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, get)(d, __VA_ARGS__)
#define SHMEM_GC_GET_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, get)(c, d, __VA_ARGS__)
#define shmem_get(...) SHMEM_GK4_(__VA_ARGS__, SHMEM_GC_GET_, SHMEM_GP_GET_, ~)(__VA_ARGS__)
#define SHMEM_GP_PUTN_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, put_nbi)(d, __VA_ARGS__)
#define SHMEM_GC_PUTN_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, put_nbi)(c, d, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEM_GK4_(__VA_ARGS__, SHMEM_GC_PUTN_, SHMEM_GP_PUTN_, ~)(__VA_ARGS__)
#define SHMEM_GP_GETN_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, get_nbi)(d, __VA_ARGS__)
#define SHMEM_GC_GETN_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, get_nbi)(c, d, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEM_GK4_(__VA_ARGS__, SHMEM_GC_GETN_, SHMEM_GP_GETN_, ~)(__VA_ARGS__)
#define SHMEM_GP_P_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, p)(d, __VA_ARGS__)
#define SHMEM_GC_P_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, p)(c, d, __VA_ARGS__)
#define shmem_p(...) SHMEM_GK3_(__VA_ARGS__, SHMEM_GC_P_, SHMEM_GP_P_, ~)(__VA_ARGS__)
#define SHMEM_GP_G_(s, ...) SHMEM_GSELC_(SHMEM_G_RMA_, s, g)(s, __VA_ARGS__)
#define SHMEM_GC_G_(c, s, ...) SHMEM_GCTXC_(SHMEM_G_RMA_, s, g)(c, s, __VA_ARGS__)
#define shmem_g(...) SHMEM_GK2_(__VA_ARGS__, SHMEM_GC_G_, SHMEM_GP_G_, ~)(__VA_ARGS__)
#define SHMEM_GP_IPUT_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, iput)(d, __VA_ARGS__)
#define SHMEM_GC_IPUT_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, iput)(c, d, __VA_ARGS__)
#define shmem_iput(...) SHMEM_GK6_(__VA_ARGS__, SHMEM_GC_IPUT_, SHMEM_GP_IPUT_, ~)(__VA_ARGS__)
#define SHMEM_GP_IGET_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, iget)(d, __VA_ARGS__)
#define SHMEM_GC_IGET_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, iget)(c, d, __VA_ARGS__)
#define shmem_iget(...) SHMEM_GK6_(__VA_ARGS__, SHMEM_GC_IGET_, SHMEM_GP_IGET_, ~)(__VA_ARGS__)
#define SHMEM_GP_PSIG_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, put_signal)(d, __VA_ARGS__)
#define SHMEM_GC_PSIG_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, put_signal)(c, d, __VA_ARGS__)
#define shmem_put_signal(...) SHMEM_GK7_(__VA_ARGS__, SHMEM_GC_PSIG_, SHMEM_GP_PSIG_, ~)(__VA_ARGS__)
#define SHMEM_GP_PSIGN_(d, ...) SHMEM_GSEL_(SHMEM_G_RMA_, d, put_signal_nbi)(d, __VA_ARGS__)
#define SHMEM_GC_PSIGN_(c, d, ...) SHMEM_GCTX_(SHMEM_G_RMA_, d, put_signal_nbi)(c, d, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHMEM_GK7_(__VA_ARGS__, SHMEM_GC_PSIGN_, SHMEM_GP_PSIGN_, ~)(__VA_ARGS__)

/* ---- atomics: the selector is dest (source for fetch; for the _nbi
 * forms the fetch pointer, which has dest's type) ---- */
#define SHMEM_GAMO_(L, K, OP, ...)                                           \
    SHMEM_GK##K##_(__VA_ARGS__, SHMEM_GC_AMO_, SHMEM_GP_AMO_, ~)(L, OP, __VA_ARGS__)
#define SHMEM_GP_AMO_(L, OP, d, ...) SHMEM_GSEL_(L, d, OP)(d, __VA_ARGS__)
#define SHMEM_GC_AMO_(L, OP, c, d, ...) SHMEM_GCTX_(L, d, OP)(c, d, __VA_ARGS__)
#define SHMEM_GP_AMOC_(L, OP, d, ...) SHMEM_GSELC_(L, d, OP)(d, __VA_ARGS__)
#define SHMEM_GC_AMOC_(L, OP, c, d, ...) SHMEM_GCTXC_(L, d, OP)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch(...)                                              \
    SHMEM_GK2_(__VA_ARGS__, SHMEM_GC_AMOC_, SHMEM_GP_AMOC_, ~)(SHMEM_G_EXT_, atomic_fetch, __VA_ARGS__)
#define shmem_atomic_set(...) SHMEM_GAMO_(SHMEM_G_EXT_, 3, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...) SHMEM_GAMO_(SHMEM_G_EXT_, 3, atomic_swap, __VA_ARGS__)
#define shmem_atomic_compare_swap(...) SHMEM_GAMO_(SHMEM_G_AMO_, 4, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) SHMEM_GAMO_(SHMEM_G_AMO_, 2, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...) SHMEM_GAMO_(SHMEM_G_AMO_, 2, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) SHMEM_GAMO_(SHMEM_G_AMO_, 3, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...) SHMEM_GAMO_(SHMEM_G_AMO_, 3, atomic_add, __VA_ARGS__)
#define shmem_atomic_fetch_and(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_and(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_or(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_xor(...) SHMEM_GAMO_(SHMEM_G_BIT_, 3, atomic_xor, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) SHMEM_GAMO_(SHMEM_G_EXT_, 3, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) SHMEM_GAMO_(SHMEM_G_EXT_, 4, atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) SHMEM_GAMO_(SHMEM_G_AMO_, 5, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) SHMEM_GAMO_(SHMEM_G_AMO_, 3, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) SHMEM_GAMO_(SHMEM_G_AMO_, 4, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) SHMEM_GAMO_(SHMEM_G_BIT_, 4, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) SHMEM_GAMO_(SHMEM_G_BIT_, 4, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) SHMEM_GAMO_(SHMEM_G_BIT_, 4, atomic_fetch_xor_nbi, __VA_ARGS__)

/* The deprecated generic atomics (no context forms). */
#define shmem_cswap(d, ...) SHMEM_GSEL_(SHMEM_G_AMO_, d, cswap)(d, __VA_ARGS__)
#define shmem_finc(d, ...) SHMEM_GSEL_(SHMEM_G_AMO_, d, finc)(d, __VA_ARGS__)
#define shmem_inc(d, ...) SHMEM_GSEL_(SHMEM_G_AMO_, d, inc)(d, __VA_ARGS__)
#define shmem_fadd(d, ...) SHMEM_GSEL_(SHMEM_G_AMO_, d, fadd)(d, __VA_ARGS__)
#define shmem_add(d, ...) SHMEM_GSEL_(SHMEM_G_AMO_, d, add)(d, __VA_ARGS__)
#define shmem_fetch(s, ...) SHMEM_GSELC_(SHMEM_G_EXT_, s, fetch)(s, __VA_ARGS__)
#define shmem_set(d, ...) SHMEM_GSEL_(SHMEM_G_EXT_, d, set)(d, __VA_ARGS__)
#define shmem_swap(d, ...) SHMEM_GSEL_(SHMEM_G_EXT_, d, swap)(d, __VA_ARGS__)

/* ---- point-to-point synchronisation: the selector is ivar(s) ---- */
#define SHMEM_GSYNC_(v, OP, ...) SHMEM_GSEL_(SHMEM_G_SYNC_, v, OP)(v, __VA_ARGS__)
#define shmem_wait_until(v, ...) SHMEM_GSYNC_(v, wait_until, __VA_ARGS__)
#define shmem_wait_until_all(v, ...) SHMEM_GSYNC_(v, wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(v, ...) SHMEM_GSYNC_(v, wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(v, ...) SHMEM_GSYNC_(v, wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(v, ...) SHMEM_GSYNC_(v, wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(v, ...) SHMEM_GSYNC_(v, wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(v, ...) SHMEM_GSYNC_(v, wait_until_some_vector, __VA_ARGS__)
#define shmem_test(v, ...) SHMEM_GSYNC_(v, test, __VA_ARGS__)
#define shmem_test_all(v, ...) SHMEM_GSYNC_(v, test_all, __VA_ARGS__)
#define shmem_test_any(v, ...) SHMEM_GSYNC_(v, test_any, __VA_ARGS__)
#define shmem_test_some(v, ...) SHMEM_GSYNC_(v, test_some, __VA_ARGS__)
#define shmem_test_all_vector(v, ...) SHMEM_GSYNC_(v, test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(v, ...) SHMEM_GSYNC_(v, test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(v, ...) SHMEM_GSYNC_(v, test_some_vector, __VA_ARGS__)
#define shmem_wait(v, ...) SHMEM_GSYNC_(v, wait, __VA_ARGS__)

/* ---- collectives: team first, the selector is dest ---- */
#define SHMEM_GCOLL_(L, OP, t, d, ...) SHMEM_GSEL_(L, d, OP)(t, d, __VA_ARGS__)
#define shmem_broadcast(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RMA_, broadcast, t, d, __VA_ARGS__)
#define shmem_collect(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RMA_, collect, t, d, __VA_ARGS__)
#define shmem_fcollect(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RMA_, fcollect, t, d, __VA_ARGS__)
#define shmem_alltoall(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RMA_, alltoall, t, d, __VA_ARGS__)
#define shmem_alltoalls(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RMA_, alltoalls, t, d, __VA_ARGS__)
#define shmem_and_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_BIT_, and_reduce, t, d, __VA_ARGS__)
#define shmem_or_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_BIT_, or_reduce, t, d, __VA_ARGS__)
#define shmem_xor_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_BIT_, xor_reduce, t, d, __VA_ARGS__)
#define shmem_max_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_MINMAX_, max_reduce, t, d, __VA_ARGS__)
#define shmem_min_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_MINMAX_, min_reduce, t, d, __VA_ARGS__)
#define shmem_sum_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_ARITH_, sum_reduce, t, d, __VA_ARGS__)
#define shmem_prod_reduce(t, d, ...) SHMEM_GCOLL_(SHMEM_G_RED_ARITH_, prod_reduce, t, d, __VA_ARGS__)

#endif
#endif
