/* cmd_platform.c - `shmemsim platform SPEC [-o FILE]`: a topology spec or
 * preset written out as SimGrid platform XML. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "topo.h"

static const char platform_help[] =
    "usage: shmemsim platform SPEC [-o FILE]\n\n"
    "Writes SimGrid platform XML for a topology. SPEC is a preset name\n"
    "(`shmemsim list`) or one of\n"
    "  fat-tree:down=D1/D2/..,up=U1/U2/..,links=K1/K2/..,KEYS\n"
    "      a PGFT: Di children per switch at level i, Ui parents per\n"
    "      element, Ki parallel links. Hosts = D1 x D2 x ... A level with\n"
    "      fewer up than down ports is tapered (down=16/16,up=1/8: 2:1).\n"
    "      bw= and lat= take one value or one per level: bw=25GBps/50GBps\n"
    "  dragonfly:groups=G/g,chassis=C/c,routers=R/r,nodes=N,KEYS\n"
    "      G groups (g global links between two groups), C chassis per group,\n"
    "      R routers per chassis, N nodes per router. Hosts = G x C x R x N.\n"
    "      G <= R (SimGrid wires groups through the first chassis). bw= and\n"
    "      lat= set the links in a group; global-bw=, global-lat= between.\n"
    "KEYS: bw=, lat= (every link of the network, node links included),\n"
    "nic-bw=, nic-lat= (each node's injection limit), cores= (per node).\n"
    "Software costs of the loggp model (a spec with any of them runs under\n"
    "it by default; docs/models.md): o= (send overhead per message),\n"
    "gap= (per-NIC gap between messages), o-recv= (receive overhead per\n"
    "signal), order=fifo|adaptive (adaptive: fence waits for acks),\n"
    "shm-o=, shm-lat=, shm-bw= (the intra-node path). The XML carries the\n"
    "network only: give the costs as options (--o, --g, --o-recv) there.\n"
    "Units: 100Gbps, 12.5GBps, 1us, 500ns.\n"
    "The same SPEC works directly as --platform, built in memory (faster\n"
    "than XML for large machines), and so does a FILE.spec holding it on\n"
    "its first line that is not a # comment (shmemsim calibrate writes one).\n";

/* What cluster XML cannot say; the spec given to --platform keeps it. */
static void xml_notes(const ss_topo_t *t)
{
    const char *pre = "shmemsim: note: SimGrid cluster XML";
    if (t->nic_lat > 0)
        fprintf(stderr, "%s has no per-node link latency: nic-lat is left out\n", pre);
    if (t->nic_bw > 0)
        fprintf(stderr, "%s has no per-node limit alone: its limiter_link caps "
                "every switch and router at the same bandwidth, so nic-bw is "
                "left out\n", pre);
    if (t->kind == SS_TOPO_FATTREE)
        fprintf(stderr, "%s describes this tree as SimGrid's FAT_TREE cluster: "
                "every switch link has level 1's bandwidth and latency, and "
                "routes pick single cables (d-mod-k) instead of the bundled "
                "levels `--platform SPEC` builds (README, \"Platforms\")\n", pre);
    if (t->kind == SS_TOPO_DRAGONFLY && (t->global_bw > 0 || t->global_lat > 0))
        fprintf(stderr, "%s has one bandwidth and latency for all links: "
                "global-bw / global-lat are left out\n", pre);
}

int ss_cmd_platform(int argc, char **argv)
{
    const char *spec = NULL, *out = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return fputs(platform_help, stdout), 0;
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!spec && argv[i][0] != '-')
            spec = argv[i];
        else
            return fprintf(stderr, "shmemsim: error: unexpected '%s' (see "
                           "shmemsim platform --help)\n", argv[i]), 2;
    }
    ss_topo_t t;
    char err[300];
    if (!spec)
        return ss_cli_fail("shmemsim platform needs a SPEC (see shmemsim platform --help)");
    if (!ss_topo_is_spec(spec)) {
        snprintf(err, sizeof err, "'%s' is not a preset nor a fat-tree:/dragonfly: "
                 "spec (see shmemsim platform --help)", spec);
        return ss_cli_fail(err);
    }
    if (ss_topo_parse(spec, &t, err, sizeof err))
        return ss_cli_fail(err);
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        snprintf(err, sizeof err, "cannot write '%s'", out);
        return ss_cli_fail(err);
    }
    xml_notes(&t);
    ss_topo_write_xml(f, &t);
    return (out ? fclose(f) : fflush(f)) ? ss_cli_fail("write failed") : 0;
}

