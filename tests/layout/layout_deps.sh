#!/bin/sh
# layout_deps.sh SOURCE_DIR - the tree follows its dependency rules
# (layout_deps.py), and the check does catch a breach: a copy of the
# sources with an algorithm that includes the runtime's internals, a
# platform file that includes sim/'s, the platform file reader including
# a builder's header, the platform checks and the runtime the reader's,
# a PE's memory including the message engine's, the top of platforms/
# including the reader's, a subfolder of platforms/ without a rule, a
# catalogue that includes anything, and a folder of more than 25 files,
# must be refused, naming each.
set -eu
src=$1
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/layout_deps.py" "$src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in util models traces platforms algorithms sim options programs studies cli; do
    cp -R "$src/$d" "$tmp/$d"
done
printf '#include "ss_internal.h"\n' >> "$tmp/algorithms/fcollect/ring.c"
printf '#include "ss_config.h"\n' >> "$tmp/platforms/placement.c"
printf '#include <shmemsim.h>\n' >> "$tmp/algorithms/combine.c"
printf '#include "ss_config.h"\n' >> "$tmp/platforms/checks/check_values.c"
printf '#include "loadguard.h"\n' >> "$tmp/platforms/xml/units.c"
printf '#include "xml/units.h"\n' >> "$tmp/platforms/capacity.c"
printf '#include "units.h"\n' >> "$tmp/sim/ss_runtime.c"
printf '#include "ss_defer.h"\n' >> "$tmp/sim/pe/ss_heap.c"
for i in $(seq 1 26); do : > "$tmp/util/extra_$i.c"; done
mkdir "$tmp/platforms/extra"
printf '#include "topo.h"\n' > "$tmp/platforms/extra/extra.c"
printf '#include <stddef.h>\n' >> "$tmp/algorithms/catalogue.h"
if out=$(python3 "$here/layout_deps.py" "$tmp"); then
    echo "layout_deps.py accepted a tree that breaks the rules"; exit 1
fi
echo "$out"
for want in "algorithms/fcollect/ring.c" "platforms/placement.c" "algorithms/combine.c" \
            "platforms/checks/check_values.c" "platforms/xml/units.c" "platforms/capacity.c" \
            "sim/ss_runtime.c" "sim/pe/ss_heap.c" "util/" "platforms/extra/extra.c" "algorithms/catalogue.h"; do
    echo "$out" | grep -q "^$want:" || { echo "breach in $want not reported"; exit 1; }
done
