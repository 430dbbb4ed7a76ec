/* ss_coll_pick.c - which algorithm a program's collective call runs
 * (calls from `shmemsim run` name theirs):
 *  1. the config's or $SHMEMSIM_<KIND>_ALGORITHM: that one, every call;
 *  2. else $SHMEMSIM_TUNE_FILE, the rules `shmemsim tune --format csv`
 *     writes (columns collective,pes_lo,pes_hi,bytes_lo,bytes_hi,
 *     algorithm,...; empty pes_hi / bytes_hi: no bound): the first rule of
 *     the collective covering the call's member count and size. Below the
 *     smallest PE count measured, that count's rules apply;
 *  3. else the built-in choice by size (builtin()).
 * Sizes are those of `shmemsim run --bytes`: per member for fcollect and
 * collect, the payload for broadcast, the array for reduce, one block
 * for alltoall. Everything is read once per world (ss_coll_resolve). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "ss_coll.h"

/* Built-in: below a size the log-step algorithm, from it the other. A
 * case per collective and no default: a collective without its choice
 * fails to compile (-Werror=switch). Picked from `shmemsim run
 * --algorithm all` at 64 PEs on platforms/fattree-64.xml and its 2:1
 * tapered twin (docs/programs.md has the table and the reasons). */
static int builtin(shcoll_kind_t kind, size_t bytes)
{
    switch (kind) {
    case SHCOLL_FCOLLECT:
        return bytes < 256 * 1024 ? SHCOLL_FCOLLECT_KNOMIAL : SHCOLL_FCOLLECT_RING;
    case SHCOLL_COLLECT:
        return bytes < 256 * 1024 ? SHCOLL_COLLECT_RECURSIVE_DOUBLING
                                  : SHCOLL_COLLECT_RING;
    case SHCOLL_BROADCAST:
        return bytes < 64 * 1024 ? SHCOLL_BROADCAST_KNOMIAL
                                 : SHCOLL_BROADCAST_BINOMIAL;
    case SHCOLL_REDUCE:
        return bytes < 16 * 1024 ? SHCOLL_REDUCE_RECURSIVE_DOUBLING
                                 : SHCOLL_REDUCE_RABENSEIFNER;
    case SHCOLL_ALLTOALL:
        return SHCOLL_ALLTOALL_WINDOWED;
    case SHCOLL_NKINDS:
        break;
    }
    return 0;
}

typedef struct rule {
    shcoll_kind_t kind;
    int pes_lo, pes_hi;
    size_t bytes_lo, bytes_hi;
    const shcoll_alg_t *alg;
} rule_t;

static const shcoll_alg_t *fixed[SHCOLL_NKINDS];
static rule_t *rules;
static size_t nrules;

/* A bound: digits, or empty for "no bound" (dflt). */
static int bound(const char *s, long long max, long long dflt, long long *out)
{
    char err[120];
    long v;
    if (!*s) {
        *out = dflt;
        return 0;
    }
    if (ss_parse_long(s, 0, max > LONG_MAX ? LONG_MAX : (long)max, &v, "bound",
                      err, sizeof err))
        return -1;
    *out = v;
    return 0;
}

/* One line of the rules into r; NULL, or what is wrong with it. */
static const char *parse_rule(char *line, rule_t *r)
{
    char *f[6];
    long long v[4];
    for (int i = 0; i < 6; i++) {
        f[i] = line;
        line += strcspn(line, ",\r\n");
        if (!*line && i < 5)
            return "fewer than 6 columns";
        *line++ = 0;
    }
    int k = shcoll_kind_of(f[0]);
    if (k < 0)
        return "unknown collective in column 1";
    if (bound(f[1], INT_MAX, 0, &v[0]) || bound(f[2], INT_MAX, INT_MAX, &v[1]) ||
        bound(f[3], LLONG_MAX, 0, &v[2]) || bound(f[4], LLONG_MAX, -1, &v[3]))
        return "columns 2-5 must be whole numbers (pes_hi, bytes_hi may be empty)";
    *r = (rule_t){(shcoll_kind_t)k, (int)v[0], (int)v[1], (size_t)v[2],
                  v[3] < 0 ? SIZE_MAX : (size_t)v[3],
                  shcoll_find((shcoll_kind_t)k, f[5])};
    return r->alg ? NULL : "unknown algorithm in column 6 (`shmemsim list`)";
}

/* One line into line (size n, with its '\n'); NULL at end of file, else
 * what is wrong (an empty string when nothing is). Longer lines are
 * refused rather than read in pieces: a piece would pass for a rule. */
static const char *next_line(FILE *f, char *line, size_t n, int *eof)
{
    size_t len = 0;
    int c = 0;
    while (c != '\n' && (c = getc(f)) != EOF) {
        if (c == 0)
            return "holds a NUL byte: not a text file";
        if (len + 2 > n)
            return "longer than " SS_TUNE_LINE_STR " characters";
        line[len++] = (char)c;
    }
    line[len] = '\0';
    *eof = c == EOF;
    if (ferror(f))
        return "cannot be read";
    return len ? "" : NULL;
}

