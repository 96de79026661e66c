#!/usr/bin/env bash
# zerofill-finding.sh — does writing real zeros ahead (ZERO_FILL, the Dolt WAL scheme) make a
# per-write fdatasync cheaper than appending (NONE)? Background section 4 expects: yes on ext4
# and XFS (an overwrite needs no metadata journalling), no on btrfs (copy-on-write: every
# overwrite is a new block plus metadata anyway).
#
# Creates a loop-mounted ext4, XFS and btrfs image (1 GiB each, on the project's disk, under
# target/loopfs/), runs SyncWriteCost (FDATASYNC, 8 KiB, one sync per write) for each
# preallocation on each, --rounds times (round-robin over the filesystems so machine noise is
# spread over all of them), and prints per filesystem the time per write of every preallocation
# and whether ZERO_FILL is cheaper than NONE. Everything it mounts is torn down on any exit.
#
# Usage (root):
#   mvn -B -q package -DskipTests
#   scripts/zerofill-finding.sh [--rounds N] [--prealloc NONE,ZERO_FILL,...] [--fs "ext4 xfs btrfs"] [--out DIR]
# Defaults: 2 rounds; NONE,ZERO_FILL,FALLOCATE,FTRUNCATE; out = target/zerofill-<yyyymmdd-HHMMSS>/.
# Each round per filesystem takes about 40 s with the four preallocations.
# Raw outputs: OUT/<fs>-<round>.json and .log (JMH); OUT/summary.txt is the printed table.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
source "$here/loopfs.sh"
source "$here/jmhrun.sh"

rounds=2 prealloc=NONE,ZERO_FILL,FALLOCATE,FTRUNCATE filesystems="ext4 xfs btrfs" out=""
usage() { echo "usage: $0 [--rounds N] [--prealloc LIST] [--fs \"ext4 xfs btrfs\"] [--out DIR]" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    case $1 in
        --rounds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; rounds=$2; shift 2 ;;
        --prealloc) [[ ${2:-} =~ ^(NONE|FTRUNCATE|FALLOCATE|ZERO_FILL)(,(NONE|FTRUNCATE|FALLOCATE|ZERO_FILL))*$ ]] \
                        || { echo "zerofill: --prealloc takes a comma list of NONE, FTRUNCATE, FALLOCATE, ZERO_FILL" >&2; exit 2; }
                    prealloc=$2; shift 2 ;;
        --fs) for f in ${2:-}; do [[ $f =~ ^(ext4|xfs|btrfs)$ ]] || { echo "zerofill: unknown filesystem '$f': use ext4, xfs, btrfs" >&2; exit 2; }; done
              [[ -n ${2:-} ]] || usage; filesystems=$2; shift 2 ;;
        --out) [[ -n ${2:-} ]] || usage; out=$2; shift 2 ;;
        *) usage ;;
    esac
done
[[ ,$prealloc, == *,NONE,* && ,$prealloc, == *,ZERO_FILL,* ]] || { echo "zerofill: --prealloc must include NONE and ZERO_FILL" >&2; exit 2; }

jar=$repo/target/benchmarks.jar
[[ -f $jar ]] || { echo "zerofill: $jar not found: run 'mvn -B -q package -DskipTests' first" >&2; exit 2; }
[[ $EUID -eq 0 ]] || { echo "zerofill: needs root to loop-mount the filesystems" >&2; exit 2; }
command -v python3 >/dev/null || { echo "zerofill: python3 not found" >&2; exit 2; }
out=${out:-$repo/target/zerofill-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"

loopfs_trap_teardown_all
for fs in $filesystems; do
    loopfs_create "$fs" 1024 "$repo/target/loopfs" "/mnt/durabench-zerofill-$fs-$$" >/dev/null
    mkdir -p "/mnt/durabench-zerofill-$fs-$$/data"
done

for ((r = 1; r <= rounds; r++)); do
    for fs in $filesystems; do
        echo "[$(date +%H:%M:%S)] round $r/$rounds $fs: SyncWriteCost FDATASYNC 8 KiB, preallocation=$prealloc" >&2
        jmh_run "$jar" "$out/$fs-$r.log" SyncWriteCost \
            -p targetDir="/mnt/durabench-zerofill-$fs-$$/data" -p syncMethod=FDATASYNC -p blockSizeBytes=8192 \
            -p writesPerSync=1 -p preallocation="$prealloc" -bm avgt -f 1 -wi 1 -w 1s -i 5 -r 1s \
            -rf json -rff "$out/$fs-$r.json" \
            || echo "zerofill: JMH exited non-zero on $fs round $r (see $out/$fs-$r.log)" >&2
    done
done

python3 "$here/zerofill_table.py" "$out" | tee "$out/summary.txt"
echo "raw outputs: $out" >&2
