#!/bin/sh
# calibrate_real.sh SHMEMSIM OSU_BIN_DIR BENCH REAL
# `shmemsim calibrate` on the OSU outputs of three real machines (REAL:
# tests/osu/real) gives specs on which the unmodified osu_oshm_put and
# osu_oshm_get (built into OSU_BIN_DIR by the fixture programs_osu)
# reproduce the files' 8-byte latencies within 15%, between two nodes and
# inside one: 12 figures (BENCH/calibrate_real.sh p2p runs them). Exit 77
# (skipped) without the OSU programs.
set -u
out=$(sh "$3/calibrate_real.sh" p2p "$1" "$2" "$4")
rc=$?
[ $rc = 77 ] && exit 77
printf '%s\n' "$out"
[ $rc = 0 ] || { echo "FAIL: calibrate_real.sh exited $rc"; exit 1; }
printf '%s\n' "$out" | awk -F, 'NR > 1 { n++
        if ($7 == "" || $7 < 0.85 || $7 > 1.15) { print "FAIL " $0; bad = 1 } }
    END { if (n != 12) { print "FAIL: " n " figures, want 12"; bad = 1 }
          if (!bad) print "ok: 12 figures within 15%"; exit bad }'
