/* options.c - parsing of the options common to every simulation, and of
 * the run options sweep and scale pass through to their children. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fail.h"
#include "parse.h"
#include "shcoll.h"
#include "options.h"
#include "platform.h"
#include "ss_driver.h"
#include "topo.h"

const char ss_option_common_help[] =
    "  --platform P      SimGrid platform XML (see platforms/), a topology\n"
    "                    spec (fat-tree:..., dragonfly:..., dragonfly-plus:...,\n"
    "                    see `shmemsim platform --help`) or a preset\n"
    "                    (`shmemsim list`)\n"
    "  --pes N           number of PEs\n"
    "  --ppn K           PEs per host (default: the platform's usual, i.e. a\n"
    "                    preset's PEs per node, a spec's cores=, 1 for a\n"
    "                    file); PE i runs on host i/K,\n"
    "                    hosts in name order (node-2 before node-10)\n"
    "  --placement P     block (default): PE i on slot i; round-robin: PE i\n"
    "                    on host i mod H (H = hosts used); random[:SEED]: K\n"
    "                    PEs on each of H hosts drawn at random from the\n"
    "                    whole machine (default seed 1)\n"
    "  --model M         loggp: latency + bytes/bandwidth, max-min sharing,\n"
    "                    plus per-message software costs calibrated from\n"
    "                    published measurements (docs/models.md); the\n"
    "                    default on a preset or a spec with o=, gap=,\n"
    "                    o-recv= (shmemsim calibrate writes one): what a\n"
    "                    real machine takes. alpha-beta: the same network\n"
    "                    with no software cost, the default elsewhere: the\n"
    "                    textbook costs the closed forms (predicted_s) use.\n"
    "                    simgrid: SimGrid's LV08 model and factors plus o, g\n"
    "  --o TIME --g TIME --o-recv TIME\n"
    "                    send overhead, NIC gap, receive overhead per signal\n"
    "                    (loggp and simgrid; they override the platform's;\n"
    "                    simgrid defaults 200ns, 100ns, 0), e.g. --o 300ns\n"
    "  --o-get TIME --o-quiet TIME\n"
    "                    loggp: CPU time to issue a get (default: a put's,\n"
    "                    --o) and of a quiet that has puts or atomics to\n"
    "                    complete (default 0); they override the spec's\n"
    "                    o-get=, o-quiet= (its shm-o-get=, shm-o-quiet= stay)\n"
    "  --small-msg SIZE  messages of at most SIZE bytes (a flag, a word) are\n"
    "                    timed by the small-message model: latency, bytes/\n"
    "                    bandwidth and a first-come queue at each link, not\n"
    "                    SimGrid's flow sharing (quadratic in the flows on a\n"
    "                    link; docs/models.md: how far from it); all: every\n"
    "                    message; default auto: all, at every PE count\n"
    "                    (none under --model simgrid); 0: all through\n"
    "                    SimGrid's flows (alpha-beta and loggp only; the\n"
    "                    model column says +flows): max-min sharing, one\n"
    "                    route per message, slower, kept to compare\n"
    "  --fold SIZE       share one physical copy of symmetric allocations\n"
    "                    of SIZE bytes or more across PEs (timing does not\n"
    "                    depend on payload values); e.g. --fold 64K\n"
    "  --stack-kib K     stack of each simulated PE in KiB (default 16, the\n"
    "                    built-in algorithms use under 8); an overflow is\n"
    "                    reported with the PE that overflowed\n"
    "  --trace DIR       write DIR/trace.csv (every put, get, atomic, wait,\n"
    "                    quiet, barrier and collective call: PE, target,\n"
    "                    bytes, issue and completion time, call number) and\n"
    "                    DIR/trace.json (open in https://ui.perfetto.dev:\n"
    "                    one track per PE)\n"
    "  --trace-pes LIST  trace only these PEs, e.g. 0-15,64 (default: all,\n"
    "                    or 0-63 above 1024 PEs)\n"
    "  --put-signal      every step of a collective that puts data and then\n"
    "                    raises a flag or counter sends one put with signal\n"
    "                    (OpenSHMEM 1.5) instead of put, fence, atomic (the\n"
    "                    default, which the presets were calibrated with;\n"
    "                    also $SHMEMSIM_COLL_SIGNAL=1); the model column\n"
    "                    says +signal (docs/models.md)\n"
    "  --no-defer        a PE sleeps through each wait of its issues and\n"
    "                    fences itself, where by default the runtime carries\n"
    "                    them on while the PE blocks once (every message\n"
    "                    small, no trace; same times but for ties within an\n"
    "                    instant, docs/models.md): slower, for checking\n";

static const char *value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return ss_fail(SS_EXIT_USAGE, "%s needs a value (see --help)", argv[*i]),
               NULL;
    return argv[++*i];
}

static int placement_option(const char *v, ss_config_t *cfg)
{
    char err[200];
    long seed = 1;
    if (!strcmp(v, "block"))
        cfg->placement = SS_PLACE_BLOCK;
    else if (!strcmp(v, "round-robin"))
        cfg->placement = SS_PLACE_ROUND_ROBIN;
    else if (!strncmp(v, "random", 6) && (v[6] == 0 || v[6] == ':')) {
        if (v[6] && ss_parse_long(v + 7, 0, 2147483647L, &seed, "--placement random:SEED",
                                  err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        cfg->placement = SS_PLACE_RANDOM;
        cfg->seed = (unsigned long)seed;
    } else {
        return ss_fail(SS_EXIT_USAGE, "unknown --placement '%s' (block, "
                       "round-robin, random or random:SEED)", v), -1;
    }
    return 1;
}

/* The costs the command line may set, each a bit of ss_model_t.given.
 * What else it set (put_signal) goes along in keep_given. */
