#!/bin/sh
# autofold.sh SHMEMSIM - `shmemsim run` keeps one copy of each buffer
# unless results are checked (timing does not depend on payload values),
# so 4,096 PEs x 64 MiB (256 GiB as copies) runs; with --check it cannot,
# and says so in one line with exit 2. (A program's own allocations are
# reserved, not folded: unit/test_run_errors.c, test_lazy_copies.)
set -u
. "$(dirname "$0")/../stderr_ours.sh"
ss=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run="$ss run --platform slingshot --pes 4096 --collective broadcast --algorithm binomial --bytes 64M --format csv"
$run > "$tmp/out" 2> "$tmp/err" || { echo "unchecked run failed:"; cat "$tmp/err"; exit 1; }
[ "$(wc -l < "$tmp/out")" -eq 2 ] || { echo "expected one result row"; cat "$tmp/out"; exit 1; }
$run --check > /dev/null 2> "$tmp/err"
rc=$?
stderr_ours "$tmp/err"
[ $rc -eq 2 ] || { echo "--check: exit $rc, want 2"; cat "$tmp/err"; exit 1; }
[ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "checking results needs every copy: drop --check" "$tmp/err" ||
    { echo "--check: unclear error:"; cat "$tmp/err"; exit 1; }
