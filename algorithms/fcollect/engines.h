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

/* The parts one step puts to one member before its flag or counter
 * (blocks, slices, padding). By default each goes out as it comes
 * (SHCOLL_PARTS_PUT) and the flag's fence orders them all. In signal
 * mode (internal.h) the last part is to carry the flag, and put with
 * signal orders nothing before it: SHCOLL_PARTS_HOLD puts every part
 * but the last, which it keeps (last; sent says whether any went out,
 * and then a fence must come before the signalled put), and
 * SHCOLL_PARTS_FIND puts nothing and only finds the last part again
 * (for a round that fences once for all its peers). */
typedef enum { SHCOLL_PARTS_PUT, SHCOLL_PARTS_HOLD, SHCOLL_PARTS_FIND }
    shcoll_parts_mode_t;
typedef struct shcoll_parts {
    int pe;
    shcoll_parts_mode_t mode;
    int sent;
    void *dst;            /* the part held back: n bytes from src */
    const void *src;
    size_t n;
} shcoll_parts_t;

/* Parts to pe: PUT by default, HOLD in signal mode. */
shcoll_parts_t shcoll_parts(const shcoll_args_t *a, int pe);
/* One contiguous part (n may be 0); padding in chunk-byte puts into the
 * target's work. */
void shcoll_fcollect_part(shcoll_parts_t *ps, void *dst, const void *src,
                          size_t n);
void shcoll_fcollect_pad(const shcoll_args_t *a, shcoll_parts_t *ps,
                         size_t pad, size_t chunk);
/* The step's flag (counter: add one; else raise it carrying 0) after
 * its parts: by default a fence and the atomic; in signal mode the held
 * part carries it, behind a fence if other parts went out first. */
void shcoll_parts_flag(const shcoll_args_t *a, shcoll_parts_t *ps,
                       long *word, int counter);

void shcoll_fcollect_bruck_run_view(const shcoll_args_t *a, int me,
                                    const shcoll_bruck_view_t *v);
/* Bruck round k's parts without the flag: win bytes from v->own on
 * (wrapping at v->total) and pad bytes of padding. */
void shcoll_fcollect_bruck_window(const shcoll_args_t *a,
                                  const shcoll_bruck_view_t *v, size_t win,
                                  size_t pad, shcoll_parts_t *ps);
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

#endif
