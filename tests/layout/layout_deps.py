#!/usr/bin/env python3
"""layout_deps.py SOURCE_DIR - the dependency rules of the tree, checked on
every #include of every source and header.

Each folder may include its own headers and those of the folders listed
for it below, nothing else of the project. A header is the project's when
its file name is one of the project's headers; the system headers the
project uses are told apart by name. algorithms/ is stricter: it is
compiled against a real OpenSHMEM too, so besides its own headers it may
include <shmem.h> and the C standard library only.

The command line's side goes one way too: options/ (the options every
simulation takes) is used by programs/ (what a program needs to run in
the simulator) and studies/ (the studies that run many simulations; its
calibrate/ reads a real machine's figures and needs neither), and cli/,
the shmemsim command, uses them all; nothing includes cli/'s headers.

The subfolders of sim/, platforms/ and studies/ are folders of their own: the
checks of platform files (platforms/xml/) and the builders
(platforms/builders/) use the top of platforms/ and not each other, and
the top uses neither. sim/ is in layers: pe/ (a PE and its memory, and
the state the runtime shares) uses nothing of the others, engine/ (the
messages in flight) uses pe/, shmem/ (the OpenSHMEM calls) uses both, and
the top of sim/ (the world and the measuring driver) uses them all;
include/ (what a program sees) uses nothing else, api/ (what the
command line drives) include/ only. A subfolder there without a
rule is an error, so that a new one cannot slip by unchecked.

No source folder holds more than 25 files directly inside (MAX_FILES).

One header of algorithms/ is open to every folder: the catalogue
(algorithms/catalogue.h), the list of collectives and algorithms with
their defaults that the registries, the closed forms, the cost estimates,
the exports and the command line all index. It lives in algorithms/
because the algorithms build against a real OpenSHMEM with that folder
as their only include path; for models/ and traces/, which depend on
nothing of the simulator, to include it, it must include nothing itself,
not even <shmem.h> (checked here).
"""
import os
import re
import sys

ALLOWED = {
    "util": [],
    "models": [],
    "traces": [],
    "traces/tune": ["traces"],
    "traces/plot": ["traces"],
    "platforms": ["util"],
    "platforms/xml": ["platforms", "util"],
    "platforms/checks": ["platforms/xml", "platforms", "util"],
    "platforms/builders": ["platforms", "util"],
    "algorithms": [],            # plus <shmem.h>, see C_STD below
    # the simulated runtime, in layers: what a program sees, what the
    # command line drives, a PE and its memory, the messages in flight,
    # the OpenSHMEM calls, and at the top the run (the world, the driver)
    "sim/include": [],
    "sim/api": ["sim/include", "algorithms", "platforms", "models"],
    "sim/pe": ["sim/include", "sim/api", "util"],
    # the small-message routes follow the cabled dragonfly's
    "sim/engine": ["sim/pe", "sim/include", "sim/api", "platforms",
                   "platforms/builders", "models", "traces", "util"],
    "sim/shmem": ["sim/engine", "sim/pe", "sim/include", "sim/api",
                  "algorithms", "platforms", "util"],
    "sim": ["sim/shmem", "sim/engine", "sim/pe", "sim/include", "sim/api",
            "algorithms", "platforms", "models", "traces", "util"],
    # the options every simulation takes, and how a command fails
    "options": ["sim/include", "sim/api", "algorithms", "platforms", "util"],
    # what an unmodified program needs, shmemsim_main, the launcher
    "programs": ["options", "sim/include", "sim/api", "util"],
    # the studies that run many simulations as children ...
    "studies": ["options", "sim/include", "sim/api", "algorithms", "platforms",
                "models", "traces", "traces/tune", "util"],
    # ... and calibration, which reads a real machine's figures instead
    "studies/calibrate": ["platforms", "util"],
    # the shmemsim command: it parses, dispatches and prints
    "cli": ["studies", "studies/calibrate", "options", "sim/include", "sim/api",
            "algorithms", "platforms", "models", "traces", "traces/tune",
            "traces/plot", "util"],
    # the fuzz targets call each reader where it is, internal or not
    "fuzz": ["sim", "sim/shmem", "sim/include", "sim/api", "algorithms", "platforms",
             "platforms/xml", "platforms/checks", "platforms/builders", "models",
             "traces", "traces/tune", "traces/plot", "util", "options", "studies",
             "studies/calibrate"],
}
# The source folders, bottom to top.
TOPS = ["util", "models", "traces", "platforms", "algorithms", "sim", "options",
        "programs", "studies", "cli", "fuzz"]
