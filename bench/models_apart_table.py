#!/usr/bin/env python3
"""models_apart_table.py MODELS.csv - the markdown table of
bench/models_apart.sh's output: per platform, PE count and size, the
range of the small-message model's time over the flows' across the
algorithms, the algorithm furthest apart, and the wall time each model
took for all of them (docs/models.md)."""
import collections
import csv
import sys

ORDER = {'aries-xc': 0, 'slingshot': 1, 'frontera-ib': 2}


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    ratio, wall = collections.defaultdict(list), collections.defaultdict(dict)
    for r in rows:
        k = (r['platform'], int(r['pes']), int(r['bytes']))
        ratio[k].append((float(r['small_over_flows']), r['collective'] + ' ' + r['algorithm']))
        wall[k][r['collective']] = (float(r['flows_wall_s']), float(r['small_wall_s']))
    print('| platform | PEs | bytes | small / flows, 12 to 15 algorithms | furthest apart '
          '| wall, flows (s) | wall, small (s) |')
    print('|---|---|---|---|---|---|---|')
    for k in sorted(ratio, key=lambda k: (ORDER.get(k[0], 9), k[0], k[2], k[1])):
        lo, hi = min(ratio[k]), max(ratio[k])
        far = hi if abs(hi[0] - 1) > abs(lo[0] - 1) else lo
        wf = sum(w[0] for w in wall[k].values())
        ws = sum(w[1] for w in wall[k].values())
        size = '8' if k[2] == 8 else f'{k[2] // 1024} KiB'
        print(f'| {k[0]} | {k[1]:,} | {size} | {lo[0]:.2f} to {hi[0]:.2f} | {far[1]} {far[0]:.2f} '
              f'| {wf:.1f} | {ws:.1f} |')
    near = [abs(float(r['small_over_flows']) - 1) for r in rows]
    print(f'\n{len(near)} points: {sum(d <= 0.05 for d in near)} within 5%, '
          f'{sum(d <= 0.10 for d in near)} within 10%.')


main()
