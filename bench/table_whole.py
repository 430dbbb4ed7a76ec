#!/usr/bin/env python3
"""table_whole.py LIMIT CSV... - markdown tables of bench/pes_100k.sh
runs at presets' full sizes, one a file: per algorithm its status (ok, stopped at
LIMIT seconds, or refused by `run`'s estimate), wall time, peak memory,
the time to create the PEs (with their first steps), the simulated time,
and what `run` said it would take before it started (est_min, blank
under a minute or where the CSV predates that column)."""
import csv
import sys


def sim(s):
    t = float(s)
    return f'{t * 1e6:.1f} us' if t < 1e-3 else f'{t * 1e3:.2f} ms'


def status(r, limit):
    if r['status'] == '0':
        return 'ok'
    if r['status'] == '124':
        return f'stopped at {limit} s'
    return 'refused' if r.get('est_min') else 'status ' + r['status']


def main():
    limit = sys.argv[1]
    for path in sys.argv[2:]:
        rows = list(csv.DictReader(open(path)))
        print(f"`{rows[0]['platform']}`, {int(rows[0]['pes']):,} PEs:\n")
        print('| collective | algorithm | status | wall | peak RSS '
              '| creating the PEs | simulated | `run` estimated |')
        print('|---|---|---|---|---|---|---|---|')
        for r in rows:
            ok, ran = r['status'] == '0', r['status'] in ('0', '124')
            wall = f"{float(r['wall_s']):.0f} s" if ran else ''
            rss = f"{int(r['peak_rss_mib']) / 1024:.1f} GiB" if ran else ''
            create = r['create_s'] + ' s' if ran and r['create_s'] else ''
            est = r.get('est_min') or ''
            print(f"| {r['collective']} | {r['algorithm']} | {status(r, limit)} "
                  f"| {wall} | {rss} | {create} "
                  f"| {sim(r['sim_time_s']) if ok else ''} "
                  f"| {est + ' min' if est else ''} |")
        print()


main()
