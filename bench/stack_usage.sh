#!/bin/sh
# stack_usage.sh SHMEMSIM PLATFORM - benchmark (not a test): the deepest
# stack each built-in algorithm uses (SHMEMSIM_STACK_REPORT), at 64 PEs,
# sizes 8 B to 64 KiB, radix 2 and 8, with the largest and smallest
# reduction types. The default --stack-kib (SS_STACK_KIB_DEFAULT) is the
# largest of these plus room for the runtime's error paths.
set -eu
ss=$1 plat=$2
printf '%-10s %-20s %s\n' collective algorithm "stack high-water mark (bytes)"
max=0
for coll in fcollect collect broadcast reduce; do
    for alg in $("$ss" list | awk -v c="$coll:" '$1 == c {on = 1; next} /^[a-z]/ {on = 0} on {print $1}'); do
        worst=0
        for extra in "--radix 2" "--radix 8" "--type complexd" "--type char"; do
            [ "$coll" != reduce ] && case $extra in --type*) continue;; esac
            b=$(SHMEMSIM_STACK_REPORT=1 "$ss" run --platform "$plat" --pes 64 \
                --collective "$coll" --algorithm "$alg" --bytes 16,4K,64K $extra \
                --format csv 2>&1 >/dev/null | awk '/high-water/ {print $5}')
            [ "${b:-0}" -gt "$worst" ] && worst=$b
        done
        printf '%-10s %-20s %s\n' "$coll" "$alg" "$worst"
        [ "$worst" -gt "$max" ] && max=$worst
    done
done
echo "deepest: $max bytes"
