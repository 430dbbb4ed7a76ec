/* calib_spec.c - the platform spec `shmemsim calibrate` writes: a base
 * machine (a spec or preset; by default one switch) whose NICs are set
 * so that two of its nodes see the fitted route latency and bandwidth,
 * with the fitted costs appended as the loggp model's keys. A cost the
 * figures given do not determine keeps the base's value, if it has one:
 * a preset's o-recv from published figures is better than none. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calib_fit.h"

#define DEFAULT_NODES 64
/* The spec key of parameter k: its name, but for L and bw, which go to
 * the NICs (nic-lat solved for L, nic-bw). */
static const char *key_of(int k)
{
    return k == CALIB_L || k == CALIB_BW ? NULL : calib_param_names[k];
}

double calib_switch_lat(const ss_topo_t *t)
{
    if (t->kind == SS_TOPO_FATTREE) {
        /* up to the first level whose subtree holds two hosts, and down */
        double s = 0;
        size_t hosts = 1;
        for (int l = 1; l <= t->levels && hosts < 2; l++) {
            s += 2 * ss_topo_lat(t, l);
            hosts *= t->down[l - 1];
        }
        return s;
    }
    /* A Dragonfly+: node, leaf, node; with one node per leaf, hosts 0
     * and 1 go up to a spine and down (builders/dragonfly_plus.cpp). */
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS)
        return (t->nodes >= 2 ? 2 : 4) * t->lat[0];
    /* SimGrid's dragonfly: node, router, node; with one node per router,
     * hosts 0 and 1 hang off two routers of a chassis (a green link) or,
     * with one router per chassis, the same router of two chassis (a
     * black one): every local link has the same latency. */
    return (t->nodes >= 2 ? 2 : 3) * t->lat[0];
}

static void add_note(calib_result_t *r, const char *msg)
{
    if (r->nnotes < CALIB_MAXNOTES)
        snprintf(r->notes[r->nnotes++], sizeof r->notes[0], "%s", msg);
}

/* Appends ",key=value" in ns or GB/s; -1 when spec is full. */
static int append(char *spec, size_t len, const char *key, double v, int bw)
{
    size_t used = strlen(spec);
    int k = bw ? snprintf(spec + used, len - used, ",%s=%.6gGBps", key, v * 1e-9)
               : snprintf(spec + used, len - used, ",%s=%.6gns", key, v * 1e9);
    return k < 0 || (size_t)k >= len - used ? -1 : 0;
}

/* The base as a spec string (a preset by its spec). */
static int base_spec(const calib_spec_opts_t *o, double bw, char *out, size_t len,
                     char *err, size_t errlen)
{
    if (!o->base) {
        snprintf(out, len, "fat-tree:down=%ld,bw=%.6gGBps,lat=0ns",
                 o->nodes ? o->nodes : DEFAULT_NODES, bw * 1e-9);
        return 0;
    }
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name; p++)
        if (!strcmp(o->base, p->name))
            return snprintf(out, len, "%s", p->spec), 0;
    if (strncmp(o->base, "fat-tree:", 9) && strncmp(o->base, "dragonfly:", 10) &&
        strncmp(o->base, "dragonfly-plus:", 15)) {
        snprintf(err, errlen, "--base '%s' is not a fat-tree:..., dragonfly:... or "
                 "dragonfly-plus:... spec or a preset (shmemsim list)", o->base);
        return -1;
    }
    snprintf(out, len, "%s", o->base);
    return 0;
}

static int is_key(const char *kv, size_t klen, const char *key)
{
    return klen == strlen(key) && !strncmp(kv, key, klen);
}

/* Does the calibration set key kv (klen long)? The NIC always; a cost
 * when it was determined (else the base's value stands, as a note says). */
static int replaced(const char *kv, size_t klen, long cores, calib_result_t *r)
{
    char msg[300];
    if (is_key(kv, klen, "nic-lat") || is_key(kv, klen, "nic-bw") ||
        (cores && is_key(kv, klen, "cores")))
        return 1;
    for (int k = 0; k < CALIB_NPARAMS; k++)
        if (key_of(k) && is_key(kv, klen, key_of(k))) {
            if (r->p[k].ok)
                return 1;
            snprintf(msg, sizeof msg, "%.*s kept from the base (%s is not "
                     "determined here)", (int)strcspn(kv, ","), kv, key_of(k));
            add_note(r, msg);
        }
    return 0;
}

