#!/bin/sh
# backtest.sh SHMEMSIM DIR [PLATFORM...] - how well scale predicts a
# point it did not simulate: for every algorithm of every collective, 8 B,
# simulate 64..1,024 PEs (sweep), let scale fit them and predict 4,096,
# then simulate 4,096 directly and compare. One CSV row per algorithm:
# the fitted time, its 95% interval, the simulated time, the error and
# whether the interval covers it. Long: the ring-step algorithms make
# p^2 messages (about an hour on 2 cores for two presets).
set -eu
sim=${1:?usage: backtest.sh SHMEMSIM DIR [PLATFORM...]}
dir=${2:?usage: backtest.sh SHMEMSIM DIR [PLATFORM...]}
shift 2
[ $# -gt 0 ] || set -- aries-xc frontera-ib
mkdir -p "$dir"
colls="fcollect collect broadcast reduce alltoall"
echo "platform,collective,algorithm,pes,fitted_s,lo_s,hi_s,simulated_s,error_pct,covered,form"
for plat in "$@"; do
    for coll in $colls; do
        small=$dir/$plat-$coll-small.csv big=$dir/$plat-$coll-4096.csv
        fit=$dir/$plat-$coll-fit.csv
        "$sim" sweep -o "$small" --platform "$plat" --collective "$coll" \
            --pes 64:1024 --bytes 8 -j 2 >/dev/null
        [ -s "$big" ] || "$sim" run --platform "$plat" --collective "$coll" \
            --pes 4096 --algorithm all --bytes 8 --force --format csv >"$big"
        "$sim" scale --platform "$plat" --collective "$coll" --algorithm all \
            --bytes 8 --pes 64:1024,4096 --simulate-up-to 1024 \
            --cache "$small" --format csv -o "$fit"
        python3 - "$plat" "$coll" "$fit" "$big" <<'PY'
import csv, sys
plat, coll, fit, big = sys.argv[1:]
sim = {r["algorithm"]: float(r["time_s"]) for r in csv.DictReader(open(big))}
for r in csv.DictReader(open(fit)):
    if r["method"] != "fitted" or r["pes"] != "4096":
        continue
    t, lo, hi = float(r["time_s"]), float(r["lo_s"]), float(r["hi_s"])
    s = sim.get(r["algorithm"])
    if s is None:
        print(f"{plat},{coll},{r['algorithm']},4096,{t:.4g},{lo:.4g},{hi:.4g},,,,{r['form']}")
        continue
    print(f"{plat},{coll},{r['algorithm']},4096,{t:.4g},{lo:.4g},{hi:.4g},{s:.4g},"
          f"{100 * (t - s) / s:+.1f},{'yes' if lo <= s <= hi else 'no'},{r['form']}")
PY
    done
done
