#!/bin/sh
# twice.sh CMD [ARGS...] - runs CMD twice and passes when it exits 0 both
# times with byte-identical output (stdout and stderr): a deterministic run.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$@" > "$tmp/a" 2>&1 || { echo "FAIL: first run exited $?"; cat "$tmp/a"; exit 1; }
"$@" > "$tmp/b" 2>&1 || { echo "FAIL: second run exited $?"; cat "$tmp/b"; exit 1; }
cat "$tmp/a"
cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: the two runs differ:"; diff "$tmp/a" "$tmp/b"; exit 1; }
