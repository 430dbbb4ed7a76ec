#!/bin/bash
# sweep_resume.sh SHMEMSIM PLATFORM
# `shmemsim sweep` resumes: a sweep interrupted by SIGINT, then run again,
# writes the same CSV byte for byte as one that ran without interruption;
# so does one whose file was cut in the middle of a line (as a kill -9
# during an append would leave it); and running a complete sweep again
# runs nothing and leaves the file byte-identical.
# bash, not sh: `set -m` gives the background sweep its own process group,
# so SIGINT is not ignored in it as it is for sh's background jobs (dash
# cannot turn job control on without a terminal).
set -eu
ss=$1 plat=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# 3 collectives x 2 PE counts x all algorithms (40 points, as many as
# the catalogue has) of 3 sizes.
args=(sweep --platform "$plat" --collective fcollect,broadcast,reduce
      --pes 16,32 --bytes 8,1K,16K)
sweep() { "$ss" "${args[@]}" "$@"; }
points=$((2 * $("$ss" list --format csv | grep -c -E '^(fcollect|broadcast|reduce),')))

sweep -o "$d/full.csv" -j1 2>"$d/full.err" || fail "uninterrupted sweep: $(cat "$d/full.err")"
full=$(wc -l <"$d/full.csv")
[ "$full" -eq $((1 + points * 3)) ] || fail "full.csv has $full lines, expected 1 + $points points x 3 sizes"

# Interrupt once the first point is in (header + 3 rows).
set -m
"$ss" "${args[@]}" -o "$d/cut.csv" -j1 2>"$d/cut.err" &
pid=$!
set +m
for _ in $(seq 600); do
    [ -f "$d/cut.csv" ] && [ "$(wc -l <"$d/cut.csv")" -ge 4 ] && break
    sleep 0.05
done
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 130 ] || fail "interrupted sweep exited $rc, expected 130: $(cat "$d/cut.err")"
grep -q "run the same command again to resume" "$d/cut.err" || fail "no resume hint: $(cat "$d/cut.err")"
part=$(wc -l <"$d/cut.csv")
[ "$part" -ge 4 ] && [ "$part" -lt "$full" ] || fail "interrupted file has $part lines"
# What it kept is whole points of the real result, nothing else.
[ $(((part - 1) % 3)) -eq 0 ] || fail "interrupted file holds a partial point"
grep -vxFf "$d/full.csv" "$d/cut.csv" && fail "interrupted file has rows the full run lacks"

sweep -o "$d/cut.csv" -j1 2>"$d/resume.err" || fail "resumed sweep: $(cat "$d/resume.err")"
grep -q "$(((part - 1) / 3)) already in" "$d/resume.err" || fail "resume did not skip the kept points: $(cat "$d/resume.err")"
cmp "$d/full.csv" "$d/cut.csv" || fail "interrupted + resumed differs from uninterrupted"

# A file cut mid-line: the torn point runs again, same bytes.
head -c $(($(wc -c <"$d/full.csv") / 2)) "$d/full.csv" >"$d/torn.csv"
sweep -o "$d/torn.csv" -j1 2>"$d/torn.err" || fail "sweep over a torn file: $(cat "$d/torn.err")"
grep -q "cut line" "$d/torn.err" || fail "no note about the cut line"
cmp "$d/full.csv" "$d/torn.csv" || fail "torn + resumed differs from uninterrupted"

# A complete file: nothing runs, nothing changes.
cp "$d/full.csv" "$d/again.csv"
sweep -o "$d/again.csv" -j1 2>"$d/again.err" || fail "re-run of a complete sweep failed"
grep -q "$points already in .*, 0 to run" "$d/again.err" || fail "re-run ran points: $(cat "$d/again.err")"
grep -q "(0 run now)" "$d/again.err" || fail "re-run ran points: $(cat "$d/again.err")"
cmp "$d/full.csv" "$d/again.csv" || fail "re-run changed a complete file"
echo "ok: interrupted after $(((part - 1) / 3)) of $points points; resumed, torn and re-run files equal the uninterrupted one"
