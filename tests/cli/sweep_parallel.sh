#!/bin/sh
# sweep_parallel.sh SHMEMSIM PLATFORM
# `shmemsim sweep -j2` writes the same CSV, byte for byte, as -j1: points
# finish in another order (their costs differ) but the file is rewritten
# in canonical order at the end. Two platforms, one a topology spec with
# commas (a quoted CSV field).
set -eu
ss=$1 plat=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
for j in 1 2; do
    "$ss" sweep -o "$d/j$j.csv" -j$j --platform "$plat" \
        --platform "fat-tree:down=4/4,up=1/2,bw=10GBps,lat=1us" \
        --collective fcollect,reduce --pes 3,16 --algorithm ring,linear,knomial \
        --bytes 8,1K,64K 2>"$d/j$j.err" || fail "-j$j: $(cat "$d/j$j.err")"
done
# 2 platforms x (fcollect 3 + reduce 3 algorithms) x 2 PE counts = 24 points.
lines=$(wc -l <"$d/j1.csv")
[ "$lines" -eq $((1 + 24 * 3)) ] || fail "-j1 wrote $lines lines, expected 1 + 24 x 3"
grep -q '"fat-tree:down=4/4,up=1/2,bw=10GBps,lat=1us"' "$d/j1.csv" || fail "spec platform not in the CSV"
cmp "$d/j1.csv" "$d/j2.csv" || fail "-j2 output differs from -j1"
echo "ok: -j1 and -j2 wrote the same $lines lines"
