/* pairs.c - (int, int) -> int, open addressing (pairs.h). */
#include <stdint.h>
#include <stdlib.h>

#include "pairs.h"

struct ss_pairs {
    uint64_t *key;     /* (a + 1) << 32 | b; 0 = empty */
    int *val;
    size_t cap, n;
};

static uint64_t key_of(int a, int b)
{
    return (uint64_t)((uint32_t)a + 1u) << 32 | (uint32_t)b;
}

static size_t slot_of(uint64_t k, size_t cap)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;   /* a 64-bit finalizer mixes both halves */
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

ss_pairs_t *ss_pairs_new(int n)
{
    ss_pairs_t *p = calloc(1, sizeof *p);
    if (p) {
        p->cap = 1024;
        while (p->cap < 4 * (size_t)(n > 0 ? n : 0))   /* at most half full */
            p->cap *= 2;
        p->key = calloc(p->cap, sizeof *p->key);
        p->val = malloc(p->cap * sizeof *p->val);
        if (!p->key || !p->val) {
            ss_pairs_free(p);
            return NULL;
        }
    }
    return p;
}

void ss_pairs_free(ss_pairs_t *p)
{
    if (p) {
        free(p->key);
        free(p->val);
        free(p);
    }
}

static size_t find(const ss_pairs_t *p, uint64_t k)
{
    size_t i = slot_of(k, p->cap);
    while (p->key[i] && p->key[i] != k)
        i = (i + 1) & (p->cap - 1);
    return i;
}

static int grow(ss_pairs_t *p)
{
    ss_pairs_t q = {.cap = p->cap * 2};
    q.key = calloc(q.cap, sizeof *q.key);
    q.val = malloc(q.cap * sizeof *q.val);
    if (!q.key || !q.val) {
        free(q.key);
        free(q.val);
        return -1;
    }
    for (size_t i = 0; i < p->cap; i++)
        if (p->key[i]) {
            size_t j = find(&q, p->key[i]);
            q.key[j] = p->key[i];
            q.val[j] = p->val[i];
        }
    free(p->key);
    free(p->val);
    p->key = q.key;
    p->val = q.val;
    p->cap = q.cap;
    return 0;
}

int ss_pairs_add(ss_pairs_t *p, int a, int b, int v)
{
    uint64_t k = key_of(a, b);
    size_t i = find(p, k);
    if (p->key[i])
        return p->val[i] + 1;
    p->key[i] = k;
    p->val[i] = v;
    if (++p->n * 2 > p->cap && grow(p))
        return -1;
    return 0;
}

int ss_pairs_get(const ss_pairs_t *p, int a, int b)
{
    size_t i = find(p, key_of(a, b));
    return p->key[i] ? p->val[i] : -1;
}