static const struct {
    const char *opt;
    size_t off;
} cost_opts[] = {
    {"--o", offsetof(ss_model_t, o_send)},
    {"--g", offsetof(ss_model_t, gap)},
    {"--o-recv", offsetof(ss_model_t, o_recv)},
    {"--o-get", offsetof(ss_model_t, o_get)},
    {"--o-quiet", offsetof(ss_model_t, o_quiet)},
};
enum { NCOST_OPTS = sizeof cost_opts / sizeof cost_opts[0] };

static double *cost_at(ss_model_t *m, int k)
{
    return (double *)((char *)m + cost_opts[k].off);
}

static double cost_of(const ss_model_t *m, int k)
{
    return *(const double *)((const char *)m + cost_opts[k].off);
}

/* Which of cost_opts o is, -1 for none. */
static int cost_opt(const char *o)
{
    for (int k = 0; k < NCOST_OPTS; k++)
        if (!strcmp(o, cost_opts[k].opt))
            return k;
    return -1;
}

static void keep_given(ss_model_t *m, const ss_model_t *from)
{
    m->given = from->given;
    m->put_signal = from->put_signal;
    for (int k = 0; k < NCOST_OPTS; k++)
        if (from->given & (1u << k))
            *cost_at(m, k) = cost_of(from, k);
}

/* The model a run uses: with no --model, loggp on a platform that
 * carries costs (a preset, a spec with o=, gap=, ...), else alpha-beta;
 * loggp takes the platform's costs, the command line's override them. */
static int platform_spec(const char *platform, ss_topo_t *t)
{
    char err[256];
    return platform && ss_topo_is_spec(platform) &&
           ss_topo_parse(platform, t, err, sizeof err) == 0;
}

static int platform_costs(const char *platform, ss_topo_t *t)
{
    return platform_spec(platform, t) && t->has_costs;
}

const char *ss_option_model_name(const ss_model_t *m, const char *platform,
                                 int npes)
{
    ss_topo_t t;
    ss_config_t c = {.model = *m};
    ss_model_t *r = &c.model;
    if (!m->chosen && platform_costs(platform, &t))
        r->kind = SS_MODEL_LOGGP;
    r->put_signal = ss_coll_signal(&c);   /* or $SHMEMSIM_COLL_SIGNAL */
    return ss_model_label(r, npes, ss_model_names[r->kind]);
}

