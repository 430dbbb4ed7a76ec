#!/bin/sh
# expect.sh STATUS PATTERN CMD [ARGS...] - runs CMD and passes when it
# exits with STATUS and its output (stdout and stderr) has a line that
# matches the extended regular expression PATTERN ("" matches anything).
# The output is printed either way.
set -u
want=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want" ]; then
    echo "FAIL: exit status $rc, expected $want"
    exit 1
fi
if [ -n "$pattern" ] && ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "FAIL: no line matches '$pattern'"
    exit 1
fi
exit 0
