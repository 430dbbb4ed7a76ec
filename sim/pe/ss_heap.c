/* ss_heap.c - the symmetric heap.
 *
 * Allocation k of the run (the k-th shmem_malloc every PE makes) is one
 * block holding every PE's copy side by side: PE p's copy starts at
 * base + p * stride. A symmetric address therefore names its PE and offset
 * by arithmetic, and memory is exactly npes x size, with no per-PE arena to
 * reserve. A folded allocation has a single copy that every PE shares
 * (as SMPI's shared malloc does): used for large buffers when payload
 * values do not matter, so memory does not grow with PEs x size.
 *
 * Copies are reserved, not committed: a block of LAZY_MIN bytes or more
 * is an anonymous mapping without swap reservation, so, as a real
 * runtime's symmetric heap, it costs only the pages a PE touches, and a
 * program that allocates GiB and touches KiB runs at thousands of PEs.
 * What truly runs out is caught while the run goes on (ss_heap_watch):
 * one line, and the advice to fold. Folding is never silent for a
 * program: only --fold SIZE asks for it. When no value of the program's
 * symmetric data matters at all (payload_free: `shmemsim run` without
 * --check), every allocation has one copy from the start: puts into it
 * carry no bytes and memory does not grow with PEs. A run that checks
 * results (checked: every copy is written) stops at once when the
 * copies would not fit in the memory free (the budget set at init).
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "meminfo.h"
#include "ss_internal.h"

typedef struct ss_alloc {
    unsigned char *base;
    size_t size;       /* bytes each PE asked for */
    size_t stride;     /* bytes between two PEs' copies */
    size_t align;
    int folded;
    int frees;         /* PEs that have called shmem_free on it */
    size_t mapped;     /* bytes mapped (LAZY_MIN or more), else 0 */
    size_t nth;        /* the program's allocation number, from 1 */
    const char *call;  /* the call that made it */
} ss_alloc_t;

static struct {
    ss_alloc_t **v;          /* by allocation number; each block on its
                                own, so live[] pointers never move */
    size_t n;
    ss_alloc_t **live;       /* live allocations sorted by base */
    size_t nlive;
    ss_alloc_t **internal;   /* runtime-owned blocks (ss_heap_register) */
    size_t ninternal;
    int npes;
    size_t fold_threshold;
    size_t in_use;
    size_t peak;             /* the most in_use has been */
    size_t budget;           /* bytes of copies that fit; 0: no limit */
    int checked;             /* every copy is written (--check) */
    int payload_free;
    size_t mapped;           /* bytes reserved by mappings */
    double watched;          /* wall time of the last memory check */
} H;

#define LAZY_MIN ((size_t)1 << 20)

int ss_heap_init(int npes, const ss_config_t *cfg, size_t budget)
{
    memset(&H, 0, sizeof H);
    H.npes = npes;
    H.fold_threshold = cfg->fold_threshold;
    H.budget = budget;
    H.checked = cfg->keep_copies;
    H.payload_free = cfg->payload_free && !cfg->keep_copies;
    return 0;
}

unsigned long long ss_pe_memory(int stack_kib)   /* ss_config.h */
{
    return ((unsigned long long)(stack_kib > 0 ? stack_kib : 0) + 16) * 1024;
}

/* Memory for the program's symmetric copies: half of what the machine has
 * free (MemAvailable), less what the PEs themselves take (ss_pe_memory
 * each). 0 (no limit) when unknown. */
size_t ss_heap_budget(int npes, int stack_kib)
{
    unsigned long long avail = ss_meminfo("MemAvailable") / 2;
    unsigned long long pes = (unsigned long long)npes * ss_pe_memory(stack_kib);
    if (!avail)
        return 0;
    return avail > pes ? (size_t)(avail - pes) : 1;
}

static double gib(size_t b) { return (double)b / (1024.0 * 1024 * 1024); }

/* A run that checks results writes every copy: if npes copies of `total`
 * bytes in all overrun the budget, it stops now. */
