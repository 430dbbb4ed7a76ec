#!/bin/sh
# spec_rejects.sh SHMEMSIM SPEC WANT
# A bad topology spec never runs: `shmemsim run --platform SPEC` and
# `shmemsim platform SPEC --describe` each exit 2 with exactly one stderr
# line, "shmemsim: error: ...", that holds WANT (what was wrong and how
# to fix it), and print nothing on stdout.
set -u
ss=$1 spec=$2 want=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
bad=0
check() {
    rc=0
    "$@" >"$d/out" 2>"$d/err" || rc=$?
    if [ "$rc" -ne 2 ] || [ "$(wc -l <"$d/err")" -ne 1 ] || [ -s "$d/out" ] ||
       ! grep -q '^shmemsim: error: ' "$d/err" || ! grep -qF -- "$want" "$d/err"; then
        echo "FAIL: $* -> exit $rc, stderr: $(cat "$d/err") (wanted exit 2, one line with '$want')"
        bad=1
    else
        echo "ok: $(cat "$d/err")"
    fi
}
check "$ss" run --platform "$spec" --pes 4 --collective fcollect --algorithm linear
check "$ss" platform "$spec" --describe
exit $bad
