#!/usr/bin/env python3
"""Aggregate a fidelity.sh results directory into one table per target.

Input: OUT/<label>/pg-<round>.txt (pg_test_fsync stdout) and OUT/<label>/jmh-<round>.json (JMH JSON
of PgTestFsyncEquivalent). Each round gives one number per method and side (pg_test_fsync: one
average over -s seconds; JMH: the mean of its measurement iterations); the table shows the
median over rounds and the min..max. µs/op for pg_test_fsync is 1e6 / its ops/sec, which keeps
the precision its rounded "usecs/op" column drops (27 usecs/op could be 26.5 or 27.4).

Usage: fidelity_table.py OUT
"""
import glob
import json
import os
import re
import statistics
import sys

# pg_test_fsync label -> (PgTestFsyncEquivalent pgMethod, tolerance as the allowed max ratio;
# None = shown for information). The bounds are symmetric: ratio in [1/t, t] for write,
# [1-0.15, 1+0.15] for the synced methods.
METHODS = [
    ("open_datasync", "OPEN_DATASYNC", ("pct", 0.15)),
    ("fdatasync", "FDATASYNC", ("pct", 0.15)),
    ("fsync", "FSYNC", ("pct", 0.15)),
    ("open_sync", "OPEN_SYNC", None),
    ("write", "WRITE", ("factor", 1.25)),
]

ONE_WRITE_HEADER = "Compare file sync methods using one 8kB write:"
NON_SYNC_HEADER = "Non-sync'ed 8kB writes:"
ROW = re.compile(r"^\s+(\S+)\s+(?:([\d.]+) ops/sec\s+\d+ usecs/op|(n/a\*?))\s*$")


def parse_pg(path):
    """{label: µs/op or None for n/a} from the one-8kB-write table and the non-sync'ed write."""
    rows, section, seen = {}, None, 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith(ONE_WRITE_HEADER):
                section, seen = "one", 0
            elif line.startswith(NON_SYNC_HEADER):
                section, seen = "nonsync", 0
            elif not line.strip() and seen:
                section = None  # a blank line after a table's rows ends that table
            elif section and (m := ROW.match(line)):
                label, ops, na = m.group(1), m.group(2), m.group(3)
                seen += 1
                if (section == "one") == (label != "write"):
                    rows[label] = None if na else 1e6 / float(ops)
    return rows


def parse_jmh(path):
    """{pgMethod: (mean µs/op, mean relative JMH error)} from one JMH JSON file."""
    with open(path, encoding="utf-8") as f:
        results = json.load(f)
    out = {}
    for r in results:
        if not r["benchmark"].endswith("PgTestFsyncEquivalent.rewriteFirstBlock"):
            continue
        pm = r["primaryMetric"]
        if pm["scoreUnit"] != "us/op":
            raise SystemExit(f"{path}: unexpected unit {pm['scoreUnit']}")
        score = float(pm["score"])
        err = pm.get("scoreError")
        rel = float(err) / score if isinstance(err, (int, float)) and score else float("nan")
        out[r["params"]["pgMethod"]] = (score, rel)
    return out


def fmt(values):
    if not values:
        return "n/a"
    return f"{statistics.median(values):9.1f} ({min(values):.1f}..{max(values):.1f})"


def verdict(pg_med, h_med, rule):
    if rule is None:
        return "info"
    ratio = h_med / pg_med
    kind, t = rule
    ok = (1 - t <= ratio <= 1 + t) if kind == "pct" else (1 / t <= ratio <= t)
    return "PASS" if ok else "FAIL"


def table(label_dir):
    label = os.path.basename(label_dir)
    rounds = sorted(int(m.group(1)) for p in glob.glob(os.path.join(label_dir, "pg-*.txt"))
                    if (m := re.search(r"pg-(\d+)\.txt$", p)))
    pg, h, h_err = {}, {}, {}
    na_pg, na_h = set(), set()
    for r in rounds:
        for k, v in parse_pg(os.path.join(label_dir, f"pg-{r}.txt")).items():
            (na_pg.add(k) if v is None else pg.setdefault(k, []).append(v))
        jpath = os.path.join(label_dir, f"jmh-{r}.json")
        jmh = parse_jmh(jpath) if os.path.exists(jpath) else {}
        for _, method, _ in METHODS:
            if method in jmh:
                h.setdefault(method, []).append(jmh[method][0])
                h_err.setdefault(method, []).append(jmh[method][1])
            else:
                na_h.add(method)
    where = ""
    dpath = os.path.join(label_dir, "directory.txt")
    if os.path.exists(dpath):
        where = " — " + open(dpath, encoding="utf-8").read().strip()
    lines = [f"== {label}{where}: {len(rounds)} rounds; µs/op, median (min..max) over rounds",
             f"{'method':<14} {'pg_test_fsync':>26} {'harness':>26} {'h/pg':>6}  verdict  "
             f"{'JMH err/round':>13}"]
    for pg_label, method, rule in METHODS:
        p, q = pg.get(pg_label, []), h.get(method, [])
        if not p or not q:
            why = []
            if pg_label in na_pg or not p:
                why.append("pg n/a")
            if method in na_h or not q:
                why.append("harness n/a")
            lines.append(f"{pg_label:<14} {fmt(p):>26} {fmt(q):>26} {'n/a':>6}  n/a      ({', '.join(why)})")
            continue
        ratio = statistics.median(q) / statistics.median(p)
        errs = [e for e in h_err.get(method, []) if e == e]
        err = f"±{100 * statistics.median(errs):.0f}%" if errs else "n/a"
        partial = "" if len(p) == len(q) == len(rounds) else f"  (only {len(p)} pg / {len(q)} harness rounds)"
        lines.append(f"{pg_label:<14} {fmt(p):>26} {fmt(q):>26} {ratio:6.2f}  "
                     f"{verdict(statistics.median(p), statistics.median(q), rule):<7}  {err:>13}{partial}")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: fidelity_table.py RESULTS_DIR (a directory written by scripts/fidelity.sh)", file=sys.stderr)
        sys.exit(2)
    out = sys.argv[1]
    labels = sorted(d for d in glob.glob(os.path.join(out, "*")) if glob.glob(os.path.join(d, "pg-*.txt")))
    if not labels:
        print(f"fidelity_table: no pg-<round>.txt files under {out}", file=sys.stderr)
        sys.exit(2)
    print("targets: fdatasync, fsync, open_datasync within ±15% of pg_test_fsync; write within 1.25x; "
          "open_sync for information")
    for d in labels:
        print()
        print(table(d))


if __name__ == "__main__":
    main()
