/* shmem_rma.h - remote memory access: contiguous, elemental, strided and
 * non-blocking puts and gets, and put-with-signal, each with its
 * context form (shmem_ctx_*, ctx first). Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_RMA_H
#define SHMEMSIM_SHMEM_RMA_H

/* ---- typed: X(TYPE, TYPENAME) over SHMEM_RMA_TYPES ---- */
#define SHMEM_DECL_RMA_(T, N)                                                \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe);                         \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe);                         \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems,        \
                             int pe);                                        \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe);                     \
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems,        \
                             int pe);                                        \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe);                     \
    void shmem_##N##_p(T *dest, T value, int pe);                            \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);       \
    T shmem_##N##_g(const T *source, int pe);                                \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);           \
    void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst,           \
                          ptrdiff_t sst, size_t nelems, int pe);             \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                              int pe);                                       \
    void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst,           \
                          ptrdiff_t sst, size_t nelems, int pe);             \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                              int pe);                                       \
    void shmem_##N##_put_signal(T *dest, const T *source, size_t nelems,     \
                                uint64_t *sig_addr, uint64_t signal,         \
                                int sig_op, int pe);                         \
    void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest,                \
                                    const T *source, size_t nelems,          \
                                    uint64_t *sig_addr, uint64_t signal,     \
                                    int sig_op, int pe);                     \
    void shmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, \
                                    uint64_t *sig_addr, uint64_t signal,     \
                                    int sig_op, int pe);                     \
    void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest,            \
                                        const T *source, size_t nelems,      \
                                        uint64_t *sig_addr, uint64_t signal, \
                                        int sig_op, int pe);
SHMEM_RMA_TYPES(SHMEM_DECL_RMA_)

/* ---- sized: nelems elements of BITS bits ---- */
#define SHMEM_DECL_SIZED_(BITS)                                              \
    void shmem_put##BITS(void *dest, const void *source, size_t nelems,      \
                         int pe);                                            \
    void shmem_ctx_put##BITS(shmem_ctx_t ctx, void *dest, const void *source,\
                             size_t nelems, int pe);                         \
    void shmem_get##BITS(void *dest, const void *source, size_t nelems,      \
                         int pe);                                            \
    void shmem_ctx_get##BITS(shmem_ctx_t ctx, void *dest, const void *source,\
                             size_t nelems, int pe);                         \
    void shmem_put##BITS##_nbi(void *dest, const void *source,               \
                               size_t nelems, int pe);                       \
    void shmem_ctx_put##BITS##_nbi(shmem_ctx_t ctx, void *dest,              \
                                   const void *source, size_t nelems,        \
                                   int pe);                                  \
    void shmem_get##BITS##_nbi(void *dest, const void *source,               \
                               size_t nelems, int pe);                       \
    void shmem_ctx_get##BITS##_nbi(shmem_ctx_t ctx, void *dest,              \
                                   const void *source, size_t nelems,        \
                                   int pe);                                  \
    void shmem_iput##BITS(void *dest, const void *source, ptrdiff_t dst,     \
                          ptrdiff_t sst, size_t nelems, int pe);             \
    void shmem_ctx_iput##BITS(shmem_ctx_t ctx, void *dest,                   \
                              const void *source, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t nelems, int pe);         \
    void shmem_iget##BITS(void *dest, const void *source, ptrdiff_t dst,     \
                          ptrdiff_t sst, size_t nelems, int pe);             \
    void shmem_ctx_iget##BITS(shmem_ctx_t ctx, void *dest,                   \
                              const void *source, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t nelems, int pe);         \
    void shmem_put##BITS##_signal(void *dest, const void *source,            \
                                  size_t nelems, uint64_t *sig_addr,         \
                                  uint64_t signal, int sig_op, int pe);      \
    void shmem_ctx_put##BITS##_signal(shmem_ctx_t ctx, void *dest,           \
                                      const void *source, size_t nelems,     \
                                      uint64_t *sig_addr, uint64_t signal,   \
                                      int sig_op, int pe);                   \
    void shmem_put##BITS##_signal_nbi(void *dest, const void *source,        \
                                      size_t nelems, uint64_t *sig_addr,     \
                                      uint64_t signal, int sig_op, int pe);  \
    void shmem_ctx_put##BITS##_signal_nbi(shmem_ctx_t ctx, void *dest,       \
                                          const void *source, size_t nelems, \
                                          uint64_t *sig_addr,                \
                                          uint64_t signal, int sig_op,       \
                                          int pe);
SHMEM_SIZES(SHMEM_DECL_SIZED_)

/* ---- bytes ---- */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source,
                      size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source,
                      size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                          size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                          size_t nelems, int pe);
void shmem_putmem_signal(void *dest, const void *source, size_t nelems,
                         uint64_t *sig_addr, uint64_t signal, int sig_op,
                         int pe);
void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source,
                             size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op,
                             int pe);
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest,
                                 const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal,
                                 int sig_op, int pe);

#endif
