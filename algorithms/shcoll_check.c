/* shcoll_check.c - test data, reference results and verification. */
#include "shcoll_check.h"
#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every reduction type with its C type and how to print it: S signed,
 * U unsigned, R real, C complex. */
#define CHECK_TYPES(X)                                                      \
    X(SHCOLL_T_CHAR, char, S)                                               \
    X(SHCOLL_T_SCHAR, signed char, S)                                       \
    X(SHCOLL_T_SHORT, short, S)                                             \
    X(SHCOLL_T_INT, int, S)                                                 \
    X(SHCOLL_T_LONG, long, S)                                               \
    X(SHCOLL_T_LONGLONG, long long, S)                                      \
    X(SHCOLL_T_PTRDIFF, ptrdiff_t, S)                                       \
    X(SHCOLL_T_UCHAR, unsigned char, U)                                     \
    X(SHCOLL_T_USHORT, unsigned short, U)                                   \
    X(SHCOLL_T_UINT, unsigned int, U)                                       \
    X(SHCOLL_T_ULONG, unsigned long, U)                                     \
    X(SHCOLL_T_ULONGLONG, unsigned long long, U)                            \
    X(SHCOLL_T_INT8, int8_t, S)                                             \
    X(SHCOLL_T_INT16, int16_t, S)                                           \
    X(SHCOLL_T_INT32, int32_t, S)                                           \
    X(SHCOLL_T_INT64, int64_t, S)                                           \
    X(SHCOLL_T_UINT8, uint8_t, U)                                           \
    X(SHCOLL_T_UINT16, uint16_t, U)                                         \
    X(SHCOLL_T_UINT32, uint32_t, U)                                         \
    X(SHCOLL_T_UINT64, uint64_t, U)                                         \
    X(SHCOLL_T_SIZE, size_t, U)                                             \
    X(SHCOLL_T_FLOAT, float, R)                                             \
    X(SHCOLL_T_DOUBLE, double, R)                                           \
    X(SHCOLL_T_LONGDOUBLE, long double, R)                                  \
    X(SHCOLL_T_COMPLEXF, float complex, C)                                  \
    X(SHCOLL_T_COMPLEXD, double complex, C)

/* ---- sizes ----------------------------------------------------------- */

static size_t granule(const shcoll_args_t *a)
{
    return a->elem_size ? a->elem_size : 1;
}

static size_t reduce_esize(const shcoll_args_t *a)
{
    return a->elem_size ? a->elem_size : shcoll_type_size(a->type);
}

size_t shcoll_collect_bytes(int member, size_t base_bytes, size_t elem_size)
{
    size_t es = elem_size ? elem_size : 1;
    if (base_bytes == 0 || member % 3 == 1)
        return 0;
    return (base_bytes / es + (size_t)(member % 4)) * es;
}

/* The sizes repeat with period 12 (lcm of 3 and 4), so the prefix sum is
 * whole periods plus a short tail: O(1) even for 100k members. */
size_t shcoll_collect_offset(int member, size_t base_bytes, size_t elem_size)
{
    size_t period = 0, tail = 0;
    int whole = member / 12;
    for (int m = 0; m < 12; m++)
        period += shcoll_collect_bytes(m, base_bytes, elem_size);
    for (int m = whole * 12; m < member; m++)
        tail += shcoll_collect_bytes(m, base_bytes, elem_size);
    return (size_t)whole * period + tail;
}

/* alltoall: elements st apart (0 or 1: contiguous). */
static size_t a2a_stride(ptrdiff_t st)
{
    return st > 1 ? (size_t)st : 1;
}

/* alltoall: bytes from the first to the last of the p blocks' elements. */
static size_t a2a_span(const shcoll_check_t *c, const shcoll_args_t *a,
                       ptrdiff_t st)
{
    size_t e = granule(a), n = (size_t)a->set.size * (c->nbytes / e);
    return n ? ((n - 1) * a2a_stride(st) + 1) * e : 0;
}

