#!/bin/sh
# smpi_compare.sh BUILD [CASES] - shmemsim against SMPI 3.32 on the same
# SimGrid platform, same machine, one after the other:
#   ring  fcollect ring, 8 B, 1,024 PEs, a flat 1,024-host cluster
#         (10 GBps, 1 us, non-blocking backbone): dense, 1,023 steps
#   rdb   fcollect recursive doubling, 8 B, 8,192 PEs, SimGrid's 8,192-host
#         3-level FAT_TREE cluster (3;64,64,2;1,16,16;1,1,1): sparse
# (the platforms of ../shared/peers: flat1024.xml, fattree-8192.xml)
# SMPI runs MPI_Allgather (bench/mpi_allgather.c) with the matching
# algorithm and the alpha-beta settings shmemsim uses (CM02, factors 1,
# no TCP gamma). shmemsim runs with its defaults (every message under the
# small-message model), then with every message a SimGrid flow
# (--small-msg 0, mode "flows"). Two floors, bare SimGrid
# programs (bench/simgrid_floor.c): "flows" makes the same communications
# (the floor under any runtime that uses SimGrid flows); "wake-ups" makes
# none, it only loads the platform, creates the actors and wakes each once
# per step from a timer (the floor under the default model).
# One CSV row per run: wall seconds, simulated seconds, SMPI's wall time
# over this run's. CASES: "ring rdb" (default), or one of them. $BASE, the
# shmemsim of another checkout (e.g. an older commit), adds its default
# run for comparison on the same machine at the same time.
set -u
build=${1:?usage: smpi_compare.sh BUILD [CASES]}
cases=${2:-"ring rdb"}
here=$(cd "$(dirname "$0")" && pwd)
sim=$build/shmemsim floor=$build/bench/simgrid_floor
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v smpicc >/dev/null || { echo "smpi_compare.sh: smpicc not found (apt-get install libsimgrid-dev)" >&2; exit 2; }
smpicc -O2 -o "$tmp/mpi_allgather" "$here/mpi_allgather.c" 2>"$tmp/cc" || { cat "$tmp/cc" >&2; exit 2; }

head='<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">'
cat >"$tmp/flat1024.xml" <<XML
$head
  <cluster id="flat" prefix="n" suffix="" radical="0-1023" speed="1Gf" bw="10GBps" lat="1us"
           bb_bw="100TBps" bb_lat="0us" sharing_policy="SPLITDUPLEX" bb_sharing_policy="SHARED"/>
</platform>
XML
cat >"$tmp/ft8192.xml" <<XML
$head
  <cluster id="c" prefix="n" suffix="" radical="0-8191" speed="1Gf" bw="12.5GBps" lat="0.5us"
           loopback_bw="50GBps" loopback_lat="0.1us" sharing_policy="SPLITDUPLEX"
           topology="FAT_TREE" topo_parameters="3;64,64,2;1,16,16;1,1,1"/>
</platform>
XML

# wall seconds of a command, its stdout kept in $tmp/out
timed() {
    /usr/bin/time -f '%e' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" ||
        { echo "smpi_compare.sh: failed: $*" >&2; tail -n 3 "$tmp/err" >&2; exit 1; }
    tail -n 1 "$tmp/time"
}

echo "case,pes,simulator,mode,wall_s,sim_time_s,smpi_wall_over_this"
for c in $cases; do
    case $c in
    ring) pes=1024 plat=flat1024.xml alg=ring smpi_alg=ring ;;
    rdb) pes=8192 plat=ft8192.xml alg=recursive_doubling smpi_alg=rdb ;;
    *) echo "smpi_compare.sh: unknown case '$c' (ring, rdb)" >&2; exit 2 ;;
    esac
    seq 0 $((pes - 1)) | sed 's/^/n/' >"$tmp/hosts"
    smpi=$(timed smpirun -np "$pes" -platform "$tmp/$plat" -hostfile "$tmp/hosts" \
        --cfg=smpi/privatization:no --cfg=smpi/allgather:$smpi_alg \
        --cfg=smpi/simulate-computation:no --cfg=network/model:CM02 \
        --cfg=network/latency-factor:1 --cfg=network/bandwidth-factor:1 \
        --cfg=network/TCP-gamma:0 --log=root.thres:critical "$tmp/mpi_allgather" 8)
    st=$(sed -n 's/^SIMTIME //p' "$tmp/out")
    echo "$c,$pes,smpi,allgather:$smpi_alg,$smpi,$st,1"
    for mode in default flows ${BASE:+base}; do
        extra="" bin=$sim name=shmemsim
        [ "$mode" = flows ] && extra="--small-msg 0"
        [ "$mode" = base ] && bin=$BASE name=shmemsim-base mode=default
        # shellcheck disable=SC2086
        w=$(timed "$bin" run --platform "$tmp/$plat" --pes "$pes" --collective fcollect \
            --algorithm "$alg" --bytes 8 --format csv $extra)
        st=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                      { print $col["time_s"] }' "$tmp/out")
        echo "$c,$pes,$name,$mode,$w,$st,$(awk -v a="$smpi" -v b="$w" 'BEGIN { printf "%.1f", a / b }')"
    done
    for f in flows wake-ups; do
        mode=$c
        [ "$f" = wake-ups ] && { [ "$c" = ring ] && mode=ring-sem || mode=sem; }
        w=$(timed "$floor" "$tmp/$plat" "$pes" 1 "$mode" 8)
        st=$(sed -n 's/.*simulated \([^ ]*\) s.*/\1/p' "$tmp/out")
        echo "$c,$pes,simgrid_floor,$f,$w,$st,$(awk -v a="$smpi" -v b="$w" 'BEGIN { printf "%.1f", a / b }')"
    done
done
