#!/bin/sh
# program_ring.sh BUILD_DIR [PES] [PLATFORM] [STACK_KIB] - an unmodified
# program with globals at scale: tests/programs/ring.c (a ring of puts
# into a global array) built with shmemsim-cc and run by shmemsim-run
# (default 100,000 PEs on aries-xc, 16 KiB stacks), then the same ring as
# a PE function with its inbox from shmem_calloc (bench/ring_put), so the
# difference is what private globals cost. Prints each one's wall time
# and peak RSS (/usr/bin/time -v) and the globals' figures
# (SHMEMSIM_PROGRESS).
set -eu
build=$1 pes=${2:-100000} plat=${3:-aries-xc} kib=${4:-16}
src=$(dirname "$0")/../tests/programs/ring.c
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/shmemsim-cc" -O2 "$src" -o "$out/ring"

measure() {
    what=$1
    shift
    echo "== $what: $*"
    SHMEMSIM_PROGRESS=1 /usr/bin/time -v "$@" >"$out/log" 2>&1 ||
        { cat "$out/log"; exit 1; }
    grep -E '^(ring|shmemsim: (globals|simulation))|Elapsed|Maximum resident' "$out/log"
}
measure "program with globals" "$build/shmemsim-run" --platform "$plat" \
    --pes "$pes" --stack-kib "$kib" "$out/ring"
measure "PE function, shmem_calloc" "$build/bench/ring_put" --platform "$plat" \
    --pes "$pes" --stack-kib "$kib"