size_t shcoll_check_source_bytes(const shcoll_check_t *c,
                                 const shcoll_args_t *a, int member)
{
    if (c->kind == SHCOLL_COLLECT)
        return shcoll_collect_bytes(member, c->nbytes, granule(a));
    if (c->kind == SHCOLL_ALLTOALL)
        return a2a_span(c, a, a->sst);
    return c->nbytes;
}

size_t shcoll_check_dest_bytes(const shcoll_check_t *c,
                               const shcoll_args_t *a)
{
    switch (c->kind) {
    case SHCOLL_FCOLLECT:
        return (size_t)a->set.size * c->nbytes;
    case SHCOLL_COLLECT:
        return shcoll_collect_offset(a->set.size, c->nbytes, granule(a));
    case SHCOLL_ALLTOALL:
        return a2a_span(c, a, a->dst);
    default:
        return c->nbytes;
    }
}

/* ---- data ------------------------------------------------------------ */

/* A hash of (member, index, salt): neighbouring bytes, members and calls
 * all differ, so a block landing at the wrong offset or from the wrong
 * member or call shows. */
static unsigned char pattern_byte(int member, size_t i, unsigned salt)
{
    uint64_t h = (uint64_t)member * 0x9E3779B97F4A7C15u ^
                 (uint64_t)i * 0xC2B2AE3D27D4EB4Fu ^
                 (uint64_t)salt * 0x165667B19E3779F9u;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 32;
    return (unsigned char)h;
}

static void fill_bytes(unsigned char *buf, size_t n, int member,
                       unsigned salt)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = pattern_byte(member, i, salt);
}

/* Small exact values per op (see the header); im only for complex. */
static void reduce_value(shcoll_op_t op, int cplx, int r, size_t i,
                         unsigned salt, long *re, long *im)
{
    size_t k = (size_t)r + i + salt;
    *im = 0;
    switch (op) {
    case SHCOLL_OP_AND:  *re = ~(1L << (k % 7)); break;
    case SHCOLL_OP_OR:   *re = 1L << ((3u * (size_t)r + i + salt) % 7); break;
    case SHCOLL_OP_XOR:  *re = (long)((37u * (size_t)r + 11u * i + salt) & 0x7f);
                         break;
    case SHCOLL_OP_MAX:
    case SHCOLL_OP_MIN:  *re = (long)((7u * (size_t)r + 3u * i + salt) % 101);
                         break;
    case SHCOLL_OP_SUM:  *re = (long)(k % 4); *im = (long)((k + 1) % 3); break;
    case SHCOLL_OP_PROD:
        *re = k % 13 == 0 ? 2 : k % 13 == 6 ? -1 : 1;
        if (cplx && k % 13 == 3) {
            *re = 0;
            *im = 1;
        }
        break;
    default: *re = 0; break;
    }
}

#define STORE_S(T) ((T *)buf)[i] = (T)re
#define STORE_U(T) ((T *)buf)[i] = (T)re
#define STORE_R(T) ((T *)buf)[i] = (T)re
#define STORE_C(T) ((T *)buf)[i] = (T)((double)re + (double)im * I)
#define STORE_CASE(E, T, K) case E: STORE_##K(T); break;

static void store_value(shcoll_type_t t, void *buf, size_t i, long re,
                        long im)
{
    switch (t) {
    CHECK_TYPES(STORE_CASE)
    default: break;
    }
}

static void fill_reduce(const shcoll_args_t *a, size_t nelems, int member,
                        unsigned salt, void *buf)
{
    int cplx = a->type == SHCOLL_T_COMPLEXF || a->type == SHCOLL_T_COMPLEXD;
    for (size_t i = 0; i < nelems; i++) {
        long re, im;
        reduce_value(a->op, cplx, member, i, salt, &re, &im);
        store_value(a->type, buf, i, re, im);
    }
}

/* alltoall: element e of member r's source holds bytes (r, e*elem + b),
 * the gaps between strided elements a byte no block has. */
#define A2A_GAP 0xA5