# Folders whose subfolders are folders of their own (each needs a rule).
SPLIT = ("sim", "platforms", "studies", "traces")
# The headers a real OpenSHMEM program (and so algorithms/) may use.
C_STD = {
    "assert.h", "complex.h", "ctype.h", "errno.h", "float.h", "inttypes.h",
    "limits.h", "math.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h",
    "stdio.h", "stdlib.h", "string.h", "time.h", "shmem.h",
}
# Headers of one folder that every folder may include, and the folder.
SHARED = {"catalogue.h": "algorithms"}
# No source folder holds more files than this directly inside: a folder
# that grows past it is split by concern, so that a path says what a file
# is about.
MAX_FILES = 25
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def folder_of(rel):
    """The folder a source path belongs to: the top folder, or for those
    of SPLIT the subfolder (sim/include and sim are told apart)."""
    parts = rel.split(os.sep)
    if parts[0] in SPLIT and len(parts) > 2:
        return parts[0] + "/" + parts[1]
    return parts[0]


def rule_of(here):
    """The rule a folder follows: its own (none is an error)."""
    return here


def sources(root):
    for top in TOPS:
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".cpp", ".hpp")):
                    yield os.path.relpath(os.path.join(d, f), root)


def crowded(root):
    """The source folders with more than MAX_FILES files directly inside."""
    for top in TOPS:
        for d, _, files in os.walk(os.path.join(root, top)):
            if len(files) > MAX_FILES and any(
                    f.endswith((".c", ".h", ".cpp", ".hpp")) for f in files):
                yield os.path.relpath(d, root), len(files)


def main(root):
    owner = {}   # header file name -> folders that hold one
    for rel in sources(root):
        if rel.endswith((".h", ".hpp")):
            owner.setdefault(os.path.basename(rel), set()).add(folder_of(rel))
    bad = []
    folders = set()
    for rel in sources(root):
        here = folder_of(rel)
        rule = rule_of(here)
        folders.add(here)
        if rule not in ALLOWED:
            bad.append(f"{rel}: {here}/ has no dependency rule (add one to "
                       f"layout_deps.py)")
            continue
        ok = set(ALLOWED[rule]) | {here, rule}
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                name = os.path.basename(m.group(2))
                if SHARED.get(os.path.basename(rel)) == here:
                    bad.append(f"{rel}:{n}: {rel} is included by every folder, so it "
                               f"includes nothing, not {m.group(2)}")
                    continue
                if rule == "algorithms":
                    own = owner.get(name, set()) == {"algorithms"}
                    if not own and name not in C_STD:
                        bad.append(f"{rel}:{n}: algorithms/ may include only its own "
                                   f"headers, <shmem.h> and the C library, not {m.group(2)}")
                    continue
                holders = owner.get(name)
                if name in SHARED and holders == {SHARED[name]}:
                    continue
                if holders and not holders & ok:
                    bad.append(f"{rel}:{n}: {here}/ may not include {m.group(2)} "
                               f"(it belongs to {', '.join(sorted(holders))}/)")
    for d, n in crowded(root):
        bad.append(f"{d}/: {n} files, more than {MAX_FILES} (split it into "
                   f"subfolders by concern)")
    for b in bad:
        print(b)
    if not bad:
        print(f"layout: every include follows the dependency rules and no "
              f"folder holds more than {MAX_FILES} files ({len(folders)} "
              f"folders: {', '.join(sorted(folders))})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
