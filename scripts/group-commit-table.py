#!/usr/bin/env python3
"""Markdown table of a scripts/group-commit.sh run: per target, benchmark, record size, delay and
committer count: commits/s (Throughput, summed over threads), syncs per commit (secondary metrics
syncs / commits of the same run), commit latency mean/p50/p99/p99.9 (SampleTime), and commits/s
relative to one committer. Usage: group-commit-table.py OUT_DIR"""
import glob
import json
import os
import sys


def load(out):
    kinds = {}
    with open(os.path.join(out, "targets.txt")) as f:
        for line in f:
            label, kind = line.split()
            kinds[label] = kind
    rows = {}
    for label, kind in kinds.items():
        for path in sorted(glob.glob(os.path.join(out, label, "*-t*.json"))):
            for r in json.load(open(path)):
                p = r["params"]
                key = (kind, r["benchmark"].rsplit(".", 1)[1], int(p["recordSizeBytes"]),
                       int(p.get("commitDelayMicros", 0)), int(p["committers"]))
                row = rows.setdefault(key, {})
                pm = r["primaryMetric"]
                if r["mode"] == "thrpt":
                    sm = r["secondaryMetrics"]
                    row["cps"] = pm["score"]
                    row["cpsErr"] = pm["scoreError"]
                    row["spc"] = sm["syncs"]["score"] / sm["commits"]["score"] if sm["commits"]["score"] else float("nan")
                elif r["mode"] == "sample":
                    pc = pm["scorePercentiles"]
                    row.update(mean=pm["score"], p50=pc["50.0"], p99=pc["99.0"], p999=pc["99.9"])
    return rows


def num(v, fmt):
    return "n/a" if v is None or v != v else fmt.format(v)


def main(out):
    rows = load(out)
    print("| target | benchmark | record B | delay us | committers | commits/s | x vs 1 | syncs/commit | mean us | p50 us | p99 us | p99.9 us |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in sorted(rows):
        kind, bench, size, delay, n = key
        r = rows[key]
        base = rows.get((kind, bench, size, delay, 1), {}).get("cps")
        ratio = r.get("cps") / base if base and r.get("cps") else None
        print(f"| {kind} | {bench} | {size} | {delay} | {n} | {num(r.get('cps'), '{:,.0f}')} | {num(ratio, '{:.2f}')} | "
              f"{num(r.get('spc'), '{:.3f}')} | {num(r.get('mean'), '{:,.0f}')} | {num(r.get('p50'), '{:,.0f}')} | "
              f"{num(r.get('p99'), '{:,.0f}')} | {num(r.get('p999'), '{:,.0f}')} |")


if __name__ == "__main__":
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "targets.txt")):
        sys.exit("usage: group-commit-table.py OUT_DIR   (a directory written by scripts/group-commit.sh)")
    main(sys.argv[1])