static void fill_alltoall(const shcoll_check_t *c, const shcoll_args_t *a,
                          int member, unsigned char *src)
{
    size_t e = granule(a), n = (size_t)a->set.size * (c->nbytes / e);
    memset(src, A2A_GAP, a2a_span(c, a, a->sst));
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < e; b++)
            src[k * a2a_stride(a->sst) * e + b] =
                pattern_byte(member, k * e + b, c->salt);
}

void shcoll_check_fill(const shcoll_check_t *c, const shcoll_args_t *a,
                       int member, void *source)
{
    size_t n = shcoll_check_source_bytes(c, a, member);
    if (c->kind == SHCOLL_ALLTOALL)
        fill_alltoall(c, a, member, source);
    else if (c->kind == SHCOLL_REDUCE && reduce_esize(a) > 0)
        fill_reduce(a, n / reduce_esize(a), member, c->salt, source);
    else
        fill_bytes(source, n, member, c->salt);
}

/* ---- reference ------------------------------------------------------- */

static int reference_reduce(const shcoll_check_t *c, const shcoll_args_t *a,
                            void *expect)
{
    size_t es = reduce_esize(a);
    if (!shcoll_op_valid(a->op, a->type) || es == 0 || c->nbytes % es)
        return -1;
    size_t nelems = c->nbytes / es;
    void *tmp = malloc(c->nbytes ? c->nbytes : 1);
    if (tmp == NULL)
        return -1;
    fill_reduce(a, nelems, 0, c->salt, expect);
    for (int r = 1; r < a->set.size; r++) {
        fill_reduce(a, nelems, r, c->salt, tmp);
        shcoll_combine_local(a, expect, tmp, nelems);
    }
    free(tmp);
    return 0;
}

/* alltoall on the calling member me: its dest block j is member j's
 * source block me. Gaps are left 0 (compare_alltoall skips them). */
static int reference_alltoall(const shcoll_check_t *c,
                              const shcoll_args_t *a, unsigned char *out)
{
    int me = shcoll_my_index(&a->set);
    size_t e = granule(a), nel = c->nbytes / e;
    if (me < 0)
        return -1;
    memset(out, 0, a2a_span(c, a, a->dst));
    for (int j = 0; j < a->set.size; j++)
        for (size_t k = 0; k < nel; k++)
            for (size_t b = 0; b < e; b++)
                out[((size_t)j * nel + k) * a2a_stride(a->dst) * e + b] =
                    pattern_byte(j, ((size_t)me * nel + k) * e + b, c->salt);
    return 0;
}

int shcoll_check_reference(const shcoll_check_t *c, const shcoll_args_t *a,
                           void *expect)
{
    unsigned char *out = expect;
    size_t off = 0;

    switch (c->kind) {
    case SHCOLL_FCOLLECT:
    case SHCOLL_COLLECT:
        for (int r = 0; r < a->set.size; r++) {
            size_t n = shcoll_check_source_bytes(c, a, r);
            fill_bytes(out + off, n, r, c->salt);
            off += n;
        }
        return 0;
    case SHCOLL_BROADCAST:
        if (a->root < 0 || a->root >= a->set.size)
            return -1;
        fill_bytes(out, c->nbytes, a->root, c->salt);
        return 0;
    case SHCOLL_REDUCE:
        return reference_reduce(c, a, expect);
    case SHCOLL_ALLTOALL:
        return reference_alltoall(c, a, expect);
    default:
        return -1;
    }
}

/* ---- comparison ------------------------------------------------------ */

#define SHOW_S(T) snprintf(buf, len, "%lld", (long long)*(const T *)p)
#define SHOW_U(T) snprintf(buf, len, "%llu", (unsigned long long)*(const T *)p)
#define SHOW_R(T) snprintf(buf, len, "%Lg", (long double)*(const T *)p)
#define SHOW_C(T) snprintf(buf, len, "(%g,%g)", creal(*(const T *)p),       \
                           cimag(*(const T *)p))
#define SHOW_CASE(E, T, K) case E: SHOW_##K(T); break;

