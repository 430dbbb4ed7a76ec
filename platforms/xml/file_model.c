/* file_model.c - storage of the platform model (file_model.h). */
#include <stdlib.h>
#include <string.h>

#include "file_model.h"

ss_pmodel_t *ss_pmodel_new(void)
{
    ss_pmodel_t *m = calloc(1, sizeof *m);
    if (m && !(m->names = ss_names_new())) {
        free(m);
        return NULL;
    }
    return m;
}

void ss_pmodel_free(ss_pmodel_t *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->ngens; i++) {
        free(m->gens[i].prefix);
        free(m->gens[i].suffix);
        free(m->gens[i].lo);
        free(m->gens[i].hi);
    }
    ss_names_free(m->names);
    ss_pairs_free(m->pairs);
    free(m->np_of);
    free(m->zone_of);
    free(m->link_of);
    free(m->zones);
    free(m->nps);
    free(m->links);
    free(m->routes);
    free(m->gens);
    free(m);
}

/* Makes room for one more element of size sz in *arr; its index or -1. */
static int grow(void **arr, int *n, int *cap, size_t sz)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 64;
        void *a = realloc(*arr, (size_t)c * sz);
        if (!a)
            return -1;
        *arr = a;
        *cap = c;
    }
    memset((char *)*arr + (size_t)*n * sz, 0, sz);
    return (*n)++;
}

static int grow_maps(ss_pmodel_t *m, int need)
{
    int cap = m->nmap ? m->nmap : 1024;
    while (cap < need)
        cap *= 2;
    int **maps[] = {&m->np_of, &m->zone_of, &m->link_of};
    for (int k = 0; k < 3; k++) {
        int *a = realloc(*maps[k], (size_t)cap * sizeof *a);
        if (!a)
            return -1;
        for (int i = m->nmap; i < cap; i++)
            a[i] = -1;
        *maps[k] = a;
    }
    m->nmap = cap;
    return 0;
}

int ss_pmodel_name(ss_pmodel_t *m, const char *s)
{
    int id = ss_names_intern(m->names, s, strlen(s));
    if (id >= 0 && id >= m->nmap && grow_maps(m, id + 1))
        return -1;
    return id;
}

int ss_pmodel_add_zone(ss_pmodel_t *m)
{
    return grow((void **)&m->zones, &m->nzones, &m->czones, sizeof *m->zones);
}

int ss_pmodel_add_np(ss_pmodel_t *m)
{
    return grow((void **)&m->nps, &m->nnps, &m->cnps, sizeof *m->nps);
}

int ss_pmodel_add_link(ss_pmodel_t *m)
{
    return grow((void **)&m->links, &m->nlinks, &m->clinks, sizeof *m->links);
}

int ss_pmodel_add_route(ss_pmodel_t *m)
{
    return grow((void **)&m->routes, &m->nroutes, &m->croutes, sizeof *m->routes);
}

int ss_pmodel_add_gen(ss_pmodel_t *m)
{
    return grow((void **)&m->gens, &m->ngens, &m->cgens, sizeof *m->gens);
}

int ss_pmodel_within(const ss_pmodel_t *m, int z, int anc)
{
    for (; z >= 0; z = m->zones[z].parent)
        if (z == anc)
            return 1;
    return 0;
}
