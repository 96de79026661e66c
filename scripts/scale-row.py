#!/usr/bin/env python3
"""Copies a durabench run folder and multiplies one row's scores in one JVM slot by a factor.

For checking the regression gate on real data: `compare` of the copy's slots must flag the scaled
row (exit 1) and nothing else. Every fork's iterations (rawData), the score and its error are
scaled, so the copy reads as if that slot had measured the row FACTOR times slower.

  scripts/scale-row.py RUN OUT --slot jvm2-17.0.15 --match syncMethod=FDATASYNC --factor 1.20
  ./durabench compare OUT/<target>/jvm1-17.0.15 OUT/<target>/jvm2-17.0.15
"""
import argparse
import json
import shutil
import sys
from pathlib import Path


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run", type=Path, help="a `durabench run --out` folder")
    p.add_argument("out", type=Path, help="where the scaled copy goes (must not exist)")
    p.add_argument("--slot", required=True, help="the JVM slot folder whose row is scaled, e.g. jvm2-17.0.15")
    p.add_argument("--match", required=True, action="append", help="PARAM=VALUE the row's JMH params must have (repeatable)")
    p.add_argument("--benchmark", default="", help="a substring of the benchmark's name (default: any)")
    p.add_argument("--factor", type=float, required=True, help="what the row's scores are multiplied by, e.g. 1.20")
    a = p.parse_args()
    if not (a.run / "run.json").is_file():
        sys.exit(f"scale-row: {a.run} has no run.json: name a `durabench run --out` folder")
    if a.out.exists():
        sys.exit(f"scale-row: {a.out} exists: name a new folder")
    if not a.factor > 0:
        sys.exit(f"scale-row: --factor {a.factor}: give a positive factor, e.g. 1.20")
    wanted = dict(m.split("=", 1) for m in a.match)
    files = [f for f in a.run.glob(f"*/{a.slot}/jmh-result.json")]
    if not files:
        sys.exit(f"scale-row: no {a.slot}/jmh-result.json under {a.run}")
    shutil.copytree(a.run, a.out)
    scaled = 0
    for f in files:
        copy = a.out / f.relative_to(a.run)
        entries = json.loads(copy.read_text())
        for e in entries:
            params = e.get("params", {})
            if a.benchmark not in e["benchmark"] or any(params.get(k) != v for k, v in wanted.items()):
                continue
            m = e["primaryMetric"]
            m["rawData"] = [[x * a.factor for x in fork] for fork in m.get("rawData", [])]
            for key in ("score", "scoreError"):
                if isinstance(m.get(key), (int, float)):
                    m[key] *= a.factor
            if isinstance(m.get("scorePercentiles"), dict):
                m["scorePercentiles"] = {k: v * a.factor for k, v in m["scorePercentiles"].items()}
            if isinstance(m.get("scoreConfidence"), list):
                m["scoreConfidence"] = [x * a.factor for x in m["scoreConfidence"]]
            scaled += 1
        copy.write_text(json.dumps(entries, indent=2))
    if scaled == 0:
        shutil.rmtree(a.out)
        sys.exit(f"scale-row: no entry of {a.slot} matches {wanted} {a.benchmark}: nothing scaled, nothing written")
    print(f"scale-row: scaled {scaled} JMH entries (one per round) of {a.slot} by {a.factor} into {a.out}")


if __name__ == "__main__":
    main()