static void show_elem(shcoll_type_t t, const void *p, char *buf, size_t len)
{
    switch (t) {
    CHECK_TYPES(SHOW_CASE)
    default: snprintf(buf, len, "?"); break;
    }
}

/* Floating types compare by value: long double has padding bytes (x86:
 * 10 of 16 used), and a complex product may give -0 for an imaginary
 * part where another combining order gives +0 (equal values). The data
 * holds no NaN. Integer types have no padding: compare bytes. */
/* The types elem_equal compares by value rather than by bytes. */
static int is_floating(shcoll_type_t t)
{
    return t == SHCOLL_T_FLOAT || t == SHCOLL_T_DOUBLE || t == SHCOLL_T_LONGDOUBLE ||
           t == SHCOLL_T_COMPLEXF || t == SHCOLL_T_COMPLEXD;
}

static int elem_equal(shcoll_type_t t, const void *x, const void *y,
                      size_t es)
{
    switch (t) {
    case SHCOLL_T_FLOAT:
        return *(const float *)x == *(const float *)y;
    case SHCOLL_T_DOUBLE:
        return *(const double *)x == *(const double *)y;
    case SHCOLL_T_LONGDOUBLE:
        return *(const long double *)x == *(const long double *)y;
    case SHCOLL_T_COMPLEXF:
        return *(const float complex *)x == *(const float complex *)y;
    case SHCOLL_T_COMPLEXD:
        return *(const double complex *)x == *(const double complex *)y;
    default:
        return memcmp(x, y, es) == 0;
    }
}

static int compare_reduce(const shcoll_args_t *a, size_t nbytes,
                          const void *expect, const void *dest,
                          char *err, size_t errlen)
{
    size_t es = reduce_esize(a);
    const char *e = expect, *d = dest;
    for (size_t i = 0; es > 0 && i < nbytes / es; i++) {
        if (elem_equal(a->type, d + i * es, e + i * es, es))
            continue;
        char got[64], want[64];
        show_elem(a->type, d + i * es, got, sizeof got);
        show_elem(a->type, e + i * es, want, sizeof want);
        snprintf(err, errlen, "%s %s element %zu of %zu: got %s, expected %s",
                 shcoll_op_name(a->op), shcoll_type_name(a->type), i,
                 nbytes / es, got, want);
        return 1;
    }
    return 0;
}

/* Which member's block holds byte i of dest (fcollect/collect). */
static int owner_of(const shcoll_check_t *c, const shcoll_args_t *a,
                    size_t i, size_t *offset)
{
    size_t off = 0;
    for (int r = 0; r < a->set.size; r++) {
        size_t n = shcoll_check_source_bytes(c, a, r);
        if (i < off + n) {
            *offset = i - off;
            return r;
        }
        off += n;
    }
    *offset = 0;
    return -1;
}

static void describe_byte(const shcoll_check_t *c, const shcoll_args_t *a,
                          size_t i, char *buf, size_t len)
{
    size_t off;
    if (c->kind == SHCOLL_FCOLLECT || c->kind == SHCOLL_COLLECT) {
        int r = owner_of(c, a, i, &off);
        snprintf(buf, len, " (block of member %d, offset %zu)", r, off);
    } else {
        snprintf(buf, len, " (payload of root member %d)", a->root);
    }
}

/* alltoall: element by element, gaps skipped (they are not the call's). */
static int compare_alltoall(const shcoll_check_t *c, const shcoll_args_t *a,
                            const unsigned char *e, const unsigned char *d,
                            char *err, size_t errlen)
{
    size_t g = granule(a), nel = c->nbytes / g, p = (size_t)a->set.size;
    for (size_t k = 0; k < p * nel; k++) {
        size_t at = k * a2a_stride(a->dst) * g;
        if (memcmp(d + at, e + at, g) == 0)
            continue;
        snprintf(err, errlen, "alltoall element %zu of block %zu (from member "
                 "%zu) at byte %zu: got 0x%02x.., expected 0x%02x..",
                 k % nel, k / nel, k / nel, at, d[at], e[at]);
        return 1;
    }
    return 0;
}