/* Appends line's rule; NULL, or what is wrong. */
static const char *add_rule(char *line)
{
    rule_t r;
    const char *bad = parse_rule(line, &r);
    if (bad)
        return bad;
    if (r.pes_lo > r.pes_hi || r.bytes_lo > r.bytes_hi)
        return "pes_lo above pes_hi or bytes_lo above bytes_hi";
    if (nrules == SS_TUNE_MAX_RULES)
        return "more than " SS_TUNE_MAX_RULES_STR " rules";
    if ((nrules & (nrules - 1)) == 0) {   /* doubling at powers of two: one
                                             realloc per rule was quadratic */
        rule_t *v = realloc(rules, (nrules ? 2 * nrules : 1) * sizeof *v);
        if (!v)
            return "out of memory";
        rules = v;
    }
    rules[nrules++] = r;
    return NULL;
}

int ss_coll_read_rules(FILE *f, const char *name, char *err, size_t errlen)
{
    char line[SS_TUNE_LINE_MAX + 2];
    const char *bad = NULL;
    unsigned n = 0;
    int eof = 0;
    free(rules);
    rules = NULL;
    nrules = 0;
    while (!bad && !eof) {
        n++;
        if (!(bad = next_line(f, line, sizeof line, &eof)))
            n--;                                  /* nothing after the last '\n' */
        else if (*bad)
            break;
        else if (n == 1 && strncmp(line, SS_TUNE_HEADER, strlen(SS_TUNE_HEADER)))
            bad = "not the header of `shmemsim tune --format csv` (" SS_TUNE_HEADER ",...)";
        else
            bad = n > 1 && line[0] != '#' && line[strspn(line, " \r\n")] ? add_rule(line) : NULL;
    }
    if (!bad && n == 0)
        bad = "is empty; expected the header " SS_TUNE_HEADER;
    if (!bad)
        return 0;
    snprintf(err, errlen, "%s:%u: %s", name, n ? n : 1, bad);
    free(rules);
    rules = NULL;
    nrules = 0;
    return -1;
}

static int load_rules(const char *path)
{
    char err[400];
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "shmemsim: error: $SHMEMSIM_TUNE_FILE: cannot read "
                "'%s'\n", path);
        return -1;
    }
    int rc = ss_coll_read_rules(f, path, err, sizeof err);
    fclose(f);
    if (rc)
        fprintf(stderr, "shmemsim: error: $SHMEMSIM_TUNE_FILE %s\n", err);
    return rc;
}

/* The algorithm the config or $SHMEMSIM_<KIND>_ALGORITHM names for kind
 * into fixed[k] (NULL: none); -1 for an unknown name. */
static int resolve_fixed(const ss_config_t *cfg, int k)
{
    char env[64];
    const char *name = cfg->alg[k];
    snprintf(env, sizeof env, "SHMEMSIM_%s_ALGORITHM", shcoll_kind_name((shcoll_kind_t)k));
    for (char *c = env; *c; c++)
        *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
    if (!name)
        name = getenv(env);
    fixed[k] = NULL;
    if (!name || !*name)
        return 0;
    if (!(fixed[k] = shcoll_find((shcoll_kind_t)k, name))) {
        fprintf(stderr, "shmemsim: error: unknown %s algorithm '%s'%s%s "
                "(`shmemsim list` shows the choices)\n",
                shcoll_kind_name((shcoll_kind_t)k), name,
                cfg->alg[k] ? "" : " in $", cfg->alg[k] ? "" : env);
        return -1;
    }
    return 0;
}

int ss_coll_resolve(const ss_config_t *cfg)
{
    free(rules);
    rules = NULL;
    nrules = 0;
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        if (resolve_fixed(cfg, k))
            return -1;
    const char *tune = getenv("SHMEMSIM_TUNE_FILE");
    return tune && *tune ? load_rules(tune) : 0;
}

/* The rule covering (pes, bytes); below the smallest PE count of kind's
 * rules, the one covering (that count, bytes). */
static const rule_t *lookup(shcoll_kind_t kind, int pes, size_t bytes)
{
    int lowest = INT_MAX;
    for (int pass = 0; pass < 2; pass++, pes = lowest)
        for (size_t i = 0; i < nrules; i++) {
            const rule_t *r = &rules[i];
            if (r->kind != kind)
                continue;
            if (r->pes_lo < lowest)
                lowest = r->pes_lo;
            if (pes >= r->pes_lo && pes <= r->pes_hi && bytes >= r->bytes_lo &&
                bytes <= r->bytes_hi)
                return r;
        }
    return NULL;
}

const shcoll_alg_t *ss_coll_pick(shcoll_kind_t kind, int pes, size_t bytes)
{
    if (fixed[kind])
        return fixed[kind];
    const rule_t *r = lookup(kind, pes, bytes);
    if (r)
        return r->alg;
    return &shcoll_registry(kind)[builtin(kind, bytes)];
}
