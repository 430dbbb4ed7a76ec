#!/bin/sh
# build.sh WHAT CC SRC_DIR CLIENTS_DIR OUT_DIR - builds, with shmemsim-cc
# (CC), the programs the program tests run, unmodified, into OUT_DIR:
#   own   tests/programs/*.c and the C++ ones (globals from two sources, one
#         compiled alone with -c);
#   osu   the OSU OpenSHMEM benchmarks (fcollect, collect, broadcast,
#         reduce, barrier, put, get, atomics) with -DOSHM_1_3, and
#         fcollect and reduce also without it (the legacy API);
#   sos   every Sandia OpenSHMEM unit test.
# Exit 77 (skipped) when CLIENTS_DIR is missing for osu/sos; 1 when a
# build fails (its command and errors are printed).
set -u
what=$1 cc=$2 src=$3 clients=$4 out=$5
mkdir -p "$out"
status=0
build() {
    name=$1
    shift
    if ! "$cc" "$@" -o "$out/$name" >"$out/$name.log" 2>&1; then
        echo "FAIL $name: $cc $*"
        cat "$out/$name.log"
        status=1
    else
        echo "ok   $name"
    fi
}
case $what in
own)
    t="$src/tests/programs"
    build globals_part.o -c "$t/globals_part.c"
    build globals -O2 -Wall -Wextra "$t/globals.c" "$out/globals_part.o"
    build exit_status -O2 "$t/exit_status.c"
    build clocks -O2 "$t/clocks.c"
    build ring -O2 "$t/ring.c"
    build ctx_invalid -O2 -Wall -Wextra "$t/ctx_invalid.c"
    build test_any -O2 -Wall -Wextra "$t/test_any.c"
    build cxx -O2 -std=c++17 "$t/cxx.cpp"
    build threads -O2 -Wall -Wextra "$t/threads.c"
    build overrun -O2 -Wall -Wextra "$t/overrun.c"
    build big_globals -O2 -Wall -Wextra "$t/big_globals.c"
    build isort -O2 -Wall -Wextra "$t/isort.c"
    build stencil -O2 -Wall -Wextra "$t/stencil.c"
    build transpose -O2 -Wall -Wextra "$t/transpose.c"
    build p2p -O2 -Wall -Wextra "$t/p2p.c"
    build op_costs -O2 -Wall -Wextra "$t/op_costs.c"
    build coll_clock -O2 -Wall -Wextra "$t/coll_clock.c"
    [ -f "$clients/blockstatics.c" ] && build blockstatics -O2 "$clients/blockstatics.c"
    build threads_foreign -O2 -std=c++17 "$t/threads_foreign.cpp"
    [ -f "$clients/threads_put.c" ] && build threads_put -O2 "$clients/threads_put.c"
    build threads_shared -O2 -Wall -Wextra "$t/threads_shared.c"
    [ -f "$clients/threads_heap.c" ] && build threads_heap -O2 "$clients/threads_heap.c" -lpthread
    ;;
osu)
    o="$clients/osu-micro-benchmarks-7.4/c"
    [ -d "$o" ] || { echo "no OSU benchmarks at $o: skipped"; exit 77; }
    # Their utility files compiled once per API (-c), linked as objects.
    for api in 13 legacy; do
        d=$([ $api = 13 ] && echo -DOSHM_1_3)
        for u in osu_util osu_util_pgas; do
            # shellcheck disable=SC2086
            build "${u}_$api.o" -O2 $d -I"$o/util" -c "$o/util/$u.c"
        done
    done
    for b in fcollect collect broadcast reduce barrier put get atomics; do
        build "osu_$b" -O2 -DOSHM_1_3 -I"$o/util" "$o/openshmem/osu_oshm_$b.c" \
            "$out/osu_util_13.o" "$out/osu_util_pgas_13.o"
    done
    for b in fcollect reduce; do
        build "osu_${b}_legacy" -O2 -I"$o/util" "$o/openshmem/osu_oshm_$b.c" \
            "$out/osu_util_legacy.o" "$out/osu_util_pgas_legacy.o"
    done
    ;;
sos)
    s="$clients/tests-sos/test"
    [ -d "$s" ] || { echo "no Sandia tests at $s: skipped"; exit 77; }
    for f in "$s"/unit/*.c; do
        build "sos_$(basename "$f" .c)" -O2 -I"$s/include" "$f"
    done
    ;;
esac
exit $status
