#!/usr/bin/env bash
# fidelity.sh — does durabench measure what a C program making the same syscalls measures?
#
# On one directory, alternates `durabench run` and durabench-twin (twin/: the native workloads in C,
# same syscalls, flags, sizes and sync cadence, timed like JMH's AverageTime) for --rounds rounds,
# durabench first in odd rounds and the twin first in even ones (drift on a shared machine hits both
# alike), on the same cells with the same iteration settings, then compares them with durabench's
# own report (no second parser of JMH JSON; jq only reads durabench's report JSON).
#
# Usage:
#   scripts/fidelity.sh --dir DIR [--rounds N] [--out OUT] [--methods M1,M2,...] [--profile P] [--dry-run] [-- OPTION...]
#   OPTION: -wi N -w TIME -i N -r TIME   iteration settings, given to both tools (default: durabench's quick
#                                        profile, 1 x 300 ms warmup + 5 x 300 ms measured)
#           -p NAME=V1,V2 / REGEX        durabench's -p axes and benchmark patterns; the twin follows through the
#                                        cells file
#   --methods  SyncWriteCost's sync methods (default: every native one; the twin mirrors no JDK path)
#   --profile  durabench run's profile (default quick). standard adds pg_test_fsync's other sections (PgTwoWrites,
#              PgOpenSyncSizes, PgFsyncDescriptor), which the twin mirrors too, and group commit, which it does not
#              (left out of cells.txt); narrow it with patterns: --profile standard -- 'Pg(TwoWrites|OpenSyncSizes|FsyncDescriptor)'
#   --dry-run  print the commands of every round and run none of them
# Defaults: 3 rounds; OUT = target/fidelity-<yyyymmdd-HHMMSS>/. Needs cc and jq. About 3 minutes per round
# with the defaults (durabench ~2 min, the twin ~1 min for 30 cells).
#
# What it leaves in OUT:
#   round-K/durabench/          the `durabench run --out` folder (run.json, <label>/jmh-result.json, environment.json);
#                               its console output (JMH's) in round-K/durabench-run.log, the twin's in round-K/twin.log
#   round-K/twin/<label>/       the twin's jmh-result.json and not-applicable.json, environment.json from `durabench env`
#   cells.txt                   the twin's cells: every row of round 1's durabench run that produced a number
#                               (its n/a and FAILED cells excluded), plus NativeCallCost.getppid (one libc call)
#   report.txt, report/         `durabench report` over every round of both tools, as text and as its --out folder
#                               (report.md/.csv/.json and charts); one context per tool and round, the twin's say "JDK C"
#   summary.txt                 per cell: median µs/op (min..max over rounds) of each tool, durabench/twin, whether
#                               the two ranges overlap, and syncs per write as each tool counted them
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
durabench=$repo/durabench
twin=$repo/target/twin/durabench-twin
native_methods=NONE,FSYNC,FDATASYNC,O_DSYNC,O_SYNC,O_DIRECT,O_DIRECT_DSYNC,SYNC_FILE_RANGE

die() { echo "fidelity: $*" >&2; exit 2; }
usage() { die "usage: $0 --dir DIR [--rounds N] [--out OUT] [--methods M1,M2] [--profile P] [--dry-run] [-- -wi N -w T -i N -r T -p NAME=V REGEX]"; }

dir="" rounds=3 out="" methods=$native_methods profile=quick dry=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --dir) [[ -n ${2:-} ]] || usage; dir=$2; shift 2 ;;
        --rounds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "--rounds takes a whole number >= 1"; rounds=$2; shift 2 ;;
        --out) [[ -n ${2:-} ]] || usage; out=$2; shift 2 ;;
        --methods) [[ ${2:-} =~ ^[A-Z_]+(,[A-Z_]+)*$ ]] || die "--methods takes a comma-separated list, e.g. FDATASYNC,O_DIRECT"; methods=$2; shift 2 ;;
        --profile) [[ ${2:-} =~ ^(quick|standard|full)$ ]] || die "--profile takes quick, standard or full"; profile=$2; shift 2 ;;
        --dry-run) dry=1; shift ;;
        --) shift; break ;;
        *) usage ;;
    esac
done

