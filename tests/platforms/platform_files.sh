#!/bin/sh
# platform_files.sh SHMEMSIM SOURCE_DIR CASE
# A platform path that is no platform file never crashes or hangs
# shmemsim: exit 2 and one stderr line "shmemsim: error: platform 'PATH':
# ..." saying why. The files are made here: a directory, a missing file,
# a path under a regular file, a FIFO (no writer: opening it would
# block), a device, an unreadable file, a file whose read fails, a
# binary, a gzip, a truncated, an empty and a blank file, a file with a
# byte-order mark.
#
# Unreadable as root: chmod 000 does not stop root, so the run drops to
# user nobody (setpriv) on a chmod 000 file in a directory nobody can
# enter; without setpriv the case is skipped (exit 77). The read error
# is honest for anyone: /proc/self/mem opens, but reading its first page
# fails with EIO.
set -eu
ss=$1 src=$2 case=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
chmod 755 "$d"
good=$src/tests/platforms/two-hosts.xml
run="" f="$d/p.xml"
case $case in
directory) mkdir "$f"; want="is a directory" ;;
missing) want="No such file or directory" ;;
notdir) cp "$good" "$d/file.xml"; f="$d/file.xml/p.xml"; want="Not a directory" ;;
fifo) mkfifo "$f"; want="is a FIFO, not a regular file" ;;
device) f=/dev/null; want="is a character device" ;;
unreadable)
    cp "$good" "$f"
    chmod 000 "$f"
    want="cannot be read: Permission denied"
    if [ "$(id -u)" -eq 0 ]; then
        command -v setpriv >/dev/null || { echo "no setpriv: skipped"; exit 77; }
        run="setpriv --reuid=nobody --regid=nogroup --clear-groups"
        # nobody may not reach the build tree (a clone under a mktemp -d
        # is 0700): run a copy from $d, which is 0755
        cp "$ss" "$d/shmemsim"
        ss=$d/shmemsim
    fi ;;
readerror) f=/proc/self/mem; want="cannot be read: Input/output error" ;;
binary) printf '\177ELF\002\001\001\000\000\000<platform>' >"$f"; want="is a binary file" ;;
gzip) printf '\037\213\010\000\000\000\000\000' >"$f"; want="is gzip-compressed" ;;
truncated) head -c 420 "$good" >"$f"; want="is it truncated?" ;;
empty) : >"$f"; want="is empty" ;;
blank) printf '\n  \n' >"$f"; want="is empty (blanks only)" ;;
bom) printf '\357\273\277' >"$f"; cat "$good" >>"$f"; want="byte-order mark" ;;
*) echo "unknown case $case"; exit 1 ;;
esac
rc=0
$run timeout 60 "$ss" run --platform "$f" --pes 2 --collective fcollect --algorithm linear \
    --bytes 8 >"$d/out" 2>"$d/err" || rc=$?
lines=$(wc -l <"$d/err")
if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ] ||
   ! grep -qF "shmemsim: error: platform '$f': " "$d/err" || ! grep -qF -- "$want" "$d/err"; then
    echo "FAIL: $case: exit $rc, $lines stderr lines (want exit 2, one line with '$want'):"
    cat "$d/err"
    exit 1
fi
cat "$d/err"
