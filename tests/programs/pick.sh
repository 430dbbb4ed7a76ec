#!/bin/sh
# pick.sh SHMEMSIM SHMEMSIM_RUN DIR PLATFORM - which algorithm a
# program's collective runs, read from its trace (--trace: the algorithm
# column of the fcollect call of DIR/clocks):
#   built-in by size: knomial at 8 B, ring at 512 KiB per PE;
#   $SHMEMSIM_FCOLLECT_ALGORITHM wins over everything;
#   $SHMEMSIM_TUNE_FILE from `shmemsim tune --format csv`: its winner;
#   a hand-written rules file: the rule covering PEs and size, and below
#   the smallest PE count that count's rules;
#   a bad rules file stops the run (exit 2) naming file and line.
set -u
ss=$1 run=$2 dir=$3 plat=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0

# alg PES BYTES: the algorithm the fcollect of a run of clocks used.
alg() {
    rm -rf "$work/tr"
    "$run" --platform "$plat" --pes "$1" --trace "$work/tr" "$dir/clocks" "$2" \
        >/dev/null 2>"$work/err" || { cat "$work/err"; echo "exit $?"; return; }
    awk -F, '$2 == "fcollect" { print $3; exit }' "$work/tr/trace.csv"
}

expect() {
    got=$1 want=$2 what=$3
    if [ "$got" = "$want" ]; then
        echo "ok   $what: $got"
    else
        echo "FAIL $what: got '$got', expected '$want'"
        fails=1
    fi
}

unset SHMEMSIM_FCOLLECT_ALGORITHM SHMEMSIM_TUNE_FILE
expect "$(alg 4 8)" knomial "built-in, 8 B"
expect "$(alg 4 524288)" ring "built-in, 512 KiB"
expect "$(SHMEMSIM_FCOLLECT_ALGORITHM=bruck alg 4 8)" bruck "SHMEMSIM_FCOLLECT_ALGORITHM"

"$ss" run --platform "$plat" --pes 4 --collective fcollect \
    --algorithm linear,direct,bruck --bytes 8 --format csv >"$work/r.csv"
"$ss" tune "$work/r.csv" --format csv >"$work/tune.csv"
winner=$(awk -F, '$1 == "fcollect" { print $6; exit }' "$work/tune.csv")
expect "$(SHMEMSIM_TUNE_FILE="$work/tune.csv" alg 4 8)" "$winner" "tune file's winner"

cat >"$work/rules.csv" <<'RULES'
collective,pes_lo,pes_hi,bytes_lo,bytes_hi,algorithm,time_s,runner_up,runner_up_s,margin
fcollect,3,5,0,1023,direct,1e-6,,,
fcollect,3,5,1024,,neighbor_exchange,1e-6,,,
fcollect,6,,0,,linear,1e-6,,,
RULES
export SHMEMSIM_TUNE_FILE="$work/rules.csv"
expect "$(alg 4 8)" direct "rules: 4 PEs, 8 B"
expect "$(alg 4 4096)" neighbor_exchange "rules: 4 PEs, 4 KiB"
expect "$(alg 6 8)" linear "rules: 6 PEs"
expect "$(alg 2 8)" direct "rules: 2 PEs, below the smallest (3)"

printf 'collective,pes_lo,pes_hi,bytes_lo,bytes_hi,algorithm\nfcollect,1,,0,,nosuch\n' \
    >"$work/bad.csv"
SHMEMSIM_TUNE_FILE="$work/bad.csv" "$run" --platform "$plat" --pes 2 \
    "$dir/clocks" 8 >/dev/null 2>"$work/err"
rc=$?
expect "$rc $(grep -c 'bad.csv:2: unknown algorithm' "$work/err")" "2 1" "bad rules file"
exit $fails