static int resolve_model(ss_config_t *cfg)
{
    ss_topo_t t;
    int spec = platform_spec(cfg->platform, &t);
    int costs = spec && t.has_costs;
    ss_model_t *m = &cfg->model;
    int shm = spec && (t.shm_lat > 0 || t.shm_bw > 0);
    if (!m->chosen && costs) {
        ss_model_t was = *m;
        ss_model_defaults(m, SS_MODEL_LOGGP);
        m->small_bytes = was.small_bytes;
        keep_given(m, &was);
    }
    m->shm_path = shm;
    if (m->kind != SS_MODEL_LOGGP)
        return 0;
    if (costs) {
        ss_model_t cli = *m;
        m->o_send = t.o;
        m->gap = t.gap;
        m->o_recv = t.o_recv;
        m->shm_o = t.shm_o;
        m->shm_lat = t.shm_lat;
        m->shm_bw = t.shm_bw;
        m->unordered = t.unordered;
        m->o_get = t.o_get;
        m->shm_o_get = t.shm_o_get;
        m->o_quiet = t.o_quiet;
        m->shm_o_quiet = t.shm_o_quiet;
        keep_given(m, &cli);
        m->shm_o_recv = t.shm_o_recv >= 0 ? t.shm_o_recv : m->o_recv;
    } else if (!m->given) {
        return ss_fail(SS_EXIT_USAGE, "--model loggp needs per-message costs: "
                       "the platform has none (use a preset, a spec with o=, "
                       "gap=, o-recv=, a spec file from `shmemsim calibrate`, or "
                       "give --o, --g, --o-recv, --o-get, --o-quiet)"), -1;
    }
    return 0;
}

static int model_option(const char *v, ss_config_t *cfg, char *err, size_t n)
{
    int k = ss_match_choice(v, ss_model_names, "--model", err, n);
    if (k < 0)
        return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
    ss_model_t was = cfg->model;   /* --small-msg, --o, ... before --model */
    ss_model_defaults(&cfg->model, (ss_model_kind_t)k);
    cfg->model.chosen = 1;
    cfg->model.small_bytes = was.small_bytes;
    keep_given(&cfg->model, &was);
    return 1;
}

