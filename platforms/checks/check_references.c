/* check_references.c - the references of a platform file: routes (their
 * ends are resolved when the file ends, check_whole_file.c), the links a
 * route crosses (<link_ctn>) and the links of a <host_link>.
 *
 * SimGrid looks a <link_ctn> up when it reads it: the link must be
 * declared earlier in the file. A SPLITDUPLEX link is two links,
 * NAME_UP and NAME_DOWN: a <link_ctn> names one with direction="UP" or
 * "DOWN" (or by that name), and SimGrid finds no link NAME otherwise. */
#include <stdlib.h>
#include <string.h>

#include "checker.h"

int ss_ck_route(ss_checker_t *b, const ss_pxml_elem_t *e, int zone_route)
{
    ss_pmodel_t *m = b->m;
    const char *sym = ss_pxml_attr(e, "symmetrical");
    int names[4] = {-1, -1, -1, -1};
    const char *attrs[4] = {"src", "dst", "gw_src", "gw_dst"};
    for (int k = 0; k < (zone_route ? 4 : 2); k++)
        if ((names[k] = ss_pmodel_name(m, ss_pxml_attr(e, attrs[k]))) < 0)
            return ss_ck_fail(b, e->line, "out of memory");
    int r = ss_pmodel_add_route(m);
    if (r < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    m->routes[r] = (ss_proute_t){
        .zone = b->zone, .line = e->line, .src = names[0], .dst = names[1],
        .gw_src = names[2], .gw_dst = names[3], .a = -1, .b = -1, .ga = -1, .gb = -1,
        .sym = !(sym && (!strcmp(sym, "NO") || !strcmp(sym, "no"))),
        .zone_route = (unsigned char)zone_route};
    return r;
}

static int push(ss_checker_t *b, ss_pref_t **arr, int *n, int *cap, ss_pref_t ref)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 16;
        ss_pref_t *a = realloc(*arr, (size_t)c * sizeof *a);
        if (!a)
            return ss_ck_fail(b, ref.line, "out of memory");
        *arr = a;
        *cap = c;
    }
    (*arr)[(*n)++] = ref;
    return 0;
}

/* NAME_UP or NAME_DOWN of a declared SPLITDUPLEX link NAME? */
int ss_ck_split_half(const ss_pmodel_t *m, const char *id)
{
    size_t n = strlen(id);
    int up = n > 3 && !strcmp(id + n - 3, "_UP"), down = n > 5 && !strcmp(id + n - 5, "_DOWN");
    char base[1024];
    if (!(up || down) || n >= sizeof base)
        return 0;
    memcpy(base, id, n - (up ? 3 : 5));
    base[n - (up ? 3 : 5)] = '\0';
    int name = ss_names_find(m->names, base);
    return name >= 0 && name < m->nmap && m->link_of[name] >= 0 &&
           m->links[m->link_of[name]].split;
}

/* Links that clusters, cabinets and peers make are named by SimGrid
 * (CLUSTER_link_N..., link_HOST_UP, ...); a reference to one is left to
 * SimGrid, which reports a wrong one itself. */
static int generated(const ss_pmodel_t *m, const char *id)
{
    if (!m->ngens && !m->host_sources)
        return 0;
    if (!strncmp(id, "link_", 5))
        return 1;
    for (int z = 0; z < m->nzones; z++) {
        const char *c = ss_names_str(m->names, m->zones[z].name);
        size_t n = strlen(c);
        if (m->zones[z].kind == SS_ZK_CLUSTER && !strncmp(id, c, n) && id[n] == '_')
            return 1;
    }
    return 0;
}

/* 0 if the link name (with direction dir) can be found now, 1 if not. */
static int missing(ss_checker_t *b, const ss_pxml_elem_t *e, int name, const char *dir)
{
    ss_pmodel_t *m = b->m;
    const char *id = ss_names_str(m->names, name);
    int halves = dir && strcmp(dir, "NONE"), l = m->link_of[name];
    if (l >= 0 && halves && !m->links[l].split)
        return ss_ck_fail(b, e->line, "<link_ctn id=\"%s\" direction=\"%s\">: link \"%s\" "
                          "(line %d) is not SPLITDUPLEX, so it has no UP and DOWN halves; "
                          "drop direction=", id, dir, id, m->links[l].line);
    if (l >= 0 && !halves && m->links[l].split)
        return ss_ck_fail(b, e->line, "<link_ctn id=\"%s\">: link \"%s\" (line %d) is "
                          "SPLITDUPLEX: say which half with direction=\"UP\" or \"DOWN\"",
                          id, id, m->links[l].line);
    if (l >= 0 || (!halves && ss_ck_split_half(m, id)) || generated(m, id))
        return 0;
    return 1;
}

int ss_ck_link_ref(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    int name = ss_pmodel_name(b->m, ss_pxml_attr(e, "id"));
    if (name < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    int rc = missing(b, e, name, ss_pxml_attr(e, "direction"));
    if (rc <= 0)
        return rc;
    ss_pref_t ref = {.name = name, .line = e->line, .zone = b->zone};
    return push(b, &b->links, &b->nlinks, &b->clinks, ref);
}

/* SimGrid reads a zone's host_links when the zone ends: the host and the
 * links may come after it in the zone. */
int ss_ck_host_link(ss_checker_t *b, const ss_pxml_elem_t *e)
{
    ss_pref_t ref = {.line = e->line, .zone = b->zone,
                     .name = ss_pmodel_name(b->m, ss_pxml_attr(e, "id")),
                     .up = ss_pmodel_name(b->m, ss_pxml_attr(e, "up")),
                     .down = ss_pmodel_name(b->m, ss_pxml_attr(e, "down"))};
    if (ref.name < 0 || ref.up < 0 || ref.down < 0)
        return ss_ck_fail(b, e->line, "out of memory");
    return push(b, &b->hostlinks, &b->nhostlinks, &b->chostlinks, ref);
}