/* The base's keys but those the calibration sets. */
static int keep_keys(const char *base, long cores, calib_result_t *r, char *spec,
                     size_t len)
{
    const char *colon = strchr(base, ':');
    size_t used = (size_t)(colon - base) + 1;
    if (used >= len)
        return -1;
    memcpy(spec, base, used);
    spec[used] = 0;
    for (const char *kv = colon + 1; *kv;) {
        size_t n = strcspn(kv, ","), klen = strcspn(kv, "=");
        if (!replaced(kv, klen, cores, r) && n) {
            size_t k = strlen(spec);
            if (k + n + 2 >= len)
                return -1;
            snprintf(spec + k, len - k, "%s%.*s", spec[k - 1] == ':' ? "" : ",",
                     (int)n, kv);
        }
        kv += n + (kv[n] == ',');
    }
    return 0;
}

static int spec_from(calib_result_t *r, const char *base, long cores,
                     double nic_lat, char *spec, size_t len)
{
    char n[32];
    if (keep_keys(base, cores, r, spec, len) ||
        append(spec, len, "nic-bw", r->p[CALIB_BW].v, 1) ||
        append(spec, len, "nic-lat", nic_lat, 0))
        return -1;
    if (cores) {
        snprintf(n, sizeof n, ",cores=%ld", cores);
        if (strlen(spec) + strlen(n) >= len)
            return -1;
        strcat(spec, n);
    }
    for (int k = 0; k < CALIB_NPARAMS; k++)
        if (key_of(k) && r->p[k].ok && append(spec, len, key_of(k), r->p[k].v,
                                              k == CALIB_SHM_BW))
            return -1;
    /* a leading ',' when the base kept no key */
    char *c = strchr(spec, ':');
    if (c && c[1] == ',')
        memmove(c + 1, c + 2, strlen(c + 2) + 1);
    return 0;
}

int calib_spec(calib_result_t *r, const calib_spec_opts_t *o, char *spec,
               size_t len, char *err, size_t errlen)
{
    const calib_est_t *L = &r->p[CALIB_L], *bw = &r->p[CALIB_BW];
    char base[512], why[300], msg[300];
    ss_topo_t t;
    if (!L->ok || !bw->ok) {
        snprintf(err, errlen, "no spec without %s: %s", L->ok ? "bw" : "L",
                 L->ok ? bw->why : L->why);
        return -1;
    }
    if (base_spec(o, bw->v, base, sizeof base, err, errlen))
        return -1;
    if (ss_topo_parse(base, &t, why, sizeof why)) {
        snprintf(err, errlen, "--base: %s", why);
        return -1;
    }
    double sw = calib_switch_lat(&t), nic = (L->v - sw) / 2;
    if (nic < 0) {
        snprintf(err, errlen, "--base: its links between two nodes take %.4g us, "
                 "more than the fitted L = %.4g us; give a base with a lower lat=",
                 sw * 1e6, L->v * 1e6);
        return -1;
    }
    double link_bw = t.kind == SS_TOPO_FATTREE ? ss_topo_bw(&t, 1) : t.bw[0];
    if (link_bw < bw->v * (1 - 1e-6)) {
        snprintf(msg, sizeof msg, "the base's links (%.4g GB/s) are slower than the "
                 "fitted bw (%.4g GB/s): a lone transfer gets the links' rate",
                 link_bw * 1e-9, bw->v * 1e-9);
        add_note(r, msg);
    }
    long cores = o->base ? o->cores : (o->cores ? o->cores : 1);
    if (r->p[CALIB_SHM_LAT].ok && (cores ? cores : t.cores) == 1)
        add_note(r, "the spec has one PE per node, where shm-o, shm-lat and "
                 "shm-bw do not apply: give --cores N");
    if (spec_from(r, base, cores, nic, spec, len)) {
        snprintf(err, errlen, "the spec would be longer than %zu characters", len - 1);
        return -1;
    }
    if (ss_topo_parse(spec, &t, why, sizeof why)) {
        snprintf(err, errlen, "the spec written does not parse (%s): %s", why, spec);
        return -1;
    }
    return 0;
}
