#!/bin/sh
# predict_within.sh SHMEMSIM PLATFORM KIND P [run options...]
# Runs every algorithm of KIND at P PEs over 8 B..1 MiB under the
# alpha-beta model and fails unless every row's simulated time is within
# 1% of the closed form in models/ (the predicted_s column). --fold keeps
# the memory of 64 PEs x 64 MiB fcollect results small (timing does not
# depend on payload values). $PW_BYTES replaces the sizes (default 8:1M).
# $PREDICT_TOL (default 0.01) sets the bound where a form is known to be
# approximate (node_aware's partial nodes).
set -eu
tol=${PREDICT_TOL:-0.01}
ss=$1 plat=$2 kind=$3 p=$4
shift 4
out=$("$ss" run --platform "$plat" --pes "$p" --collective "$kind" \
      --algorithm all --bytes "${PW_BYTES:-8:1M}" --model alpha-beta --format csv --fold 64K "$@")
echo "$out" | awk -F, -v tol="$tol" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
    t = $col["time_s"]; pr = $col["predicted_s"]; rows++
    if (pr == "") { printf "%s %s bytes: no prediction\n", $2, $4; bad++; next }
    err = (t - pr) / t; if (err < 0) err = -err
    if (err > worst[$2]) worst[$2] = err
    if (err > tol) {
        printf "%s %s bytes: simulated %s s, predicted %s s (%.2f%%)\n", $2, $4, t, pr, 100 * err
        bad++
    }
}
END {
    for (a in worst) printf "%-24s worst error %.4f%%\n", a, 100 * worst[a]
    if (rows == 0) { print "no rows"; exit 1 }
    exit bad > 0
}'
