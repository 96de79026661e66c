#!/usr/bin/env bash
# The lock-step engine's proofs, measured on this machine (docs/lockstep.md, results/README.md "Lock-step"):
# every run below is committed under results/lockstep-*/ and read back by LockStepRealDataTest.
# Run as root (the lab's loop devices) on a quiet machine: nothing else may run meanwhile.
#   scripts/lockstep-proof.sh [SET...]   sets: aa known crosstalk lab jdk fresh (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -f target/benchmarks.jar ]] || mvn -q -B package -DskipTests
jdk17=${JDK17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
jdk25=${TEMURIN25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
# Every run's command and the load average before it, in results/lockstep-load.txt (figures are quoted with the load).
db() { echo "$(date -u +%FT%TZ) $(cut -d' ' -f1-3 /proc/loadavg) durabench $*" >> results/lockstep-load.txt; JAVA_HOME="$jdk17" ./durabench "$@"; }
out=results
fdatasync8k=(SyncWriteCost -p syncMethod=FDATASYNC -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE)
overwrite8k=(SyncWriteCost -p syncMethod=FSYNC -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=ZERO_FILL)
fresh() { rm -rf "$1"; }
sets=("$@"); [[ ${#sets[@]} -gt 0 ]] || sets=(aa known crosstalk lab jdk fresh)
has() { [[ " ${sets[*]} " == *" $1 "* ]]; }

if has aa; then
  # A/A on this machine's disk: the same JVM and cells on both sides, 30 fork pairs.
  fresh $out/lockstep-aa-vda
  db run --lock-step --repeat 2 --forks 30 --out $out/lockstep-aa-vda -- SyncWriteCost \
    -p syncMethod=FDATASYNC,FSYNC,O_DSYNC,O_DIRECT_DSYNC,CHANNEL_FORCE_DATA -p blockSizeBytes=8192 -p writesPerSync=1 \
    -p preallocation=NONE
fi
if has known; then
  # A known effect: side B spins D ns per operation inside its timed unit (about 2, 5 and 10% of an 8 KiB fdatasync here).
  for d in 5000 13000 26000; do
    fresh $out/lockstep-known-$d
    db run --lock-step --repeat 2 --test-busy-wait-b-ns $d --forks 20 --out $out/lockstep-known-$d -- "${fdatasync8k[@]}"
  done
fi
if has crosstalk; then
  # Cross-talk: the ratio B/A must not depend on how the sides alternate (grain 10, or one side always first).
  for how in "--grain 1" "--grain 10" "--order a-first" "--order b-first"; do
    tag=${how// /}; tag=${tag#--}
    # Appending at grain 10 spread an A/A's fork pairs to 0.77..1.30 and is refused now (HandOffRule.grainRefusal):
    # results/lockstep-crosstalk-aa-grain10 is that evidence, measured before the refusal (committed in cfa7e9d).
    if [[ $tag != grain10 ]]; then
      fresh $out/lockstep-crosstalk-aa-$tag
      db run --lock-step --repeat 2 $how --forks 10 --out $out/lockstep-crosstalk-aa-$tag -- "${fdatasync8k[@]}"
    fi
    # FSYNC beside FDATASYNC overwriting passed grain and order but is refused now for the timestamps FDATASYNC leaves
    # for FSYNC's commits (HandOffRule.timestampRefusal); results/lockstep-crosstalk-fsync-fdatasync-* are kept as measured.
    # Lab ext4 against lab XFS (both images on this disk) failed this proof and is refused now (HandOffRule.targetsRefusal):
    # results/lockstep-crosstalk-ext4-xfs-* were measured before the refusal, with commit 8a4457f, by
    #   ./durabench run --lock-step --lab ext4,xfs $how --out results/lockstep-crosstalk-ext4-xfs-$tag -- "${fdatasync8k[@]}" -f 10
  done
fi
if has lab; then
  # A/A on the lab's ext4 and XFS (loop devices over this disk), for the power and false alarms there.
  for v in ext4 xfs; do
    fresh $out/lockstep-aa-lab-$v
    db run --lock-step --repeat 2 --lab $v --forks 20 --out $out/lockstep-aa-lab-$v -- SyncWriteCost -p syncMethod=FDATASYNC,FSYNC \
      -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE
  done
fi
if has jdk; then
  # JDK 17 (side A, the base) against Temurin 25 (side B): every method at 8 KiB, one write per sync, appending.
  fresh $out/lockstep-jdk17-vs-25
  db run --lock-step --jvm "$jdk17/bin/java" --jvm "$jdk25/bin/java" --forks 10 --out $out/lockstep-jdk17-vs-25 -- SyncWriteCost \
    -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE
  db compare $out/lockstep-jdk17-vs-25 --by jdk --out $out/lockstep-jdk17-vs-25/compare > $out/lockstep-jdk17-vs-25/compare.txt || true
fi
if has fresh; then
  # 20 fresh short A/A runs: none may be flagged (a sanity check; the rate is LockStepRealDataTest's on the 30-pair run).
  log=$out/lockstep-fresh-aa.txt
  : > "$log"
  for i in $(seq 1 20); do
    dir=$(mktemp -d /tmp/durabench-fresh-aa-XXXX)/run
    db run --lock-step --repeat 2 --forks 5 --out "$dir" -- SyncWriteCost -p syncMethod=FDATASYNC,FSYNC -p blockSizeBytes=8192 \
      -p writesPerSync=1 -p preallocation=NONE > /dev/null
    rc=0; db compare "$dir" --by jdk > "$dir.txt" 2>&1 || rc=$?
    echo "run $i: exit $rc: $(grep -E '^[0-9]+ regressions' "$dir.txt")" | tee -a "$log"
    rm -rf "$(dirname "$dir")"
  done
fi
