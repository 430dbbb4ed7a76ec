#!/bin/sh
# platform_rejects.sh SHMEMSIM FILE
# A bad platform file never crashes shmemsim: `shmemsim run` on it exits
# 2 with exactly one stderr line, "shmemsim: error: platform 'FILE': ...",
# and the line holds the text after "shmemsim-test-error:" in the file.
# A "shmemsim-test: ARGS" line in the file gives --pes/--ppn (default
# --pes 2): route errors need PEs on the hosts concerned.
set -eu
ss=$1 file=$2
args=$(sed -n 's/.*shmemsim-test: *\(.*\)$/\1/p' "$file" | sed 's/ *-->$//' | head -1)
want=$(sed -n 's/.*shmemsim-test-error: *\(.*\)$/\1/p' "$file" | sed 's/ *-->$//' | head -1)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
rc=0
# shellcheck disable=SC2086
"$ss" run --platform "$file" ${args:---pes 2} --collective fcollect --algorithm linear \
    --bytes 8 >"$d/out" 2>"$d/err" || rc=$?
lines=$(wc -l <"$d/err")
if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ] ||
   ! grep -qF "shmemsim: error: platform '$file': " "$d/err" ||
   ! grep -qF -- "$want" "$d/err"; then
    echo "FAIL: $file ($args): exit $rc, $lines stderr lines (want exit 2, one line with '$want'):"
    cat "$d/err"
    exit 1
fi
cat "$d/err"
