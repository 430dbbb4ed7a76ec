/* names.c - string interning (names.h): open addressing on FNV-1a. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

#define BLOCK (1u << 20)

struct ss_names {
    int *slot;            /* id + 1, 0 = empty; capacity a power of two */
    size_t cap;
    const char **str;     /* id -> string */
    uint32_t *hash;       /* id -> hash, so that growing does not rehash strings */
    int count, scap;
    char *block;          /* strings are carved from blocks of BLOCK bytes */
    size_t used;
    char **blocks;
    int nblocks;
};

static uint32_t fnv(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

ss_names_t *ss_names_new(void)
{
    ss_names_t *n = calloc(1, sizeof *n);
    if (n && !(n->slot = calloc(n->cap = 1024, sizeof *n->slot))) {
        free(n);
        return NULL;
    }
    return n;
}

void ss_names_free(ss_names_t *n)
{
    if (!n)
        return;
    for (int i = 0; i < n->nblocks; i++)
        free(n->blocks[i]);
    free(n->blocks);
    free(n->slot);
    free(n->str);
    free(n->hash);
    free(n);
}

static size_t find_slot(const ss_names_t *n, const char *s, size_t len, uint32_t h)
{
    size_t i = h & (n->cap - 1);
    while (n->slot[i]) {
        int id = n->slot[i] - 1;
        if (n->hash[id] == h && !strncmp(n->str[id], s, len) && n->str[id][len] == '\0')
            break;
        i = (i + 1) & (n->cap - 1);
    }
    return i;
}

static int rehash(ss_names_t *n)
{
    size_t cap = n->cap * 2;
    int *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return -1;
    for (int id = 0; id < n->count; id++) {
        size_t i = n->hash[id] & (cap - 1);
        while (slot[i])
            i = (i + 1) & (cap - 1);
        slot[i] = id + 1;
    }
    free(n->slot);
    n->slot = slot;
    n->cap = cap;
    return 0;
}

static char *store(ss_names_t *n, const char *s, size_t len)
{
    if (len + 1 > BLOCK) {   /* a name longer than a block gets its own */
        char **b = realloc(n->blocks, (size_t)(n->nblocks + 1) * sizeof *b);
        if (!b || !(b[n->nblocks] = malloc(len + 1)))
            return b ? (n->blocks = b, NULL) : NULL;
        n->blocks = b;
        memcpy(b[n->nblocks], s, len);
        b[n->nblocks][len] = '\0';
        return b[n->nblocks++];
    }
    if (!n->block || n->used + len + 1 > BLOCK) {
        char **b = realloc(n->blocks, (size_t)(n->nblocks + 1) * sizeof *b);
        if (!b)
            return NULL;
        n->blocks = b;
        if (!(n->block = b[n->nblocks] = malloc(BLOCK)))
            return NULL;
        n->nblocks++;
        n->used = 0;
    }
    char *p = n->block + n->used;
    memcpy(p, s, len);
    p[len] = '\0';
    n->used += len + 1;
    return p;
}

static int add(ss_names_t *n, const char *s, size_t len, uint32_t h)
{
    if (n->count == n->scap) {
        int cap = n->scap ? 2 * n->scap : 1024;
        const char **str = realloc(n->str, (size_t)cap * sizeof *str);
        if (str)
            n->str = str;
        uint32_t *hash = str ? realloc(n->hash, (size_t)cap * sizeof *hash) : NULL;
        if (!hash)
            return -1;
        n->hash = hash;
        n->scap = cap;
    }
    const char *p = store(n, s, len);
    if (!p)
        return -1;
    n->str[n->count] = p;
    n->hash[n->count] = h;
    return n->count++;
}

int ss_names_intern(ss_names_t *n, const char *s, size_t len)
{
    uint32_t h = fnv(s, len);
    size_t i = find_slot(n, s, len, h);
    if (n->slot[i])
        return n->slot[i] - 1;
    int id = add(n, s, len, h);
    if (id < 0)
        return -1;
    n->slot[i] = id + 1;
    if ((size_t)n->count * 2 > n->cap && rehash(n))
        return -1;
    return id;
}

int ss_names_find(const ss_names_t *n, const char *s)
{
    size_t len = strlen(s);
    size_t i = find_slot(n, s, len, fnv(s, len));
    return n->slot[i] - 1;
}

const char *ss_names_str(const ss_names_t *n, int id)
{
    return n->str[id];
}

int ss_names_count(const ss_names_t *n)
{
    return n->count;
}
