#!/bin/sh
# isort.sh BUILD_DIR - the integer sort of tests/programs/isort.c, built
# unmodified with shmemsim-cc: every PE allocates a 1 GiB symmetric
# receive buffer and touches the 16 KiB its 2,048 keys fill (reserved
# copies: 1 TiB of address space at 1,024 PEs). One CSV row per run: wall
# time and peak memory. $PES replaces the PE counts, $EXTRA adds options.
set -u
build=${1:?usage: isort.sh BUILD_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/shmemsim-cc" -O2 -o "$tmp/isort" "$(dirname "$0")/../tests/programs/isort.c" || exit 2
echo "pes,options,status,wall_s,peak_rss_mib,result"
for pes in ${PES:-64 1024}; do
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$build/shmemsim-run" --platform aries-xc \
        --pes "$pes" ${EXTRA:-} "$tmp/isort" 1024 2048 > "$tmp/out" 2> "$tmp/err"
    st=$?
    read -r wall kb < "$tmp/time"
    res=$(grep '^isort:' "$tmp/out" | tr ',' ';')
    echo "$pes,${EXTRA:-},$st,$wall,$((kb / 1024)),$res"
done
