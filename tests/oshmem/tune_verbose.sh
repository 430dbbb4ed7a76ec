#!/bin/sh
# Proves on a real Open MPI OSHMEM that the files `shmemsim tune` writes are
# the ones that pick the algorithm run:
#  1. simulates fcollect, broadcast and reduce at 4 PEs on the star-64
#     platform, over algorithm subsets chosen so that every choice differs
#     from Open MPI's own (see SUBSETS below), into RESULTS.csv;
#  2. writes the ompi-mca and the ompi-rules file from it;
#  3. runs tune_prog (plain OpenSHMEM: broadcast, fcollect, collect, sum) on
#     4 PEs under oshrun three ways and checks its results each time:
#     - with the MCA file and scoll_base_verbose 12: scoll basic names each
#       algorithm it runs ("Broadcast algorithm: Central Counter"), so the
#       line of the number in the file must be there on every PE and the
#       line of Open MPI's default number must not;
#     - with neither file, and with the rules file, under tune_probe.so:
#       a release Open MPI prints no line naming coll_tuned's choice (its
#       traces are debug-build only), so the probe prints the libmpi
#       function each call runs. The rules file is looked up here the way
#       coll_tuned does (last communicator size <= 4, last message size <=
#       the call's), the function of that number must run on every PE, and
#       it must differ from the one run without the file.
# Usage: tune_verbose.sh SHMEMSIM RESULTS.csv [WORKDIR]
# Exit 0 pass, 1 fail, 77 (ctest SKIP) when oshcc is not installed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 SHMEMSIM RESULTS.csv [WORKDIR]" >&2; exit 2; }
ss=$1
csv=$2
if ! command -v oshcc >/dev/null 2>&1 || ! command -v oshrun >/dev/null 2>&1
then
    echo "SKIP: oshcc/oshrun not found (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
if [ $# -ge 3 ]; then
    work=$3
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

NP=4
BYTES=4096  # per call; its element count (512) stands apart from the
            # collectives shmem_init and barriers make (counts 1 and 4)
# SUBSETS. scoll basic's defaults are broadcast binomial (1), fcollect and
# reduce recursive doubling (2); coll_tuned at 4 ranks and 4 KiB runs
# recursive doubling for allgather and allreduce and a tree for bcast.
# None of those is in these lists, and the winners direct and kary have no
# equivalent in either runtime, so the fallback is exercised as well.
SUBSET_fcollect=direct,ring,linear
SUBSET_broadcast=kary,linear,pipelined_chain
SUBSET_reduce=linear,binomial,knomial,ring

fail() { echo "FAIL: $*"; exit 1; }

plat="$here/../platforms/star-64.xml"
: > "$csv.tmp"
for c in fcollect broadcast reduce; do
    eval "algs=\$SUBSET_$c"
    # shellcheck disable=SC2154
    "$ss" run --platform "$plat" --pes $NP --collective $c --algorithm "$algs" \
        --bytes 1K,4K,16K --model alpha-beta --format csv > "$work/$c.csv" ||
        fail "shmemsim run $c"
    if [ -s "$csv.tmp" ]; then tail -n +2 "$work/$c.csv"; else cat "$work/$c.csv"; fi \
        >> "$csv.tmp"
done
mv "$csv.tmp" "$csv"

mca=$work/tune.conf
rules=$work/tune.rules
"$ss" tune "$csv" --format ompi-mca -o "$mca" 2> "$work/mca.notes" ||
    fail "shmemsim tune --format ompi-mca: $(cat "$work/mca.notes")"
"$ss" tune "$csv" --format ompi-rules -o "$rules" 2> "$work/rules.notes" ||
    fail "shmemsim tune --format ompi-rules: $(cat "$work/rules.notes")"
echo "== notes"; cat "$work/mca.notes" "$work/rules.notes"

oshcc -std=c11 -O2 -Wall -Wextra -Werror -o "$work/tune_prog" "$here/tune_prog.c" ||
    fail "building tune_prog"
cc -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -o "$work/tune_probe.so" \
    "$here/tune_probe.c" -ldl || fail "building tune_probe.so"

# --allow-run-as-root: containers run as root; the spml_ucx mem-hooks
# setting avoids a crash in shmem_finalize with Open MPI 4.1.
run_flags="--oversubscribe --mca spml_ucx_opal_mem_hooks 0 -np $NP"
[ "$(id -u)" = 0 ] && run_flags="--allow-run-as-root $run_flags"
run() {
    out=$1
    shift
    # shellcheck disable=SC2086
    timeout 60 oshrun $run_flags "$@" "$work/tune_prog" $BYTES > "$work/$out" 2>&1 ||
        { cat "$work/$out"; fail "tune_prog under oshrun $*"; }
    grep -q "all results right" "$work/$out" || fail "tune_prog printed no success"
}

# count FILE LINE: how many lines of FILE are exactly LINE (after the
# "[host:pid] path:line - func() [#pe] " prefix scoll basic adds).
count() {
    sed 's/^.*\] //' "$1" | grep -c -x -F "$2"
}

# ---------------- the MCA file, scoll basic ----------------
run mca.out --tune "$mca" --mca scoll_base_verbose 12
param() {
    v=$(sed -n "s/^$1 = \([0-9]*\)\$/\1/p" "$mca")
    [ -n "$v" ] || fail "$mca sets no $1"
    echo "$v"
}
grep -q -x 'scoll = basic' "$mca" || fail "$mca does not force scoll basic"
# scoll basic's own lines (scoll_basic_broadcast.c, _collect.c, _reduce.c)
bc_line() { case $1 in 0) echo "Broadcast algorithm: Central Counter";;
                       1) echo "Broadcast algorithm: Tree";; esac; }
