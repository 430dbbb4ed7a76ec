#!/bin/sh
# put_signal.sh SHMEMSIM [PLATFORMS...] > put-signal.csv
# What steps that carry their flag (--put-signal: one put with signal in
# place of put, fence, atomic) gain: every collective at 8 B and 8 KiB,
# 64 PEs (every algorithm) and 1,024 PEs (the log-step ones: the linear
# and ring-step algorithms, and alltoall, are p^2 messages there), at
# one PE per node and at the preset's usual PEs per node, each
# platform (default: the three presets) under its default model. One
# CSV row per point: both simulated times and default / signal.
# docs/models.md's "Steps that carry their flag" comes from it
# (bench/data/put-signal.csv, about 20 minutes on one core).
set -u
sim=${1:?usage: put_signal.sh SHMEMSIM [PLATFORMS...]}
shift
[ $# -gt 0 ] || set -- aries-xc slingshot frontera-ib
big="reduce:recursive_doubling,rabenseifner,knomial,binomial
fcollect:recursive_doubling,bruck,knomial
broadcast:binomial,knomial,kary,pipelined_binary
collect:recursive_doubling,bruck"
small="reduce:all
fcollect:all
broadcast:all
collect:all
alltoall:all"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "alg bytes time ppn" per row of one run
one() {   # PLATFORM PES PPN COLL ALGS [--put-signal]
    pp=""
    [ "$3" = default ] || pp="--ppn $3"
    # shellcheck disable=SC2086
    "$sim" run --platform "$1" --pes "$2" $pp --collective "$4" \
        --algorithm "$5" --bytes 8,8K --force --format csv ${6:-} 2>/dev/null |
        awk -F, 'NR > 1 { print $2, $4, $5, $7 }'
}

echo "platform,pes,ppn,collective,algorithm,bytes,default_s,signal_s,default_over_signal"
for plat in "$@"; do
    for p in 64 1024; do
        for ppn in 1 default; do
            list=$small
            [ "$p" -gt 64 ] && list=$big
            printf '%s\n' "$list" | while IFS=: read -r c a; do
                one "$plat" "$p" "$ppn" "$c" "$a" > "$tmp/d"
                one "$plat" "$p" "$ppn" "$c" "$a" --put-signal > "$tmp/s"
                paste -d' ' "$tmp/d" "$tmp/s" | awk -v pl="$plat" -v p="$p" -v c="$c" \
                    '{ printf "%s,%s,%s,%s,%s,%s,%s,%s,%.3f\n", pl, p, $4, c, $1, $2, $3, $7, $3 / $7 }'
            done
        done
    done
done
