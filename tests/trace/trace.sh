#!/bin/sh
# trace.sh SHMEMSIM SRCDIR - --trace end to end: the Perfetto JSON parses
# with one track per PE and disjoint slices, the message counts match the
# algorithm, a PE subset traces only those PEs, the trace is byte-identical
# across runs, and bad --trace-pes values are refused.
set -eu
sim=$1 src=$2
plat=$src/tests/platforms/star-64.xml
chk="python3 $src/tests/trace/check_trace.py"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { "$sim" run --platform "$plat" --format csv "$@" >/dev/null; }

all8=0,1,2,3,4,5,6,7
run --pes 8 --collective fcollect --algorithm ring --bytes 1K --trace "$out/ring"
$chk "$out/ring" $all8 fcollect/ring:8:1024
run --pes 8 --collective fcollect --algorithm recursive_doubling --bytes 512 --trace "$out/rd"
$chk "$out/rd" $all8 fcollect/recursive_doubling:8:512
run --pes 8 --collective broadcast --algorithm binomial --bytes 4K --trace "$out/bc"
$chk "$out/bc" $all8 broadcast/binomial:8:4096
# Two sizes, two algorithms: several calls per PE on one track.
run --pes 8 --collective reduce --algorithm ring,knomial --bytes 64,8K --trace "$out/red"
$chk "$out/red" $all8

# A subset: only PEs 1 and 5, on a 16-PE run.
run --pes 16 --collective fcollect --algorithm ring --bytes 1K --trace "$out/sub" --trace-pes 1,5
$chk "$out/sub" 1,5

# Determinism: the same run gives the same bytes.
run --pes 8 --collective fcollect --algorithm ring --bytes 1K --trace "$out/ring2"
cmp "$out/ring/trace.csv" "$out/ring2/trace.csv"
cmp "$out/ring/trace.json" "$out/ring2/trace.json"

for bad in 16 3-1 x 1,,2; do
    if "$sim" run --platform "$plat" --pes 16 --collective fcollect --algorithm ring \
        --trace "$out/bad" --trace-pes "$bad" 2>"$out/err" >/dev/null; then
        echo "FAIL: --trace-pes $bad was accepted"; exit 1
    fi
    grep -q "trace-pes" "$out/err" || { echo "FAIL: no message for $bad"; cat "$out/err"; exit 1; }
done
echo "trace.sh: ok"
