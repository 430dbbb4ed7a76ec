/* cmd_platform.c - `shmemsim platform SPEC [-o FILE]`: a topology spec or
 * preset written out as SimGrid platform XML; with --describe, what its
 * cabling amounts to. */
#include <stdio.h>
#include <string.h>

#include "cabling.h"
#include "dfplus.h"
#include "commands.h"
#include "fail.h"
#include "topo.h"

static const char platform_help[] =
    "usage: shmemsim platform SPEC [-o FILE]\n"
    "       shmemsim platform SPEC --describe\n\n"
    "Writes SimGrid platform XML for a topology, or (--describe) prints\n"
    "what it is made of: nodes, routers, links per level, links between\n"
    "two groups, bandwidths out of a group and across the bisection.\n"
    "SPEC is a preset name\n"
    "(`shmemsim list`) or one of\n"
    "  fat-tree:down=D1/D2/..,up=U1/U2/..,links=K1/K2/..,KEYS\n"
    "      a PGFT: Di children per switch at level i, Ui parents per\n"
    "      element, Ki parallel links. Hosts = D1 x D2 x ... A level with\n"
    "      fewer up than down ports is tapered (down=16/16,up=1/8: 2:1).\n"
    "      bw= and lat= take one value or one per level: bw=25GBps/50GBps\n"
    "  dragonfly:groups=G/L,chassis=C/c,routers=R/r,nodes=N,KEYS\n"
    "      G groups, C chassis per group, R routers per chassis (all-to-all,\n"
    "      r links between two), N nodes per router; routers at the same\n"
    "      place in two chassis are joined by c links. Hosts = G x C x R x N.\n"
    "      Global links: global-per-router=P ports on every router (L =\n"
    "      C x R x P / (G-1) between two groups), or L given in groups=G/L;\n"
    "      a group pair's links sit on routers spread over the group\n"
    "      (docs/platforms.md). routing=adaptive|minimal|valiant (default\n"
    "      adaptive); zone=simgrid builds SimGrid's DragonflyZone instead\n"
    "      (one router per group pair; G <= R). bw= and lat= set the links\n"
    "      in a group; global-bw=, global-lat= between. nics=K (default 1)\n"
    "      NICs per node, each a link of nic-bw with its own gap; a node's\n"
    "      PEs take them nic-map=round-robin (default) or block (the first\n"
    "      ppn/K PEs the first NIC: one NIC per socket or GPU).\n"
    "  dragonfly-plus:groups=G,leaves=L,spines=S/u,nodes=N,global-per-spine=K,KEYS\n"
    "      a Dragonfly+ (InfiniBand): each group a two-level fat-tree of L\n"
    "      leaf switches with N nodes each and S spines, every leaf joined\n"
    "      to every spine by u cables (default 1); every spine has K global\n"
    "      ports, giving floor(S x K / (G-1)) links between every two groups\n"
    "      (at least 1). Hosts = G x L x N. routing=adaptive|minimal|valiant\n"
    "      as for dragonfly. bw= and lat= set the leaf-spine links,\n"
    "      global-bw=, global-lat= the spine-spine ones. No XML form: give\n"
    "      the spec to --platform.\n"
    "KEYS: bw=, lat= (every link of the network, node links included),\n"
    "nic-bw=, nic-lat= (each node's injection limit), cores= (per node).\n"
    "Software costs of the loggp model (a spec with any of them runs under\n"
    "it by default; docs/models.md): o= (send overhead per put or\n"
    "atomic), o-get= (per get; default o), o-quiet= (per quiet, or fence\n"
    "that waits, with puts to complete), gap= (per-NIC gap between\n"
    "messages), o-recv= (receive overhead per signal), order=fifo|adaptive\n"
    "(adaptive: fence waits for acks); inside a node shm-lat=, shm-bw=\n"
    "(its own path) and shm-o=, shm-o-get=, shm-o-quiet=, shm-o-recv=\n"
    "(default: o-recv). The XML carries the network only: give the costs\n"
    "as options (--o, --g, --o-recv, --o-get, --o-quiet) there.\n"
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
    if (t->nics > 1)
        fprintf(stderr, "%s gives a node one link: nics=%u is left out\n", pre, t->nics);
    if (t->nic_bw > 0)
        fprintf(stderr, "%s has no per-node limit alone: its limiter_link caps "
                "every switch and router at the same bandwidth, so nic-bw is "
                "left out\n", pre);
    if (t->kind == SS_TOPO_FATTREE)
        fprintf(stderr, "%s describes this tree as SimGrid's FAT_TREE cluster: "
                "every switch link has level 1's bandwidth and latency, and "
                "routes pick single cables (d-mod-k) instead of the bundled "
                "levels `--platform SPEC` builds (docs/platforms.md)\n", pre);
    if (t->kind == SS_TOPO_DRAGONFLY && !t->simgrid_zone)
        fprintf(stderr, "%s describes this dragonfly as SimGrid's DRAGONFLY cluster: "
                "each group pair's links are one bundle on one router of the first "
                "chassis and routes are minimal, instead of the cabled spread and "
                "routing= that `--platform SPEC` builds (docs/platforms.md)\n", pre);
    if (t->kind == SS_TOPO_DRAGONFLY && (t->global_bw > 0 || t->global_lat > 0))
        fprintf(stderr, "%s has one bandwidth and latency for all links: "
                "global-bw / global-lat are left out\n", pre);
}

/* A Dragonfly+ (dfplus.h): switches, cables of each kind, how the global
 * ports are shared out, and the bandwidths that follow. */
