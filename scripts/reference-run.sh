#!/usr/bin/env bash
# reference-run.sh — the README's reference results: `durabench run` on loop-mounted filesystems
# (created here, torn down on any exit) and /dev/shm, then `durabench report --out`.
#
#   scripts/reference-run.sh OUT_DIR [PROFILE] [FSTYPES] [-- JMH options]
#   scripts/reference-run.sh results/ref-quick quick "ext4 xfs btrfs"
#   scripts/reference-run.sh results/ref-gc standard "ext4" -- GroupCommit -p recordSizeBytes=8192
#
# FSTYPES (default "ext4") are loop-mounted 1 GiB images under target/loopfs/; the literal word
# "project" adds target/durabench-data on this project's own disk, "shm" adds /dev/shm (default
# "ext4 shm"). Needs root and a built jar (mvn -B -q package -DskipTests).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=${1:?usage: reference-run.sh OUT_DIR [PROFILE] [TARGETS] [-- JMH options]}
profile=${2:-quick}
targets=${3:-"ext4 shm"}
shift $(( $# < 3 ? $# : 3 ))
[[ ${1:-} == -- ]] && shift

source "$here/scripts/loopfs.sh"
loopfs_trap_teardown_all

dirs=()
for t in $targets; do
  case $t in
    shm) dirs+=(--dir /dev/shm) ;;
    project) mkdir -p "$here/target/durabench-data"; dirs+=(--dir "$here/target/durabench-data") ;;
    ext4|xfs|btrfs)
      mnt=/mnt/durabench-ref-$t-$$
      loopfs_create "$t" 1024 "$here/target/loopfs" "$mnt" >/dev/null
      dirs+=(--dir "$mnt") ;;
    *) echo "reference-run: unknown target '$t' (ext4, xfs, btrfs, project, shm)" >&2; exit 2 ;;
  esac
done

"$here/durabench" run --profile "$profile" --out "$out" "${dirs[@]}" -- "$@"
"$here/durabench" report "$out" --out "$out/report"
echo "reference-run: results and report in $out"
