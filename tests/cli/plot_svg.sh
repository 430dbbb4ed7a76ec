#!/bin/sh
# plot_svg.sh SHMEMSIM PLATFORM
# Draws real charts with gnuplot from a real run: every algorithm of the
# run must be named in the SVG's legend, PNGs must be PNGs, the same input
# must give the same bytes, and the --script file must redraw the same
# image on its own. Exits 77 (ctest SKIP_RETURN_CODE) without gnuplot.
set -u
ss=$1 plat=$2
command -v gnuplot > /dev/null 2>&1 || {
    echo "SKIP: gnuplot not found (apt-get install gnuplot-nox)"
    exit 77
}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
for p in 4 8; do
    "$ss" run --platform "$plat" --pes $p --collective fcollect \
        --algorithm all --bytes 8,1K,64K --format csv > run$p.csv ||
        fail "shmemsim run --pes $p"
done
{ cat run4.csv; tail -n +2 run8.csv; } > both.csv
algs=$(tail -n +2 run4.csv | cut -d, -f2 | sort -u)
[ "$(echo "$algs" | wc -l)" -ge 3 ] || fail "expected several algorithms, got: $algs"

"$ss" plot both.csv --pes 8 -o size.svg --script size.gp || fail "plot size.svg"
for a in $algs; do
    grep -q "<text>$a</text>" size.svg || fail "size.svg does not name $a"
done
grep -q '<text>1 KiB</text>' size.svg || fail "size.svg has no 1 KiB tick"
grep -q '<text>fcollect: 8 PEs, ' size.svg || fail "size.svg title"

"$ss" plot both.csv --pes 8 -o again.svg || fail "plot again.svg"
cmp -s size.svg again.svg || fail "same input, different SVG bytes"

# The kept script is self-contained: gnuplot alone redraws the same image.
sed 's/size\.svg/byhand.svg/' size.gp | gnuplot || fail "gnuplot on the script"
cmp -s size.svg byhand.svg || fail "the --script file draws a different SVG"

for chart in slowdown pes; do
    sel="--pes 4"
    [ $chart = pes ] && sel="--bytes 1K"
    "$ss" plot both.csv --chart $chart $sel -o $chart.svg || fail "plot $chart.svg"
    for a in $algs; do
        grep -q "<text>$a</text>" $chart.svg || fail "$chart.svg does not name $a"
    done
done
grep -q '<text>[0-9.]*x</text>' slowdown.svg ||
    fail "slowdown.svg has no ratio ticks"

"$ss" plot both.csv --pes 4 -o size.png || fail "plot size.png"
[ "$(head -c 4 size.png | od -An -c | tr -d ' ')" = '211PNG' ] ||
    fail "size.png is not a PNG"
echo "ok: $(echo $algs | wc -w) algorithms in every chart; SVG deterministic"