# The rest: iteration settings for both tools, durabench's -p axes and patterns for durabench (the twin follows via cells.txt).
timing=() durabench_only=()
while [[ $# -gt 0 ]]; do
    case $1 in
        -wi|-i) [[ ${2:-} =~ ^[0-9]+$ ]] || die "$1 takes a whole number"; timing+=("$1" "$2"); shift 2 ;;
        -w|-r) [[ ${2:-} =~ ^[1-9][0-9]*(ns|us|ms|s|min)?$ ]] || die "$1 takes a time such as 300ms or 1s"; timing+=("$1" "$2"); shift 2 ;;
        -p) [[ ${2:-} == *=* ]] || die "-p takes NAME=V1,V2"
            [[ $2 == syncMethod=* ]] && die "give the sync methods with --methods (the twin mirrors the native ones only)"
            durabench_only+=("$1" "$2"); shift 2 ;;
        -*) die "option $1 is not passed on: both tools take only -wi -w -i -r (and durabench -p and patterns)" ;;
        *) durabench_only+=("$1"); shift ;;
    esac
done

[[ -n $dir ]] || die "--dir DIR is required: the directory both tools write in"
[[ -d $dir && -w $dir ]] || die "--dir $dir is not a writable directory: create it or pass another"
dir=$(realpath -s "$dir")
label=${dir//\//-}; label=${label#-}; label=${label:-root}   # durabench's TargetLabel
out=$(realpath -m "${out:-$repo/target/fidelity-$(date +%Y%m%d-%H%M%S)}")
if [[ -e $out ]] && [[ -n $(ls -A "$out") ]] && (( ! dry )); then die "$out already exists and is not empty: pass a new --out"; fi
command -v jq >/dev/null || die "jq not found: apt-get install -y jq"
command -v cc >/dev/null || die "cc not found: apt-get install -y gcc"

say() { echo "[$(date +%H:%M:%S)] $*" >&2; }
# run CMD...: runs it, or under --dry-run only prints it.
run() { if (( dry )); then printf '+'; printf ' %q' "$@"; printf '\n'; else "$@"; fi; }

run mkdir -p "$repo/target/twin" "$out"
run cc -std=c11 -O2 -Wall -Wextra -pthread -o "$twin" "$repo"/twin/*.c -lm
[[ -f $repo/target/benchmarks.jar ]] || run bash -c "cd '$repo' && mvn -q -B package -DskipTests"

failures=0
run_durabench() {  # round
    say "round $1/$rounds: durabench run on $dir (JMH's output in round-$1/durabench-run.log)"
    local cmd=("$durabench" run --dir "$dir" --profile "$profile" --out "$out/round-$1/durabench" -- -p syncMethod="$methods"
               ${durabench_only[@]+"${durabench_only[@]}"} ${timing[@]+"${timing[@]}"})
    if (( dry )); then run "${cmd[@]}"; return; fi
    mkdir -p "$out/round-$1"
    if ! "${cmd[@]}" > "$out/round-$1/durabench-run.log" 2>&1; then
        echo "fidelity: durabench run exited non-zero in round $1 (FAILED cells: see round-$1/durabench-run.log; the rest were kept)" >&2
        failures=$((failures + 1))
    fi
}
run_twin() {  # round
    say "round $1/$rounds: durabench-twin on $dir"
    local cmd=("$twin" --dir "$dir" --out "$out/round-$1/twin" --cells "$out/cells.txt" ${timing[@]+"${timing[@]}"})
    local env=("$durabench" env --dir "$dir" --out "$out/round-$1/twin/$label")
    if (( dry )); then run "${cmd[@]}"; run "${env[@]}"; return; fi
    mkdir -p "$out/round-$1"
    if "${cmd[@]}" 2> >(tee "$out/round-$1/twin.log" >&2); then
        "${env[@]}"
    else
        echo "fidelity: durabench-twin failed in round $1 (one line above says which call); that round has no twin result" >&2
        failures=$((failures + 1))
    fi
}

# The twin's cells: exactly the rows durabench measured in round 1 (never its n/a or FAILED cells).
cells_jq='.rows[] | select(.na == null and .meanUs != null)
  | select(.benchmark | test("\\.(SyncWriteCost|PgTestFsyncEquivalent|FileCreateCost|PgTwoWrites|PgOpenSyncSizes|PgFsyncDescriptor)\\."))
  | select((.params.syncMethod // "") | test("^(CHANNEL_|MMAP_)") | not)
  | [.benchmark] + (.params | del(.targetDir) | to_entries | map("\(.key)=\(.value)")) | join(" ")'
write_cells() {
    if (( dry )); then echo "+ $durabench report $out/round-1/durabench --format json | jq -r '<rows that produced a number>' > $out/cells.txt"; return; fi
    "$durabench" report "$out/round-1/durabench" --format json | jq -r "$cells_jq" > "$out/cells.txt"
    echo "NativeCallCost.getppid" >> "$out/cells.txt"
    say "the twin runs $(wc -l < "$out/cells.txt") cells (cells.txt)"
}

for ((r = 1; r <= rounds; r++)); do
    if (( r % 2 )); then
        run_durabench "$r"
        (( r == 1 )) && write_cells
        run_twin "$r"
    else
        run_twin "$r"
        run_durabench "$r"
    fi
done

# Every measurement point, tagged with its tool, from durabench's report of each round's folder.
points_jq='def cell: ((.params // {}) | del(.targetDir)) as $p | (.benchmark | sub("^io\\.durabench\\.bench\\."; "")) as $b
    | if $p.syncMethod then "SyncWriteCost \($p.syncMethod) \($p.blockSizeBytes) B, \($p.writesPerSync)/sync, \($p.preallocation)"
      else $b + " " + ($p | to_entries | map("\(.key)=\(.value)") | join(" ")) end;
  (.rows[] | select(.meanUs != null) | {tool: $tool, cell: cell, us: .meanUs, spw: .syncsPerWrite}),
  (.otherResults[] | select(.unit == "us/op") | {tool: $tool, cell: cell, us: .score, spw: null})'
summary_jq='def median: sort | if length == 0 then null elif length % 2 == 1 then .[(length - 1) / 2]
    else (.[length / 2 - 1] + .[length / 2]) / 2 end;
  def r3: if . == null then "-" else ((. * 1000 | round) / 1000 | tostring) end;
  def span: if length == 0 then "-" else "\(min | r3)..\(max | r3)" end;
  (["cell", "durabench µs", "min..max", "twin µs", "min..max", "durabench/twin", "ranges overlap", "syncs/write d", "syncs/write t"] | @tsv),
  (group_by(.cell)[] as $g
   | ($g | map(select(.tool == "durabench") | .us)) as $d | ($g | map(select(.tool == "twin") | .us)) as $t
   | ($d | median) as $dm | ($t | median) as $tm
   | [$g[0].cell, ($dm | r3), ($d | span), ($tm | r3), ($t | span),
      (if $dm != null and $tm != null and $tm > 0 then (($dm / $tm * 100 | round) / 100 | tostring) + "x" else "-" end),
      (if ($d | length) > 0 and ($t | length) > 0 then (if ($d | min) <= ($t | max) and ($t | min) <= ($d | max) then "yes" else "no" end) else "-" end),
      ($g | map(select(.tool == "durabench") | .spw) | first // null | r3),
      ($g | map(select(.tool == "twin") | .spw) | first // null | r3)]
   | @tsv)'
folders=()
for ((r = 1; r <= rounds; r++)); do
    for tool in durabench twin; do
        [[ -d $out/round-$r/$tool ]] || (( dry )) && folders+=("$out/round-$r/$tool")
    done
done
(( ${#folders[@]} > 0 )) || { echo "fidelity: no results to compare" >&2; exit 1; }
say "reports: $out/report.txt and $out/report/, summary: $out/summary.txt"
if (( dry )); then
    run "$durabench" report "${folders[@]}" --out "$out/report"
    echo "+ $durabench report <every folder> > $out/report.txt"
    echo "+ $durabench report <each round's folder> --format json | jq '<points>' | jq -s '<summary>' | column -t > $out/summary.txt"
    exit 0
fi
"$durabench" report "${folders[@]}" --out "$out/report" > /dev/null
"$durabench" report "${folders[@]}" > "$out/report.txt"
for f in "${folders[@]}"; do
    "$durabench" report "$f" --format json | jq -c --arg tool "$(basename "$f")" "$points_jq"
done > "$out/points.jsonl"
jq -s -r "$summary_jq" "$out/points.jsonl" | column -t -s $'\t' | tee "$out/summary.txt"
echo "raw outputs: $out" >&2
(( failures == 0 )) || { echo "fidelity: $failures tool run(s) failed; see above" >&2; exit 1; }
