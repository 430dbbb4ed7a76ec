/* cmd_list.c - `shmemsim list`: the catalogue of collectives and
 * algorithms (algorithms/catalogue.h), the platform presets with their
 * size, and the network models; `--format csv`: the catalogue alone. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "fail.h"
#include "options.h"
#include "parse.h"
#include "shcoll.h"
#include "summary.h"
#include "topo.h"

static size_t preset_nodes(const ss_topo_preset_t *p)
{
    ss_topo_t t;
    char err[200];
    return ss_topo_parse(p->name, &t, err, sizeof err) ? 0 : ss_topo_hosts(&t);
}

/* The model a run on the preset takes without --model. */
static const char *preset_model(const ss_topo_preset_t *p)
{
    ss_model_t m;
    ss_model_defaults(&m, SS_MODEL_ALPHA_BETA);
    return ss_option_model_name(&m, p->name, 1) ==
                   ss_model_names[SS_MODEL_LOGGP]
        ? "loggp (calibrated)" : "alpha-beta (no published costs)";
}

/* One algorithm: its description and the defaults of its knobs. */
static void print_alg(const shcoll_entry_t *e)
{
    char seg[32];
    printf("  %-22s %s", e->name, e->desc);
    if (e->radix)
        printf(" (radix, default %d)", e->radix);
    if (e->segment) {
        ss_format_bytes((size_t)e->segment, seg, sizeof seg);
        printf(" (segment, default %s)", seg);
    }
    putchar('\n');
}

/* --format csv: the catalogue, a row per algorithm, for scripts (the
 * tests read the shapes from it). */
static void write_csv(void)
{
    puts("collective,algorithm,shape,radix,segment,description");
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        for (int a = 0; a < shcoll_nalgs((shcoll_kind_t)k); a++) {
            const shcoll_entry_t *e = shcoll_entry((shcoll_kind_t)k, a);
            printf("%s,%s,%s,%d,%ld,", shcoll_kind_name((shcoll_kind_t)k),
                   e->name, shcoll_shape_name(e->shape), e->radix, e->segment);
            ss_csv_str(stdout, e->desc);
            putchar('\n');
        }
}

int ss_cmd_list(int argc, char **argv)
{
    char err[200];
    int fmt = SS_FMT_TABLE;
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return fputs("usage: shmemsim list [--format table|csv]\n\nThe "
                     "collectives and their algorithms (csv: collective,"
                     "algorithm,\nshape,radix,segment,description), the "
                     "platform presets and the\nnetwork models.\n", stdout), 0;
    if (argc > 2 && (argc != 4 || strcmp(argv[2], "--format") ||
                     (fmt = ss_match_choice(argv[3], ss_format_names, "--format",
                                            err, sizeof err)) < 0))
        return ss_fail(SS_EXIT_USAGE, "%s", argc == 4 && fmt < 0 ? err :
                       "shmemsim list takes --format table or csv only");
    if (fmt == SS_FMT_JSON)
        return ss_fail(SS_EXIT_USAGE, "shmemsim list writes table or csv");
    if (fmt == SS_FMT_CSV)
        return write_csv(), 0;
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        printf("%s:\n", shcoll_kind_name((shcoll_kind_t)k));
        for (int a = 0; a < shcoll_nalgs((shcoll_kind_t)k); a++)
            print_alg(shcoll_entry((shcoll_kind_t)k, a));
    }
    printf("platform presets (--platform NAME):\n");
    for (const ss_topo_preset_t *p = ss_topo_presets; p->name; p++)
        printf("  %-22s %s; %zu nodes x ppn %d = %zu PEs; default model %s\n",
               p->name, p->desc, preset_nodes(p), p->ppn,
               preset_nodes(p) * (size_t)p->ppn, preset_model(p));
    printf("models:\n"
           "  %-22s %s\n  %-22s %s\n  %-22s %s\n", "loggp",
           "alpha-beta plus calibrated per-message costs (o, gap, o-recv, "
           "fence order); docs/models.md",
           "alpha-beta", "latency + bytes/bandwidth, max-min sharing, no overheads",
           "simgrid", "SimGrid's LV08 model and factors, LogGP o and g");
    return 0;
}

