#!/bin/sh
# plot_cli.sh SHMEMSIM
# shmemsim plot's bad inputs: each must exit 2 with one "shmemsim: error:"
# line naming the problem, and must not leave an image behind. None of
# these reach gnuplot (the last one hides it), so this runs without it.
set -u
ss=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
hdr=collective,algorithm,pes,bytes,time_s,predicted_s,ppn,model,platform,first_start_s,last_end_s,check
{
    echo "$hdr"
    for p in 4 16; do
        for b in 8 1024; do
            echo "fcollect,ring,$p,$b,1e-5,,1,alpha-beta,ft.xml,0,0,"
            echo "fcollect,linear,$p,$b,2e-5,,1,alpha-beta,ft.xml,0,0,"
        done
    done
} > two_pes.csv
echo "$hdr" > header_only.csv
: > empty.csv
bad=0
hide=
# expect WORDS ARGS...: exit 2, stderr has "shmemsim: error:" and WORDS.
expect() {
    words=$1
    shift
    if [ -n "$hide" ]; then
        PATH=$hide "$ss" plot "$@" > out.txt 2> err.txt
    else
        "$ss" plot "$@" > out.txt 2> err.txt
    fi
    rc=$?
    if [ "$rc" -ne 2 ] || ! grep -q "^shmemsim: error: .*$words" err.txt; then
        echo "FAIL: plot $* -> exit $rc, stderr: $(cat err.txt)"
        bad=1
    elif [ -s out.txt ] || [ -e o.svg ] || [ -e o.png ]; then
        echo "FAIL: plot $* wrote output despite the error"
        bad=1
    else
        echo "ok: plot $* -> $(cat err.txt)"
    fi
}
expect "unknown chart 'bars'" two_pes.csv --chart bars --pes 4 -o o.svg
expect "must end in .png or .svg" two_pes.csv --pes 4 -o o.pdf
expect "must end in .png or .svg" two_pes.csv --pes 4 -o svg
expect "several PE counts (4, 16): choose one with --pes" two_pes.csv -o o.svg
expect "several PE counts (4, 16)" two_pes.csv --chart slowdown -o o.svg
expect "no rows match --pes 8 (the PE counts there: 4, 16)" two_pes.csv --pes 8 -o o.svg
expect "several sizes (8, 1024): choose one with --bytes" two_pes.csv --chart pes -o o.svg
expect "header but no rows" header_only.csv -o o.svg
expect "empty" empty.csv -o o.svg
expect "cannot read 'missing.csv'" missing.csv -o o.svg
expect "needs -o" two_pes.csv --pes 4
expect "unknown option '--colour'" two_pes.csv --pes 4 --colour red -o o.svg
expect "missing value after '--pes'" two_pes.csv -o o.svg --pes
expect "needs a RESULTS.csv" -o o.svg
# A PATH without gnuplot: the command must say how to get it.
hide=$dir/nobin
expect "gnuplot not found: apt-get install gnuplot-nox" \
    two_pes.csv --pes 4 -o o.svg
exit $bad
