#!/bin/sh
# scale_errors.sh SHMEMSIM
# Bad `shmemsim scale` input: exit 2 with one "shmemsim: error:" line that
# names the problem, before anything is simulated, and no output file.
# Also `shmemsim run` at a size whose direct simulation would take hours:
# it stops at once, says how long and points to scale.
set -u
ss=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
bad=0
# expect WHAT-THE-MESSAGE-MUST-HOLD ARGS...
expect() {
    want=$1
    shift
    rc=0
    "$ss" scale "$@" -o out.csv >stdout.txt 2>err.txt || rc=$?
    lines=$(wc -l < err.txt)
    if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ] ||
       ! grep -q "^shmemsim: error: .*$want" err.txt || [ -e out.csv ]; then
        echo "FAIL: scale $* -> exit $rc, stderr: $(cat err.txt) (wanted exit 2, one line, '$want')"
        bad=1
    else
        echo "ok: $(cat err.txt)"
    fi
    rm -f out.csv
}
ok="--platform aries-xc --collective fcollect --algorithm ring --bytes 8"
expect "the ladder's 200000 PEs do not fit on 'aries-xc': 3456 hosts x 32 PEs per host = 110592" \
    $ok --to 200000
expect "do not fit on 'aries-xc': 3456 hosts x 4 PEs" $ok --pes 64,20000 --ppn 4
expect "--simulate-up-to 8192 is above the ladder's largest point (4096 PEs)" \
    $ok --to 4096 --simulate-up-to 8192
expect "the ladder is empty: --from 4096 is above --to 1024" $ok --to 1024 --from 4096
expect "the ladder is empty: --pes '' lists no PE counts" $ok --pes ""
expect "the ladder is missing: give --pes LIST or --to N" $ok
expect "--budget 0 leaves no time" $ok --to 1024 --budget 0
expect "--budget: " $ok --to 1024 --budget soon
expect "unknown algorithm 'ringg' (fcollect: linear" --platform aries-xc --collective fcollect \
    --algorithm ring,ringg --to 1024
expect "--bytes: " $ok --to 1024 --bytes 12X
expect "--bytes 12 is not a multiple of 8" --platform aries-xc --collective reduce \
    --algorithm ring --to 1024 --bytes 12
expect "--root 100 is not a PE at --pes 64" --platform aries-xc --collective broadcast \
    --algorithm binomial --to 1024 --root 100
expect "a collective needs 2 or more" $ok --pes 1,64,128
expect "leaves 2 ladder point(s) to simulate; a fit needs 3" $ok --pes 64,128,256 \
    --simulate-up-to 128
expect "simulating every ladder point up to 4096 PEs takes about" $ok --to 4096 \
    --simulate-up-to 4096 --budget 60
expect "give the ladder once" $ok --to 1024 --pes 64,128
expect "unknown option '--colour'" $ok --to 1024 --colour red
expect "--collective is required" --platform aries-xc --algorithm ring --to 1024
expect "platform 'nowhere.xml': No such file" --platform nowhere.xml --collective fcollect \
    --algorithm ring --to 1024
# A point that cannot run: 2^54 bytes per PE x 1,024 PEs is past 2^64.
expect "--bytes 18014398509481984 x 1024 PEs overflows the address space" \
    $ok --pes 64:1024 --bytes 16777216G

# run: a point of hours stops at once and points to scale; --force is the
# way around (not run here).
rc=0
"$ss" run --platform aries-xc --pes 100000 --collective fcollect --algorithm ring \
    > stdout.txt 2> err.txt || rc=$?
if [ "$rc" -ne 2 ] || ! grep -Eq "would take about .* (hours|days).*shmemsim scale --platform aries-xc.*--to 100000.*--force" err.txt; then
    echo "FAIL: run at 100000 PEs -> exit $rc: $(cat err.txt)"
    bad=1
else
    echo "ok: $(cat err.txt)"
fi
exit $bad
