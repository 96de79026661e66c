#!/usr/bin/env python3
"""Copies the few committed target folders that tests of the code read, out of results/, trimmed to what they need.

The default suite reads these, not results/ (whose tests are tagged evidence and run with -Pevidence): each is one target
folder of a committed run, its JMH entries kept as measured (one a line, in the order they ran), only fewer of them.
Re-run from this folder: python3 copy_committed.py
"""
import json, os, shutil

RESULTS = os.path.join("..", "..", "..", "..", "results")


def copy(run, target, to, keep=lambda e: True):
    src = os.path.join(RESULTS, run, target)
    os.makedirs(to, exist_ok=True)
    with open(os.path.join(src, "jmh-result.json")) as f:
        entries = [e for e in json.load(f) if keep(e)]
    with open(os.path.join(to, "jmh-result.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries) + "\n]\n")
    for name in ("environment.json", "not-applicable.json"):
        shutil.copy(os.path.join(src, name), to)


def sync_write(methods, block="8192", batch="1", prealloc="NONE"):
    return lambda e: (e["benchmark"].endswith("SyncWriteCost.writeBlock") and e["params"].get("syncMethod") in methods
                      and e["params"].get("blockSizeBytes") == block and e["params"].get("writesPerSync") == batch
                      and e["params"].get("preallocation") == prealloc)


# The quick run's ext4 target, whole: RunSummaryTest, and ForkedResults' source for the compare tests.
copy("reference-quick", "mnt-durabench-ref-ext4-20036", "reference-quick-ext4")
# The design-review run's ext4 target: its cells at 8 KiB, batch 1, no preallocation, and getppid (ProgressTest).
centre = lambda e: e["benchmark"].endswith("NativeCallCost.getppid") or (
    e["benchmark"].endswith("SyncWriteCost.writeBlock") and e["params"].get("blockSizeBytes") == "8192"
    and e["params"].get("writesPerSync") == "1" and e["params"].get("preallocation") == "NONE")
copy("design-review-quick", "mnt-durabench-lab-ext4-data", "design-review-ext4-centre", centre)
# The standard run in forks, ext4: FDATASYNC and NONE at 8 KiB, batch 1, SampleTime in 3 forks (SloVerdictsTest).
copy("reference-standard-forks", "mnt-durabench-lab-ext4-data", os.path.join("standard-forks-fdatasync", "mnt-durabench-lab-ext4-data"),
     sync_write(("FDATASYNC", "NONE")))
