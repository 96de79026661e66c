#!/usr/bin/env bash
# Where does the fork effect come from? The same cells measured with every JVM (launcher and forks)
# pinned to CPU 0, pinned to CPU 1, and not pinned, alternating, REPS times; then durabench's own
# report of all runs side by side (one context per run). If the CPU a fork's thread lands on
# relative to the CPU that completes the disk's I/O (this VM: one virtio queue, its interrupt on
# one CPU) is what shifts a fork's results, the pinned runs' means differ by CPU and their forks
# vary less than the unpinned ones'. Prints which CPU takes the disk's interrupts before and after.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="" out="" reps=2 forks=8
while [[ $# -gt 0 ]]; do
  case $1 in
    --dir) dir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --forks) forks=$2; shift 2 ;;
    *) echo "fork-effect.sh: unknown option $1 (use --dir DIR --out OUT [--reps N] [--forks N])" >&2; exit 2 ;;
  esac
done
[[ -n $dir && -n $out ]] || { echo "fork-effect.sh: give --dir DIR (the target) and --out OUT (a new folder)" >&2; exit 2; }
[[ ! -e $out ]] || { echo "fork-effect.sh: $out exists: pass a new --out" >&2; exit 2; }
command -v taskset >/dev/null || { echo "fork-effect.sh: taskset not found: apt-get install util-linux" >&2; exit 2; }
mkdir -p "$out"
irqs() { grep -E 'virtio[0-9]+-req' /proc/interrupts || true; }
{ echo "# disk interrupts before (per CPU):"; irqs; } | tee "$out/interrupts.txt"
cells=(SyncWriteCost -p syncMethod=FDATASYNC,O_DSYNC,CHANNEL_FORCE_DATA,MMAP_FORCE -p writesPerSync=1 -p preallocation=NONE -p blockSizeBytes=8192)
for rep in $(seq 1 "$reps"); do
  for pin in 0 1 none; do
    run=("$here/durabench" run --dir "$dir" --out "$out/cpu-$pin-$rep" --seed "$rep" --forks "$forks" -- "${cells[@]}")
    if [[ $pin != none ]]; then run=(taskset -c "$pin" "${run[@]}"); fi
    echo "== ${run[*]}"
    "${run[@]}" | grep -E '^\[|^==' | tail -4
  done
done
{ echo "# disk interrupts after (per CPU):"; irqs; } | tee -a "$out/interrupts.txt"
"$here/durabench" report "$out"/cpu-* > "$out/report.txt"
echo "report: $out/report.txt"
