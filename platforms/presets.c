/* presets.c - the platform presets (topo.h): a name for a topology spec
 * and the PEs per node runs take on it by default. Every number of a
 * spec is the machine's, from the source its comment cites; what is not
 * published is said so there, and in docs/platforms.md. */
#include <stddef.h>

#include "topo.h"

/* Usual PEs per node times nodes reaches 100,000 PEs or more (500,000 on
 * frontier, aurora and el-capitan). Sources for the numbers are given
 * per row. */
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
    /* LUMI-G, the GPU partition of LUMI (CSC, EuroHPC), as cabled.
     * LUMI's user guide (Lumi-supercomputer/lumi-userguide,
     * docs/hardware/lumig.md and network.md): 2,978 nodes of one 64-core
     * EPYC 7A53 "Trento" (4 NUMA nodes, NPS4) and 4 MI250X; 4 Slingshot-11
     * 200 Gb/s endpoints a node, "one for each AMD MI250x GPU modules"
     * (nic-map=block: 16 cores a NIC, as Cray MPICH's NUMA NIC policy
     * pairs them); "24 electrical groups of 124 nodes, except the last
     * group which contains 126 nodes", each of 32 switches all-to-all
     * with 16 endpoints on each. Global links, from the guide's
     * partition bandwidth table: 276 TB/s among LUMI-G's groups, and 24
     * groups make 276 pairs, so 1 TB/s a pair: 20 links of 50 GB/s both
     * ways. Only that reading fits the switches: with the links to
     * LUMI-C, -M, -F and -P the table's other columns give (1.6, 0.1,
     * 0.3 and 0.4 TB/s a LUMI-G group: 32, 2, 6 and 8 links) a group
     * uses 508 of its 32 x 17 global ports; read as one way it would
     * need 1,016. Modelled: 24 whole groups of 32 switches with 4 nodes
     * (16 NICs) each, 3,072 nodes, 94 more than LUMI-G's 2,978 (4 or 6 a
     * group); a node's 4 NICs on one switch here, on 4 different ones on
     * LUMI. Costs from LUMI's own point-to-point rows (docs/validation.md;
     * Lumi-supercomputer/lumi-reframe-tests, commit a6d79840,
     * checks/microbenchmarks/mpi/osu_check.py: the ReFrame references of
     * OSU 7.3 under Cray MPICH): LUMI-G's osu_bw of 4 MiB, 23,820 MB/s,
     * the NIC bandwidth (LUMI-C's with host buffers through the same
     * Cassini NIC: 24,044); LUMI-C's osu_latency of 8 B with host
     * buffers, 1.8 us = route + o-recv, with o-recv 0.81 us as on
     * slingshot (the same Cray MPICH receive path; no SHMEM figure
     * separates them), so a 0.99 us route: two node links of lat 0.3 us
     * (slingshot's hop) and nic-lat 0.195 us. LUMI-G's own osu_latency,
     * 2.5 us, moves GPU buffers, which simulated PEs do not have; its
     * osu_mbw_mr of 8 pairs, 95,000 MB/s, is 4 NICs of 23.75 GB/s. Inside
     * a node slingshot's shm-* (ARCHER2's 2 x 64-core EPYC): no figure of
     * a LUMI-G node's cores is published. */
    {"lumi", "dragonfly:groups=24/20,chassis=1/1,routers=32/1,nodes=4,nics=4,"
     "nic-map=block,cores=64,bw=25GBps,lat=0.3us,"
     "nic-bw=23.82GBps,nic-lat=0.195us,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot-11 dragonfly (LUMI-G), 24 groups, 3,072 x 64-core nodes, 4 NICs each",
     64},
    /* OLCF Frontier, as cabled. OLCF's Frontier user guide
     * (olcf/olcf-user-docs, systems/frontier_user_guide.rst, as it stood
     * until April 2025, when 3 cabinets were added): "74 Olympus rack HPE
     * cabinets, each with 128 AMD compute nodes, and a total of 9,408";
     * a node: one 64-core "Optimized 3rd Gen EPYC" and 4 MI250X, "[4x]
     * HPE Slingshot 200 Gbps (25 GB/s) NICs", each attached to one
     * MI250X and so to one of the 4 NUMA domains, whose cores Cray MPICH
     * sends through it ("NIC Mapping"): nic-map=block. The dragonfly
     * (ORNL, "Frontier System Architecture", 2023-02-15 slides, as Glenn
     * Lockwood's notes on Frontier give them): a group per cabinet, 128
     * nodes on 32 Rosetta switches of 64 ports at 200 Gb/s, each with up
     * to 16 ports to endpoints (4 nodes x 4 NICs), 31 to the other
     * switches of the group and up to 16 to other groups; 4 links between
     * every two groups (292 of a group's global ports, 10 a switch at
     * most here). Modelled: the 74 cabinets whole, 9,472 nodes, 64 more
     * than the 9,408 (half a cabinet is not populated). Costs: no
     * point-to-point figures of Frontier's are published that we found;
     * lumi's, the nearest calibrated network: LUMI-G's nodes are the same
     * HPE Cray EX235a blade, with the same Cassini NICs and Rosetta
     * switches. 64 PEs a node (the guide's low-noise mode leaves 56 cores
     * to a job unless told otherwise). */
    {"frontier", "dragonfly:groups=74/4,chassis=1/1,routers=32/1,nodes=4,nics=4,"
     "nic-map=block,cores=64,bw=25GBps,lat=0.3us,"
     "nic-bw=23.82GBps,nic-lat=0.195us,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot-11 dragonfly (Frontier), 74 groups, 9,472 x 64-core nodes, 4 NICs each, "
     "lumi's costs",
     64},
    /* ALCF Aurora, as cabled. ALCF's Aurora user guide
     * (argonne-lcf/user-guides, docs/aurora/index.md): "a 10,624-node HPE
     * Cray-Ex based system. It has 166 racks"; a node: 2 Xeon CPU Max of
     * 52 cores and 6 GPUs, "8 HPE Slingshot-11 NICs"; "Every rack is a
     * Dragonfly group", 64 nodes (running-jobs-aurora.md). The figure
     * "Aurora Dragonfly Groups" of its DAOS page
     * (docs/aurora/data-management/daos/images/dragonfly.png): 166
     * compute groups (besides 8 DAOS groups and a service group, not
     * modelled) of 32 64-port switches with 16 NICs each, "2 global links
     * between any two compute groups", "Each Link is 50GB/s
     * bidirectional, 25GB/s unidirectional". So 2 nodes (16 NICs) a
     * switch: 166 x 32 x 2 = 10,624 nodes, the machine exactly; 330
     * global ports a group, 11 a switch at most here. The same page's
     * NIC binding table puts cores 0-51 on NICs 0-3 and 52-103 on NICs
     * 4-7 (nic-map=block: 13 PEs a NIC, each socket's on its own four)
     * and says a NIC drives "20-25 GB/s unidirectional". Costs: no
     * point-to-point figures of Aurora's are published that we found;
     * lumi's, the nearest calibrated network (the same Cassini NICs and
     * Rosetta switches); inside a node slingshot's shm-* (ARCHER2's two
     * sockets), none being published for Aurora's nodes. */
    {"aurora", "dragonfly:groups=166/2,chassis=1/1,routers=32/1,nodes=2,nics=8,"
     "nic-map=block,cores=104,bw=25GBps,lat=0.3us,"
     "nic-bw=23.82GBps,nic-lat=0.195us,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot-11 dragonfly (Aurora), 166 groups, 10,624 x 104-core nodes, 8 NICs each, "
     "lumi's costs",
     104},
    /* LLNL El Capitan's class, as far as it is published. LLNL's "El
     * Capitan Systems" page (hpc.llnl.gov): nodes of 4 AMD MI300A, each
     * its own socket and NUMA domain, 24 Zen 4 cores an APU (96 a node).
     * 44,544 APUs in 87 compute cabinets (LLNL's figures at the unveiling,
     * November 2024, as the press reported them; the TOP500 run of
     * November 2024 used 43,808), 11,136 nodes (The Next Platform,
     * 2024-11-18): 128 a cabinet, as an HPE Cray EX255a blade holds 2
     * nodes and an EX4000 cabinet 64 blades. HPE Slingshot-11 dragonfly.
     * Not published, assumed: a group per cabinet, as on Frontier and
     * Aurora; 4 NICs a node, one per APU (nic-map=block; an EX255a blade
     * of two nodes takes 4 to 8 Slingshot-11 ports, ComputerBase on the
     * blade shown at ISC 2024, so 2 to 4 a node); 32
     * switches of 16 NICs a group (4 nodes a switch) as in Frontier's
     * cabinets; 4 links between two groups as on Frontier (344 global
     * ports a group, 11 a switch at most). Costs: lumi's, the nearest
     * calibrated network (the same Cassini NICs and Rosetta switches);
     * inside a node slingshot's shm-*, none being published for MI300A
     * nodes. */
    {"el-capitan", "dragonfly:groups=87/4,chassis=1/1,routers=32/1,nodes=4,nics=4,"
     "nic-map=block,cores=96,bw=25GBps,lat=0.3us,"
     "nic-bw=23.82GBps,nic-lat=0.195us,o=0us,o-recv=0.81us,order=adaptive,"
     "shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps",
     "HPE Slingshot-11 dragonfly (El Capitan class), 87 groups, 11,136 x 96-core nodes, "
     "4 NICs each, lumi's costs", 96},
    {NULL, NULL, NULL, 0},
};
