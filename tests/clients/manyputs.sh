#!/bin/sh
# manyputs.sh SHMEMSIM_CC SHMEMSIM_RUN CLIENTS_DIR - the unmodified
# manyputs client (N puts to the neighbour, one quiet) at counts that took
# minutes when every put in flight was scanned per operation: 200,000 puts
# on 2 PEs and 20,000 on each of 64 PEs under the small-message model, and
# 5,000 on 2 PEs through SimGrid flows, past both windows of SimGrid
# handles a PE keeps (sim/engine/ss_progress.c). Each must finish and say so.
set -u
cc=${1:?usage: manyputs.sh SHMEMSIM_CC SHMEMSIM_RUN CLIENTS_DIR}
run=${2:?}
clients=${3:?}
[ -f "$clients/manyputs.c" ] || { echo "no $clients/manyputs.c: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cc" -O2 -o "$tmp/manyputs" "$clients/manyputs.c" || exit 1
fail=0
check() {   # PES N [run options]
    pes=$1 n=$2
    shift 2
    out=$("$run" --platform aries-xc --pes "$pes" "$@" "$tmp/manyputs" "$n" 2>/dev/null)
    st=$?
    if [ "$st" -ne 0 ] || [ "$out" != "done $n" ]; then
        echo "FAIL: $pes PEs, $n puts $*: status $st, output '$out'"
        fail=1
    else
        echo "ok: $pes PEs, $n puts $*"
    fi
}
check 2 200000 --small-msg all
check 64 20000 --small-msg all
check 2 5000
exit $fail
