#!/bin/sh
# layout_deps.sh SOURCE_DIR - the tree follows its dependency rules
# (layout_deps.py), and the check does catch a breach: a copy of the
# sources with an algorithm that includes the runtime's internals, a
# platform file that includes sim/'s, and a catalogue that includes
# anything, must be refused, naming each.
set -eu
src=$1
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/layout_deps.py" "$src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in util models traces platforms algorithms sim cli; do
    cp -R "$src/$d" "$tmp/$d"
done
printf '#include "ss_internal.h"\n' >> "$tmp/algorithms/fcollect/ring.c"
printf '#include "ss_config.h"\n' >> "$tmp/platforms/placement.c"
printf '#include <shmemsim.h>\n' >> "$tmp/algorithms/combine.c"
printf '#include <stddef.h>\n' >> "$tmp/algorithms/catalogue.h"
if out=$(python3 "$here/layout_deps.py" "$tmp"); then
    echo "layout_deps.py accepted a tree that breaks the rules"; exit 1
fi
echo "$out"
for want in "algorithms/fcollect/ring.c" "platforms/placement.c" "algorithms/combine.c" \
            "algorithms/catalogue.h"; do
    echo "$out" | grep -q "^$want:" || { echo "breach in $want not reported"; exit 1; }
done
