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
# (models/scale.h) carry over, and on a dragonfly the log-step rounds
# that cross groups take their busiest links (models/scale_cross.c).
# Kept: ring, recursive doubling, Bruck, k-nomial and neighbour exchange
# on the fat-tree; ring, k-nomial and Bruck, and recursive doubling at
# 8 B on the dragonfly. Not kept because they miss 10% (docs/scaling.md
# has the table): on the dragonfly recursive doubling at 64 KiB (-11.7%)
# and neighbour exchange at 64 KiB (-24.8%), inside their intervals; on
# the fat-tree ring at 64 KiB (+13.2%, inside). The dragonflies of these
# two sections route minimally; the last section's adaptively.
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
    # One run per algorithm, as scale makes its points: under adaptive
    # routing a point's time moves a little with the instant it starts at
    # (events that tie at one start fall apart at another), and a run's
    # later points start later (k-nomial of 64 KiB at 128 PEs on ARIES_AD
    # below: 4.37 ms from 1 ms, 4.11 ms from 2 ms).
    : > sim.csv
    for a in $(echo "$alg" | tr , ' '); do
        "$ss" run --platform "$plat" --pes "$target" --collective "$coll" \
            --algorithm "$a" --bytes "$bytes" --format csv "$@" > one.csv || {
            echo "FAIL: run $coll $a at $target PEs"; bad=1; return; }
        if [ -s sim.csv ]; then tail -n +2 one.csv >> sim.csv; else cat one.csv > sim.csv; fi
    done
    # Columns by name: the platform spec holds commas inside quotes.
    python3 - "$target" "$coll %s on ${plat%%:*}" "$tol" <<'EOF' || bad=1
import csv, sys
target, what, tol = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
fit = {(r["algorithm"], int(r["bytes"])): r for r in csv.DictReader(open("fit.csv"))
       if int(r["pes"]) == target}
ok = True
for r in csv.DictReader(open("sim.csv")):
    b, t = int(r["bytes"]), float(r["time_s"])
    f = fit[(r["algorithm"], b)]
    y, lo, hi = float(f["time_s"]), float(f["lo_s"]), float(f["hi_s"])
    err = (y - t) / t
    # An exact fit's interval can be narrower than the time's own
    # rounding: a miss under 0.1% of it is not a miss.
    slack = 1e-3 * t
    good = f["method"] in ("fitted", "sampled") and abs(err) <= tol and lo - slack <= t <= hi + slack
    print("%s %s at %d PEs, %d B: %s %.6g [%.6g, %.6g], simulated %.6g, "
          "error %+.2f%% (%s)" % ("ok:" if good else "FAIL:", what % r["algorithm"],
                                  target, b, f["method"], y, lo, hi, t, 100 * err,
                                  f["form"]))
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
check "$FT" $L 32 128 fcollect neighbor_exchange 8,64K --ppn 4
for alg in recursive_doubling bruck knomial; do
    check "$FT" $L 32 128 fcollect $alg 8,64K --ppn 4
done
check "$DF" $L 32 128 fcollect ring 8,64K --ppn 2
check "$DF" $L 32 128 fcollect knomial,bruck 8,64K --ppn 2
check "$DF" $L 32 128 fcollect recursive_doubling 8 --ppn 2

# Across groups under adaptive routing, within 15%: fitted inside one and
# two groups (16 to 256 PEs, 4 per node; 128 PEs a group), predicting
# 1,024 PEs over eight groups, where the rounds across groups take their
# busiest links as the runtime routes them (platforms/crossing.h,
# models/scale_cross.c). Then from inside one group (up to 128 PEs),
# eight times the largest. ARIES_AD is aries-xc's shape small: nine
# groups of 2 chassis x 8 routers x 2 nodes, its links and costs (a group
# pair's 8 links carry 0.12 of what the group's nodes inject; aries-xc
# 0.15); SLING_AD slingshot's: one chassis of 8 routers x 4 nodes, eight
# groups (8 links a pair, 0.51 of the injection; the preset's four
# groups, 0.68). Not kept (docs/scaling.md has them): recursive doubling
# of 64 KiB on ARIES_AD (+17% from two groups, +19% from one, inside),
# Bruck of 8 B on ARIES_AD from two groups (+7.5%, 0.8% under its low
# end), Rabenseifner of 64 KiB on ARIES_AD (+101%, inside), k-nomial on
# SLING_AD (+22% at 8 B, inside; -30% at 64 KiB, outside, from one group
# too), Bruck at 8 B on SLING_AD (+15%, outside), and from one group
# Bruck of 64 KiB on ARIES_AD (+26%, inside) and k-nomial at 8 B (+38%
# and +19%, inside).
tol=0.15
ARIES_AD="dragonfly:groups=9,chassis=2/3,routers=8/1,nodes=2,global-per-router=4,bw=5.25GBps,global-bw=4.7GBps,lat=0.1us,nic-bw=9.649GBps,nic-lat=0.3us,o=0us,o-recv=0.81us,order=adaptive,shm-o=0us,shm-lat=0.44us,shm-o-recv=0.03us,shm-bw=11.85GBps"
SLING_AD="dragonfly:groups=8,chassis=1/1,routers=8/1,nodes=4,global-per-router=7,bw=25GBps,lat=0.3us,nic-bw=12.24GBps,nic-lat=0.46us,o=0us,o-recv=0.81us,order=adaptive,shm-o=0.06us,shm-lat=0.62us,shm-o-recv=0.03us,shm-bw=24.46GBps"
X=16:256,1024
check "$ARIES_AD" $X 256 1024 fcollect knomial 8,64K --ppn 4
check "$ARIES_AD" $X 256 1024 fcollect bruck 64K --ppn 4
check "$ARIES_AD" $X 256 1024 fcollect recursive_doubling 8 --ppn 4
check "$ARIES_AD" $X 256 1024 broadcast binomial 8,64K --ppn 4
check "$ARIES_AD" $X 256 1024 reduce recursive_doubling,binomial 8,64K --ppn 4
check "$ARIES_AD" $X 256 1024 reduce rabenseifner 8 --ppn 4
check "$SLING_AD" $X 256 1024 fcollect recursive_doubling 8,64K --ppn 4
check "$SLING_AD" $X 256 1024 fcollect bruck 64K --ppn 4
check "$SLING_AD" $X 256 1024 broadcast binomial 8,64K --ppn 4
check "$SLING_AD" $X 256 1024 reduce recursive_doubling,binomial,rabenseifner 8,64K --ppn 4
X=16:128,1024
check "$ARIES_AD" $X 128 1024 fcollect recursive_doubling 8 --ppn 4
check "$ARIES_AD" $X 128 1024 fcollect bruck 8 --ppn 4
check "$ARIES_AD" $X 128 1024 fcollect knomial 64K --ppn 4
check "$SLING_AD" $X 128 1024 fcollect recursive_doubling,bruck 8,64K --ppn 4

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
