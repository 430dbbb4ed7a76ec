/* shmem.h - OpenSHMEM 1.5 API of the shmemsim simulated runtime.
 *
 * Programs (and everything under algorithms/) include this header exactly
 * as they would a real OpenSHMEM's. Each call runs in the simulated PE
 * that is the current SimGrid actor. Semantics follow the specification;
 * where the simulator makes a timing choice it is said in
 * docs/architecture.md ("How a simulated PE works").
 *
 * The API is split by section, each in its own header included here:
 *   shmem_types.h       the type tables (which TYPENAMEs each family has)
 *   shmem_rma.h         puts, gets, strided, non-blocking, put-with-signal
 *   shmem_amo.h         atomics, blocking and non-blocking
 *   shmem_sync.h        ordering, point-to-point synchronisation, signals,
 *                       locks
 *   shmem_coll.h        teams' and active sets' collectives and barriers
 *   shmem_deprecated.h  names the specification deprecated but programs
 *                       still use
 *   shmem_generic.h     the C11 generic selections (C only)
 *   shmem_posix.h       getopt's declarations, which strict ISO C hides
 */
#ifndef SHMEMSIM_SHMEM_H
#define SHMEMSIM_SHMEM_H

#include <stddef.h>
#include <stdint.h>
#if !defined(__cplusplus)
#include <complex.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_VENDOR_STRING "shmemsim"
#define SHMEM_MAX_NAME_LEN 256

/* Thread support levels (shmem_init_thread). */
#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

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

/* Context options (shmem_ctx_create); accepted, no effect on timing. */
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

/* Team configuration mask bits. */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

/* Memory allocation hints (shmem_malloc_with_hints). */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Active-set pSync / pWrk sizes. The simulated runtime keeps its own
 * workspace per pSync array, so these only need to be large enough for
 * the array to exist and be distinct. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 8
#define SHMEM_BCAST_SYNC_SIZE 8
#define SHMEM_BARRIER_SYNC_SIZE 8
#define SHMEM_COLLECT_SYNC_SIZE 8
#define SHMEM_REDUCE_SYNC_SIZE 8
#define SHMEM_ALLTOALL_SYNC_SIZE 8
#define SHMEM_ALLTOALLS_SYNC_SIZE 8
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 8

/* ---- handles ---- */
typedef struct ss_team *shmem_team_t;
typedef struct {
    int num_contexts;
} shmem_team_config_t;
extern shmem_team_t SHMEM_TEAM_WORLD;
/* The PEs on the calling PE's host (--ppn of them with the block
 * placement). Note: shmem_ptr still answers NULL for them, see below. */
extern shmem_team_t SHMEM_TEAM_SHARED;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

typedef struct ss_ctx *shmem_ctx_t;
extern shmem_ctx_t SHMEM_CTX_DEFAULT;
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)

/* ---- library setup, exit and query ---- */
void shmem_init(void);
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
/* Direct access to symmetric memory: the address itself for the calling
 * PE, NULL for any other (loads and stores would bypass the simulated
 * intra-node path and the wake-ups of wait_until). */
void *shmem_ptr(const void *dest, int pe);
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);
#if defined(__cplusplus)
[[noreturn]] void shmem_global_exit(int status);
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Noreturn void shmem_global_exit(int status);
#else
void shmem_global_exit(int status);
#endif
/* The profiling interface's control: accepted, no effect. */
void shmem_pcontrol(int level, ...);

/* ---- memory management ---- */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void *shmem_malloc_with_hints(size_t size, long hints);
void shmem_free(void *ptr);

/* ---- teams ---- */
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_get_config(shmem_team_t team, long config_mask,
                          shmem_team_config_t *config);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe,
                            shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride,
                             int size, const shmem_team_config_t *config,
                             long config_mask, shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config,
                        long xaxis_mask, shmem_team_t *xaxis_team,
                        const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
void shmem_team_destroy(shmem_team_t team);

/* ---- communication contexts ---- */
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);

#include "shmem_types.h"
#include "shmem_rma.h"
#include "shmem_amo.h"
#include "shmem_sync.h"
#include "shmem_coll.h"
#include "shmem_deprecated.h"
#include "shmem_posix.h"

#ifdef __cplusplus
}
#endif

#include "shmem_generic.h"
#endif
