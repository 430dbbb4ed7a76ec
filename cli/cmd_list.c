/* cmd_list.c - `shmemsim list`: every collective's registry, the platform
 * presets with their size, and the network models. */
#include <stdio.h>

#include "commands.h"
#include "options.h"
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
    return ss_option_model_name(&m, p->name, SS_SMALL_AUTO_PES) ==
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

int ss_cmd_list(int argc, char **argv)
{
    (void)argc, (void)argv;
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

