#!/bin/sh
# miniapps.sh BUILD_DIR - the mini-apps of tests/programs, built unmodified
# with shmemsim-cc, on aries-xc at 64 and 1,024 PEs: isort (an ISx-style
# integer sort; each PE allocates a 1 GiB symmetric receive buffer and
# fills 16 KiB of it: 1 TiB of reserved copies at 1,024 PEs), stencil (2D
# Jacobi, halo puts and flags), transpose (alltoall of blocks), p2p (a
# wavefront of point-to-point flags). One CSV row per run: wall time, peak
# memory and the program's own line. $PES replaces the PE counts, $EXTRA
# adds run options (default: --small-msg all).
set -u
build=${1:?usage: miniapps.sh BUILD_DIR}
src=$(dirname "$0")/../tests/programs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for app in isort stencil transpose p2p; do
    "$build/shmemsim-cc" -O2 -o "$tmp/$app" "$src/$app.c" || exit 2
done
echo "app,pes,options,status,wall_s,peak_rss_mib,result"
for pes in ${PES:-64 1024}; do
    for app in isort stencil transpose p2p; do
        case $app in
        isort) args="1024 2048" ;;
        stencil) args="$((pes * 4)) 10" ;;
        transpose) args="$((pes * 8)) 2" ;;
        p2p) args="64 $((pes * 16))" ;;
        esac
        /usr/bin/time -f "%e %M" -o "$tmp/time" "$build/shmemsim-run" --platform aries-xc \
            --pes "$pes" ${EXTRA:---small-msg all} "$tmp/$app" $args > "$tmp/out" 2> "$tmp/err"
        st=$?
        read -r wall kb < "$tmp/time"
        res=$(grep "^$app:" "$tmp/out" | tr ',' ';')
        echo "$app,$pes,${EXTRA:---small-msg all},$st,$wall,$((kb / 1024)),$res"
    done
done
