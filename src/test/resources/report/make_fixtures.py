#!/usr/bin/env python3
"""Writes the hand-made report fixtures (JMH 1.37 JSON shape + environment.json + not-applicable.json).

Each row's rawData is 5 iterations spread symmetrically around the intended mean, so the mean the
report recomputes is exactly that figure. Re-run from this folder: python3 make_fixtures.py
"""
import json, os

BENCH = "io.durabench.bench.SyncWriteCost.writeBlock"


def result(target, method, mean, spread, block=512, batch=1, prealloc="NONE", syncs_per_write=None):
    raw = [round(mean + k * spread, 6) for k in (-2, -1, 0, 1, 2)]
    if syncs_per_write is None:
        syncs_per_write = 0.0 if method in ("NONE", "O_DIRECT") else 1.0 / batch
    writes = 10000.0
    def counter(v):
        return {"score": v, "scoreError": "NaN", "scoreConfidence": ["NaN", "NaN"],
                "scorePercentiles": {}, "scoreUnit": "#", "rawData": [[v / 5] * 5]}
    return {
        "jmhVersion": "1.37", "benchmark": BENCH, "mode": "avgt", "threads": 1, "forks": 1,
        "jvm": "/usr/lib/jvm/java-17-openjdk-amd64/bin/java", "jvmArgs": [],
        "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6-Debian-1deb12u1",
        "warmupIterations": 2, "warmupTime": "1 s", "warmupBatchSize": 1,
        "measurementIterations": 5, "measurementTime": "1 s", "measurementBatchSize": 1,
        "params": {"targetDir": target, "syncMethod": method, "blockSizeBytes": str(block),
                   "writesPerSync": str(batch), "preallocation": prealloc},
        "primaryMetric": {"score": mean, "scoreError": 0.0, "scoreConfidence": [mean, mean],
                          "scorePercentiles": {"0.0": raw[0], "50.0": raw[2], "100.0": raw[4]},
                          "scoreUnit": "us/op", "rawData": [raw]},
        "secondaryMetrics": {"writes": counter(writes), "bytes": counter(writes * block),
                             "syncCalls": counter(writes * syncs_per_write if method not in ("O_DSYNC", "O_SYNC", "O_DIRECT_DSYNC") else 0.0),
                             "syncedWrites": counter(writes if method in ("O_DSYNC", "O_SYNC", "O_DIRECT_DSYNC") else 0.0),
                             "preallocSyncs": counter(0.0)},
    }


def environment(directory, fs, mount_source, durable, device):
    return {
        "schema": "durabench-environment/1", "timestamp": "2026-11-29T23:50:00Z", "hostname": "fixture",
        "target": {"directory": directory, "mountPoint": directory, "filesystem": fs, "mountSource": mount_source,
                   "mountOptions": "rw,relatime", "superOptions": "rw", "durableStorage": durable},
        "device": device,
        "kernel": {"release": "6.1.0", "version": "#1 SMP"}, "cpu": {"model": "fixture CPU", "count": 2},
        "jdk": {"vendor": "Debian", "version": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
                "vmVersion": "17.0.15+6-Debian-1deb12u1", "home": "/usr/lib/jvm/java-17-openjdk-amd64"},
        "jmh": {"version": "1.37", "blackholeMode": "compiler (auto-detected)"},
    }


def ssd(cache="write through", rotational=0):
    return {"name": "nvme0n1", "partition": None, "sysfsPath": "/sys/block/nvme0n1", "writeCache": cache, "fua": 1,
            "rotational": rotational, "scheduler": "[none]", "logicalBlockSize": 512, "physicalBlockSize": 512,
            "model": "fixture SSD", "loop": None}


def write_folder(folder, label, results, env, na=()):
    d = os.path.join(folder, label)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "jmh-result.json"), "w") as f:
        json.dump(results, f, indent=4)
    with open(os.path.join(d, "environment.json"), "w") as f:
        json.dump(env, f, indent=2)
    with open(os.path.join(d, "not-applicable.json"), "w") as f:
        json.dump(list(na), f, indent=2)


# Seed 004: overlayfs and FUSE, 512 B, NONE vs FDATASYNC. The article's figures are 0.39 µs,
# 518 µs (ratio 1,312x), 29.15 µs and 122.66 µs; 518 / 1312 = 0.3948 µs is the write mean behind
# the published ratio (it prints as 0.39).
write_folder("seed004", "app", [result("/app", "NONE", 0.3948, 0.002), result("/app", "FDATASYNC", 518.0, 6.0)],
             environment("/app", "overlay", "overlay", True, ssd()))
write_folder("seed004", "m", [result("/m", "NONE", 29.15, 0.2), result("/m", "FDATASYNC", 122.66, 1.5)],
             environment("/m", "fuseblk", "/dev/sdb1", True, ssd()))

# tmpfs: nothing there is durable, whatever the method.
write_folder("tmpfs", "dev-shm", [result("/dev/shm", "NONE", 0.9, 0.002), result("/dev/shm", "FDATASYNC", 1.3, 0.02)],
             environment("/dev/shm", "tmpfs", "tmpfs", False, None),
             [{"benchmark": BENCH, "params": {"targetDir": "/dev/shm", "syncMethod": "O_DIRECT", "blockSizeBytes": "512",
                                               "writesPerSync": "1", "preallocation": "NONE"},
               "reason": "EINVAL: tmpfs refuses O_DIRECT"}])

# O_DIRECT alone is faster than every durable method: it must never be named the fastest durable one.
write_folder("odirect", "data", [result("/data", "NONE", 1.2, 0.002), result("/data", "O_DIRECT", 3.1, 0.05),
                                  result("/data", "FDATASYNC", 95.0, 1.0), result("/data", "O_DIRECT_DSYNC", 120.0, 1.0)],
             environment("/data", "ext4", "/dev/nvme0n1", True, ssd()))

# A write-back cache whose fdatasync is cheaper than a flush can be: implausibly fast.
write_folder("writeback", "data", [result("/data", "NONE", 1.2, 0.002), result("/data", "FDATASYNC", 9.0, 0.1)],
             environment("/data", "ext4", "/dev/vda", True, ssd("write back")))

# A baseline whose interval is far wider than 10% of its mean: its ratios are noise.
write_folder("noisy", "data", [result("/data", "NONE", 2.0, 0.3), result("/data", "FDATASYNC", 95.0, 1.0)],
             environment("/data", "ext4", "/dev/nvme0n1", True, ssd()))

# The same seed 004 figures as one JMH file with both contexts and no environment beside it.
with open("seed004-single.json", "w") as f:
    json.dump([result("/app", "NONE", 0.3948, 0.002), result("/app", "FDATASYNC", 518.0, 6.0),
               result("/m", "NONE", 29.15, 0.2), result("/m", "FDATASYNC", 122.66, 1.5)], f, indent=4)
