/* presets.c - the platform presets (topo.h): a name for a topology spec
 * and the PEs per node runs take on it by default. Every number of a
 * spec is the machine's, from the source its comment cites; what is not
 * published is said so there, and in docs/platforms.md. */
#include <stddef.h>

#include "topo.h"

/* Usual PEs per node times nodes reaches 100,000 PEs or more.
 * Sources for the numbers are given per row. */
const ss_topo_preset_t ss_topo_presets[] = {
    /* TACC Frontera user guide: 56 cores per node (2x Xeon 8280), Mellanox
     * HDR InfiniBand fat-tree, HDR-100 (100 Gb/s) to each node, HDR
     * (200 Gb/s) between switches, 40-port switches, leaves with 22 nodes
     * down and 18 up (11:9 oversubscription). 2,200 of its 8,008 nodes. */
    {"frontera-ib", "fat-tree:down=22/20/5,up=1/18/5,bw=25GBps,lat=0.2us,"
     "nic-bw=12.5GBps,nic-lat=0.6us,cores=56",
     "InfiniBand HDR fat-tree, 11:9 leaves, 2,200 x 56-core nodes", 56},
    /* Alverson et al., "Cray XC Series Network" (Cray WP-Aries01-1112,
     * 2012), as cabled: Aries routers with 4 nodes each, 16 per chassis
     * all-to-all over the backplane (15 green links each), 6 chassis per
     * group with 3 links between peers (15 black), and 10 optical global
     * links on every Aries (960 per group: 120 between each two of the 9
     * groups, spread over all 96 routers; platforms/cabling.h). Links of
     * 3 lanes: 14 Gb/s electrical (5.25 GB/s), 12.5 Gb/s optical
     * (4.7 GB/s); about 100 ns per router hop; packets routed adaptively
     * (no ordering: order=adaptive). Nodes of 32 cores (Haswell XC40).
     * 9 groups = 3,456 nodes. Costs calibrated from the point-to-point
     * rows of docs/validation.md only: the same paper's 8-byte SHMEM put
     * (0.8 us) and get (1.6 us) give a route of 0.8 us and o = 0 (put =
     * o + L, get = o + 2L: nic-lat 0.3 us with two 0.1 us hops); Piz
     * Daint XC40's osu_bw (9,649 MB/s) the NIC bandwidth; its
     * osu_latency (1.61 us) minus the put, the receive path (o-recv
     * 0.81 us). Inside a node (ARCHER's XC30 nodes, the closest published
     * figures: hpc-uk/archer-benchmarks IMB): shm-bw 11.85 GB/s, IMB
     * PingPong of 4 MiB; shm-o 0 as o; shm-o-recv 0.03 us as on ARCHER2
     * (a load of a node-mate's word); shm-lat 0.44 us, where both
     * one-node 24-process rows (allreduce 1.75 us, allgather 3.81 us)
     * land in band: IMB's neighbouring ranks give 0.35 us one way, and
     * a full node's log-step partners sit further apart
     * (docs/models.md, "The shared-memory path"). */
    {"aries-xc", "dragonfly:groups=9,chassis=6/3,routers=16/1,nodes=4,"
     "global-per-router=10,bw=5.25GBps,global-bw=4.7GBps,lat=0.1us,"
     "nic-bw=9.649GBps,nic-lat=0.3us,cores=32,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0us,shm-lat=0.44us,shm-o-recv=0.03us,shm-bw=11.85GBps",
     "Cray XC (Aries) dragonfly, 9 groups, 3,456 x 32-core nodes", 32},
    /* HPE Slingshot (De Sensi et al., "An In-Depth Analysis of the
     * Slingshot Interconnect", SC20), as cabled: Rosetta switches of 64
     * ports at 200 Gb/s (25 GB/s), 16 to endpoints and 31 to the other
     * switches of a 32-switch group (all-to-all), which leaves 17 for
     * global links: 16 cabled here (512 per group, 170 between each two
     * of the 4 groups), adaptive routing. Nodes of 64 cores (Frontier).
     * 4 groups = 2,048 nodes. Costs from Alps Eiger's Slingshot-11
     * point-to-point rows (docs/validation.md): osu_bw 12,240 MB/s the
     * NIC bandwidth; osu_latency 2.33 us = route + o-recv, split as on
     * Aries (o-recv 0.81 us, the same Cray MPICH receive path: no SHMEM
     * figure separates them), so a 1.52 us route: nic-lat 0.46 us with
     * two 0.3 us hops. Inside a node (ARCHER2's, 2 x 64-core EPYC, as
     * LUMI-C's): shm-o 0.06 us, Cray OpenSHMEMX osu_oshm_put + quiet;
     * shm-o-recv 0.03 us, its osu_oshm_get (a load of a node-mate's
     * word); shm-bw 24.46 GB/s, osu_bw of 4 MiB; shm-lat 0.62 us, so that
     * a hop (shm-o + shm-lat + shm-o-recv, 0.71 us) is the one-way
     * latency of IMB PingPong averaged over a log-step algorithm's seven
     * partners on a node of 128 (distances 1 and 2 in one CCX: 0.34 us;
     * 4 to 32 in one socket: 0.76 us; 64 across: 1.27 us). */
    {"slingshot", "dragonfly:groups=4,chassis=1/1,routers=32/1,nodes=16,"
     "global-per-router=16,bw=25GBps,lat=0.3us,nic-bw=12.24GBps,nic-lat=0.46us,"
     "cores=64,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot dragonfly, 4 groups, 2,048 x 64-core nodes", 64},
    /* Leonardo's Booster (CINECA), its 19 Booster cells as cabled.
     * CINECA's Leonardo user guide, "Network": NVIDIA Mellanox
     * InfiniBand HDR in a Dragonfly+, a non-blocking two-level fat-tree
     * in each cell, every two cells joined by 18 links (one per L2, i.e.
     * spine, switch), adaptive routing; 19 Booster cells, 2 DCGP, 1
     * hybrid (36 Booster + 288 DCGP nodes), 1 for management and
     * storage. A Booster cell (De Sensi et al., "Exploring GPU-to-GPU
     * Communication: Insights into Supercomputer Interconnects", SC24,
     * arXiv 2408.14090, as Glenn Lockwood's notes on Leonardo give it):
     * 18 leaf switches of 10 nodes, 18 spines with 18 ports down and 22
     * to other cells, 40-port HDR switches (200 Gb/s, 25 GB/s a link).
     * 19 x 180 + 36 = 3,456, the Booster's node count
     * (leonardo-supercomputer.cineca.eu/hpc-system). Here the 19 Booster
     * cells alone, 3,420 nodes: 18 of each spine's 22 global ports, one
     * to each other Booster cell (the 4 to the cells left out are not
     * modelled), so 18 links between two cells as the guide says. A node
     * (the same CINECA page): one 32-core Xeon Platinum 8358 and 2
     * dual-port HDR100 NICs, "400 Gbps aggregated", modelled for now as
     * one NIC of their combined 50 GB/s (several NICs per node are not
     * modelled yet). Costs from frontera-ib, the nearest InfiniBand HDR
     * preset: its 25 GB/s HDR switch links, 0.2 us per switch link,
     * nic-lat 0.6 us. frontera-ib has no published o or o-recv
     * (docs/models.md), so neither has this preset: it runs under
     * alpha-beta, as frontera-ib does. */
    {"leonardo", "dragonfly-plus:groups=19,leaves=18,spines=18,nodes=10,"
     "global-per-spine=18,bw=25GBps,lat=0.2us,nic-bw=50GBps,nic-lat=0.6us,cores=32",
     "InfiniBand HDR Dragonfly+ (Leonardo Booster), 19 cells, 3,420 x 32-core nodes",
     32},
    {NULL, NULL, NULL, 0},
};
