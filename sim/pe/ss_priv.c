#define _GNU_SOURCE   /* memfd_create */
/* ss_priv.c - each PE's private copy of a program's globals (ss_priv.h).
 *
 * Why this works. All PEs run in one process, one at a time, and a PE's
 * globals are only ever touched while that PE runs: its own code between
 * OpenSHMEM calls, and the runtime working for it (a put's source is
 * copied at issue, a put or atomic aimed at it is applied by its own
 * progress loop, a get is answered from there, waits read its memory
 * after its progress loop returns). So it is enough that the live
 * regions hold the running PE's copy. SimGrid runs another PE only when
 * the current one makes a SimGrid call, and every such call returns
 * through a context switch that ss_priv_hook.c sees: there, in the actor
 * that resumes, ss_priv_resume() puts its copy in place if another PE's
 * is live. The runtime's own state and libc's are not in the regions and
 * stay shared. A global's symmetric address is therefore its address
 * (ss_heap_translate accepts it for every PE).
 *
 * How a copy is put in place, per region:
 *  - copied (small regions): the leaving PE's bytes are saved to its
 *    buffer and the next PE's copied in: 2 x len bytes per switch, and
 *    len bytes of memory per PE;
 *  - remapped (the whole pages inside a region, when they make
 *    SS_PRIV_REMAP_MIN bytes or more; the partial pages at its ends, which
 *    other data may share, are copied): every PE's copy is a slice of one
 *    memfd, and a switch maps the next PE's slice over those pages (one
 *    mmap, plus a minor fault per page it then touches). A slice only
 *    costs the pages the PE touched or that start non-zero.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ss_internal.h"
#include "ss_compute.h"
#include "ss_priv.h"

#define SS_PRIV_MAX 12   /* 3 per region: copied head, remapped, copied tail */
/* Copying costs 2 x len per switch; a remap costs a few syscalls plus a
 * fault per page the PE then touches. build/bench/priv_switch measures
 * both (docs/programs.md has the figures): remapping wins from about
 * this size. */
#define SS_PRIV_REMAP_MIN ((size_t)256 * 1024)

typedef struct region {
    unsigned char *lo;
    size_t len;
    unsigned char *init;   /* starting image, len bytes */
    int fd;                /* remapped: memfd of npes slices of len bytes;
                              -1: copied */
    size_t off;            /* copied: offset in a PE's buffer */
    uint8_t *nonzero;      /* remapped: pages of init that are not zero */
} region_t;

static struct {
    region_t r[SS_PRIV_MAX];
    int n, npes;
    size_t copy_bytes;       /* a PE's buffer: its copied regions */
    unsigned char **copy;    /* per PE, made when it first runs */
    uint8_t *started;        /* per PE: its copy exists */
    int owner;               /* PE whose copy is live; -1: none */
    ss_priv_hooks_t hooks;
    unsigned long long resumes;
    ss_priv_stats_t stats;
} P = {.owner = -1};

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

int ss_priv_contains(const void *addr, size_t len)
{
    const unsigned char *a = addr;
    for (int i = 0; i < P.n; i++) {
        const region_t *g = &P.r[i];
        if (a >= g->lo && len <= g->len && (size_t)(a - g->lo) <= g->len - len)
            return 1;
    }
    return 0;
}

/* One memfd holding npes slices of len bytes (sparse: a slice costs
 * only the pages written), and which pages of the image need copying. */
static int make_slices(region_t *g, int npes, char *err, size_t errlen)
{
    size_t pg = page_size(), pages = g->len / pg;
    g->fd = memfd_create("shmemsim-globals", MFD_CLOEXEC);
    if (g->fd < 0 || ftruncate(g->fd, (off_t)g->len * npes) ||
        !(g->nonzero = calloc(pages, 1))) {
        snprintf(err, errlen, "cannot make %d copies of %zu bytes of globals "
                 "(%s)", npes, g->len, strerror(errno));
        return -1;
    }
    for (size_t p = 0; p < pages; p++)
        for (size_t i = 0; i < pg && !g->nonzero[p]; i++)
            g->nonzero[p] = g->init[p * pg + i] != 0;
    P.stats.remapped += g->len;
    return 0;
}

/* [lo, lo + len) as one region, copied or (remap) remapped. */
static int add_part(unsigned char *lo, size_t len, int remap, int npes,
                    char *err, size_t errlen)
{
    if (!len)
        return 0;
    if (P.n == SS_PRIV_MAX) {
        snprintf(err, errlen, "more than %d regions of globals", SS_PRIV_MAX);
        return -1;
    }
    region_t *g = &P.r[P.n++];
    memset(g, 0, sizeof *g);
    g->lo = lo;
    g->len = len;
    g->fd = -1;
    if (!(g->init = malloc(len))) {
        snprintf(err, errlen, "out of memory for %zu bytes of globals", len);
        return -1;
    }
    memcpy(g->init, lo, len);
    if (remap)
        return make_slices(g, npes, err, errlen);
    g->off = P.copy_bytes;
    P.copy_bytes += len;
    P.stats.copied += len;
    return 0;
}

