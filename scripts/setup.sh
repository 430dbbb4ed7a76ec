#!/bin/sh
# setup.sh - install what shmemsim needs on Debian 12 (as root or with
# sudo), configure and build. Usage: scripts/setup.sh [build-dir] [cmake args]
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
[ $# -gt 0 ] && shift
# openmpi: the real OpenSHMEM (oshcc/oshrun) the algorithm tests also run on;
# python3: the trace tests parse the JSON with a real JSON parser;
# gnuplot-nox: shmemsim plot draws its PNG (pngcairo) and SVG charts with it;
# libxml2-dev: platforms/ reads platform files with it to check them;
# clang, libclang-rt-14-dev: the checks build (BUILD/checks: libFuzzer,
# AddressSanitizer, UndefinedBehaviorSanitizer) the tests also run.
PKGS="build-essential cmake pkg-config libsimgrid-dev libgsl-dev libcmocka-dev
      libxml2-dev openmpi-bin libopenmpi-dev python3 gnuplot-nox clang
      libclang-rt-14-dev"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    echo "setup: installing$missing" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD" -j "$(nproc)"
