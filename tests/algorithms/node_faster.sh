#!/bin/sh
# node_faster.sh SHMEMSIM: at full nodes of the slingshot preset (64 PEs
# per node, 2 and 4 nodes), node_aware reduce takes less simulated time
# than flat recursive doubling at 1 KiB and 64 KiB, where the flat
# algorithm's 64 PEs per node share the NIC in its network steps (times
# are deterministic). At 8 B it does not: the preset has no intra-node
# path (shm-lat, shm-bw), so a put to a node-mate goes out and back over
# the NIC (1.6 us) and each flag a parent consumes costs o-recv (0.81 us);
# docs/algorithms.md gives the figures.
set -eu
ss=$1
for p in 128 256; do
    out=$("$ss" run --platform slingshot --ppn 64 --pes "$p" --collective reduce \
          --algorithm recursive_doubling,node_aware --bytes 1K,64K --format csv)
    echo "$out" | awk -F, -v p="$p" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { t[$col["algorithm"], $col["bytes"]] = $col["time_s"]; sizes[$col["bytes"]] = 1 }
    END {
        bad = 0
        for (b in sizes) {
            flat = t["recursive_doubling", b]; na = t["node_aware", b]
            printf "%d PEs, %s B: recursive_doubling %s s, node_aware %s s\n", p, b, flat, na
            if (flat == "" || na == "" || na + 0 >= flat + 0) bad++
        }
        exit bad > 0
    }'
done
