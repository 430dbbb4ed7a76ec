#!/bin/sh
# calibrate_real.sh [p2p|all] SHMEMSIM SHMEMSIM_CC SHMEMSIM_RUN CLIENTS OSUDIR
# `shmemsim calibrate` on three real machines' OSU outputs (OSUDIR:
# tests/osu/real, from ../shared/validation/osu-outputs), then the specs
# it writes run against the same files. CSV on stdout, one row a figure:
#   machine,figure,pes,ppn,file_us,spec_us,spec_over_file
# p2p: the unmodified osu_oshm_put and osu_oshm_get (OMB 7.4 from
# CLIENTS, built with SHMEMSIM_CC), 8 bytes, between two nodes (--ppn 1)
# and inside one (--ppn 2): what the costs were fitted to. all: also the
# one-node and two-node checks nothing was fitted to, osu_oshm_barrier
# and shmemsim's reduce of 8 bytes (recursive doubling, node_aware)
# beside MPI's osu_allreduce. Bases: slingshot for the two HPE Cray EX
# (128 cores a node), frontera-ib for Cirrus (InfiniBand, 36 cores).
# Regenerates the table in docs/calibration.md (all). Exit 1 when a
# calibration fails or a program does not run.
set -u
mode=$1 ss=$2 cc=$3 run=$4 clients=$5 real=$6
osu="$clients/osu-micro-benchmarks-7.4/c"
[ -d "$osu/openshmem" ] || { echo "no OSU benchmarks at $osu" >&2; exit 77; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for u in osu_util osu_util_pgas; do
    "$cc" -O2 -DOSHM_1_3 -I"$osu/util" -c "$osu/util/$u.c" -o "$d/$u.o" || exit 1
done
for b in put get barrier; do
    "$cc" -O2 -DOSHM_1_3 -I"$osu/util" "$osu/openshmem/osu_oshm_$b.c" \
        "$d/osu_util.o" "$d/osu_util_pgas.o" -o "$d/osu_$b" || exit 1
done

# file_at FILE: its 8-byte figure (osu_oshm_barrier: its one figure)
file_at() {
    awk '!/^#/ && NF { if ($1 == 8 || NF == 1) { print $NF; exit } }' "$1"
}
# row MACHINE FIGURE PES PPN FILE SPEC_US
row() {
    awk -v m="$1" -v f="$2" -v p="$3" -v q="$4" -v a="$5" -v b="$6" 'BEGIN {
        printf "%s,%s,%s,%s,%s,%s,%s\n", m, f, p, q, a, b,
               (a > 0 && b != "") ? sprintf("%.3f", b / a) : "" }'
}
# osu PROGRAM SPEC PES PPN: its 8-byte figure (barrier: its one)
osu() {
    "$run" --platform "$2" --pes "$3" --ppn "$4" "$d/osu_$1" heap 2>&1 |
        awk '!/^#/ && NF { if ($1 == 8 || NF == 1) { print $NF; exit } }'
}
# reduce SPEC PES PPN ALG: shmemsim's reduce of 8 bytes, us
reduce() {
    "$ss" run --platform "$1" --pes "$2" --ppn "$3" --collective reduce \
        --algorithm "$4" --bytes 8 --format csv 2>/dev/null |
        awk -F, 'NR == 2 { printf "%.2f", $5 * 1e6 }'
}

echo "machine,figure,pes,ppn,file_us,spec_us,spec_over_file"
fails=0
for mbc in archer2:slingshot:128 hotlum:slingshot:128 cirrus:frontera-ib:36; do
    m=${mbc%%:*} rest=${mbc#*:} base=${mbc#*:} base=${base%%:*} cores=${rest#*:}
    spec="$d/$m.spec"
    if ! "$ss" calibrate "$real/$m/$m"-nodes-2-* --intra "$real/$m/$m"-nodes-1-* \
            --base "$base" --cores "$cores" -o "$spec" > "$d/$m.out" 2>&1; then
        echo "calibrate failed on $m:" >&2
        cat "$d/$m.out" >&2
        fails=1
        continue
    fi
    for t in put get; do
        row "$m" "osu_oshm_$t" 2 1 "$(file_at "$real/$m/$m-nodes-2-osu_oshm_$t")" \
            "$(osu "$t" "$spec" 2 1)"
        row "$m" "osu_oshm_$t" 2 2 "$(file_at "$real/$m/$m-nodes-1-osu_oshm_$t")" \
            "$(osu "$t" "$spec" 2 2)"
    done
    [ "$mode" = all ] || continue
    for nodes in 1 2; do
        pes=$((cores < 64 ? 36 : 128)) ppn=$((pes / nodes))
        row "$m" osu_oshm_barrier "$pes" "$ppn" \
            "$(file_at "$real/$m/$m-nodes-$nodes-osu_oshm_barrier")" \
            "$(osu barrier "$spec" "$pes" "$ppn")"
        for alg in recursive_doubling node_aware; do
            row "$m" "osu_allreduce:reduce/$alg" "$pes" "$ppn" \
                "$(file_at "$real/$m/$m-nodes-$nodes-osu_allreduce")" \
                "$(reduce "$spec" "$pes" "$ppn" "$alg")"
        done
    done
done
exit $fails
