#!/usr/bin/env python3
"""check_trace.py DIR PES [EXPECT] - checks a --trace directory.

trace.json must parse as Chrome trace-event JSON with exactly one track
(thread) per traced PE, named "PE i", and the complete slices of each track
must not overlap (each ends at or before the next begins; the writer makes
these sums exact, so the comparison is exact). trace.csv must hold only
events of the traced PEs.

EXPECT, if given, is "ALG:N:BYTES" and checks the message counts of the
first collective call against what the algorithm sends (see trace.sh).
"""
import csv
import json
import sys
from collections import Counter, defaultdict


def fail(msg):
    print("check_trace: FAIL: " + msg)
    sys.exit(1)


def check_json(path, pes):
    with open(path) as f:
        doc = json.load(f)
    ev = doc["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in ev
             if e.get("ph") == "M" and e["name"] == "thread_name"}
    if sorted(names) != sorted(pes):
        fail(f"tracks {sorted(names)} != traced PEs {sorted(pes)}")
    for tid, name in names.items():
        if name != f"PE {tid}":
            fail(f"track {tid} is named {name!r}")
    slices = defaultdict(list)
    for e in ev:
        if e.get("ph") == "X":
            if e["tid"] not in names:
                fail(f"slice on unknown track {e['tid']}")
            if e["dur"] < 0:
                fail(f"negative duration: {e}")
            slices[e["tid"]].append((e["ts"], e["ts"] + e["dur"], e["name"]))
        elif e.get("ph") not in ("M", "i"):
            fail(f"unexpected event phase {e.get('ph')}")
    nslices = 0
    for tid, s in slices.items():
        s.sort()
        for a, b in zip(s, s[1:]):
            if a[1] > b[0]:
                fail(f"PE {tid}: slice {a} overlaps {b}")
        nslices += len(s)
    if nslices == 0:
        fail("no slices at all")
    return nslices


def check_counts(rows, pes, spec):
    alg, n, nbytes = spec.split(":")
    n, nbytes = int(n), int(nbytes)
    first = [r for r in rows if r["call"] == "0"]
    puts = [r for r in first if r["op"] == "put"]
    amos = [r for r in first if r["op"] in ("amo", "fetch_amo")]
    sent = Counter(int(r["pe"]) for r in puts)
    pbytes = Counter()
    for r in puts:
        pbytes[int(r["pe"])] += int(r["bytes"])
    targets = Counter(int(r["target"]) for r in puts)
    if alg == "fcollect/ring":
        # p-1 steps: one n-byte put and one counter increment to the right
        # neighbour each, nothing else.
        for pe in pes:
            right = (pe + 1) % n
            mine = [r for r in puts if int(r["pe"]) == pe]
            if len(mine) != n - 1 or any(int(r["target"]) != right for r in mine):
                fail(f"PE {pe}: {len(mine)} puts, want {n - 1} to {right}")
        if len(puts) != len(pes) * (n - 1) or len(amos) != len(pes) * (n - 1):
            fail(f"{len(puts)} puts / {len(amos)} atomics, want {len(pes) * (n - 1)} each")
    elif alg == "fcollect/recursive_doubling":
        # p a power of two: log2 p rounds, one put each, doubling the block.
        rounds = n.bit_length() - 1
        for pe in pes:
            if sent[pe] != rounds or pbytes[pe] != (n - 1) * nbytes:
                fail(f"PE {pe}: {sent[pe]} puts, {pbytes[pe]} bytes; want "
                     f"{rounds} and {(n - 1) * nbytes}")
    elif alg == "broadcast/binomial":
        # The payload reaches every non-root exactly once.
        data = [r for r in puts if int(r["bytes"]) == nbytes]
        if len(data) != n - 1 or sorted(targets) != list(range(1, n)):
            fail(f"{len(data)} payload puts to {sorted(targets)}, want one to each of 1..{n - 1}")
    else:
        fail(f"no expected counts for {alg}")
    return len(puts), len(amos)


def main():
    d, pes = sys.argv[1], [int(x) for x in sys.argv[2].split(",")]
    nslices = check_json(d + "/trace.json", pes)
    with open(d + "/trace.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    stray = {int(r["pe"]) for r in rows} - set(pes)
    if stray:
        fail(f"events of untraced PEs {sorted(stray)}")
    for r in rows:
        if r["complete_s"] == "" or float(r["complete_s"]) < float(r["issue_s"]):
            fail(f"event completes before it is issued: {r}")
    msg = ""
    if len(sys.argv) > 3:
        p, a = check_counts(rows, pes, sys.argv[3])
        msg = f", {p} puts, {a} atomics in call 0"
    print(f"check_trace: ok: {len(pes)} tracks, {nslices} slices, {len(rows)} events{msg}")


main()
