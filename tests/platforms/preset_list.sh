#!/bin/sh
# preset_list.sh SHMEMSIM: `shmemsim list` shows every preset with its
# nodes, PEs per node and PEs, and each preset's nodes there are the
# nodes its `shmemsim platform NAME --describe` counts; at least one
# preset holds 500,000 PEs or more at its usual PEs per node, and at
# least one has nodes of several NICs (--describe's nics_per_node).
set -eu
ss=${1:?usage: preset_list.sh SHMEMSIM}
list=$("$ss" list | sed -n '/^platform presets/,/^models:/p' | sed '1d;$d')
[ -n "$list" ] || { echo "shmemsim list shows no presets"; exit 1; }
big="" multi="" bad=0
for name in $(echo "$list" | awk '{ print $1 }'); do
    line=$(echo "$list" | grep "^  $name ")
    nodes=$(echo "$line" | sed -n 's/.*; \([0-9][0-9]*\) nodes x ppn [0-9][0-9]* = [0-9][0-9]* PEs;.*/\1/p')
    pes=$(echo "$line" | sed -n 's/.* nodes x ppn [0-9][0-9]* = \([0-9][0-9]*\) PEs;.*/\1/p')
    d=$("$ss" platform "$name" --describe)
    dnodes=$(echo "$d" | awk -F, '$1 == "nodes" { print $2 }')
    nics=$(echo "$d" | awk -F, '$1 == "nics_per_node" { print $2 }')
    echo "$name: $nodes nodes, $pes PEs; --describe: $dnodes nodes, $nics NICs a node"
    if [ -z "$pes" ] || [ -z "$nics" ] || [ "$nodes" != "$dnodes" ]; then
        echo "  list and --describe disagree, or a count is missing"
        bad=1
        continue
    fi
    [ "$pes" -ge 500000 ] && big="$big $name"
    [ "$nics" -gt 1 ] && multi="$multi $name"
done
echo "500,000 PEs or more:${big:- none}; several NICs a node:${multi:- none}"
[ "$bad" -eq 0 ] && [ -n "$big" ] && [ -n "$multi" ]