/* The whole pages inside r are remapped when they are many; the partial
 * pages at its ends (which other data may share) are always copied. */
static int add_region(const ss_priv_region_t *r, int npes, char *err,
                      size_t errlen)
{
    size_t pg = page_size();
    uintptr_t lo = (uintptr_t)r->lo, hi = lo + r->len;
    uintptr_t a = (lo + pg - 1) / pg * pg, b = hi / pg * pg;
    if (npes < 2 || b <= a || b - a < SS_PRIV_REMAP_MIN)
        return add_part(r->lo, r->len, 0, npes, err, errlen);
    return add_part((unsigned char *)lo, a - lo, 0, npes, err, errlen) ||
           add_part((unsigned char *)a, b - a, 1, npes, err, errlen) ||
           add_part((unsigned char *)b, hi - b, 0, npes, err, errlen) ? -1 : 0;
}

int ss_priv_setup(const ss_priv_region_t *r, int n, int npes,
                  const ss_priv_hooks_t *hooks, char *err, size_t errlen)
{
    memset(&P, 0, sizeof P);
    P.owner = -1;
    P.npes = npes;
    if (hooks)
        P.hooks = *hooks;
    for (int i = 0; i < n; i++)
        if (r[i].lo && r[i].len && add_region(&r[i], npes, err, errlen))
            return -1;
    P.copy = calloc((size_t)npes, sizeof *P.copy);
    P.started = calloc((size_t)npes, 1);
    if (!P.copy || !P.started) {
        snprintf(err, errlen, "out of memory for %d PEs' globals", npes);
        return -1;
    }
    return 0;
}

/* The leaving PE's live bytes back into its buffer. */
static void save(int pe)
{
    if (P.hooks.save)
        P.hooks.save();
    for (int i = 0; i < P.n; i++)
        if (P.r[i].fd < 0)
            memcpy(P.copy[pe] + P.r[i].off, P.r[i].lo, P.r[i].len);
}

static void map_slice(region_t *g, int pe, int first)
{
    size_t pg = page_size();
    void *m = mmap(g->lo, g->len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                   g->fd, (off_t)g->len * pe);
    if (m != (void *)g->lo)
        ss_fatal("PE %d: cannot map its copy of the globals (%zu bytes): %s",
                 pe, g->len, strerror(errno));
    for (size_t p = 0; first && p * pg < g->len; p++)
        if (g->nonzero[p])
            memcpy(g->lo + p * pg, g->init + p * pg, pg);
}

/* pe's copy into place; made from the starting image the first time. */
static void load(int pe)
{
    int first = !P.started[pe];
    if (first && P.copy_bytes && !(P.copy[pe] = malloc(P.copy_bytes)))
        ss_fatal("PE %d: out of memory for its copy of the globals (%zu "
                 "bytes)", pe, P.copy_bytes);
    for (int i = 0; i < P.n; i++) {
        region_t *g = &P.r[i];
        if (g->fd >= 0)
            map_slice(g, pe, first);
        else
            memcpy(g->lo, first ? g->init : P.copy[pe] + g->off, g->len);
    }
    P.started[pe] = 1;
    if (P.hooks.restore)
        P.hooks.restore();
}

static void switch_to(int pe)
{
    if (P.owner >= 0)
        save(P.owner);
    load(pe);
    P.owner = pe;
    P.stats.switches++;
}

/* In the actor that SimGrid just resumed (ss_priv_hook.c). */
void ss_priv_resume(void)
{
    P.resumes++;
    if (!P.n && !ss_compute_measured())
        return;
    ss_pe_t *pe = sg_actor_self_get_data();
    if (!pe)
        return;
    if (P.n && pe->id != P.owner)
        switch_to(pe->id);
    ss_compute_resumed(pe);
}

void ss_priv_enter(void)
{
    ss_pe_t *pe = ss_self();
    if (!P.resumes)
        ss_fatal("PE %d: the runtime does not see SimGrid switch between PEs "
                 "(sim/pe/ss_priv_hook.c hooks SimGrid 3.32's context switch), so "
                 "the PEs' globals cannot be kept apart; use SimGrid 3.32 with "
                 "its default context factory (raw, boost or ucontext)", pe->id);
    if (pe->id != P.owner)
        switch_to(pe->id);
}

/* The starting image back at the regions' addresses (anonymous memory
 * again where a slice was mapped), copies freed. */
void ss_priv_disable(void)
{
    for (int i = 0; i < P.n; i++) {
        region_t *g = &P.r[i];
        if (g->fd >= 0) {
            mmap(g->lo, g->len, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            close(g->fd);
        }
        memcpy(g->lo, g->init, g->len);
        free(g->init);
        free(g->nonzero);
    }
    for (int i = 0; P.copy && i < P.npes; i++)
        free(P.copy[i]);
    free(P.copy);
    free(P.started);
    ss_priv_stats_t keep = P.stats;   /* still readable after the run */
    memset(&P, 0, sizeof P);
    P.owner = -1;
    P.stats = keep;
}

ss_priv_stats_t ss_priv_stats(void) { return P.stats; }
