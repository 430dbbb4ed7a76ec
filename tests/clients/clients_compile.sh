#!/bin/sh
# clients_compile.sh SOURCE_DIR CLIENTS_DIR
# Every real OpenSHMEM client program kept unmodified in CLIENTS_DIR (OSU
# micro-benchmarks, with and without -DOSHM_1_3; the Sandia OpenSHMEM unit
# tests) must compile against sim/include/shmem.h with
#   -std=c11 -Wall -Wextra -fsyntax-only
# with no error, and no diagnostic may point into our headers (warnings
# from the clients' own code are theirs). The header alone must compile
# without any diagnostic as C11 (gcc and clang, also -pedantic) and as
# C++17 (g++, clang++). Prints one line per program; exit 1 on a failure,
# 77 (skipped) when CLIENTS_DIR is missing.
set -u
src=$1 clients=$2
inc="$src/sim/include"
[ -d "$clients" ] || { echo "no clients at $clients: skipped"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0

# check CC FILE FLAGS...: compile one program, judge the diagnostics.
check() {
    cc=$1 file=$2
    shift 2
    "$cc" -std=c11 -Wall -Wextra -fsyntax-only -I"$inc" "$@" "$file" >"$out" 2>&1
    rc=$?
    errors=$(grep -c "error" "$out")
    ours=$(grep -E -c "^$inc/[^:]*:[0-9]+:[0-9]+: (warning|error)" "$out")
    warns=$(grep -c "warning:" "$out")
    name="${file#"$clients"/}"
    case "$*" in *OSHM_1_3*) name="$name -DOSHM_1_3" ;; esac
    if [ "$rc" -ne 0 ] || [ "$errors" -ne 0 ] || [ "$ours" -ne 0 ]; then
        echo "FAIL $cc $name: exit $rc, $errors error lines, $ours from our headers"
        cat "$out"
        status=1
    else
        echo "ok   $cc $name ($warns warnings from the client's own code)"
    fi
}

compilers=gcc
command -v clang >/dev/null 2>&1 && compilers="gcc clang"
osu="$clients/osu-micro-benchmarks-7.4/c"
sos="$clients/tests-sos/test"
for cc in $compilers; do
    for f in "$osu"/openshmem/osu_oshm_*.c; do
        check "$cc" "$f" -I"$osu/util"
        check "$cc" "$f" -I"$osu/util" -DOSHM_1_3
    done
    for f in "$sos"/unit/*.c; do
        check "$cc" "$f" -I"$sos/include"
    done
done

# The header alone: not a single diagnostic.
hdr=$(mktemp -d)
trap 'rm -f "$out"; rm -rf "$hdr"' EXIT
printf '#include <shmem.h>\nint main(void) { return shmem_n_pes() > 0 ? 0 : 1; }\n' >"$hdr/h.c"
cp "$hdr/h.c" "$hdr/h.cpp"
alone() {
    if "$@" -Wall -Wextra -Werror -fsyntax-only -I"$inc" >"$out" 2>&1; then
        echo "ok   header alone: $1 $2 $3" | sed "s|$hdr/||"
    else
        echo "FAIL header alone: $*"
        cat "$out"
        status=1
    fi
}
for cc in $compilers; do
    alone "$cc" -std=c11 "$hdr/h.c"
    alone "$cc" -std=c11 -pedantic "$hdr/h.c"
done
alone g++ -std=c++17 "$hdr/h.cpp"
command -v clang++ >/dev/null 2>&1 && alone clang++ -std=c++17 "$hdr/h.cpp"
exit $status
