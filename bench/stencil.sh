#!/bin/sh
# stencil.sh BUILD_DIR - computation charged as simulated time: the
# stencil of tests/programs/stencil.c (N x N grid, ITERS iterations) run
# natively on one PE with the real OpenSHMEM (oshcc/oshrun, Open MPI; the
# rate per core of this machine) and simulated on 1 and 4 PEs with
# --compute measured and --compute none. One CSV row per run: the rate in
# MFlop/s a PE as the program reports it. $N and $ITERS change the size.
set -u
build=${1:?usage: stencil.sh BUILD_DIR}
src=$(dirname "$0")/../tests/programs/stencil.c
n=${N:-1024} iters=${ITERS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/shmemsim-cc" -O2 -o "$tmp/sim" "$src" || exit 2
rate() { sed -n 's/.* \([0-9.]*\) MFlop\/s a PE.*/\1/p'; }
echo "how,pes,mflops_per_pe"
if command -v oshcc > /dev/null; then
    oshcc -O2 -o "$tmp/native" "$src" 2> "$tmp/cc.err" &&
    echo "native,1,$(oshrun --allow-run-as-root --oversubscribe --mca spml_ucx_opal_mem_hooks 0 \
        -np 1 "$tmp/native" "$n" "$iters" 2>/dev/null | rate)"
fi
for pes in 1 4; do
    for c in measured none; do
        echo "simulated --compute $c,$pes,$("$build/shmemsim-run" --platform aries-xc --pes "$pes" \
            --compute "$c" "$tmp/sim" "$n" "$iters" 2>/dev/null | rate)"
    done
done
