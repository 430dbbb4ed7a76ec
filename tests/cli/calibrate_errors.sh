#!/bin/sh
# calibrate_errors.sh SHMEMSIM OSU_DIR
# Bad `shmemsim calibrate` input (the broken files of OSU_DIR/bad/, a
# missing file, bad options, inputs that cannot make a spec): exit 2 with
# one line "shmemsim: error: FILE:LINE: ..." (FILE: ... where there is no
# line), nothing on stdout and no spec file. Then a good run writes one.
set -u
ss=$1 osu=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$osu" || exit 1
bad=0
# expect WHAT-THE-MESSAGE-MUST-HOLD ARGS...
expect() {
    want=$1
    shift
    rc=0
    "$ss" calibrate "$@" -o "$d/out.spec" >"$d/stdout" 2>"$d/stderr" || rc=$?
    if [ "$rc" -ne 2 ] || [ "$(wc -l < "$d/stderr")" -ne 1 ] || [ -s "$d/stdout" ] ||
       ! grep -qF "shmemsim: error: $want" "$d/stderr" || [ -e "$d/out.spec" ]; then
        echo "FAIL: calibrate $* -> exit $rc, stderr: $(cat "$d/stderr") (wanted exit 2, one line, '$want')"
        bad=1
    else
        echo "ok: $(cat "$d/stderr")"
    fi
    rm -f "$d/out.spec"
}
expect "bad/empty.txt:1: empty file (expected the output of an OSU benchmark" bad/empty.txt
expect "bad/garbage.txt:1: no OSU header (expected a line like '# OSU OpenSHMEM Put Test v7.4'" \
    bad/garbage.txt
expect "bad/unknown.txt:1: unknown benchmark 'OSU MPI Bi-Directional Bandwidth Test v7.4'" \
    bad/unknown.txt
expect "bad/truncated.txt:15: the row has 1 field, expected 2 (size, latency in us): the file looks truncated" \
    bad/truncated.txt
expect "bad/nonnumeric.txt:10: 'n/a' is not a number (expected size, latency in us)" \
    bad/nonnumeric.txt
expect "bad/out_of_order.txt:9: size 2 after 32: OSU prints sizes in increasing order" \
    bad/out_of_order.txt
expect "bad/no_rows.txt:2: no data rows after the header" bad/no_rows.txt
expect "bad/wrong_columns.txt:2: column line '# Size              Messages/s' is not osu_oshm_put's" \
    bad/wrong_columns.txt
expect "bad/too_few.txt:1: 2 sizes: fitting latency = a + b x size needs at least 3" \
    bad/too_few.txt
expect "oshm_put.txt:1: 2 sizes within --sizes: fitting latency" oshm_put.txt --sizes 16:32
expect "bad/no_small_rate.txt:1: no row at 8 bytes or less" oshm_put.txt bad/no_small_rate.txt
expect "nosuch.txt: cannot read it (No such file or directory)" nosuch.txt
expect "bad: cannot read it (Is a directory)" bad
expect "oshm_put.txt:1: a second inter-node osu_oshm_put output (the first is oshm_put.txt)" \
    oshm_put.txt --inter oshm_put.txt
expect "no spec without L: no latency at 8 B or less" oshm_put_mr.txt
expect "--base: its links between two nodes take 2 us, more than the fitted L" \
    oshm_put.txt oshm_put_mr.txt --base fat-tree:down=4,lat=1us
expect "--base 'torus:4x4' is not a fat-tree:..., dragonfly:... or dragonfly-plus:... spec" oshm_put.txt --base torus:4x4
expect "--base: unknown fat-tree key 'colour'" oshm_put.txt --base fat-tree:down=4,colour=red
expect "--nodes sizes the default base" oshm_put.txt --base frontera-ib --nodes 8
expect "--sizes '64:8': MIN is above MAX" oshm_put.txt --sizes 64:8
expect "--sizes '8': expected MIN:MAX" oshm_put.txt --sizes 8
expect "--pairs" oshm_put.txt --pairs 0 oshm_put_mr.txt
expect "unknown option '--frobnicate'" oshm_put.txt --frobnicate 1
expect "--intra needs a FILE, not the option '-o'" oshm_put.txt --intra
expect "shmemsim calibrate needs OSU output files" --pairs 2
expect "bad/barrier_twice.txt:4: a second latency: osu_oshm_barrier prints one" \
    bad/barrier_twice.txt
# a put + quiet quicker than the rate of puts: no L, no spec
expect "no spec without L: put + quiet (0.01929 us) is not above o (1.514 us)" \
    real/archer2/archer2-nodes-2-osu_oshm_put_bw real/hotlum/hotlum-nodes-1-osu_oshm_put \
    real/hotlum/hotlum-nodes-1-osu_oshm_get

# A good run: the spec file is its comments and one spec line.
"$ss" calibrate oshm_put.txt oshm_put_mr.txt -o "$d/out.spec" > "$d/stdout" || bad=1
if [ "$(grep -vc '^#' "$d/out.spec")" -ne 1 ] ||
   ! grep -q '^fat-tree:down=64,.*,o=' "$d/out.spec"; then
    echo "FAIL: the spec file:"
    cat "$d/out.spec"
    bad=1
else
    echo "ok: $(grep -v '^#' "$d/out.spec")"
fi
exit $bad