int shcoll_check_compare(const shcoll_check_t *c, const shcoll_args_t *a,
                         const void *expect, const void *dest,
                         char *err, size_t errlen)
{
    size_t n = shcoll_check_dest_bytes(c, a);
    /* The common case first: the byte loops below find and name a
     * difference, but do not vectorize (a quarter of algorithms_p64).
     * Not for floating reductions, compared by value (NaN, -0.0). */
    int bitwise = c->kind != SHCOLL_ALLTOALL &&
                  (c->kind != SHCOLL_REDUCE || !is_floating(a->type));
    if (bitwise && memcmp(expect, dest, n) == 0)
        return 0;
    if (c->kind == SHCOLL_REDUCE)
        return compare_reduce(a, n, expect, dest, err, errlen);
    if (c->kind == SHCOLL_ALLTOALL)
        return compare_alltoall(c, a, expect, dest, err, errlen);

    const unsigned char *e = expect, *d = dest;
    for (size_t i = 0; i < n; i++) {
        if (d[i] == e[i])
            continue;
        char where[80];
        describe_byte(c, a, i, where, sizeof where);
        snprintf(err, errlen, "%s byte %zu of %zu%s: got 0x%02x, expected "
                 "0x%02x", shcoll_kind_name(c->kind), i, n, where, d[i],
                 e[i]);
        return 1;
    }
    return 0;
}

/* The last references computed, kept for the next members that check the
 * same calls: every member's expected dest is the same (but alltoall's),
 * and in a simulator all members share this process, so computing it once
 * instead of once per member turns the check's O(p^2 n) into O(p n). A
 * few entries, because a harness checks several calls in a row. */
enum { NCACHED = 4 };

typedef struct cached {
    shcoll_check_t c;
    shcoll_set_t set;
    int root;
    shcoll_op_t op;
    shcoll_type_t type;
    size_t elem_size, bytes;
    void *expect;
} cached_t;

static cached_t cache[NCACHED];
static unsigned cache_next;

static int same_call(const cached_t *e, const shcoll_check_t *c,
                     const shcoll_args_t *a, size_t n)
{
    return e->expect && e->bytes == n && e->c.kind == c->kind &&
           e->c.nbytes == c->nbytes && e->c.salt == c->salt &&
           e->set.start == a->set.start && e->set.stride == a->set.stride &&
           e->set.size == a->set.size && e->root == a->root &&
           e->op == a->op && e->type == a->type && e->elem_size == a->elem_size;
}

/* The reference for this call, from the cache or computed into it; NULL
 * with a message in err. */
static const void *reference(const shcoll_check_t *c, const shcoll_args_t *a,
                             char *err, size_t errlen)
{
    size_t n = shcoll_check_dest_bytes(c, a);
    for (int i = 0; c->kind != SHCOLL_ALLTOALL && i < NCACHED; i++)
        if (same_call(&cache[i], c, a, n))
            return cache[i].expect;
    cached_t *e = &cache[cache_next++ % NCACHED];
    free(e->expect);
    e->expect = malloc(n ? n : 1);
    if (e->expect == NULL) {
        snprintf(err, errlen, "out of memory for %zu reference bytes", n);
        return NULL;
    }
    if (shcoll_check_reference(c, a, e->expect) != 0) {
        snprintf(err, errlen, "invalid check arguments (%s)",
                 shcoll_kind_name(c->kind));
        free(e->expect);
        e->expect = NULL;
        return NULL;
    }
    *e = (cached_t){*c, a->set, a->root, a->op, a->type, a->elem_size, n,
                    e->expect};
    return e->expect;
}

int shcoll_check_verify(const shcoll_check_t *c, const shcoll_args_t *a,
                        const void *dest, char *err, size_t errlen)
{
    const void *expect = reference(c, a, err, errlen);
    return expect ? shcoll_check_compare(c, a, expect, dest, err, errlen) : -1;
}
