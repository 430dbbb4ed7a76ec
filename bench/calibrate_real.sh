#!/bin/sh
# calibrate_real.sh p2p|all SHMEMSIM [OSU_BIN_DIR [REAL]]
# `shmemsim calibrate` on three real machines' OSU outputs (REAL, default
# tests/osu/real: from ../shared/validation/osu-outputs), then the specs
# it writes run against the same files. CSV on stdout, one row a figure:
#   machine,figure,pes,ppn,file_us,spec_us,spec_over_file
# p2p: the unmodified osu_oshm_put and osu_oshm_get (OMB 7.4, built by
# the test suite into OSU_BIN_DIR, default the build's
# tests/programs/bin), 8 bytes, between two nodes (--ppn 1) and inside
# one (--ppn 2): what the costs were fitted to. all: also the one-node
# and two-node checks nothing was fitted to, osu_oshm_barrier and
# shmemsim's reduce of 8 bytes (recursive doubling, node_aware) beside
# MPI's osu_allreduce. Bases: slingshot for the two HPE Cray EX (128
# cores a node), frontera-ib for Cirrus (InfiniBand, 36 cores). The
# tables of docs/calibrate.md come from `all`. Exit 1 when a
# calibration fails, 77 without the OSU programs.
set -u
mode=${1:?usage: calibrate_real.sh p2p|all SHMEMSIM [OSU_BIN_DIR [REAL]]}
ss=${2:?usage: calibrate_real.sh p2p|all SHMEMSIM [OSU_BIN_DIR [REAL]]}
here=$(cd "$(dirname "$0")" && pwd)
bin=${3:-$(dirname "$ss")/tests/programs/bin}
real=${4:-$here/../tests/osu/real}
run="$(dirname "$ss")/shmemsim-run"
for b in put get barrier; do
    [ -x "$bin/osu_$b" ] || { echo "no $bin/osu_$b (built by the test suite)" >&2; exit 77; }
done
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

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
    "$run" --platform "$2" --pes "$3" --ppn "$4" "$bin/osu_$1" heap 2>&1 |
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