static void check_budget(size_t size, size_t total, int pe, const char *call)
{
    if (!H.checked || !H.budget || H.npes == 1 ||
        (H.in_use <= H.budget && total <= H.budget - H.in_use))
        return;
    ss_fatal("PE %d: %s(%zu): %d PEs x %zu bytes (%.1f GiB) do not fit in "
             "the memory free for copies (%.1f GiB); checking results needs "
             "every copy: drop --check (timing does not depend on payload "
             "values) or use fewer PEs or smaller sizes", pe, call, size,
             H.npes, size, gib(total), gib(H.budget));
}

/* Reserved copies become memory as PEs touch them: once a second of wall
 * time (now), while some are mapped, a run about to exhaust the machine
 * stops with the advice, before the kernel kills it. */
void ss_heap_watch(double now)
{
    if (!H.mapped || now - H.watched < 1.0)
        return;
    H.watched = now;
    unsigned long long avail = ss_meminfo("MemAvailable"), total = ss_meminfo("MemTotal");
    if (!total || avail > total / 32)
        return;
    ss_fatal("memory is running out (%.1f GiB of %.1f GiB left): the PEs "
             "have touched much of the %.1f GiB of symmetric copies they "
             "reserve; fold the large buffers (--fold SIZE: allocations of "
             "SIZE bytes or more get one copy shared by all PEs, timing does "
             "not depend on payload values) or use fewer PEs", gib(avail),
             gib(total), gib(H.mapped));
}

