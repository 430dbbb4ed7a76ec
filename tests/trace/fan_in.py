#!/usr/bin/env python3
"""fan_in.py SHMEMSIM WORKDIR [KIND...] - no hot spot in any algorithm,
measured from --trace: for every algorithm, the most messages any PE
receives in one call. A message is a put, an atomic (fetching or not) or
a get's request, counted at its target; trace.csv names both ends.

Log-step algorithms (all but the ring-step and the exempt ones), at
p = 1000 PEs (not a power of two: the trees are partial and the k-nomial
fcollect has 232 extra members), 8 bytes, default radix and radix 8:

    max <= C k ceil(log2 p),   C = 4,

k the radix (2 for the algorithms without one). Why C = 4: in each of
at most ceil(log2 p) rounds (ceil(log_k p) for radix k) a member hears
from at most k-1 peers, k for a k-ary depth, and each peer sends it at
most four messages: its data in at most two contiguous parts (a window
that wraps in Bruck; a group's blocks and its extras' slices in the
k-nomial fcollect), a padding put and the flag or counter. collect runs
a scan (one put and its flag a round) and such a pass at k = 2:
(2 + 4)(k-1) <= 4 k. A
reduction's tree adds 2 (k-1) per level up and 2 down; a broadcast's
barrier at most k per round and one payload put. A member that heard
from every other one, as the former broadcast handshake's leaf did
(p-1 = 999 increments), fails by far.

Ring-step algorithms (the catalogue's RING and STEPS shapes: fcollect
ring and neighbor_exchange, collect ring, broadcast scatter_allgather,
reduce ring) take p-1 (or p/2) steps that
each bring every member one message or two: O(p) by definition, but the
same for everyone, so they are held to balance instead: no member may
receive more than the mean plus the bound above. Their p^2 messages
would take minutes of wall time at 1000 PEs, so they run at p = 64.

The catalogue's LINEAR ones (linear, direct) are exempt: linear by
definition. Their figures are printed, not checked.

Prints one line per algorithm of the collectives named (default: all
four); exits 1 if any check fails.
"""
import collections
import csv
import io
import math
import os
import shutil
import subprocess
import sys

C = 4
P_LOG, P_RING = 1000, 64
KINDS = ["fcollect", "collect", "broadcast", "reduce"]
MESSAGE_OPS = ("put", "amo", "fetch_amo", "get")
# The catalogue's shapes (algorithms/catalogue.h) this test tells apart.
LOG_SHAPES, RING_SHAPES, EXEMPT_SHAPES = ("LOG", "KNOMIAL2"), ("RING", "STEPS"), \
    ("LINEAR",)


def catalogue(sim):
    """{kind: {alg: (shape, default radix)}}, as `shmemsim list --format
    csv` gives the catalogue: which algorithms are log-step, ring-step or
    linear by definition, and which take a radix."""
    out = subprocess.run([sim, "list", "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout
    cat = collections.defaultdict(dict)
    for r in csv.DictReader(io.StringIO(out)):
        cat[r["collective"]][r["algorithm"]] = (r["shape"], int(r["radix"]))
    return cat


def of_shape(cat, kind, shapes):
    return [a for a, (shape, _) in cat[kind].items() if shape in shapes]


def run(sim, work, kind, algs, p, radix=None):
    """Trace every PE of one run; return {alg: (max, mean)} over calls."""
    out = os.path.join(work, f"{kind}-{p}-{radix or 'default'}")
    cmd = [sim, "run", "--platform", f"fat-tree:down={p},bw=10GBps,lat=1us",
           "--pes", str(p), "--collective", kind, "--algorithm", ",".join(algs),
           "--bytes", "8", "--format", "csv", "--trace", out,
           "--trace-pes", f"0-{p - 1}"]
    if radix:
        cmd += ["--radix", str(radix)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    into = collections.Counter()
    with open(os.path.join(out, "trace.csv"), newline="") as f:
        for r in csv.DictReader(f):
            if r["op"] in MESSAGE_OPS and r["target"] != "":
                into[(r["algorithm"], r["call"], int(r["target"]))] += 1
    shutil.rmtree(out)   # tens of MB of JSON per run
    per_call = collections.defaultdict(list)
    for (alg, call, _), n in into.items():
        per_call[(alg, call)].append(n)
    result = {}
    for (alg, call), counts in per_call.items():
        counts += [0] * (p - len(counts))   # members that received nothing
        top, mean = max(counts), sum(counts) / p
        if alg not in result or top > result[alg][0]:
            result[alg] = (top, mean)
    return result


def bound(cat, kind, alg, p, radix):
    default = cat[kind][alg][1]
    k = (radix or default) if default else 2
    return k, C * k * math.ceil(math.log2(p))


def main():
    sim, work = sys.argv[1], sys.argv[2]
    kinds = sys.argv[3:] or KINDS
    cat = catalogue(sim)
    os.makedirs(work, exist_ok=True)
    bad = 0
    fmt = "{:<9} {:<19} p={:<5} k={:<2} max {:>4}  mean {:>7.1f}  {}"
    for kind in kinds:
        algs = of_shape(cat, kind, LOG_SHAPES)
        runs = [(None, algs)]
        radix_algs = [a for a in algs if cat[kind][a][1]]
        if radix_algs:
            runs.append((8, radix_algs))
        for radix, names in runs:
            got = run(sim, work, kind, names, P_LOG, radix)
            for alg in names:
                top, mean = got[alg]
                k, lim = bound(cat, kind, alg, P_LOG, radix)
                ok = top <= lim
                bad += not ok
                print(fmt.format(kind, alg, P_LOG, k, top, mean,
                                 f"{'ok' if ok else 'FAIL'}: bound {lim}"))
    for kind in kinds:
        exempt = of_shape(cat, kind, EXEMPT_SHAPES)
        names = of_shape(cat, kind, RING_SHAPES) + exempt
        got = run(sim, work, kind, names, P_RING)
        for alg in names:
            top, mean = got[alg]
            if alg in exempt:
                print(fmt.format(kind, alg, P_RING, "-", top, mean,
                                 "exempt (linear by definition)"))
                continue
            k, lim = bound(cat, kind, alg, P_RING, None)
            ok = top <= mean + lim
            bad += not ok
            print(fmt.format(kind, alg, P_RING, k, top, mean,
                             f"{'ok' if ok else 'FAIL'}: ring-step, "
                             f"bound mean + {lim}"))
    if bad:
        print(f"fan_in.py: {bad} algorithm(s) over the bound")
        return 1
    print("fan_in.py: ok")
    return 0


sys.exit(main())
