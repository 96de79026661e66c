#!/usr/bin/env bash
# pg_test_fsync and `durabench pg` side by side on one directory, alternating (pg_test_fsync first in
# odd rounds, durabench first in even ones), each at the same -s; every run's output and wall time
# go to OUT, and `durabench pg --side-by-side OUT` turns them into the table (OUT/side-by-side.md).
# Usage: scripts/pg-side-by-side.sh --dir DIR --out OUT [--rounds 3] [-s 5] [--dry-run]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pg_test_fsync=${PG_TEST_FSYNC:-/usr/lib/postgresql/15/bin/pg_test_fsync}
dir= out= rounds=3 secs=5 dry=
while (($#)); do
  case $1 in
    --dir) dir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -s) secs=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    *) echo "pg-side-by-side: unknown argument '$1' (use --dir DIR --out OUT [--rounds N] [-s SECONDS] [--dry-run])" >&2; exit 2 ;;
  esac
done
[[ -n $dir && -d $dir ]] || { echo "pg-side-by-side: --dir must name an existing directory, not '${dir}'" >&2; exit 2; }
[[ -n $out ]] || { echo "pg-side-by-side: --out OUT is required (a folder for the outputs)" >&2; exit 2; }
[[ -x $pg_test_fsync ]] || { echo "pg-side-by-side: no pg_test_fsync at $pg_test_fsync (apt-get install postgresql-15, or set PG_TEST_FSYNC)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "pg-side-by-side: --rounds must be a positive whole number, not '$rounds'" >&2; exit 2; }

timed() { # TOOL ROUND FILE CMD...: runs CMD, its stdout to FILE, its wall time to OUT/wall.tsv
  local tool=$1 round=$2 file=$3; shift 3
  if [[ -n $dry ]]; then echo "$* > $file"; return; fi
  local t0 t1; t0=$(date +%s%N)
  "$@" > "$file"
  t1=$(date +%s%N)
  awk -v t="$tool" -v r="$round" -v a="$t0" -v b="$t1" 'BEGIN { printf "%s\t%s\t%.1f\n", t, r, (b - a) / 1e9 }' >> "$out/wall.tsv"
}

[[ -n $dry ]] || { mkdir -p "$out"; : > "$out/wall.tsv"; }
for ((r = 1; r <= rounds; r++)); do
  pg=(timed pg_test_fsync "$r" "$out/pg_test_fsync-$r.txt" "$pg_test_fsync" -s "$secs" -f "$dir/pg_test_fsync.out")
  db=(timed durabench-pg "$r" "$out/durabench-pg-$r.txt" "$here/durabench" pg --dir "$dir" -s "$secs")
  if ((r % 2)); then "${pg[@]}"; "${db[@]}"; else "${db[@]}"; "${pg[@]}"; fi
done
[[ -n $dry ]] && exit 0
"$here/durabench" pg --side-by-side "$out" | tee "$out/side-by-side.md"
