# rank_common.sh - sourced by rankings.sh and rankings_nodes.sh: the
# algorithms they rank and top3 (needs $ss and $plat).
logstep="fcollect:recursive_doubling,bruck,knomial,node_aware
collect:recursive_doubling,bruck,node_aware
broadcast:binomial,knomial,kary,pipelined_binary,node_aware
reduce:binomial,knomial,recursive_doubling,rabenseifner,node_aware"

all="fcollect:linear,direct,ring,recursive_doubling,bruck,neighbor_exchange,knomial,node_aware
collect:linear,ring,recursive_doubling,bruck,node_aware
broadcast:linear,binomial,knomial,kary,scatter_allgather,pipelined_chain,pipelined_binary,node_aware
reduce:linear,binomial,knomial,recursive_doubling,rabenseifner,ring,node_aware
alltoall:pairwise,windowed"

# One run per algorithm: one the run-time estimate refuses (over 10
# minutes here) is left out of the ranking, and named in the skipped list.
top3() {   # PES COLLECTIVE ALGS BYTES [ARGS...] -> "a t, b t, c t"
    p=$1 c=$2 a=$3 b=$4
    shift 4
    for alg in $(echo "$a" | tr , ' '); do
        "$ss" run --platform "$plat" --pes "$p" --collective "$c" --algorithm "$alg" \
            --bytes "$b" --small-msg all --format csv "$@" 2>/dev/null || echo "x,$alg,,,skip"
    done |
        awk -F, '$1 != "collective" { printf "%s %s\n", $5 == "skip" ? "9e99" : $5, $2 }' | sort -g |
        awk '$1 == "9e99" { skip = skip " " $2; next }
             ++k <= 3 { printf "%s%s %.1f", (k > 1 ? ", " : ""), $2, $1 * 1e6 }
             END { if (skip != "") printf " (too costly here:%s)", skip; print "" }'
}
