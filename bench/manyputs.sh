#!/bin/sh
# manyputs.sh BUILD_DIR [CLIENTS_DIR] - a program that issues N 8-byte puts
# to its neighbour and one quiet (../shared/clients/manyputs.c, built
# unmodified with shmemsim-cc), at growing N, under the default network
# model (SimGrid flows below 16,384 PEs) and under the small-message model
# (--small-msg all). One CSV row per run: wall time and peak memory. The
# runtime's cost per put should stay flat as N grows.
# $SIZES replaces the list of N, $PES the PE counts, $LIMIT stops a run
# after that many seconds (status 124, default 300).
set -u
build=${1:?usage: manyputs.sh BUILD_DIR [CLIENTS_DIR]}
clients=${2:-$(dirname "$0")/../../shared/clients}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/shmemsim-cc" -O2 -o "$tmp/manyputs" "$clients/manyputs.c" || exit 2

echo "pes,puts,model,status,wall_s,peak_rss_mib,us_per_put"
for pes in ${PES:-2 64}; do
    for model in default small; do
        for n in ${SIZES:-20000 40000 200000 2000000}; do
            extra=
            [ "$model" = small ] && extra="--small-msg all"
            /usr/bin/time -f "%e %M" -o "$tmp/time" timeout "${LIMIT:-300}" \
                "$build/shmemsim-run" --platform aries-xc --pes "$pes" $extra \
                "$tmp/manyputs" "$n" > /dev/null 2> "$tmp/err"
            st=$?
            read -r wall kb < "$tmp/time" 2>/dev/null || { wall=nan; kb=0; }
            [ "$st" = 124 ] && wall=nan
            awk -v p="$pes" -v n="$n" -v m="$model" -v s="$st" -v w="$wall" -v k="$kb" \
                'BEGIN { printf "%s,%s,%s,%s,%s,%.0f,%s\n", p, n, m, s, w, k / 1024,
                         w == "nan" ? "nan" : sprintf("%.2f", w * 1e6 / n) }'
            # past the limit, larger N would only time out too
            [ "$st" = 124 ] && break
        done
    done
done
