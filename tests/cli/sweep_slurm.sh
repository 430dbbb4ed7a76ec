#!/bin/sh
# sweep_slurm.sh SHMEMSIM PLATFORM
# `shmemsim sweep --emit-slurm`: running every array task of the script by
# hand (SLURM_ARRAY_TASK_ID set, as sbatch would), then the merge command
# it printed, gives the same CSV as the sweep run directly. Run in a
# folder with a space and a quote in its name, with a spec platform
# holding commas, to test the script's quoting. A merge with a part
# missing exits 1 naming the missing points, and the same sweep without
# --merge then completes the file to the same bytes.
set -eu
ss=$1 plat=$2
top=$(mktemp -d)
trap 'rm -rf "$top"' EXIT
d="$top/it's here"
mkdir "$d"
cd "$d"
fail() { echo "FAIL: $*" >&2; exit 1; }
cp "$plat" "star 64.xml"
sweep() {
    "$ss" sweep --platform "star 64.xml" --platform "fat-tree:down=4/4,bw=10GBps" \
        --collective broadcast,fcollect --pes 4,6 --algorithm linear,binomial,ring \
        --bytes 8,1K "$@"
}
sweep -o direct.csv 2>direct.err || fail "direct sweep: $(cat direct.err)"
# 2 platforms x (broadcast 2 + fcollect 2 algorithms) x 2 PE counts = 16 points.
sweep -o res.csv --emit-slurm job.sh --tasks 5 >cmds.txt 2>emit.err || fail "emit: $(cat emit.err)"
grep -qx '#SBATCH --array=0-4' job.sh || fail "no '#SBATCH --array=0-4' in job.sh"
[ ! -e res.csv ] || fail "--emit-slurm ran the sweep"
[ "$(sed -n 1p cmds.txt)" = "sbatch job.sh" ] || fail "first printed line is not the sbatch command"
merge=$(sed -n 2p cmds.txt)
case $merge in *" --merge 'res.part-*.csv' -o res.csv") ;; *) fail "merge command: $merge" ;; esac
cd "$top"      # the script goes back to where it was written
for i in 0 1 2 3 4; do
    SLURM_ARRAY_TASK_ID=$i bash "$d/job.sh" 2>"$d/task$i.err" || fail "task $i: $(cat "$d/task$i.err")"
done
cd "$d"
for i in 0 1 2 3 4; do
    n=$(($(wc -l <res.part-$i.csv) - 1))
    [ "$n" -eq $((16 / 5 * 2 + (i < 16 % 5) * 2)) ] || fail "part $i holds $n rows"
done
sh -c "$merge" 2>merge.err || fail "merge: $(cat merge.err)"
cmp direct.csv res.csv || fail "merged parts differ from the direct sweep"

rm res.part-2.csv res.csv
rc=0
sh -c "$merge" 2>merge.err || rc=$?
[ "$rc" -eq 1 ] || fail "merge with a missing part exited $rc, expected 1"
# Part 2 of 5 held points 2, 7 and 12.
for p in '#2 ' '#7 ' '#12 '; do
    grep -q "$p" merge.err || fail "merge did not name missing point $p: $(cat merge.err)"
done
sweep -o res.csv 2>resume.err || fail "completing the merged file: $(cat resume.err)"
grep -q "13 already in" resume.err || fail "did not resume from the merge: $(cat resume.err)"
cmp direct.csv res.csv || fail "merge + resume differs from the direct sweep"
echo "ok: 5 array tasks + merge equal the direct sweep"
