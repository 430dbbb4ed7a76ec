#!/bin/sh
# autofold.sh SHMEMSIM - memory that cannot hold every PE's copy is folded
# on its own (a note on stderr, the run succeeds), unless the run checks
# results: then one clear error and exit 2. 4,096 PEs x 64 MiB is 256 GiB,
# more than any machine this runs on has free.
set -u
ss=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run="$ss run --platform slingshot --pes 4096 --collective broadcast --algorithm binomial --bytes 64M --format csv"
$run > "$tmp/out" 2> "$tmp/err" || { echo "unchecked run failed:"; cat "$tmp/err"; exit 1; }
grep -q "symmetric allocations of 67108864 bytes are folded into one copy shared by all PEs" "$tmp/err" ||
    { echo "no folding note:"; cat "$tmp/err"; exit 1; }
[ "$(wc -l < "$tmp/out")" -eq 2 ] || { echo "expected one result row"; cat "$tmp/out"; exit 1; }
$run --check > /dev/null 2> "$tmp/err"
rc=$?
[ $rc -eq 2 ] || { echo "--check: exit $rc, want 2"; cat "$tmp/err"; exit 1; }
[ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "checking results needs every copy: drop --check" "$tmp/err" ||
    { echo "--check: unclear error:"; cat "$tmp/err"; exit 1; }