int ss_option_common(int argc, char **argv, int *i, ss_config_t *cfg)
{
    char err[256];
    const char *o = argv[*i], *v;
    long x;
    int num = !strcmp(o, "--pes") || !strcmp(o, "--ppn") || !strcmp(o, "--stack-kib");
    if (!strcmp(o, "--no-defer")) {
        cfg->no_defer = 1;
        return 1;
    }
    if (!strcmp(o, "--put-signal")) {
        cfg->model.put_signal = 1;
        return 1;
    }
    if (strcmp(o, "--platform") && !num && strcmp(o, "--model") && strcmp(o, "--placement") &&
        strcmp(o, "--fold") && strcmp(o, "--small-msg") && cost_opt(o) < 0 &&
        strcmp(o, "--trace") && strcmp(o, "--trace-pes"))
        return 0;
    if (!(v = value(argc, argv, i)))
        return -1;
    if (!strcmp(o, "--platform"))
        cfg->platform = v;
    else if (!strcmp(o, "--trace"))
        cfg->trace_dir = v;
    else if (!strcmp(o, "--trace-pes"))
        cfg->trace_pes = v;
    else if (!strcmp(o, "--placement"))
        return placement_option(v, cfg);
    else if (!strcmp(o, "--model"))
        return model_option(v, cfg, err, sizeof err);
    else if (!strcmp(o, "--small-msg") && !strcmp(v, "auto"))
        cfg->model.small_bytes = SS_SMALL_AUTO;
    else if (!strcmp(o, "--small-msg") && !strcmp(v, "all"))
        cfg->model.small_bytes = SS_SMALL_ALL;
    else if (!strcmp(o, "--fold") || !strcmp(o, "--small-msg")) {
        size_t *z = !strcmp(o, "--fold") ? &cfg->fold_threshold : &cfg->model.small_bytes;
        if (ss_parse_size(v, z, err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
    } else if (cost_opt(o) >= 0) {
        int k = cost_opt(o);
        if (ss_parse_time(v, cost_at(&cfg->model, k), err, sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        cfg->model.given |= 1u << k;
    } else {
        int stack = !strcmp(o, "--stack-kib");
        if (ss_parse_long(v, stack ? 4 : 1, stack ? 65536 : 10000000, &x, o, err,
                          sizeof err))
            return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
        if (!strcmp(o, "--pes"))
            cfg->npes = (int)x;
        else if (!strcmp(o, "--ppn"))
            cfg->ppn = (int)x;
        else
            cfg->stack_kib = (int)x;
    }
    return 1;
}

int ss_option_finish(ss_config_t *cfg)
{
    if (!cfg->platform)
        return ss_fail(SS_EXIT_USAGE, "--platform FILE is required (try "
                       "platforms/fattree-64.xml)"), -1;
    if (cfg->npes < 1)
        return ss_fail(SS_EXIT_USAGE, "--pes N is required"), -1;
    if (!cfg->ppn)
        cfg->ppn = ss_platform_ppn(cfg->platform);
    if (resolve_model(cfg))
        return -1;
    cfg->model.put_signal = ss_coll_signal(cfg);   /* for the model column */
    if (cfg->model.kind == SS_MODEL_SIMGRID && cfg->model.small_bytes &&
        cfg->model.small_bytes != SS_SMALL_AUTO)
        return ss_fail(SS_EXIT_USAGE, "--small-msg applies to --model alpha-beta "
                       "and loggp only: the simgrid model's latency and "
                       "bandwidth factors are SimGrid's own (use --small-msg 0, "
                       "or --model loggp)"), -1;
    return 0;
}

int ss_option_op(const char *v)
{
    for (int i = 0; i < SHCOLL_NOPS; i++)
        if (!strcmp(v, shcoll_op_name((shcoll_op_t)i)))
            return i;
    return -1;
}

int ss_option_type(const char *v)
{
    for (int i = 0; i < SHCOLL_NTYPES; i++)
        if (!strcmp(v, shcoll_type_name((shcoll_type_t)i)))
            return i;
    return -1;
}

int ss_option_op_type(const char *opt, const char *v, int *op, int *type)
{
    int isop = !strcmp(opt, "--op");
    int k = isop ? ss_option_op(v) : ss_option_type(v);
    if (k < 0)
        return ss_fail(SS_EXIT_USAGE, "unknown %s '%s' (%s)", opt, v, isop
                       ? "and, or, xor, max, min, sum, prod"
                       : "an OpenSHMEM TYPENAME such as int, long, double, "
                         "complexd"), -1;
    *(isop ? op : type) = k;
    return 0;
}

const char *ss_option_kinds(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < SHCOLL_NKINDS && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s",
                              !k ? "" : k + 1 < SHCOLL_NKINDS ? ", " : " or ",
                              shcoll_kind_name((shcoll_kind_t)k));
    return buf;
}

void ss_passthrough_init(ss_passthrough_t *pt, char **argv)
{
    memset(pt, 0, sizeof *pt);
    pt->argv = argv;
    pt->op = SHCOLL_OP_SUM;
    pt->type = SHCOLL_T_LONG;
    ss_config_defaults(&pt->cfg);
}

int ss_option_leader(const char *v, const char **leader)
{
    char err[512];
    if (!ss_coll_leader_ok(-1, v, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "--leader %s: not an algorithm node_aware "
                       "can run among node leaders (one of: %s)", v, err), -1;
    *leader = v;
    return 0;
}

/* --radix, --segment, --leader, --root, --op, --type: checked, their
 * values kept. */
static int run_value(ss_passthrough_t *pt, const char *opt, const char *v)
{
    char err[256];
    long x;
    size_t sz;
    if (!strcmp(opt, "--leader"))
        return ss_option_leader(v, &pt->cfg.leader);
    if (!strcmp(opt, "--segment"))
        return ss_parse_size(v, &sz, err, sizeof err)
                   ? (ss_fail(SS_EXIT_USAGE, "--segment: %s", err), -1) : 0;
    if (!strcmp(opt, "--op") || !strcmp(opt, "--type"))
        return ss_option_op_type(opt, v, &pt->op, &pt->type);
    int radix = !strcmp(opt, "--radix");
    if (ss_parse_long(v, radix ? 2 : 0, 10000000, &x, opt, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", err), -1;
    if (radix)
        pt->cfg.radix = (int)x;
    else
        pt->root = (int)x;
    return 0;
}

int ss_option_passthrough(int argc, char **argv, int *i, ss_passthrough_t *pt)
{
    static const char *const valued[] = {"--radix", "--segment", "--leader",
                                         "--root", "--op", "--type", NULL};
    const char *a = argv[*i];
    int r;
    if (!strcmp(a, "--check") || !strcmp(a, "--force") ||
        !strcmp(a, "--no-defer") || !strcmp(a, "--put-signal")) {
        if (!strcmp(a, "--put-signal"))
            pt->cfg.model.put_signal = 1;
        pt->argv[pt->n++] = argv[*i];
        return 1;
    }
    if ((r = ss_option_common(argc, argv, i, &pt->cfg)) == 0) {
        char err[100];
        if (ss_match_choice(a, valued, "", err, sizeof err) < 0)
            return 0;
        if (*i + 1 >= argc)
            return ss_fail(SS_EXIT_USAGE, "%s needs a value (see shmemsim %s "
                           "--help)", a, argv[1]), -1;
        r = run_value(pt, a, argv[++*i]) ? -1 : 1;
    }
    if (r > 0) {
        pt->argv[pt->n++] = (char *)a;
        pt->argv[pt->n++] = argv[*i];
    }
    return r;
}

void ss_passthrough_one_model(ss_passthrough_t *pt, int max_pes)
{
    ss_model_t *m = &pt->cfg.model;
    if (m->small_bytes != SS_SMALL_AUTO)
        return;
    m->small_bytes = ss_model_small_bytes(m, max_pes);
    pt->argv[pt->n++] = "--small-msg";
    pt->argv[pt->n++] = m->small_bytes ? "all" : "0";
}

int ss_option_check_run(int kind, int root, int op, int type, const int *pes,
                        size_t npes, const size_t *bytes, size_t nsizes)
{
    const char *tname = shcoll_type_name((shcoll_type_t)type);
    if (kind == SHCOLL_BROADCAST)
        for (size_t e = 0; e < npes; e++)
            if (root >= pes[e])
                return ss_fail(SS_EXIT_USAGE, "--root %d is not a PE at --pes %d",
                               root, pes[e]), -1;
    int blocks = kind == SHCOLL_FCOLLECT || kind == SHCOLL_ALLTOALL;  /* p of them */
    for (size_t i = 0; blocks && i < nsizes; i++)
        for (size_t e = 0; e < npes; e++)
            if (bytes[i] > SIZE_MAX / (size_t)pes[e])
                return ss_fail(SS_EXIT_USAGE, "--bytes %zu x %d PEs overflows the "
                               "address space", bytes[i], pes[e]), -1;
    if (kind != SHCOLL_REDUCE)
        return 0;
    if (!shcoll_op_valid((shcoll_op_t)op, (shcoll_type_t)type))
        return ss_fail(SS_EXIT_USAGE, "--op %s is not defined on --type %s",
                       shcoll_op_name((shcoll_op_t)op), tname), -1;
    size_t es = shcoll_type_size((shcoll_type_t)type);
    for (size_t i = 0; i < nsizes; i++)
        if (bytes[i] % es)
            return ss_fail(SS_EXIT_USAGE, "--bytes %zu is not a multiple of %zu "
                           "(the size of %s, for reduce)", bytes[i], es, tname),
                   -1;
    return 0;
}
