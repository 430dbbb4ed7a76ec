#!/bin/sh
# node_aware.sh SHMEMSIM - node-aware algorithms against the flat one a
# production MPI runs by default, at full nodes under the presets'
# calibrated model: a markdown table of simulated times (us), each row
# one preset, PEs per node, node count, collective and size. The flat
# algorithm: recursive doubling (reduce, fcollect, collect: MPICH's short
# allreduce and allgather), binomial (broadcast). Paste into
# docs/algorithms.md ("Node-aware algorithms").
set -eu
ss=${1:?usage: node_aware.sh SHMEMSIM}
flat() {
    case $1 in broadcast) echo binomial ;; *) echo recursive_doubling ;; esac
}
echo "| platform, ppn | nodes | bytes | collective | flat (us) | node_aware (us) | flat / node_aware |"
echo "|---|---|---|---|---|---|---|"
for pq in slingshot:128 aries-xc:32; do
    plat=${pq%%:*} q=${pq#*:}
    for nodes in 1 2 16; do
        for b in 8 64K; do
            for c in reduce fcollect broadcast collect; do
                f=$(flat "$c")
                "$ss" run --platform "$plat" --ppn "$q" --pes $((nodes * q)) --collective "$c" \
                    --algorithm "$f,node_aware" --bytes "$b" --format csv 2>/dev/null |
                    awk -F, -v pq="$plat, $q" -v n="$nodes" -v b="$b" -v c="$c" '
                        NR > 1 { t[NR - 1] = $5 * 1e6 }
                        END { printf "| %s | %s | %s | %s | %.2f | %.2f | %.2f |\n",
                                     pq, n, b, c, t[1], t[2], t[1] / t[2] }'
            done
        done
    done
done
