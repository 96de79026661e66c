#!/usr/bin/env bash
# What reaches the device per sync method and filesystem (docs/benchmarks.md "What reaches the device",
# results/README.md "Device witness"): every SyncWriteCost method at 8 KiB, one sync per write, appending, on this
# project's disk and on loop-mounted ext4, ext4 with barrier=0, XFS and btrfs of the script's own (the lab's loop
# settings: direct I/O, 4 KiB sectors), one short fork per cell with the device witness on; then the table from
# report.json. Counts, not timing: it may run while the machine is busy. Run as root.
#   scripts/device-witness.sh [OUT]         (default results/device-witness)
#   scripts/device-witness.sh --table OUT   the table again from a finished run
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(realpath -m target/device-witness-script)
[[ ${1:-} == --table ]] || [[ $(id -u) == 0 ]] || { echo "device-witness.sh: needs root (loop devices, mounts, tracefs)" >&2; exit 2; }
[[ -f target/benchmarks.jar ]] || mvn -q -B package -DskipTests
out=${1:-results/device-witness}
methods=NONE,FSYNC,FDATASYNC,O_DSYNC,O_SYNC,O_DIRECT,O_DIRECT_DSYNC,SYNC_FILE_RANGE,PWRITEV2_DSYNC,URING_FDATASYNC,URING_DSYNC
methods+=,URING_DIRECT_DSYNC,CHANNEL_FORCE_DATA,CHANNEL_FORCE_ALL,CHANNEL_DSYNC
methods+=,CHANNEL_SYNC,CHANNEL_DIRECT,CHANNEL_DIRECT_DSYNC,MMAP_FORCE,RAF_RWD,RAF_RWS,STREAM_FD_SYNC
methods+=,CHANNEL_FORCE_DATA_PLATFORM,CHANNEL_FORCE_ALL_PLATFORM,CHANNEL_DSYNC_PLATFORM
# The table from a run's report.json: per method and target, flushes / FUA writes / KiB written per operation at the
# filesystem's device (the loop device under a loop-mounted one), "trap" where the device witness says so.
table() {
  local json; json=$(mktemp)
  ./durabench report "$1" --format json > "$json"
  python3 - "$json" "$methods" <<'PY'
import json, os, sys
rows = json.load(open(sys.argv[1]))["rows"]
def name(r):
    d = os.path.basename(r["context"].split(" ")[1].rstrip(","))
    return ("this disk (" + r["filesystem"] + ")" if d == "vda" else d.replace("mnt-", "").replace("-nobarrier", " barrier=0")) + ", " + r["deviceName"]
order = ["vda", "mnt-ext4", "mnt-ext4-nobarrier", "mnt-xfs", "mnt-btrfs"]
targets = sorted({r["context"] for r in rows}, key=lambda c: order.index(os.path.basename(c.split(" ")[1].rstrip(","))))
named = {t: name(next(r for r in rows if r["context"] == t and r.get("deviceName"))) for t in targets}
def cell(r):
    if r.get("deviceNotCounted"): return r["deviceNotCounted"]
    if r.get("na") or r.get("failed"): return "n/a" if r.get("na") else "FAILED"
    s = "%.2f / %.2f / %.1f" % (r["deviceFlushesPerOp"], r["deviceFuaWritesPerOp"], r["deviceBytesPerOp"] / 1024)
    return s + (" **trap**" if r.get("deviceVerdict") and "not durable" in r["deviceVerdict"] else "")
by = {(r["method"], r["context"]): r for r in rows}
print("| method | " + " | ".join(named[t] for t in targets) + " |")
print("|---|" + "---|" * len(targets))
listed = sys.argv[2].split(",")
for m in sorted(dict.fromkeys(r["method"] for r in rows), key=lambda m: listed.index(m) if m in listed else len(listed)):
    print("| `%s` | " % m + " | ".join(cell(by[(m, t)]) if (m, t) in by else "" for t in targets) + " |")
PY
  rm -f "$json"
}
if [[ ${1:-} == --table ]]; then table "${2:?--table needs a run folder}"; exit 0; fi
loops=()
cleanup() {
  for m in "$work"/mnt-*; do mountpoint -q "$m" 2>/dev/null && umount "$m"; done
  for l in "${loops[@]}"; do losetup -d "$l"; done
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/vda"
dirs=(--dir "$work/vda")
# name mkfs... -- mount options (Variant's: ext4, ext4-nobarrier, xfs, btrfs)
fs() {
  local name=$1 size=$2 opts=$3; shift 3
  fallocate -l "$size" "$work/$name.img"
  local dev; dev=$(losetup --find --show --direct-io=on --sector-size 4096 "$work/$name.img")
  loops+=("$dev")
  "$@" "$dev" >/dev/null
  mkdir -p "$work/mnt-$name"
  mount -o "$opts" "$dev" "$work/mnt-$name"
  dirs+=(--dir "$work/mnt-$name")
}
ext4=(mkfs.ext4 -q -F -b 4096 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0)
fs ext4 512M data=ordered,nodiscard,no_prefetch_block_bitmaps "${ext4[@]}"
fs ext4-nobarrier 512M data=ordered,barrier=0,nodiscard,no_prefetch_block_bitmaps "${ext4[@]}"
fs xfs 512M nodiscard mkfs.xfs -q -f -K
fs btrfs 512M nodiscard mkfs.btrfs -q -f -K
rm -rf "$out"
./durabench run "${dirs[@]}" --forks 1 --out "$out" -- SyncWriteCost -p syncMethod=$methods -p blockSizeBytes=8192 \
  -p writesPerSync=1 -p preallocation=NONE -wi 1 -w 200ms -i 2 -r 300ms
table "$out"
