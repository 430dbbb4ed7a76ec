#!/usr/bin/env python3
"""make_mpi_samples.py - writes the MPI samples of tests/osu/ (README.md):
osu_latency, osu_bw and osu_mbw_mr output as OMB 5.x, 6.x and 7.x print
it (header, column line and row formats of their sources: "%-*d%*.*f"
with FIELD_WIDTH 20 and FLOAT_PRECISION 2), from closed forms of a
machine whose SHMEM side is the one the oshm_*.txt files were simulated
on (8-byte put 1.30 us, 8 GB/s): MPI's latency is 0.5 us above the
put's (the receiver's matching), its sends cost 0.35 us each, and a
node's NIC takes one message per 0.1 us. A small deterministic ripple
(+-0.4%) stands for a real machine's scatter. Run it from tests/osu/."""
import math

FW, PREC = 20, 2


def ripple(i, phase):
    return 1 + 0.004 * math.sin(1.7 * i + phase)


def row(size, *vals):
    return "%-*d" % (10, size) + "".join("%*.*f" % (FW, PREC, v) for v in vals) + "\n"


def cols(*names):
    return "%-*s" % (10, "# Size") + "".join("%*s" % (FW, n) for n in names) + "\n"


def sizes(lo, hi):
    s = [0] if lo == 0 else []
    m = 1
    while m <= hi:
        s.append(m)
        m *= 2
    return s


def mpi_lat(m, rendezvous=False):
    """one-way latency (us): 1.80 + m / 8000, a rendezvous step above 16 KiB"""
    return 1.80 + m / 8000.0 + (0.9 if rendezvous and m > 16384 else 0)


def bw(m):
    """MB/s of a window of sends: m / (0.35 us + m / 8000 MB/s)"""
    return m / (0.35 + m / 8000.0)


def latency(path, version, datatype, lo, phase, rendezvous=False, second=False):
    with open(path, "w") as f:
        f.write("# OSU MPI Latency Test v%s\n" % version)
        tables = ["MPI_CHAR"] + (["MPI_INT"] if second else [])
        for t, dt in enumerate(tables):
            if datatype:
                f.write("# Datatype: %s.\n" % dt)
            f.write(cols("Latency (us)"))
            for i, m in enumerate(sizes(lo, 4194304)):
                if dt == "MPI_INT" and m < 4:
                    continue
                f.write(row(m, mpi_lat(m, rendezvous) * ripple(i, phase + t)))


def bandwidth(path, version, datatype, phase):
    with open(path, "w") as f:
        f.write("# OSU MPI Bandwidth Test v%s\n" % version)
        if datatype:
            f.write("# Datatype: MPI_CHAR.\n")
        f.write(cols("Bandwidth (MB/s)"))
        for i, m in enumerate(sizes(1, 4194304)):
            f.write(row(m, bw(m) * ripple(i, phase)))


def mbw_mr(path, version, datatype, pairs, phase):
    """pairs senders on one node: each 1 / 0.35 us, the node 1 / 0.1 us"""
    with open(path, "w") as f:
        f.write("# OSU MPI Multiple Bandwidth / Message Rate Test v%s\n" % version)
        f.write("# [ pairs: %d ] [ window size: 64 ]\n" % pairs)
        if datatype:
            f.write("# Datatype: MPI_CHAR.\n")
        f.write(cols("MB/s", "Messages/s"))
        for i, m in enumerate(sizes(1, 4194304)):
            t = max(0.35 / pairs, 0.1, m / 8000.0)    # us per message, node
            mbs = m / t * ripple(i, phase)
            f.write(row(m, mbs, mbs * 1e6 / m))


latency("mpi_latency_v5.txt", "5.6.3", False, 0, 0.0)
latency("mpi_latency_v6.txt", "6.2", False, 0, 1.0)
latency("mpi_latency_v7.txt", "7.4", True, 1, 2.0, rendezvous=True, second=True)
bandwidth("mpi_bw_v5.txt", "5.6.3", False, 0.5)
bandwidth("mpi_bw_v7.txt", "7.4", True, 1.5)
mbw_mr("mpi_mbw_mr_v5.txt", "5.6.3", False, 1, 0.3)
mbw_mr("mpi_mbw_mr_8pairs_v7.txt", "7.4", True, 8, 0.7)
