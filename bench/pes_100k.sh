#!/bin/sh
# pes_100k.sh SHMEMSIM [PES] [PLATFORMS...] - the log-step collectives at
# 100,000 PEs, as a user would ask for them: only --platform and --pes,
# 8 bytes. One CSV row per run: wall time, peak memory, simulated time, and
# the wall time to load the platform and to create the PEs (from
# SHMEMSIM_PROGRESS). The target on a 2-core, 24 GiB machine: each run
# under 30 s and 6 GiB, PE creation under 3 s.
# $EXTRA adds run options (e.g. "--small-msg 64": the small-message model
# that runs broadcasts and reductions at this scale; --force, to measure
# points the run-time
# estimate refuses); $LIMIT stops a run after that many seconds (status
# 124, default 600); $ALGS replaces the list, e.g. ALGS="reduce:binomial".
# est_min: the wall time `run` said it would take before it started
# (models/simcost.c; it says so above a minute, and refuses above ten).
set -u
sim=${1:?usage: pes_100k.sh SHMEMSIM [PES] [PLATFORMS...]}
pes=${2:-100000}
[ $# -gt 2 ] && shift 2 || set -- aries-xc slingshot frontera-ib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

algs=${ALGS:-"fcollect:recursive_doubling fcollect:bruck fcollect:knomial fcollect:node_aware
collect:recursive_doubling collect:bruck collect:node_aware
broadcast:binomial broadcast:knomial broadcast:kary broadcast:pipelined_binary broadcast:node_aware
reduce:binomial reduce:knomial reduce:recursive_doubling reduce:rabenseifner reduce:node_aware"}

# "shmemsim: PEs created, simulating (1.2 s)" -> 1.2
phase() { sed -n "s/^shmemsim: $1 (\([0-9.]*\) s.*/\1/p" "$tmp/err" | head -n 1; }

echo "platform,collective,algorithm,pes,ppn,status,wall_s,peak_rss_mib,load_s,create_s,sim_time_s,est_min"
for plat in "$@"; do
    for ca in $algs; do
        coll=${ca%%:*} alg=${ca#*:}
        # shellcheck disable=SC2086
        SHMEMSIM_PROGRESS=1 /usr/bin/time -f '%e %M' -o "$tmp/time" \
            timeout "${LIMIT:-600}" "$sim" run ${EXTRA:-} --platform "$plat" --pes "$pes" --collective "$coll" \
            --algorithm "$alg" --bytes 8 --format csv >"$tmp/out" 2>"$tmp/err"
        status=$?
        # GNU time puts 'Command exited with non-zero status N' first
        t=$(tail -n 1 "$tmp/time")
        wall=${t% *} rss_kib=${t#* }
        loaded=$(phase 'platform loaded')
        created=$(phase 'PEs created, simulating')
        # "takes about 4 minutes here", "would take about 12 minutes on"
        est=$(sed -n 's/.*take[s]* about \([0-9.]*\) minutes.*/\1/p' "$tmp/err" | head -n 1)
        create=$(awk -v a="${loaded:-0}" -v b="${created:-0}" 'BEGIN { printf "%.1f", b - a }')
        # time_s and ppn columns of the result row
        row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                       { print $col["ppn"] "," $col["time_s"] }' "$tmp/out")
        # a spec holds commas: the platform is a quoted CSV field
        echo "\"$(printf '%s' "$plat" | sed 's/"/""/g')\",$coll,$alg,$pes,${row%%,*},$status,$wall,$((rss_kib / 1024)),$loaded,$create,${row#*,},$est"
        [ "$status" -eq 0 ] || sed 's/^/  # /' "$tmp/err" | tail -n 3 >&2
    done
done
