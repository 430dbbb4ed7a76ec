#!/bin/sh
# scale_predict.sh SHMEMSIM
# shmemsim scale against the simulator: fit from small PE counts (or, for
# a step algorithm, sample windows of its steps at the target), predict a
# larger one, simulate that one directly; the prediction must be within a
# tolerance and its interval must hold the simulated time.
# Within one level: ring and recursive-doubling fcollect (8 B and 64 KiB
# per PE) and binomial broadcast (64 KiB), on a fat-tree spec (8-node
# leaves, 8:1 taper) and on the aries-xc dragonfly at 4 PEs per node
# (under alpha-beta; under loggp the binomial broadcast back-test misses
# its interval by 2%), within 5%.
# Across a level, within 10%: fitted on points inside one leaf switch of
# a fat-tree, or inside one group of a dragonfly, predicting four times
# the largest, where the forms that follow the routes the PEs span
# (models/scale.h) carry over. Kept: ring, recursive doubling, Bruck
# and k-nomial on the fat-tree, and neighbour exchange at 8 B; ring,
# k-nomial (64 KiB) and Bruck (64 KiB) on the dragonfly. Not kept because
# they miss 10% (docs/scaling.md has the table): on the dragonfly
# recursive doubling (+10.3% at 8 B, +11.0% at 64 KiB), Bruck at 8 B
# (+15.9%) and k-nomial at 8 B (+25.8%), inside their intervals, and
# neighbour exchange at 64 KiB (-16.2%, outside); on the fat-tree ring at
# 64 KiB (+13.0%, inside) and neighbour exchange at 64 KiB (-10.4%,
# inside).
# The dragonflies here route minimally: the forms give a group pair's
# traffic its own global links, and a node's traffic in a group the one
# link between two routers. Under adaptive routing (the presets' and
# the specs' default) traffic spreads over non-minimal routes too, and
# fits from inside one group miss by 15% to 26% across groups
# (docs/scaling.md).
# Then: the same command gives the same bytes at -j 1 and -j 2, and
# --cache reuses the points it holds.
set -u
ss=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
bad=0
FT="fat-tree:down=8/16,bw=10GBps,lat=0.5us"
DF="dragonfly:groups=8,chassis=2/1,routers=4/1,nodes=2,global-per-router=2,bw=5GBps,lat=0.1us,nic-lat=0.3us,routing=minimal"
ARIES="dragonfly:groups=9,chassis=6/3,routers=16/1,nodes=4,global-per-router=10,bw=5.25GBps,global-bw=4.7GBps,lat=0.1us,nic-bw=9.649GBps,nic-lat=0.3us,cores=32,routing=minimal"
tol=0.05

# check PLATFORM LADDER UPTO TARGET COLLECTIVE ALGORITHM BYTES [run options]
check() {
    plat=$1 ladder=$2 upto=$3 target=$4 coll=$5 alg=$6 bytes=$7
    shift 7
    if ! "$ss" scale --platform "$plat" --collective "$coll" --algorithm "$alg" \
            --bytes "$bytes" --pes "$ladder" --simulate-up-to "$upto" --budget 600 \
            --format csv -o fit.csv "$@" 2>err.txt; then
        echo "FAIL: scale $coll $alg on $plat: $(cat err.txt)"
        bad=1
        return
    fi
    "$ss" run --platform "$plat" --pes "$target" --collective "$coll" \
        --algorithm "$alg" --bytes "$bytes" --format csv "$@" > sim.csv || {
        echo "FAIL: run $coll $alg at $target PEs"; bad=1; return; }
    # Columns by name: the platform spec holds commas inside quotes.
    python3 - "$target" "$coll $alg on ${plat%%:*}" "$tol" <<'EOF' || bad=1
import csv, sys
target, what, tol = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
fit = {int(r["bytes"]): r for r in csv.DictReader(open("fit.csv")) if int(r["pes"]) == target}
ok = True
for r in csv.DictReader(open("sim.csv")):
    b, t = int(r["bytes"]), float(r["time_s"])
    f = fit[b]
    y, lo, hi = float(f["time_s"]), float(f["lo_s"]), float(f["hi_s"])
    err = (y - t) / t
    # An exact fit's interval can be narrower than the time's own
    # rounding: a miss under 0.1% of it is not a miss.
    slack = 1e-3 * t
    good = f["method"] in ("fitted", "sampled") and abs(err) <= tol and lo - slack <= t <= hi + slack
    print("%s %s at %d PEs, %d B: %s %.6g [%.6g, %.6g], simulated %.6g, "
          "error %+.2f%% (%s)" % ("ok:" if good else "FAIL:", what, target, b,
                                  f["method"], y, lo, hi, t, 100 * err, f["form"]))
    ok = ok and good
sys.exit(0 if ok else 1)
EOF
}

check "$FT" 8:128 64 128 fcollect ring 8,64K
check "$FT" 8:128 64 128 fcollect recursive_doubling 8,64K
check "$FT" 8:128 64 128 broadcast binomial 64K
check "$ARIES" 16:256 128 256 fcollect ring 8,64K --ppn 4 --model alpha-beta
check "$ARIES" 16:256 128 256 fcollect recursive_doubling 8,64K --ppn 4 --model alpha-beta
check "$ARIES" 16:256 128 256 broadcast binomial 64K --ppn 4 --model alpha-beta

tol=0.10
L=8,12,16,20,24,28,32,128
check "$FT" $L 32 128 fcollect ring 8 --ppn 4
check "$FT" $L 32 128 fcollect neighbor_exchange 8 --ppn 4
for alg in recursive_doubling bruck knomial; do
    check "$FT" $L 32 128 fcollect $alg 8,64K --ppn 4
done
check "$DF" $L 32 128 fcollect ring 8,64K --ppn 2
check "$DF" $L 32 128 fcollect knomial 64K --ppn 2
check "$DF" $L 32 128 fcollect bruck 64K --ppn 2

# -j does not change the bytes; a cache of the points gives the same again
# without simulating (its budget would not allow a single point).
args="--platform $FT --collective fcollect --algorithm ring,bruck --bytes 8,1K --pes 8:128 --simulate-up-to 64"
"$ss" scale $args -j 1 --format csv > j1.csv 2>/dev/null &&
"$ss" scale $args -j 2 --format csv --cache points.csv > j2.csv 2>/dev/null &&
"$ss" scale $args --format csv --cache points.csv --budget 0.001 > j3.csv 2>/dev/null
if ! cmp -s j1.csv j2.csv || ! cmp -s j1.csv j3.csv || [ ! -s j1.csv ]; then
    echo "FAIL: scale output differs between -j 1, -j 2 and --cache"
    bad=1
else
    echo "ok: -j 1, -j 2 and --cache give the same bytes"
fi
exit $bad
