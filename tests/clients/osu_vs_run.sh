#!/bin/sh
# osu_vs_run.sh SHMEMSIM SHMEMSIM_RUN DIR PLATFORM PES MAX TOL KIND:ALG:COL...
# The latencies the OSU benchmark osu_KIND (in DIR) prints with -f
# -m MAX -i 10, run with $SHMEMSIM_<KIND>_ALGORITHM=ALG, against
# `shmemsim run` for the same collective, algorithm, size and PE count:
# at every size, OSU's column COL (avg or max over PEs) / run's time must
# be within 1 +- TOL.
# They measure differently: each OSU PE times its own call (gettimeofday,
# whole microseconds, averaged over 10 calls) after a barrier that PEs
# leave up to a few latencies apart; shmemsim run starts every PE at once
# and takes first entry to last exit. In an fcollect or a reduction every
# PE leaves with the last data, so OSU's average is the collective's time
# (plus the mean barrier skew: 1-3% at 64 PEs). A broadcast's members
# all leave once its barrier completes (algorithms/broadcast/common.c),
# but a PE that entered late times a shorter call, so the collective's
# time is OSU's max (the average is 0.82x at 8 PEs, 0.94x at 64).
set -u
ss=$1 run=$2 dir=$3 plat=$4 pes=$5 max=$6 tol=$7
shift 7
fails=0
for spec in "$@"; do
    IFS=: read -r kind alg col <<EOF
$spec
EOF
    var=SHMEMSIM_$(echo "$kind" | tr '[:lower:]' '[:upper:]')_ALGORITHM
    osu=$(env "$var=$alg" "$run" --platform "$plat" --pes "$pes" "$dir/osu_$kind" \
          -m "$max" -i 10 -f) || { echo "FAIL: osu_$kind exited $?"; exit 1; }
    sizes=$(printf '%s\n' "$osu" | awk '$1 ~ /^[0-9]+$/ { printf "%s%s", s, $1; s = "," }')
    extra=""
    [ "$kind" = reduce ] && extra="--type float --op sum"   # what OSU reduces
    # shellcheck disable=SC2086
    sim=$("$ss" run --platform "$plat" --pes "$pes" --collective "$kind" \
          --algorithm "$alg" --bytes "$sizes" $extra --format csv) ||
        { echo "FAIL: shmemsim run exited $?"; exit 1; }
    printf '%s\n' "$osu" | awk -F'[ ,]+' -v col="$col" -v tol="$tol" -v k="$kind $alg" '
        NR == FNR { if (FNR > 1) run[$4] = $5 * 1e6; next }
        $1 ~ /^[0-9]+$/ {
            o = col == "max" ? $4 : $2; s = run[$1]; r = s > 0 ? o / s : 0
            ok = r >= 1 - tol && r <= 1 + tol
            printf "%s %-28s %6d B: OSU %s %8.2f us, run %8.2f us, ratio %.3f\n",
                   ok ? "ok  " : "FAIL", k, $1, col, o, s, r
            bad += !ok; n++ }
        END { exit bad || !n }' /dev/fd/3 - 3<<EOF || fails=1
$sim
EOF
done
exit $fails
