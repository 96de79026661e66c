#!/usr/bin/env bash
# fidelity.sh — does the harness measure what pg_test_fsync measures, on the same directory?
#
# For each target (a loop-mounted ext4 image this script creates, and /dev/shm, plus any --dir),
# runs pg_test_fsync and the harness's PgTestFsyncEquivalent ALTERNATELY, --rounds times each
# (the order flips every round, so drift on a shared machine hits both sides alike), then prints
# per target and method: pg_test_fsync median µs/op (min..max), harness median µs/op (min..max),
# harness/pg, and PASS/FAIL against the targets: fdatasync, fsync, open_datasync within ±15%,
# the non-sync'ed 8 KiB write within 1.25x. open_sync is shown for information.
#
# Usage (root, for the loop mount):
#   mvn -B -q package -DskipTests            # builds target/benchmarks.jar
#   scripts/fidelity.sh [--rounds N] [--seconds S] [--out DIR] [--dir EXTRA_DIR]... [--no-loop]
# Defaults: 3 rounds, 5 s per pg_test_fsync test (its -s), out = target/fidelity-<yyyymmdd-HHMMSS>/.
# Needs: apt-get install -y postgresql-15 (pg_test_fsync; override with PG_TEST_FSYNC=path), python3.
# One round per target takes about 2 minutes (pg_test_fsync runs all its tables; only the one-8kB
# table and the non-sync'ed write are compared).
#
# Raw outputs kept in OUT/<label>/: pg-<round>.txt (pg_test_fsync stdout), jmh-<round>.json and
# jmh-<round>.log (JMH); OUT/summary.txt is the printed table.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
source "$here/loopfs.sh"
source "$here/jmhrun.sh"

rounds=3 seconds=5 out="" loop=1 extra=()
usage() { echo "usage: $0 [--rounds N] [--seconds S] [--out DIR] [--dir DIR]... [--no-loop]" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    case $1 in
        --rounds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; rounds=$2; shift 2 ;;
        --seconds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; seconds=$2; shift 2 ;;
        --out) [[ -n ${2:-} ]] || usage; out=$2; shift 2 ;;
        --dir) [[ -d ${2:-} ]] || { echo "fidelity: --dir '${2:-}' is not a directory" >&2; exit 2; }
               extra+=("$(cd "$2" && pwd)"); shift 2 ;;
        --no-loop) loop=0; shift ;;
        *) usage ;;
    esac
done

pg=${PG_TEST_FSYNC:-/usr/lib/postgresql/15/bin/pg_test_fsync}
jar=$repo/target/benchmarks.jar
[[ -x $pg ]] || { echo "fidelity: $pg not found: apt-get install -y postgresql-15 (or set PG_TEST_FSYNC)" >&2; exit 2; }
[[ -f $jar ]] || { echo "fidelity: $jar not found: run 'mvn -B -q package -DskipTests' first" >&2; exit 2; }
command -v python3 >/dev/null || { echo "fidelity: python3 not found" >&2; exit 2; }
if (( loop )) && [[ $EUID -ne 0 ]]; then echo "fidelity: the loop-mounted ext4 target needs root (or pass --no-loop)" >&2; exit 2; fi
out=${out:-$repo/target/fidelity-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"

# Scratch directories we create inside each target; removed on any exit, then loop mounts go.
scratch=()
cleanup() {
    local d
    for d in "${scratch[@]}"; do rm -rf "$d"; done
    loopfs_teardown_all
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

targets=()   # "label|directory"
if (( loop )); then
    mnt=/mnt/durabench-fidelity-ext4-$$
    loopfs_create ext4 1024 "$repo/target/loopfs" "$mnt" >/dev/null
    targets+=("loop-ext4|$mnt")
fi
targets+=("dev-shm|/dev/shm")
for d in "${extra[@]}"; do targets+=("$(echo "${d#/}" | tr / -)|$d"); done

run_pg() {  # label dir round
    "$pg" -s "$seconds" -f "$2/pg_test_fsync.out" > "$out/$1/pg-$3.txt" 2>&1
}
run_harness() {  # label dir round
    jmh_run "$jar" "$out/$1/jmh-$3.log" PgTestFsyncEquivalent -p targetDir="$2" -f 1 -wi 1 -w 1s -i 5 -r 1s \
        -rf json -rff "$out/$1/jmh-$3.json" \
        || echo "fidelity: JMH exited non-zero for $1 round $3 (see $out/$1/jmh-$3.log)" >&2
}

for t in "${targets[@]}"; do
    label=${t%%|*} dir=${t#*|}
    mkdir -p "$out/$label"
    work="$dir/durabench-fidelity-$$"
    mkdir -p "$work"; scratch+=("$work")
    echo "$work" > "$out/$label/directory.txt"
done

for ((r = 1; r <= rounds; r++)); do
    for t in "${targets[@]}"; do
        label=${t%%|*} work="${t#*|}/durabench-fidelity-$$"
        # Odd rounds: pg_test_fsync first; even rounds: harness first.
        if (( r % 2 )); then order="run_pg run_harness"; else order="run_harness run_pg"; fi
        for step in $order; do
            echo "[$(date +%H:%M:%S)] round $r/$rounds $label: ${step#run_}" >&2
            $step "$label" "$work" "$r"
        done
    done
done

python3 "$here/fidelity_table.py" "$out" | tee "$out/summary.txt"
echo "raw outputs: $out" >&2
