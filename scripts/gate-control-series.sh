#!/usr/bin/env bash
# The gate with a C control, measured as a lab box runs it (docs/gate.md, results/README.md "The gate with a C control"):
# a history built by 5 `gate --history` runs, then 10 `mvn verify -Pbench` builds with nothing changed, then the builds that
# must fail. Everything goes to results/gate-control-LABEL/: the history, each build's gate.txt and gate.json, its console,
# and series.txt (each build's exit, time and load average). Run as root on a quiet machine: nothing else may run meanwhile.
#   scripts/gate-control-series.sh LABEL DIR [STEP...]   steps: history quiet slowdown journal (default: history quiet slowdown)
#   SLOWDOWN_NS (default 20000): the test slowdown of the Java side per write in the slowdown build
set -euo pipefail
cd "$(dirname "$0")/.."
label=$1 dir=$2; shift 2
steps=("$@"); [[ ${#steps[@]} -gt 0 ]] || steps=(history quiet slowdown)
has() { [[ " ${steps[*]} " == *" $1 "* ]]; }
res=results/gate-control-$label hist=$res/history work=/tmp/gate-control-$label
mkdir -p "$res/gate" "$res/logs" "$work"
jmh=(writeBlock -p syncMethod=NONE,FDATASYNC,O_DSYNC,FSYNC -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE -f 6)
series() { echo "$*" >> "$res/series.txt"; }
# One build: its console into logs/NAME.txt, its gate table and JSON into gate/, one line into series.txt.
build() {
  local name=$1 what=$2; shift 2
  local load start rc=0; load=$(cut -d' ' -f1-3 /proc/loadavg); start=$(date +%s)
  rm -rf "$work/$name"
  "$@" > "$res/logs/$name.txt" 2>&1 || rc=$?
  cp "$work/$name/gate/gate.txt" "$res/gate/$name.txt" 2>/dev/null || true
  cp "$work/$name/gate/gate.json" "$res/gate/$name.json" 2>/dev/null || true
  # A run the history did not admit is kept too (without its report), so the committed series can be judged again.
  if [[ -d "$work/$name" && ! -d "$hist/$name" ]]; then mkdir -p "$res/rejected"; cp -r "$work/$name" "$res/rejected/$name"; rm -rf "$res/rejected/$name/report"; fi
  series "$name ($what) rc=$rc $(( $(date +%s) - start ))s load $load $(grep -o 'BUILD [A-Z]*' "$res/logs/$name.txt" | tail -1)"
}
mvnGate() { local name=$1; shift; mvn -B verify -Pbench -DskipTests -Ddurabench.history="$hist" -Ddurabench.dir="${gdir:-$dir}" -Ddurabench.out="$work/$name" "$@"; }
series "start $(date -u +%FT%TZ) on $dir ($(df --output=fstype "$dir" | tail -1)), $(git rev-parse --short HEAD)"
mvn -q -B package -DskipTests
if has history; then
  for i in 1 2 3 4 5; do
    n=$(printf 'build-%02d' "$i")
    if [[ $i == 1 ]]; then build "$n" "CLI, building the history" ./durabench gate --history "$hist" --dir "$dir" --out "$work/$n" --profile compare -- "${jmh[@]}"
    else build "$n" "CLI, building the history" ./durabench gate --history "$hist" --dir "$dir" --out "$work/$n"; fi
  done
fi
if has quiet; then
  for i in $(seq 6 15); do n=$(printf 'build-%02d' "$i"); build "$n" "mvn verify -Pbench -Ddurabench.history, nothing changed" mvnGate "$n"; done
fi
if has slowdown; then
  ns=${SLOWDOWN_NS:-20000}
  build "slowdown-${ns}ns" "a jar built with -Ddurabench.testSlowdownNanos=$ns: every Java write spins ${ns} ns more" \
    mvnGate "slowdown-${ns}ns" -Ddurabench.testSlowdownNanos="$ns"
  mvn -q -B package -DskipTests # the normal jar again
fi
if has journal; then
  # A real change of the machine: the lab's ext4 with data=journal (the history is on lab ext4).
  # One lab at a time: the history's ext4 goes down (its runs are files by now), ext4 with data=journal comes up.
  ./durabench lab down > /dev/null 2>&1 || true
  ./durabench lab up ext4-journal > /dev/null
  gdir=/mnt/durabench-lab/ext4-journal/data
  build ext4-journal "a real change: data=journal" mvnGate ext4-journal -Ddurabench.allowDifferent=mount-options
  build ext4-journal-fail-on-absolute "the same with --fail-on absolute" mvnGate ext4-journal-fail-on-absolute \
    -Ddurabench.allowDifferent=mount-options -Ddurabench.failOn=absolute
  unset gdir
fi
series "end $(date -u +%FT%TZ)"
