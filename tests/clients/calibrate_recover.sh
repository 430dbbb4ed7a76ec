#!/bin/sh
# calibrate_recover.sh inter|intra SHMEMSIM SHMEMSIM_CC SHMEMSIM_RUN CLIENTS
# `shmemsim calibrate` recovers the costs a platform was given, within 5%,
# from the output of the unmodified OSU OpenSHMEM programs (built here
# with shmemsim-cc from CLIENTS/osu-micro-benchmarks-7.4) run on it:
#   inter  two PEs on two nodes: osu_oshm_put, _get, _put_mr and
#          _atomics give o, L (= 2 nic-lat + 2 lat) and bw; _atomics with
#          8 pairs on a node of 8 cores shows the NIC's gap. Then o from
#          the atomics alone; on a base that delivers out of order; and the
#          round trip: osu_oshm_put on the spec written gives back the
#          latencies it was fitted to.
#   intra  two PEs on one node: shm-o, shm-lat, shm-bw, and shm-o-recv
#          from an MPI latency file 0.15 us above the put (with the put
#          between two nodes that every spec needs).
# Prints each fitted value against the true one. Exit 77 (skipped)
# without the OSU sources.
set -u
mode=$1 ss=$2 cc=$3 run=$4 clients=$5
osu="$clients/osu-micro-benchmarks-7.4/c"
[ -d "$osu/openshmem" ] || { echo "no OSU benchmarks at $osu: skipped"; exit 77; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1

# The programs, compiled now: a program links the simulator as it is.
for u in osu_util osu_util_pgas; do
    "$cc" -O2 -DOSHM_1_3 -I"$osu/util" -c "$osu/util/$u.c" -o "$u.o" || exit 1
done
for b in put get put_mr atomics; do
    "$cc" -O2 -DOSHM_1_3 -I"$osu/util" "$osu/openshmem/osu_oshm_$b.c" \
        osu_util.o osu_util_pgas.o -o "osu_$b" || exit 1
done

net="fat-tree:down=8,bw=100GBps,lat=0.1us,nic-bw=8GBps,nic-lat=0.4us"
costs="o=0.3us,gap=0.1us,o-recv=0.5us,shm-o=0.2us,shm-lat=0.3us,shm-bw=20GBps"
plat="$net,$costs"
fails=0

# osu NAME PES OUT [PLATFORM]: run the OSU program, its table into OUT.
osu() {
    "$run" --platform "${4:-$plat}" --pes "$2" "./osu_$1" heap > "$3" 2> "$3.err" ||
        { echo "FAIL: osu_$1 on $2 PEs exited $?"; cat "$3" "$3.err"; exit 1; }
}

# check SPECFILE KEY TRUE [SCALE]: the spec's KEY (times written in ns,
# bandwidths in GBps by calibrate), times SCALE, within 5% of TRUE (s, B/s).
check() {
    line=$(grep -v '^#' "$1")
    got=$(printf '%s\n' "$line" | tr ',:' '\n\n' | awk -F= -v k="$2" -v s="${4:-1}" '
        $1 == k { v = $2; u = v; sub(/^[0-9.e+-]+/, "", u); sub(/[a-zA-Z]+$/, "", v)
                  print v * (u == "ns" ? 1e-9 : u == "GBps" ? 1e9 : 1) * s }')
    if awk -v g="$got" -v w="$3" 'BEGIN { exit !(g != "" && g >= 0.95 * w && g <= 1.05 * w) }'; then
        echo "ok   $1 $2${4:+ x $4}: fitted $got, true $3"
    else
        echo "FAIL $1 $2${4:+ x $4}: fitted '${got}', true $3 (5% allowed)"
        fails=1
    fi
}

if [ "$mode" = inter ]; then
    osu put 2 put.txt
    osu get 2 get.txt
    osu put_mr 2 put_mr.txt
    osu atomics 2 amo.txt
    osu atomics 16 amo8.txt "$plat,cores=8"   # PEs 0-7 on node 0, paired with 8-15
    "$ss" calibrate put.txt get.txt put_mr.txt --pairs 8 amo8.txt -o mr.spec || exit 1
    # the default base has lat=0: the route latency is 2 nic-lat
    check mr.spec o 0.3e-6
    check mr.spec nic-lat 1.0e-6 2
    check mr.spec nic-bw 8e9
    check mr.spec gap 0.1e-6
    "$ss" calibrate put.txt amo.txt -o amo.spec > /dev/null || exit 1
    check amo.spec o 0.3e-6
    check amo.spec nic-lat 1.0e-6 2
    # unordered (order=adaptive): a quiet also waits for the
    # acknowledgement, so the put costs o + 2L; the base says so
    osu put 2 put_ad.txt "$plat,order=adaptive"
    osu put_mr 2 put_mr_ad.txt "$plat,order=adaptive"
    "$ss" calibrate put_ad.txt put_mr_ad.txt -o ad.spec \
        --base fat-tree:down=8,bw=100GBps,lat=0.1us,order=adaptive > /dev/null || exit 1
    check ad.spec o 0.3e-6
    check ad.spec nic-lat 0.4e-6
    # the round trip: the written spec gives back every put latency
    osu put 2 again.txt mr.spec
    paste put.txt again.txt | awk '$1 ~ /^[0-9]+$/ { r = $4 / $2; n++
        if (r < 0.95 || r > 1.05) { printf "FAIL round trip %s B: %s us, fitted spec %s us\n", $1, $2, $4; bad = 1 } }
        END { if (!bad) printf "ok   round trip: osu_oshm_put on mr.spec within 5%% at %d sizes\n", n; exit bad || !n }' ||
        fails=1
else
    osu put 2 put_node.txt "$plat,cores=2"
    # Until the simulator takes the node's own path for two PEs of a node
    # (a spec platform routes a host to itself through its node link, so
    # shm-lat and shm-bw change nothing), there is nothing to recover.
    osu put 2 put_slow.txt "$net,${costs%%,shm-lat*},shm-lat=3us,shm-bw=1GBps,cores=2"
    if cmp -s put_node.txt put_slow.txt; then
        echo "shm-lat and shm-bw do not change osu_oshm_put between two PEs of a node: skipped"
        exit 77
    fi
    osu put 2 put.txt
    osu put_mr 2 put_mr_node.txt "$plat,cores=2"
    # MPI's latency between the two PEs: the put's, plus the receiver's
    # cost of taking the message (what shm-o-recv stands for), 0.15 us
    awk 'BEGIN { print "# OSU MPI Latency Test v7.4"; print "# Datatype: MPI_CHAR."
                 print "# Size            Latency (us)" }
         $1 ~ /^[0-9]+$/ { printf "%-10d%20.2f\n", $1, $2 + 0.15 }' put_node.txt > mpi_node.txt
    "$ss" calibrate put.txt --intra put_node.txt --intra put_mr_node.txt \
        --intra mpi_node.txt -o intra.spec || exit 1
    check intra.spec shm-o 0.2e-6
    check intra.spec shm-lat 0.3e-6
    check intra.spec shm-bw 20e9
    check intra.spec shm-o-recv 0.15e-6
fi
exit $fails
