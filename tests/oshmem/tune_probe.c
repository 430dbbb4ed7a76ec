/* tune_probe.c - an LD_PRELOAD library that names the Open MPI collective
 * algorithm actually run, for tests/oshmem/tune_verbose.sh.
 *
 * Why it exists: a release build of Open MPI 4.1 prints nothing that names
 * the algorithm coll_tuned picked. Its decision traces are OPAL_OUTPUT(...)
 * calls, compiled only with --enable-debug (ompi/mca/coll/tuned/
 * coll_tuned_decision_dynamic.c, coll_tuned_{bcast,allgather,allreduce}.c
 * "do_this" functions), and coll_base_verbose / coll_tuned_verbose at 100
 * only report component selection (checked on Debian's 4.1.4). What is
 * observable is the call: coll_tuned's "do_this" switch calls one
 * ompi_coll_base_<coll>_intra_<algorithm> function of libmpi
 * (mca_coll_tuned.so imports them: `nm -D mca_coll_tuned.so`), so
 * defining those names here, ahead of libmpi, sees every choice with its
 * segment size and radix, then forwards to the real function unchanged.
 *
 * Each call prints one line on stderr, with the call's count (bytes for
 * OSHMEM's broadcast and fcollect, which pass MPI_CHAR; elements for
 * reductions) so the program's own calls stand apart from those made in
 * shmem_init and shmem_barrier_all:
 *   tune_probe: ompi_coll_base_bcast_intra_pipeline count=4096 segsize=8192
 * The prototypes follow ompi/mca/coll/base/coll_base_functions.h (4.1);
 * Open MPI's types are opaque pointers here, which is all forwarding needs.
 *
 * Build: cc -shared -fPIC -o tune_probe.so tune_probe.c -ldl
 */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *p_t; /* datatype, communicator, op, module */

/* dlsym returns an object pointer; copying its bytes into a function
 * pointer is the one conversion ISO C leaves well defined in practice. */
static void *next_sym(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "tune_probe: %s not found after the probe\n", name);
        abort();
    }
    return f;
}

#define RESOLVE(fp, name)                                                   \
    do {                                                                    \
        if (!fp) {                                                          \
            void *s_ = next_sym(name);                                      \
            memcpy(&fp, &s_, sizeof fp);                                    \
        }                                                                   \
    } while (0)

/* MPI_Bcast: (buf, count, dtype, root, comm, module, ...) */
#define BCAST_P void *buf, int count, p_t dt, int root, p_t comm, p_t mod
#define BCAST_A buf, count, dt, root, comm, mod

