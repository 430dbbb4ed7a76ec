/* fcollect/engines.h - the Bruck and k-nomial engines as collect runs
 * them too, and what one member must know to run them: a "view" of the
 * blocks, O(log p) numbers instead of every member's offset. fcollect
 * fills a view from (p, n); collect (collect/bruck.c,
 * collect/recursive_doubling.c) from a scan of the sizes, so no member
 * ever holds p sizes. Internal to algorithms/. */
#ifndef SHCOLL_FCOLLECT_ENGINES_H
#define SHCOLL_FCOLLECT_ENGINES_H

#include "../internal.h"

/* Rounds of either engine: ceil(log2 p) <= 31 for p < 2^31. */
enum { SHCOLL_MAX_ROUNDS = 32 };

/* Padding goes out in puts of at most `chunk` bytes, all to the start of
 * the target's work: the scratch the caller reserves. */
typedef struct shcoll_bruck_view {
    size_t own;                        /* offset of my block in dest */
    size_t total;                      /* bytes of all blocks */
    size_t chunk;                      /* padding put size (scratch) */
    size_t win[SHCOLL_MAX_ROUNDS];     /* my round-k window's bytes */
    size_t wide[SHCOLL_MAX_ROUNDS];    /* the widest round-k window */
} shcoll_bruck_view_t;

/* k-nomial: in round j my group's blocks are dest[blk[j][0], blk[j][1])
 * and the extras' slices its members hold dest[slc[j][0], slc[j][1]);
 * vol[j] is the most any group holds (every group pads to it). */
typedef struct shcoll_kn_view {
    size_t own, total, chunk;
    size_t bmax;                       /* largest extra block */
    size_t blk[SHCOLL_MAX_ROUNDS][2];
    size_t slc[SHCOLL_MAX_ROUNDS][2];
    size_t vol[SHCOLL_MAX_ROUNDS];
} shcoll_kn_view_t;

void shcoll_fcollect_bruck_run_view(const shcoll_args_t *a, int me,
                                    const shcoll_bruck_view_t *v);
/* Bruck round k's puts without the flag: win bytes from v->own on
 * (wrapping at v->total) and pad bytes of padding. */
void shcoll_fcollect_bruck_window(const shcoll_args_t *a,
                                  const shcoll_bruck_view_t *v, size_t win,
                                  size_t pad, int pe);
void shcoll_fcollect_knomial_run_view(const shcoll_args_t *a, int me, int k,
                                      const shcoll_kn_view_t *v);
/* fcollect's equal blocks (a->nbytes each). */
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me, int k);

/* The k-nomial shape for p members: the core pc = m k^j <= p (m < k),
 * and extra t's range of core members [start, start + len). */
int shcoll_kn_core(int p, int k);
void shcoll_kn_range(int p, int pc, int t, int *start, int *len);
/* The extra whose range holds core member q. */
int shcoll_kn_owner(int p, int pc, int q);
/* Start of slice q of a b-byte block cut in m. */
size_t shcoll_kn_cut(size_t b, long q, long m);

/* One contiguous part (n may be 0), fenced; padding in chunk-byte puts
 * into the target's work. */
void shcoll_fcollect_part(void *dst, const void *src, size_t n, int pe);
void shcoll_fcollect_pad(const shcoll_args_t *a, size_t pad, size_t chunk,
                         int pe);

#endif
