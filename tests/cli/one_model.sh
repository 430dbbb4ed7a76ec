#!/bin/sh
# one_model.sh SHMEMSIM SHMEMSIM_RUN PROGS - one network model at every PE
# count and in every command: recursive-doubling reduce of 8 B on
# aries-xc at 8,192 and 16,384 PEs (either side of the count where
# `run` once switched from SimGrid's flows to the small-message model)
# takes the same simulated time, to the last digit, from `shmemsim run`,
# `shmemsim sweep` and `shmemsim scale`, each row naming the model
# loggp; and a program's own clocks (PROGS/coll_clock, run by
# shmemsim-run) see it within 10%: the program enters after its
# barrier, whose last PE leaves a hop or two after its first (1 to 2 us
# here), where `run` starts every PE at once.
set -u
ss=$1 run=$2 progs=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- --platform aries-xc --collective reduce --algorithm recursive_doubling --bytes 8
fail() { echo "FAIL: $*"; exit 1; }
# pes,time_s,model of every row of a CSV with run's columns
cols() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                  { print $c["pes"] "," $c["time_s"] "," $c["model"] }' "$1"; }
for p in 8192 16384; do
    "$ss" run "$@" --pes $p --format csv 2>/dev/null >"$tmp/run$p.csv" || fail "run --pes $p"
done
{ cat "$tmp/run8192.csv"; tail -n +2 "$tmp/run16384.csv"; } >"$tmp/run.csv"
"$ss" sweep -o "$tmp/sweep.csv" "$@" --pes 8192,16384 2>/dev/null || fail sweep
"$ss" scale "$@" --pes 4096,8192,16384 --simulate-up-to 16384 --format csv 2>/dev/null \
    >"$tmp/scale.csv" || fail scale
cols "$tmp/run.csv" >"$tmp/r"
cols "$tmp/sweep.csv" >"$tmp/s"
cols "$tmp/scale.csv" | grep -v '^4096,' >"$tmp/c"
cat "$tmp/r"
[ "$(wc -l <"$tmp/r")" -eq 2 ] || fail "run gave $(wc -l <"$tmp/r") rows"
cmp -s "$tmp/r" "$tmp/s" || { cat "$tmp/s"; fail "sweep differs from run"; }
cmp -s "$tmp/r" "$tmp/c" || { cat "$tmp/c"; fail "scale differs from run"; }
[ "$(cut -d, -f3 "$tmp/r" | sort -u)" = loggp ] || fail "model is not loggp at both counts"
for p in 8192 16384; do
    prog=$(SHMEMSIM_REDUCE_ALGORITHM=recursive_doubling "$run" --platform aries-xc \
           --pes $p "$progs/coll_clock" 2>/dev/null) || fail "coll_clock on $p PEs"
    t=$(printf '%s\n' "$prog" | awk '$1 == "reduce_s" { print $2 }')
    r=$(awk -F, -v p=$p '$1 == p { print $2 }' "$tmp/r")
    echo "$p PEs: program $t s, run $r s"
    awk -v a="$t" -v b="$r" 'BEGIN { d = a / b - 1; exit !(a > 0 && d > -0.1 && d < 0.1) }' ||
        fail "the program's clocks are more than 10% from run at $p PEs"
done
echo ok
