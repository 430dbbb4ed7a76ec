#!/bin/sh
# clock_vs_run.sh SHMEMSIM SHMEMSIM_RUN DIR PLATFORM - a program's
# clock_gettime advances by the simulated duration of a collective: the
# time PE 0's clock saw one ring fcollect of 4 KiB per PE take (DIR/clocks)
# against `shmemsim run` for the same algorithm, size and PEs (aligned
# start, first entry to last exit), within 1%.
set -u
ss=$1 run=$2 dir=$3 plat=$4
prog=$(SHMEMSIM_FCOLLECT_ALGORITHM=ring "$run" --platform "$plat" --pes 8 \
       "$dir/clocks" 4096) || { echo "FAIL: clocks exited $?"; exit 1; }
clock=$(printf '%s\n' "$prog" | awk '$1 == "fcollect_s" { print $2 }')
sim=$("$ss" run --platform "$plat" --pes 8 --collective fcollect --algorithm ring \
      --bytes 4096 --format csv | awk -F, 'NR == 2 { print $5 }')
echo "clock_gettime: $clock s, shmemsim run: $sim s"
awk -v a="$clock" -v b="$sim" 'BEGIN { d = a / b - 1; if (d < 0) d = -d;
    printf "differ by %.4f%%\n", 100 * d; exit !(a > 0 && d < 0.01) }'