/* npes copies: reserved when large (see the file's head), zeroed. */
static unsigned char *reserve(ss_alloc_t *a, size_t total, size_t al)
{
    if (total >= LAZY_MIN && al <= (size_t)sysconf(_SC_PAGESIZE)) {
        void *p = mmap(NULL, total, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        a->mapped = total;
        H.mapped += total;
        return p;
    }
    unsigned char *p = al <= 16 ? calloc(1, total) : aligned_alloc(al, total);
    if (p && al > 16)
        memset(p, 0, total);
    return p;
}

static void release(ss_alloc_t *a)
{
    if (a->mapped) {
        munmap(a->base, a->mapped);
        H.mapped -= a->mapped;
    } else {
        free(a->base);
    }
    a->base = NULL;
}

void ss_heap_fini(void)
{
    for (size_t i = 0; i < H.n; i++) {
        if (H.v[i]->base)
            release(H.v[i]);
        free(H.v[i]);
    }
    for (size_t i = 0; i < H.ninternal; i++) {
        release(H.internal[i]);
        free(H.internal[i]);
    }
    free(H.internal);
    free(H.v);
    free(H.live);
    memset(&H, 0, sizeof H);
}

size_t ss_heap_bytes_in_use(void) { return H.in_use; }
size_t ss_heap_bytes_peak(void) { return H.peak; }

static void live_insert(ss_alloc_t *a)
{
    size_t i = H.nlive;
    H.live = realloc(H.live, (H.nlive + 1) * sizeof *H.live);
    if (!H.live)
        ss_fatal("out of memory growing the symmetric heap index");
    while (i > 0 && H.live[i - 1]->base > a->base) {
        H.live[i] = H.live[i - 1];
        i--;
    }
    H.live[i] = a;
    H.nlive++;
}

static void live_remove(const ss_alloc_t *a)
{
    size_t i = 0;
    while (i < H.nlive && H.live[i] != a)
        i++;
    if (i < H.nlive) {
        memmove(H.live + i, H.live + i + 1, (H.nlive - i - 1) * sizeof *H.live);
        H.nlive--;
    }
}

static ss_alloc_t *lookup(const void *addr)
{
    const unsigned char *p = addr;
    size_t lo = 0, hi = H.nlive;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (H.live[mid]->base <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    ss_alloc_t *a = H.live[lo - 1];
    size_t span = a->folded ? a->stride : a->stride * (size_t)H.npes;
    return p < a->base + span ? a : NULL;
}

/* foldable: a program's allocation (--fold or the budget may share it);
 * the runtime's own workspace never is (it holds flags and sizes). */
static void create(ss_alloc_t *a, size_t alignment, size_t size, int pe,
                   const char *call, int foldable)
{
    size_t al = alignment < 16 ? 16 : alignment;
    size_t stride = (size + al - 1) / al * al;
    size_t copies = foldable && (H.payload_free || (H.fold_threshold &&
                                 size >= H.fold_threshold)) ? 1 : (size_t)H.npes;
    if (stride < size)
        ss_fatal("PE %d: %s(%zu): the size overflows the address space", pe,
                 call, size);
    size_t total = stride > SIZE_MAX / copies ? SIZE_MAX : stride * copies;
    if (copies > 1 && foldable)
        check_budget(size, total, pe, call);
    if (total == SIZE_MAX)
        ss_fatal("PE %d: %s(%zu): %zu copies overflow the address space", pe,
                 call, size, copies);
    a->base = reserve(a, total, al);
    if (!a->base && !foldable)   /* a collective's own flags and sizes */
        ss_fatal("%s: the collective's workspace of %zu bytes per PE (psync "
                 "words, and for ring collect every member's size and offset) "
                 "needs %.1f GiB for %d PEs, more than this machine has; it "
                 "cannot be folded: use fewer PEs, or `shmemsim scale` to fit "
                 "this point from smaller ones", call, size, gib(total), H.npes);
    if (!a->base)
        ss_fatal("PE %d: %s(%zu): cannot allocate %zu bytes for %zu copies; "
                 "use --fold or fewer PEs", pe, call, size, total, copies);
    a->size = size;
    a->stride = stride;
    a->align = alignment;
    a->folded = copies == 1 && H.npes > 1;
    H.in_use += total;
    if (H.in_use > H.peak)
        H.peak = H.in_use;
    live_insert(a);
}

/* Appends a new zeroed block descriptor to a pointer array. */
static ss_alloc_t *new_block(ss_alloc_t ***list, size_t *n)
{
    ss_alloc_t *a = calloc(1, sizeof *a);
    ss_alloc_t **v = realloc(*list, (*n + 1) * sizeof *v);
    if (!a || !v)
        ss_fatal("out of memory growing the symmetric heap table");
    *list = v;
    v[(*n)++] = a;
    return a;
}

/* Collective: every PE makes the same sequence of calls with the same
 * sizes. The first PE to make call k creates block k; the others find it.
 * No simulated time passes (docs/architecture.md: allocation is free). */
void *ss_heap_alloc(ss_pe_t *pe, size_t alignment, size_t size, int zero,
                    const char *call)
{
    (void)zero;   /* every block is zeroed once: reproducible contents */
    if (size == 0)
        return NULL;
    if (alignment == 0 || (alignment & (alignment - 1)))
        ss_fatal("PE %d: %s: alignment %zu is not a power of two", pe->id,
                 call, alignment);
    size_t k = pe->nmalloc++;
    if (k == H.n) {
        ss_alloc_t *a = new_block(&H.v, &H.n);
        create(a, alignment, size, pe->id, call, 1);
        a->nth = k + 1;
        a->call = call;
    }
    ss_alloc_t *a = H.v[k];
    if (a->size != size || a->align != alignment)
        ss_fatal("PE %d: %s: symmetric allocation #%zu asks %zu bytes "
                 "(alignment %zu) but another PE asked %zu (alignment %zu); "
                 "every PE must pass the same arguments", pe->id, call, k,
                 size, alignment, a->size, a->align);
    if (!a->base)
        ss_fatal("PE %d: %s: allocation #%zu was already freed", pe->id, call, k);
    return a->folded ? a->base : a->base + (size_t)pe->id * a->stride;
}

/* Called after the free's synchronisation: every message to this block has
 * been applied, so the last PE to free can release it. */
void ss_heap_free(ss_pe_t *pe, void *ptr)
{
    if (!ptr)
        return;
    ss_alloc_t *a = lookup(ptr);
    if (!a || ss_heap_translate(pe->id, ptr, 0, pe->id) != ptr ||
        (!a->folded && (size_t)((unsigned char *)ptr - a->base) % a->stride))
        ss_fatal("PE %d: shmem_free(%p): not an address returned by "
                 "shmem_malloc on this PE", pe->id, ptr);
    if (++a->frees == H.npes) {
        live_remove(a);
        H.in_use -= a->folded ? a->stride : a->stride * (size_t)H.npes;
        release(a);
    }
}

unsigned char *ss_heap_translate(int from, const void *addr, size_t len, int to)
{
    /* A program's global: the same address on every PE, each PE's copy
     * live while it runs (ss_priv.c). */
    if (ss_priv_contains(addr, len))
        return (unsigned char *)addr;
    ss_alloc_t *a = lookup(addr);
    if (!a)
        return NULL;
    size_t rel = (size_t)((const unsigned char *)addr - a->base);
    if (a->folded)
        return rel + len <= a->size ? a->base + rel : NULL;
    size_t owner = rel / a->stride, off = rel % a->stride;
    if (owner != (size_t)from || off + len > a->size)
        return NULL;
    return a->base + (size_t)to * a->stride + off;
}

int ss_heap_is_folded(const void *addr)
{
    ss_alloc_t *a = lookup(addr);
    return a && a->folded;
}

/* Why [addr, addr + len) of PE `from` is not symmetric, into buf: an
 * access that starts inside one of its allocations and runs past the end
 * is the caller's bug, and is named so. */
const char *ss_heap_why(int from, const void *addr, size_t len, char *buf, size_t cap)
{
    const ss_alloc_t *a = lookup(addr);
    size_t rel = a ? (size_t)((const unsigned char *)addr - a->base) : 0;
    size_t owner = a && !a->folded ? rel / a->stride : (size_t)from;
    size_t off = a && !a->folded ? rel % a->stride : rel;
    if (a && a->nth && owner == (size_t)from && off < a->size)
        snprintf(buf, cap, "%zu bytes at %p run %zu bytes past the end of the "
                 "program's symmetric allocation #%zu (%s, %zu bytes; the "
                 "access starts at its byte %zu)", len, addr,
                 off + len - a->size, a->nth, a->call, a->size, off);
    else if (ss_priv_contains(addr, 1))
        snprintf(buf, cap, "%zu bytes at %p run past the end of the program's "
                 "global data", len, addr);
    else
        snprintf(buf, cap, "address %p (+%zu bytes) is not inside this PE's "
                 "symmetric heap; use memory from shmem_malloc", addr, len);
    return buf;
}

void ss_heap_check_local(ss_pe_t *pe, const void *addr, size_t len,
                         const char *call)
{
    char why[300];
    if (!ss_heap_translate(pe->id, addr, len, pe->id))
        ss_fatal("PE %d: %s: %s", pe->id, call,
                 ss_heap_why(pe->id, addr, len, why, sizeof why));
}

/* A runtime-owned block of npes copies of `bytes`, outside the program's
 * allocation sequence. Flags and sizes are never folded; a payload block
 * (values no decision reads) has one copy when no value matters at all. */
unsigned char *ss_heap_register(size_t bytes, int payload)
{
    ss_alloc_t *a = new_block(&H.internal, &H.ninternal);
    create(a, 16, bytes, -1, "workspace", payload && H.payload_free);
    return a->base;
}

/* Bytes of the allocation that starts at ptr on PE pe (shmem_realloc),
 * or (size_t)-1 when ptr is not one shmem_malloc returned there. */
size_t ss_heap_size_of(int pe, const void *ptr)
{
    ss_alloc_t *a = lookup(ptr);
    if (!a || ss_heap_translate(pe, ptr, 0, pe) != ptr ||
        (!a->folded && (size_t)((const unsigned char *)ptr - a->base) % a->stride))
        return (size_t)-1;
    return a->size;
}
