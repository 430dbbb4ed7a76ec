#!/bin/sh
# backtest.sh SHMEMSIM DIR [BUDGET] [PLATFORM...] - how well scale predicts
# a point it did not fit: for every algorithm of every collective, 8 B,
# `shmemsim scale` simulates what fits in BUDGET seconds (default 100) of
# the ladder 64..1,024, 4,096, fits it, and back-tests itself (refits
# without the largest simulated point and predicts it). One row per
# algorithm: the largest simulated point, the back-test's error and
# whether its interval covered the simulation, and the fitted 4,096.
set -eu
sim=${1:?usage: backtest.sh SHMEMSIM DIR [BUDGET] [PLATFORM...]}
dir=${2:?usage: backtest.sh SHMEMSIM DIR [BUDGET] [PLATFORM...]}
budget=${3:-100}
[ $# -gt 3 ] && shift 3 || { shift $#; set -- aries-xc frontera-ib; }
mkdir -p "$dir"
echo "platform,collective,algorithm,simulated_to,backtest_pes,backtest_error,backtest_covered,t4096_s,lo_s,hi_s,method,form"
for plat in "$@"; do
    for coll in fcollect collect broadcast reduce; do
        out=$dir/$plat-$coll.csv
        "$sim" scale --platform "$plat" --collective "$coll" --algorithm all \
            --bytes 8 --pes 64:1024,4096 --budget "$budget" --format csv \
            -o "$out" 2>>"$dir/$plat.log" || true   # exit 1: some got no time
        [ -s "$out" ] || { echo "$plat,$coll,scale failed (see $dir/$plat.log)"; continue; }
        python3 - "$plat" "$coll" "$out" <<'PY'
import csv, sys
plat, coll, path = sys.argv[1:]
rows = list(csv.DictReader(open(path)))
for alg in dict.fromkeys(r["algorithm"] for r in rows):
    mine = [r for r in rows if r["algorithm"] == alg]
    simulated = [int(r["pes"]) for r in mine if r["method"] == "simulated"]
    big = ([r for r in mine if r["pes"] == "4096"] or [None])[0]
    if big is None:   # too slow to simulate three points in the budget
        print(f"{plat},{coll},{alg},{max(simulated, default=0)},,,,,,,no time,")
        continue
    print(f"{plat},{coll},{alg},{max(simulated, default=0)},{big['backtest_pes']},"
          f"{big['backtest_error']},{big['backtest_covered']},{float(big['time_s']):.4g},"
          f"{float(big['lo_s']):.4g},{float(big['hi_s']):.4g},{big['method']},{big['form']}")
PY
    done
done