co_line() { case $1 in 0) echo "Collect algorithm: Central Counter (identical size)";;
                       1) echo "Collect algorithm: Tournament (identical size)";;
                       2) echo "Collect algorithm: Recursive Doubling (identical size)";;
                       3) echo "Collect algorithm: Ring (identical size)";; esac; }
re_line() { case $1 in 0) echo "Reduce algorithm: Central Counter";;
                       1) echo "Reduce algorithm: Tournament";;
                       2) echo "Reduce algorithm: Recursive Doubling";;
                       3) echo "Reduce algorithm: Basic";;
                       4) echo "Reduce algorithm: Log";; esac; }
check_mca() { # NAME PARAM LINEFN DEFAULT_NUMBER
    v=$(param "$2")
    [ "$v" != "$4" ] || fail "$2 = $v is Open MPI's default: this run proves nothing"
    want=$($3 "$v")
    dflt=$($3 "$4")
    n=$(count "$work/mca.out" "$want")
    [ "$n" -ge $NP ] || fail "$1: $2 = $v but \"$want\" printed $n times, not on all $NP PEs"
    [ "$(count "$work/mca.out" "$dflt")" = 0 ] || fail "$1: the default \"$dflt\" still ran"
    echo "ok: $1 ran \"$want\" on all PEs ($2 = $v; default $4 not run)"
}
check_mca broadcast scoll_basic_broadcast_alg bc_line 1
check_mca fcollect scoll_basic_collect_alg co_line 2
check_mca reduce scoll_basic_reduce_alg re_line 2

# ---------------- the rules file, scoll mpi -> coll_tuned ----------------
probe="-x LD_PRELOAD=$work/tune_probe.so"
# shellcheck disable=SC2086
run default.out $probe
# shellcheck disable=SC2086
run rules.out $probe --mca coll_tuned_use_dynamic_rules 1 \
    --mca coll_tuned_dynamic_rules_filename "$rules"

