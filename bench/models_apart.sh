#!/bin/sh
# models_apart.sh SHMEMSIM [PLATFORMS...] > models.csv
# How far the small-message model (--small-msg all) is from SimGrid's
# flows (--small-msg 0), and what each costs in wall time: every log-step
# algorithm of each collective and ring fcollect, 8 B from 64 to 4,096
# PEs, 64 KiB at 64 and 256 PEs (flows cost minutes beyond), on each
# platform (default: the three presets) at its usual PEs per node, the
# platform's default model otherwise. One CSV row per point and model
# pair: the two simulated times, their ratio and the two wall times.
# docs/models.md's table of how far apart the two are comes from it
# (bench/models_apart_table.py).
set -u
sim=${1:?usage: models_apart.sh SHMEMSIM [PLATFORMS...]}
shift
[ $# -gt 0 ] || set -- aries-xc slingshot frontera-ib
algs="fcollect:recursive_doubling,bruck,knomial,ring
collect:recursive_doubling,bruck
broadcast:binomial,knomial,kary,pipelined_binary
reduce:binomial,knomial,recursive_doubling,rabenseifner"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# time_s of each algorithm, one per line as "alg time", and the wall time
one() {   # PLATFORM PES COLL ALGS BYTES MODEL
    /usr/bin/time -f %e -o "$tmp/t" "$sim" run --platform "$1" --pes "$2" \
        --collective "$3" --algorithm "$4" --bytes "$5" --small-msg "$6" \
        --force --format csv 2>/dev/null |
        awk -F, 'NR > 1 { print $2, $5 }' > "$tmp/$6"
    tail -n 1 "$tmp/t"
}

echo "platform,collective,algorithm,pes,bytes,flows_s,small_s,small_over_flows,flows_wall_s,small_wall_s"
for plat in "$@"; do
    for point in 64:8 256:8 1024:8 4096:8 64:65536 256:65536; do
        p=${point%%:*} b=${point#*:}
        printf '%s\n' "$algs" | while IFS=: read -r c a; do
            # ring at 4,096 PEs is 16 M messages under flows: left out
            [ "$p" -ge 4096 ] && a=$(echo "$a" | sed 's/,ring//')
            wf=$(one "$plat" "$p" "$c" "$a" "$b" 0)
            ws=$(one "$plat" "$p" "$c" "$a" "$b" all)
            sort -o "$tmp/0" "$tmp/0"; sort -o "$tmp/all" "$tmp/all"
            join "$tmp/0" "$tmp/all" | while read -r alg f s; do
                r=$(awk -v f="$f" -v s="$s" 'BEGIN { printf "%.4f", s / f }')
                echo "\"$plat\",$c,$alg,$p,$b,$f,$s,$r,$wf,$ws"
            done
        done
    done
done
