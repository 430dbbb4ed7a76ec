/* placement.c - which host each PE runs on. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "placement.h"

/* Host names ordered with their numbers compared as numbers, so that
 * node-2 comes before node-10: PE i goes to the i-th host in that order. */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            while (*a == '0') a++;
            while (*b == '0') b++;
            size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
            if (la != lb)
                return la < lb ? -1 : 1;
            int c = strncmp(a, b, la);
            if (c)
                return c;
            a += la;
            b += lb;
        } else {
            if (*a != *b)
                return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
            a++;
            b++;
        }
    }
    return *a ? 1 : *b ? -1 : 0;
}

static int host_cmp(const void *x, const void *y)
{
    return natural_cmp(sg_host_get_name(*(const sg_host_t *)x),
                       sg_host_get_name(*(const sg_host_t *)y));
}

sg_host_t *ss_place_hosts(size_t *n)
{
    *n = sg_host_count();
    sg_host_t *list = sg_host_list();
    sg_host_t *hosts = malloc(*n * sizeof *hosts);
    if (hosts) {
        memcpy(hosts, list, *n * sizeof *list);
        qsort(hosts, *n, sizeof *hosts, host_cmp);
    }
    free(list);
    return hosts;
}

size_t *ss_place_pes(int npes, int ppn, size_t nhosts, int how,
                     unsigned long seed)
{
    size_t n = (size_t)npes, k = (size_t)ppn, h = (n + k - 1) / k;
    size_t *host = malloc(n * sizeof *host), *perm = NULL;
    if (!host)
        return NULL;
    if (how == SS_PLACE_RANDOM) {
        if (!(perm = malloc(nhosts * sizeof *perm)))
            return free(host), NULL;
        for (size_t i = 0; i < nhosts; i++)
            perm[i] = i;
        uint64_t x = seed;
        for (size_t i = 0; i < h; i++) {      /* partial Fisher-Yates */
            uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            z ^= z >> 31;
            size_t j = i + (size_t)(z % (nhosts - i)), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }
    for (size_t i = 0; i < n; i++)
        host[i] = how == SS_PLACE_ROUND_ROBIN ? i % h
                  : perm ? perm[i / k] : i / k;
    free(perm);
    return host;
}

void ss_placement_name(int how, unsigned long seed, char *buf, size_t len)
{
    if (how == SS_PLACE_RANDOM)
        snprintf(buf, len, "random:%lu", seed);
    else
        snprintf(buf, len, "%s", how == SS_PLACE_ROUND_ROBIN ? "round-robin" : "block");
}
