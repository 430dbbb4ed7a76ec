#!/bin/sh
# install.sh BUILD_DIR SOURCE_DIR - `cmake --install` into a fresh prefix,
# then: the installed shmemsim-cc builds a program (finding its headers
# and libraries from where it lives, not the build tree) that the
# installed shmemsim-run runs, and pkg-config's shmemsim.pc builds a
# program that brings a PE function (shmemsim_main).
set -u
build=$1 src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null || exit 1
inc=$(SHMEMSIM_CC_VERBOSE=1 "$prefix/bin/shmemsim-cc" -O2 "$src/tests/programs/ring.c" \
      -o "$prefix/ring" 2>&1) || { echo "$inc"; exit 1; }
case $inc in
*"-I $prefix/bin/../"*) echo "ok   installed shmemsim-cc uses $prefix" ;;
*) echo "FAIL: installed shmemsim-cc did not use its own headers:"; echo "$inc"; exit 1 ;;
esac
"$prefix/bin/shmemsim-run" --platform aries-xc --pes 4 "$prefix/ring" 2 | grep -q "ring: 4 PEs, 2 rounds" ||
    { echo "FAIL: installed shmemsim-run"; exit 1; }
echo "ok   installed shmemsim-run"
cat >"$prefix/pe.c" <<'C'
#include <shmem.h>
#include <shmemsim.h>
#include <stdio.h>
static void pe(void *arg) { (void)arg; shmem_init(); shmem_barrier_all(); shmem_finalize(); }
int main(int argc, char **argv) { return shmemsim_main(argc, argv, pe, NULL); }
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig"
# shellcheck disable=SC2046
if ! cc -std=c11 $(pkg-config --cflags shmemsim) "$prefix/pe.c" \
        $(pkg-config --libs shmemsim) -o "$prefix/pe" ||
   ! "$prefix/pe" --platform aries-xc --pes 4; then
    echo "FAIL: a program built with pkg-config's shmemsim.pc"
    exit 1
fi
echo "ok   pkg-config shmemsim"
