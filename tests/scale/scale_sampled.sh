#!/bin/sh
# scale_sampled.sh SHMEMSIM - a step algorithm sampled at the top of a
# ladder (studies/scale_sample.c: windows of its steps run at that size,
# extrapolated in steps) against the whole call simulated there: ring and
# neighbour-exchange fcollect of 8 B at 2,048 PEs on aries-xc, within 3%
# and inside the sampled interval. And `run --steps` refuses what it
# cannot do. Simulated times, deterministic.
set -u
sim=${1:?usage: scale_sampled.sh SHMEMSIM}
fail=0
for alg in ring neighbor_exchange; do
    row=$("$sim" scale --platform aries-xc --collective fcollect --algorithm "$alg" \
          --bytes 8 --pes 256,512,1024,2048 --small-msg all --simulate-up-to 1024 \
          --format csv 2>/dev/null | awk -F, '$3 == 2048 { print $5, $6, $7, $8 }')
    full=$("$sim" run --platform aries-xc --pes 2048 --collective fcollect --algorithm "$alg" \
           --bytes 8 --small-msg all --format csv 2>/dev/null | awk -F, 'NR == 2 { print $5 }')
    echo "$alg at 2048 PEs: sampled $row; whole $full"
    echo "$row $full" | awk '{ e = $1 / $5 - 1; printf "  error %+.2f%%\n", 100 * e
        exit !($2 == "sampled" && e > -0.03 && e < 0.03 && $3 <= $5 && $5 <= $4) }' ||
        { echo "  FAIL"; fail=1; }
done
refuse() {   # what run says to --steps with ARGS
    "$sim" run --platform aries-xc --pes 256 --collective fcollect --bytes 8 "$@" \
        --format csv >/dev/null 2>"${TMPDIR:-/tmp}/steps_err.$$"
    rc=$?
    msg=$(cat "${TMPDIR:-/tmp}/steps_err.$$")
    rm -f "${TMPDIR:-/tmp}/steps_err.$$"
    echo "refused ($rc): $msg"
    [ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$msg" | wc -l)" -eq 1 ] || { echo "  FAIL"; fail=1; }
}
refuse --algorithm bruck --steps 0:8
refuse --algorithm ring --steps 0:8 --check
refuse --algorithm ring --steps 300:8
refuse --algorithm ring --steps 8
exit $fail