#define BCAST_SEG(alg)                                                      \
    int ompi_coll_base_bcast_intra_##alg(BCAST_P, uint32_t seg);            \
    int ompi_coll_base_bcast_intra_##alg(BCAST_P, uint32_t seg)             \
    {                                                                       \
        static int (*f)(BCAST_P, uint32_t);                                 \
        RESOLVE(f, "ompi_coll_base_bcast_intra_" #alg);                     \
        fprintf(stderr, "tune_probe: ompi_coll_base_bcast_intra_" #alg      \
                " count=%d segsize=%u\n", count, (unsigned)seg);               \
        return f(BCAST_A, seg);                                             \
    }

BCAST_SEG(pipeline)
BCAST_SEG(binomial)
BCAST_SEG(bintree)
BCAST_SEG(split_bintree)
BCAST_SEG(scatter_allgather)
BCAST_SEG(scatter_allgather_ring)

int ompi_coll_base_bcast_intra_basic_linear(BCAST_P);
int ompi_coll_base_bcast_intra_basic_linear(BCAST_P)
{
    static int (*f)(BCAST_P);
    RESOLVE(f, "ompi_coll_base_bcast_intra_basic_linear");
    fprintf(stderr, "tune_probe: ompi_coll_base_bcast_intra_basic_linear "
            "count=%d\n", count);
    return f(BCAST_A);
}

int ompi_coll_base_bcast_intra_chain(BCAST_P, uint32_t seg, int32_t chains);
int ompi_coll_base_bcast_intra_chain(BCAST_P, uint32_t seg, int32_t chains)
{
    static int (*f)(BCAST_P, uint32_t, int32_t);
    RESOLVE(f, "ompi_coll_base_bcast_intra_chain");
    fprintf(stderr, "tune_probe: ompi_coll_base_bcast_intra_chain "
            "count=%d segsize=%u chains=%d\n", count, (unsigned)seg,
            (int)chains);
    return f(BCAST_A, seg, chains);
}

int ompi_coll_base_bcast_intra_knomial(BCAST_P, uint32_t seg, int radix);
int ompi_coll_base_bcast_intra_knomial(BCAST_P, uint32_t seg, int radix)
{
    static int (*f)(BCAST_P, uint32_t, int);
    RESOLVE(f, "ompi_coll_base_bcast_intra_knomial");
    fprintf(stderr, "tune_probe: ompi_coll_base_bcast_intra_knomial "
            "count=%d segsize=%u radix=%d\n", count, (unsigned)seg, radix);
    return f(BCAST_A, seg, radix);
}

/* MPI_Allgather: (sbuf, scount, sdtype, rbuf, rcount, rdtype, comm, module) */
#define AG_P const void *sb, int sc, p_t st, void *rb, int rc, p_t rt,      \
             p_t comm, p_t mod
#define AG_A sb, sc, st, rb, rc, rt, comm, mod

#define ALLGATHER(alg)                                                      \
    int ompi_coll_base_allgather_intra_##alg(AG_P);                         \
    int ompi_coll_base_allgather_intra_##alg(AG_P)                          \
    {                                                                       \
        static int (*f)(AG_P);                                              \
        RESOLVE(f, "ompi_coll_base_allgather_intra_" #alg);                 \
        fprintf(stderr, "tune_probe: ompi_coll_base_allgather_intra_" #alg  \
                " count=%d\n", sc);                                         \
        return f(AG_A);                                                     \
    }

ALLGATHER(basic_linear)
ALLGATHER(bruck)
ALLGATHER(recursivedoubling)
ALLGATHER(ring)
ALLGATHER(neighborexchange)
ALLGATHER(two_procs)

/* MPI_Allreduce: (sbuf, rbuf, count, dtype, op, comm, module) */
#define AR_P const void *sb, void *rb, int count, p_t dt, p_t op, p_t comm, \
             p_t mod
#define AR_A sb, rb, count, dt, op, comm, mod

#define ALLREDUCE(alg)                                                      \
    int ompi_coll_base_allreduce_intra_##alg(AR_P);                         \
    int ompi_coll_base_allreduce_intra_##alg(AR_P)                          \
    {                                                                       \
        static int (*f)(AR_P);                                              \
        RESOLVE(f, "ompi_coll_base_allreduce_intra_" #alg);                 \
        fprintf(stderr, "tune_probe: ompi_coll_base_allreduce_intra_" #alg  \
                " count=%d\n", count);                                      \
        return f(AR_A);                                                     \
    }

ALLREDUCE(basic_linear)
ALLREDUCE(nonoverlapping)
ALLREDUCE(recursivedoubling)
ALLREDUCE(ring)
ALLREDUCE(redscat_allgather)

int ompi_coll_base_allreduce_intra_ring_segmented(AR_P, uint32_t seg);
int ompi_coll_base_allreduce_intra_ring_segmented(AR_P, uint32_t seg)
{
    static int (*f)(AR_P, uint32_t);
    RESOLVE(f, "ompi_coll_base_allreduce_intra_ring_segmented");
    fprintf(stderr, "tune_probe: ompi_coll_base_allreduce_intra_ring_segmented"
            " count=%d segsize=%u\n", count, (unsigned)seg);
    return f(AR_A, seg);
}
