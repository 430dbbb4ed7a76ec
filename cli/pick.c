/* pick.c - resolving --algorithm LIST against the catalogue (pick.h). */
#include <stdio.h>
#include <string.h>

#include "fail.h"
#include "pick.h"

static void add(ss_pick_t *pick, size_t j, const shcoll_alg_t *a)
{
    for (size_t i = 0; i < pick->n[j]; i++)
        if (pick->alg[j][i] == a)
            return;
    pick->alg[j][pick->n[j]++] = a;   /* each once: at most NALGS */
}

/* The algorithms of kinds[0..nkinds): "linear, direct, ...", each list
 * after its collective's name ("fcollect: ...; broadcast: ...") when
 * titled. */
static void choices(const int *kinds, size_t nkinds, int titled, char *buf,
                    size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t j = 0; j < nkinds && n < len; j++) {
        shcoll_kind_t k = (shcoll_kind_t)kinds[j];
        if (titled)
            n += (size_t)snprintf(buf + n, len - n, "%s%s: ", j ? "; " : "",
                                  shcoll_kind_name(k));
        for (int a = 0; a < shcoll_nalgs(k) && n < len; a++)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", a ? ", " : "",
                                  shcoll_entry(k, a)->name);
    }
}

/* Adds what name stands for in every collective; how many it matched. */
static size_t add_named(const char *name, const int *kinds, size_t nkinds,
                        ss_pick_t *pick)
{
    size_t hits = 0;
    int all = !strcmp(name, "all");
    for (size_t j = 0; j < nkinds; j++) {
        shcoll_kind_t k = (shcoll_kind_t)kinds[j];
        for (int a = 0; a < shcoll_nalgs(k); a++)
            if (all || !strcmp(name, shcoll_entry(k, a)->name)) {
                add(pick, j, &shcoll_registry(k)[a]);
                hits++;
            }
    }
    return hits;
}

int ss_pick_algs(const char *list, const int *kinds, size_t nkinds,
                 ss_pick_t *pick)
{
    char name[64], ch[SHCOLL_NKINDS * 200];
    size_t names = 0;
    memset(pick, 0, sizeof *pick);
    for (const char *p = list; *p; p += strcspn(p, ","), p += *p == ',') {
        size_t len = strcspn(p, ",");
        if (len == 0)
            continue;
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        names++;
        if (!add_named(name, kinds, nkinds, pick)) {
            choices(kinds, nkinds, 1, ch, sizeof ch);
            return ss_fail(SS_EXIT_USAGE, "unknown algorithm '%s' (%s; or all)",
                           name, ch), -1;
        }
    }
    if (!names)
        return ss_fail(SS_EXIT_USAGE, "--algorithm is empty (give names or "
                       "all)"), -1;
    for (size_t j = 0; j < nkinds; j++)
        if (!pick->n[j]) {
            choices(&kinds[j], 1, 0, ch, sizeof ch);
            return ss_fail(SS_EXIT_USAGE, "no algorithm of --algorithm '%s' "
                           "is a %s algorithm (%s has: %s)", list,
                           shcoll_kind_name((shcoll_kind_t)kinds[j]),
                           shcoll_kind_name((shcoll_kind_t)kinds[j]), ch), -1;
        }
    return 0;
}