static int describe_dfp(const ss_topo_t *t)
{
    ss_dfp_t c;
    ss_dfp_sum_t s;
    ss_dfp_of(t, &c);
    ss_dfp_sum(&c, &s);
    printf("topology,dragonfly-plus\nrouting,%s\n", ss_routing_names[t->routing]);
    printf("groups,%u\nnodes,%zu\nnodes_per_group,%zu\nleaf_switches,%zu\n"
           "spine_switches,%zu\nswitches,%zu\n", c.groups, s.nodes,
           ss_dfp_group_nodes(&c), s.leaves, s.spines, s.leaves + s.spines);
    printf("nics_per_node,1\nnode_links,%zu\nleaf_spine_links,%zu\nglobal_links,%zu\n",
           s.node_links, s.local_links, s.global_links);
    printf("global_ports_per_spine,%u\nglobal_ports_unused_per_group,%zu\n"
           "links_per_group_pair,%u\n", c.ports, s.ports_unused, c.per_pair);
    if (c.groups > 1)
        printf("spines_per_group_pair,%u\n", ss_dfp_pair_spines(&c, 0, 1));
    printf("leaf_up_GBps,%.6g\nleaf_injection_GBps,%.6g\ngroup_pair_GBps,%.6g\n"
           "group_out_GBps,%.6g\ngroup_injection_GBps,%.6g\nbisection_GBps,%.6g\n",
           s.leaf_up_bw / 1e9, c.nodes * c.node_bw / 1e9, s.pair_bw / 1e9,
           s.group_out_bw / 1e9, s.group_in_bw / 1e9, s.bisection_bw / 1e9);
    return 0;
}

/* --describe: one "what,value" line each (CSV, loads as a table). */
static int describe(const ss_topo_t *t)
{
    printf("what,value\n");
    if (t->kind == SS_TOPO_FATTREE) {
        printf("topology,fat-tree\nnodes,%zu\nlevels,%d\nnics_per_node,1\n", ss_topo_hosts(t),
               t->levels);
        return 0;
    }
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS)
        return describe_dfp(t);
    ss_cabling_t c;
    ss_cabling_sum_t s;
    char err[300];
    if (ss_cabling_of(t, &c, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", err);
    ss_cabling_sum(&c, &s);
    printf("topology,dragonfly\nzone,%s\nrouting,%s\n",
           t->simgrid_zone ? "simgrid (one router per group pair)" : "cabled",
           ss_routing_names[t->routing]);
    printf("groups,%u\nnodes,%zu\nnodes_per_group,%zu\nrouters,%zu\n", c.groups,
           s.nodes, ss_cabling_group_nodes(&c), s.routers);
    printf("nics_per_node,%u\nnode_links,%zu\ngreen_links,%zu\nblack_links,%zu\n"
           "global_links,%zu\n", c.nics, s.node_links, s.green_links, s.black_links,
           s.global_links);
    printf("global_ports_per_router,%u\nlinks_per_group_pair,%u\n", c.ports, c.per_pair);
    if (!t->simgrid_zone && c.groups > 1)
        printf("routers_per_group_pair,%u\n", ss_cabling_pair_routers(&c, 0, 1));
    printf("group_pair_GBps,%.6g\ngroup_out_GBps,%.6g\ngroup_injection_GBps,%.6g\n"
           "bisection_GBps,%.6g\n", s.pair_bw / 1e9, s.group_out_bw / 1e9,
           s.group_in_bw / 1e9, s.bisection_bw / 1e9);
    return 0;
}

int ss_cmd_platform(int argc, char **argv)
{
    const char *spec = NULL, *out = NULL;
    int desc = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return fputs(platform_help, stdout), 0;
        if (!strcmp(argv[i], "--describe"))
            desc = 1;
        else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!spec && argv[i][0] != '-')
            spec = argv[i];
        else
            return ss_fail(SS_EXIT_USAGE, "unexpected '%s' (see shmemsim "
                           "platform --help)", argv[i]);
    }
    ss_topo_t t;
    char err[300];
    if (!spec)
        return ss_fail(SS_EXIT_USAGE, "shmemsim platform needs a SPEC (see "
                       "shmemsim platform --help)");
    if (!ss_topo_is_spec(spec))
        return ss_fail(SS_EXIT_USAGE, "'%s' is not a preset nor a "
                       "fat-tree:/dragonfly:/dragonfly-plus: spec (see shmemsim "
                       "platform --help)", spec);
    if (ss_topo_parse(spec, &t, err, sizeof err))
        return ss_fail(SS_EXIT_USAGE, "%s", err);
    if (desc)
        return describe(&t);
    /* SimGrid 3.32's clusters are fat-trees, dragonflies and tori: none
     * has a group's spines joined to other groups' spines. */
    if (t.kind == SS_TOPO_DRAGONFLY_PLUS)
        return ss_fail(SS_EXIT_USAGE, "'%s' is a Dragonfly+, which SimGrid's "
                       "cluster XML cannot describe (its FAT_TREE and DRAGONFLY "
                       "clusters have no links between the spines of two groups), "
                       "so there is no XML for it; give the spec itself to "
                       "--platform, or --describe it", spec);
    if (t.kind == SS_TOPO_DRAGONFLY && t.groups[0] > t.routers[0]) {
        return ss_fail(SS_EXIT_USAGE, "'%s' has %u groups, more than its %u "
                       "routers per chassis: SimGrid's DRAGONFLY cluster cannot "
                       "hold it, so there is no XML for it; give the spec itself "
                       "to --platform", spec, t.groups[0], t.routers[0]);
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f)
        return ss_fail(SS_EXIT_SYSTEM, "cannot write '%s'", out);
    xml_notes(&t);
    ss_topo_write_xml(f, &t);
    return (out ? fclose(f) : fflush(f)) ? ss_fail(SS_EXIT_SYSTEM, "write failed") : 0;
}

