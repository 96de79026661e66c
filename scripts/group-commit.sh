#!/usr/bin/env bash
# Group commit vs each-committer-syncs-alone (issue 4): commits/s, syncs per commit and commit
# latency for 1, 2, 4, 8, 16 committers, record 128 B and 8 KiB, commitDelayMicros 0 and 100,
# on a loop-mounted ext4 image and on the project filesystem (this checkout's target/).
#
#   scripts/group-commit.sh [OUT_DIR]        default: target/group-commit/<UTC timestamp>
#
# Needs root (loop device) and target/benchmarks.jar (mvn -B -q package -DskipTests).
# Env: COMMITTERS="1 2 4 8 16"   JMH_OPTS="-f 1 -wi 1 -w 1s -i 3 -r 1s"   SKIP_LOOP=1 (project fs only)
# Output per target label (absolute path with '/' -> '-'): thrpt-t<N>.json (commits/s summed over
# threads + secondary metrics commits/syncs/bytes/delays), sample-t<N>.json (latency percentiles),
# JMH logs, target.txt (mount, device); OUT/summary.md is the table (scripts/group-commit-table.py).
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=target/benchmarks.jar
COMMITTERS=${COMMITTERS:-"1 2 4 8 16"}
JMH_OPTS=${JMH_OPTS:-"-f 1 -wi 1 -w 1s -i 3 -r 1s"}
OUT=${1:-target/group-commit/$(date -u +%Y%m%dT%H%M%SZ)}

die() { echo "group-commit.sh: $*" >&2; exit 2; }
[[ -f $JAR ]] || die "$JAR is missing: run 'mvn -B -q package -DskipTests' first"
if [[ -z ${SKIP_LOOP:-} ]]; then
  [[ $(id -u) == 0 ]] || die "loop-mounting the ext4 image needs root: run as root, or SKIP_LOOP=1 for the project filesystem only"
  command -v mkfs.ext4 >/dev/null || die "mkfs.ext4 not found: apt-get install e2fsprogs, or SKIP_LOOP=1"
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

IMG= MNT= LOOPDEV=
cleanup() {
  set +e
  if [[ -n $MNT ]] && mountpoint -q "$MNT"; then umount "$MNT" || echo "group-commit.sh: umount $MNT failed" >&2; fi
  if [[ -n $LOOPDEV ]] && losetup "$LOOPDEV" >/dev/null 2>&1; then losetup -d "$LOOPDEV" || echo "group-commit.sh: losetup -d $LOOPDEV failed" >&2; fi
  [[ -n $MNT && -d $MNT ]] && rmdir "$MNT"
  [[ -n $IMG ]] && rm -f "$IMG"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

label_of() { local p=${1//\//-}; echo "${p#-}"; }

describe_target() { # dir kind -> target.txt
  {
    echo "kind: $2"
    echo "directory: $1"
    findmnt -n -T "$1" -o TARGET,SOURCE,FSTYPE,OPTIONS
    local src; src=$(findmnt -n -T "$1" -o SOURCE)
    [[ $src == /dev/loop* ]] && losetup -l -n "$src"
    echo "kernel: $(uname -r)  cpus: $(nproc)"
    for q in write_cache fua rotational; do echo "vda $q: $(cat /sys/block/vda/queue/$q 2>/dev/null || echo '?')"; done
  } >"$OUT/$(label_of "$1")/target.txt" 2>&1
}

# One JMH run; other helpers' JMH runs hold /tmp/jmh.lock: wait for it rather than run on top of them.
run_jmh() { # dir committers mode unit
  local dir=$1 n=$2 bm=$3 tu=$4 label; label=$(label_of "$1")
  local json="$OUT/$label/$bm-t$n.json" log="$OUT/$label/$bm-t$n.log"
  for _ in $(seq 1 360); do
    # shellcheck disable=SC2086
    if java -jar "$JAR" 'io.durabench.bench.GroupCommit\.' -t "$n" -p committers="$n" -p targetDir="$dir" \
         -bm "$bm" -tu "$tu" -foe true $JMH_OPTS -rf json -rff "$json" >"$log" 2>&1; then
      return 0
    fi
    if grep -q "Unable to acquire the JMH lock" "$log"; then sleep 5; continue; fi
    echo "group-commit.sh: JMH failed on $dir ($bm, $n committers); see $log" >&2
    return 1
  done
  echo "group-commit.sh: gave up waiting for /tmp/jmh.lock after 30 min" >&2
  return 1
}

measure() { # dir kind
  mkdir -p "$OUT/$(label_of "$1")"
  describe_target "$1" "$2"
  echo "$(label_of "$1") $2" >>"$OUT/targets.txt"
  for n in $COMMITTERS; do
    echo "[$(date -u +%H:%M:%S)] $2: $n committers"
    run_jmh "$1" "$n" thrpt s
    run_jmh "$1" "$n" sample us
  done
}

: >"$OUT/targets.txt"
if [[ -z ${SKIP_LOOP:-} ]]; then
  IMG=$(pwd)/target/group-commit-ext4.img
  MNT=$(pwd)/target/group-commit-mnt
  rm -f "$IMG"
  truncate -s 1G "$IMG"
  mkfs.ext4 -q -F "$IMG"
  mkdir -p "$MNT"
  LOOPDEV=$(losetup --find --show "$IMG")
  mount "$LOOPDEV" "$MNT"
  mkdir -p "$MNT/data"
  measure "$MNT/data" loop-ext4
  umount "$MNT" && losetup -d "$LOOPDEV" && LOOPDEV=
fi
mkdir -p target/group-commit-data
measure "$(pwd)/target/group-commit-data" project-fs

python3 scripts/group-commit-table.py "$OUT" | tee "$OUT/summary.md"
echo "results in $OUT"
