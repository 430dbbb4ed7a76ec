#!/bin/sh
# sweep_errors.sh SHMEMSIM PLATFORM
# Bad `shmemsim sweep` input: exit 2, one "shmemsim: error:" line naming
# the bad value, nothing run and no output file written.
set -eu
ss=$1 plat=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d"
bad=0
# expect WHAT-THE-MESSAGE-MUST-HOLD ARGS...
expect() {
    want=$1
    shift
    rc=0
    "$ss" sweep "$@" >out.txt 2>err.txt || rc=$?
    if [ "$rc" -ne 2 ] || ! grep -q "^shmemsim: error: .*$want" err.txt || [ -e o.csv ]; then
        echo "FAIL: sweep $* -> exit $rc, stderr: $(cat err.txt) (wanted exit 2 and '$want')"
        bad=1
    fi
    rm -f o.csv
}
ok="--platform $plat --collective fcollect --pes 4"
expect "unknown algorithm 'nosuch' (fcollect: linear, direct" $ok -o o.csv --algorithm ring,nosuch
expect "'ring' (broadcast: linear" --platform "$plat" --collective broadcast --pes 4 -o o.csv --algorithm ring
expect "no algorithm of --algorithm 'binomial' is a fcollect" --platform "$plat" \
    --collective fcollect,broadcast --pes 4 -o o.csv --algorithm binomial
expect "unknown --collective 'gather'" --platform "$plat" --collective gather --pes 4 -o o.csv
expect "--pes '4,0': 0 is not a PE count" --platform "$plat" --collective fcollect --pes 4,0 -o o.csv
expect "--pes 'four'" --platform "$plat" --collective fcollect --pes four -o o.csv
expect "--pes LIST is required" --platform "$plat" --collective fcollect -o o.csv
expect "-o OUT.csv is required" $ok
expect "--platform is required" --collective fcollect --pes 4 -o o.csv
expect "--part '4/4' is not I/K" $ok -o o.csv --part 4/4
expect "--part '1/x' is not I/K" $ok -o o.csv --part 1/x
expect "--part '-1/3' is not I/K" $ok -o o.csv --part -1/3
expect "--bytes: '12X'" $ok -o o.csv --bytes 12X
expect "unknown option '--bogus'" $ok -o o.csv --bogus
expect "leave out --format" $ok -o o.csv --format json
expect "--root 4 is not a PE at --pes 4" --platform "$plat" --collective broadcast --pes 8,4 -o o.csv --root 4
expect "--op max is not defined on --type complexd" --platform "$plat" --collective reduce \
    --pes 4 -o o.csv --op max --type complexd
expect "unknown --model 'tcp'" $ok -o o.csv --model tcp
expect "--tasks 99 is more than the $("$ss" list --format csv | grep -c '^fcollect,') points" \
    $ok -o o.csv --emit-slurm job.sh --tasks 99
expect "--merge: no file matches 'none.part-\*.csv'" $ok -o o.csv --merge 'none.part-*.csv'
expect "unexpected 'stray'" $ok -o o.csv stray
# An existing file that is not a sweep's, or one of another sweep: kept.
echo "not,a,result" >keep.csv
expect "'keep.csv' does not start with the CSV header" $ok -o keep.csv
[ "$(cat keep.csv)" = "not,a,result" ] || { echo "FAIL: keep.csv was changed"; bad=1; }
"$ss" sweep $ok -o other.csv --algorithm linear 2>/dev/null
cp other.csv other.orig
expect "not a point of this sweep" --platform "$plat" --collective fcollect --pes 8 -o other.csv
expect "this sweep runs model simgrid" $ok -o other.csv --model simgrid
cmp other.csv other.orig || { echo "FAIL: other.csv was changed"; bad=1; }
[ "$bad" -eq 0 ] && echo "ok: every bad input exits 2 with its message"
exit "$bad"
