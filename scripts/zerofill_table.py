#!/usr/bin/env python3
"""Summarise a zerofill-finding.sh results directory: per filesystem, the time per 8 KiB write +
fdatasync for each preallocation, and whether ZERO_FILL is cheaper than NONE (append).

Input: OUT/<fs>-<round>.json (JMH JSON of SyncWriteCost). Per round, "cheaper" means the ZERO_FILL
score is below NONE's; "beyond error" means the two JMH 99.9% intervals do not overlap. The
verdict says CHEAPER only when ZERO_FILL is cheaper beyond error in every round.

Usage: zerofill_table.py OUT
"""
import glob
import json
import os
import re
import statistics
import sys

ORDER = ["NONE", "ZERO_FILL", "FALLOCATE", "FTRUNCATE"]


def load(path):
    """{preallocation: (score µs/write, JMH error, syncs per write)} from one JMH JSON file."""
    with open(path, encoding="utf-8") as f:
        results = json.load(f)
    out = {}
    for r in results:
        if not r["benchmark"].endswith("SyncWriteCost.writeBlock"):
            continue
        pm, sec = r["primaryMetric"], r.get("secondaryMetrics", {})
        if pm["scoreUnit"] != "us/op":
            raise SystemExit(f"{path}: unexpected unit {pm['scoreUnit']}")
        err = pm.get("scoreError")
        err = float(err) if isinstance(err, (int, float)) else float("nan")

        def count(name):
            m = sec.get(name) or sec.get("\u00b7" + name)
            return float(m["score"]) if m else float("nan")

        writes = count("writes")
        spw = (count("syncCalls") + count("syncedWrites")) / writes if writes else float("nan")
        out[r["params"]["preallocation"]] = (float(pm["score"]), err, spw)
    return out


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: zerofill_table.py RESULTS_DIR (a directory written by scripts/zerofill-finding.sh)", file=sys.stderr)
        sys.exit(2)
    runs = {}
    for p in glob.glob(os.path.join(sys.argv[1], "*-*.json")):
        m = re.match(r"(\w+)-(\d+)\.json$", os.path.basename(p))
        if m:
            runs.setdefault(m.group(1), {})[int(m.group(2))] = load(p)
    if not runs:
        print(f"zerofill_table: no <fs>-<round>.json files under {sys.argv[1]}", file=sys.stderr)
        sys.exit(2)
    print("SyncWriteCost, FDATASYNC, 8 KiB, one fdatasync per write; µs per write, score ± JMH 99.9% error per round")
    for fs in sorted(runs, key=lambda f: ["ext4", "xfs", "btrfs"].index(f) if f in ("ext4", "xfs", "btrfs") else 9):
        rounds = runs[fs]
        print()
        print(f"== loop {fs}: {len(rounds)} round(s)")
        medians = {}
        for pre in ORDER:
            per_round = [rounds[r][pre] for r in sorted(rounds) if pre in rounds[r]]
            if not per_round:
                continue
            medians[pre] = statistics.median(s for s, _, _ in per_round)
            cells = "  ".join(f"{s:8.1f} ± {e:6.1f}" for s, e, _ in per_round)
            spw = statistics.median(x for _, _, x in per_round)
            print(f"{pre:<10} median {medians[pre]:8.1f}   rounds: {cells}   syncs/write {spw:.2f}")
        verdicts = []
        for r in sorted(rounds):
            if "NONE" in rounds[r] and "ZERO_FILL" in rounds[r]:
                (n, ne, _), (z, ze, _) = rounds[r]["NONE"], rounds[r]["ZERO_FILL"]
                if z < n:
                    verdicts.append("cheaper beyond error" if z + ze < n - ne else "cheaper within error")
                else:
                    verdicts.append("not cheaper" if z - ze > n + ne else "not cheaper (within error)")
        if "NONE" in medians and "ZERO_FILL" in medians:
            n, z = medians["NONE"], medians["ZERO_FILL"]
            # Only a difference that clears JMH's error in every round counts as a finding.
            if all(v == "cheaper beyond error" for v in verdicts):
                word = "CHEAPER"
            elif z < n:
                word = "NOT clearly cheaper (difference within JMH error)"
            else:
                word = "NOT cheaper"
            print(f"ZERO_FILL vs NONE: {word}: {z:.1f} vs {n:.1f} µs/write (ZERO_FILL/NONE = {z / n:.2f}, "
                  f"saves {n - z:.1f} µs); per round: {'; '.join(verdicts)}")

if __name__ == "__main__":
    main()
