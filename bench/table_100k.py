#!/usr/bin/env python3
"""table_100k.py BEFORE.csv AFTER.csv - the markdown table of two runs of
bench/pes_100k.sh: simulated time and wall time of each log-step
algorithm at 100,000 PEs, before and after, and the peak memory after,
platform by platform. A
BEFORE platform is matched to an AFTER one by its position in the file
(the same presets, built two ways)."""
import csv
import sys


def rows(path):
    out, order = {}, []
    for r in csv.DictReader(open(path)):
        if r['platform'] not in order:
            order.append(r['platform'])
        out[(order.index(r['platform']), r['collective'], r['algorithm'])] = r
    return out, order


def fmt(s):
    t = float(s)
    return f'{t * 1e3:.3f} ms' if t < 1 else f'{t:.2f} s'


def main():
    before, bplat = rows(sys.argv[1])
    after, aplat = rows(sys.argv[2])
    print('| platform | collective | algorithm | simulated before | simulated after '
          '| after / before | wall before (s) | wall after (s) | peak RSS after (MiB) |')
    print('|---|---|---|---|---|---|---|---|---|')
    for key, a in after.items():
        b = before.get(key)
        ok = a['status'] == '0'
        sim = fmt(a['sim_time_s']) if ok else 'status ' + a['status']
        was = fmt(b['sim_time_s']) if b and b['status'] == '0' else '-'
        ratio = (f"{float(a['sim_time_s']) / float(b['sim_time_s']):.3f}"
                 if ok and b and b['status'] == '0' else '-')
        wall = b['wall_s'] if b and b['status'] == '0' else '-'
        print(f"| {aplat[key[0]]} | {key[1]} | {key[2]} | {was} | {sim} | {ratio} "
              f"| {wall} | {a['wall_s']} | {a['peak_rss_mib']} |")


main()