# lookup ID MSGSIZE: "alg fanout segsize" of the rule coll_tuned applies at
# NP ranks, from the file's numbers ('#' comments dropped).
lookup() {
    sed 's/#.*//' "$rules" | tr -s ' \t' '\n\n' | grep -v '^$' |
    awk -v id="$1" -v comm=$NP -v msg="$2" '
        { v[++n] = $1 }
        END {
            i = 1; ncol = v[i++]
            for (c = 0; c < ncol; c++) {
                cid = v[i++]; ncomm = v[i++]; found = 0
                for (k = 0; k < ncomm; k++) {
                    cs = v[i++]; nm = v[i++]
                    use = (k == 0 || cs + 0 <= comm + 0)
                    for (m = 0; m < nm; m++) {
                        s = v[i++]; a = v[i++]; f = v[i++]; g = v[i++]
                        if (cid == id && use && (m == 0 || s + 0 <= msg + 0)) {
                            r = a " " f " " g; found = 1
                        }
                    }
                }
                if (cid == id && found) { print r; exit }
            }
            exit 1
        }'
}
# Open MPI's numbers (ompi_info --param coll tuned --level 9) to the libmpi
# functions coll_tuned calls for them (coll_tuned_{bcast,...}.c do_this).
bcast_fn() { nth "$1" basic_linear chain pipeline split_bintree bintree \
    binomial knomial scatter_allgather scatter_allgather_ring; }
allgather_fn() { nth "$1" basic_linear bruck recursivedoubling ring \
    neighborexchange two_procs; }
allreduce_fn() { nth "$1" basic_linear nonoverlapping recursivedoubling ring \
    ring_segmented redscat_allgather; }
nth() { i=$1; shift; [ "$i" -le $# ] || return 1; eval "echo \${$i}"; }
# ran FILE COLL COUNT: the function(s) the probe saw for our call.
ran() {
    grep "^tune_probe: ompi_coll_base_$2_intra_[a-z_]* count=$3\( \|\$\)" "$1" |
        sed "s/^tune_probe: ompi_coll_base_$2_intra_\([a-z_]*\) .*/\1/" | sort -u
}
check_rules() { # NAME COLL ID MSGSIZE COUNT
    r=$(lookup "$3" "$4") || fail "$1: no rule for collective $3 in $rules"
    alg=${r%% *}
    seg=${r##* }
    [ "$alg" -ge 1 ] || fail "$1: the rule at $NP ranks, $4 B leaves it to Open MPI"
    fn=$("${2}_fn" "$alg")
    dflt=$(ran "$work/default.out" "$2" "$5")
    [ -n "$dflt" ] || fail "$1: the probe saw no $2 of count $5 without the file"
    [ "$fn" != "$dflt" ] || fail "$1: rule $alg ($fn) is Open MPI's default: this run proves nothing"
    line="tune_probe: ompi_coll_base_$2_intra_$fn count=$5"
    case $fn in pipeline|chain|binomial|bintree|split_bintree|knomial|scatter_allgather*|ring_segmented)
        line="$line segsize=$seg";; esac
    n=$(grep -c -E "^$line( |\$)" "$work/rules.out")
    [ "$n" = $NP ] || fail "$1: rule says $fn; \"$line\" seen $n times, not $NP"
    others=$(ran "$work/rules.out" "$2" "$5" | grep -v -x "$fn")
    [ -z "$others" ] || fail "$1: also ran $others"
    echo "ok: $1 ran $fn on all PEs (rule $alg; without the file: $dflt)"
}
# Message sizes as coll_tuned measures them: bcast and allreduce the bytes,
# allgather the total over the ranks. Counts as the probe prints them:
# MPI_CHAR for bcast and allgather, MPI_LONG elements for allreduce.
check_rules broadcast bcast 7 $BYTES $BYTES
check_rules fcollect allgather 0 $((BYTES * NP)) $BYTES
check_rules reduce allreduce 2 $BYTES $((BYTES / 8))
echo "PASS"
