#!/bin/sh
# platform_accepts.sh SHMEMSIM FILE
# A sound platform file the checks must let through: `shmemsim run` with
# the file's "shmemsim-test: ARGS" (default --pes 2) exits 0 with the
# results, and stderr is empty, or is the one warning line holding the
# text after "shmemsim-test-warning:" in the file.
set -eu
. "$(dirname "$0")/../stderr_ours.sh"
ss=$1 file=$2
args=$(sed -n 's/.*shmemsim-test: *\(.*\)$/\1/p' "$file" | sed 's/ *-->$//' | head -1)
want=$(sed -n 's/.*shmemsim-test-warning: *\(.*\)$/\1/p' "$file" | sed 's/ *-->$//' | head -1)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
rc=0
# shellcheck disable=SC2086
"$ss" run --platform "$file" ${args:---pes 2} --collective fcollect --algorithm linear \
    --bytes 8 --check --format csv >"$d/out" 2>"$d/err" || rc=$?
stderr_ours "$d/err"
ok=1
[ "$rc" -eq 0 ] && grep -q '^fcollect,linear,' "$d/out" || ok=0
if [ -n "$want" ]; then
    [ "$(wc -l <"$d/err")" -eq 1 ] && grep -qF "shmemsim: warning: platform '$file': " "$d/err" &&
        grep -qF -- "$want" "$d/err" || ok=0
else
    [ ! -s "$d/err" ] || ok=0
fi
if [ "$ok" -ne 1 ]; then
    echo "FAIL: $file ($args): exit $rc, stderr:"
    cat "$d/err"
    exit 1
fi
cat "$d/out"
