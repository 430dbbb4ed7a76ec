#!/bin/sh
# each_pes.sh "COUNTS" SHMEMSIM_RUN PLATFORM PROGRAM - runs PROGRAM (a
# Sandia unit test) with shmemsim-run at each PE count of COUNTS and
# passes when every run exits 0; prints each run's output and status.
# (barrier, bcast and fcollect64 themselves decline 1 PE: they print
# "Requires > 1 PEs" and exit 0, as on a real OpenSHMEM.)
set -u
counts=$1 run=$2 plat=$3 prog=$4
fails=0
for p in $counts; do
    out=$("$run" --platform "$plat" --pes "$p" "$prog" 2>&1)
    rc=$?
    [ -n "$out" ] && printf '%s\n' "$out"
    if [ $rc = 0 ]; then
        echo "ok   $p PEs"
    else
        echo "FAIL $p PEs: exit status $rc"
        fails=1
    fi
done
exit $fails
