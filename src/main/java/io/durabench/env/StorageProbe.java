package io.durabench.env;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.io.IOException;

/**
 * Finds where a directory's data really goes: its mount, the block device under it, and, for a
 * loop device, the file behind it and that file's own filesystem and device (recursively).
 */
final class StorageProbe {
    /** Loop over loop over ... is legal but rare; this bound only stops a pathological chain. */
    private static final int MAX_DEPTH = 8;

    record Storage(TargetFilesystem filesystem, BlockDevice device) {
    }

    private record ProbedDurability(Boolean durable, String reason) {
    }

    private final List<MountInfo> mounts;
    private final SysfsBlockDevices sysfs;

    StorageProbe(List<MountInfo> mounts, SysfsBlockDevices sysfs) {
        this.mounts = mounts;
        this.sysfs = sysfs;
    }

    Storage probe(Path dir) {
        return probe(dir, 0);
    }

    private Storage probe(Path dir, int depth) {
        Path real = realPath(dir);
        MountInfo mount = MountInfo.containing(mounts, real.toString(), DeviceNumbers.deviceOf(real))
                .orElseThrow(() -> new IllegalStateException("no mount in /proc/self/mountinfo holds " + real));
        BlockDevice device = deviceOf(mount, depth);
        ProbedDurability durability = judge(mount, device, depth);
        TargetFilesystem fs = new TargetFilesystem(real.toString(), mount.mountPoint(), mount.fsType(),
                mount.source(), mount.mountOptions(), mount.superOptions(), durability.durable(), durability.reason());
        return new Storage(fs, device);
    }

    private BlockDevice deviceOf(MountInfo mount, int depth) {
        String number = mount.majorMinor();
        if (mount.major() == 0 && mount.source().startsWith("/dev/")) {
            // btrfs (and anything else with an anonymous st_dev) still names its device node as the source.
            String fromNode = DeviceNumbers.deviceNodeNumber(Path.of(mount.source()));
            if (fromNode != null) number = fromNode;
        }
        BlockDevice device = sysfs.find(number).orElse(null);
        if (device == null) return null;
        String backingFile = sysfs.loopBackingFile(device).orElse(null);
        if (backingFile == null) return device;
        if (depth >= MAX_DEPTH) {
            return device.withLoop(new BlockDevice.LoopBacking(backingFile, null, null));
        }
        // The kernel marks an unlinked backing file " (deleted)"; its directory still tells where the data lives.
        Path file = Path.of(backingFile.replaceFirst(" \\(deleted\\)$", ""));
        Path parent = file.getParent() == null ? file : file.getParent();
        Storage behind = probe(parent, depth + 1);
        return device.withLoop(new BlockDevice.LoopBacking(backingFile, behind.filesystem(), behind.device()));
    }

    /*
     * durableStorage answers "can a completed fsync here survive power loss, as far as this machine can see?"
     * - RAM and pseudo filesystems: no (false). tmpfs is the classic trap: fsync is free and means nothing.
     * - A real block device: yes, except RAM disks (zram, brd). Whether the device honours flushes is a
     *   separate question the device fields (writeCache, fua) and the measurement itself answer.
     * - A loop device: whatever is true of the filesystem holding its backing file.
     * - overlay: whatever is true of its upper layer, if that directory is visible in this namespace.
     * - No local block device otherwise (nfs, cifs, fuse, zfs, 9p, virtiofs...): null, because the answer
     *   lives on a server or in a pool this probe cannot inspect; calling it false would be as wrong as true.
     */
    private ProbedDurability judge(MountInfo mount, BlockDevice device, int depth) {
        String type = mount.fsType();
        if (KernelFilesystems.isRam(type)) {
            return new ProbedDurability(false, type + " keeps files in RAM: fsync returns at once and nothing survives power loss");
        }
        if (KernelFilesystems.isPseudo(type)) {
            return new ProbedDurability(false, type + " is a kernel pseudo-filesystem, not storage");
        }
        if (device != null) {
            if (device.isRamDisk()) {
                return new ProbedDurability(false, "block device " + device.name() + " is a RAM disk");
            }
            if (device.loop() != null) {
                TargetFilesystem behind = device.loop().backingFilesystem();
                if (behind == null) {
                    return new ProbedDurability(null, "loop device " + device.name() + ": backing chain deeper than " + MAX_DEPTH);
                }
                return new ProbedDurability(behind.durableStorage(), "loop device " + device.name() + " backed by "
                        + device.loop().backingFile() + " on " + behind.filesystem() + ": " + behind.durableStorageReason());
            }
            return new ProbedDurability(true, "block device " + device.name());
        }
        if (type.equals("overlay")) return judgeOverlay(mount, depth);
        return new ProbedDurability(null, type + " has no local block device (" + mount.source()
                + "): durability is decided where this probe cannot see");
    }

    private ProbedDurability judgeOverlay(MountInfo mount, int depth) {
        String upper = option(mount.superOptions(), "upperdir");
        if (upper == null) {
            return new ProbedDurability(false, "overlay without an upper layer is read-only");
        }
        Path upperDir = Path.of(upper);
        if (depth >= MAX_DEPTH || !Files.isDirectory(upperDir)) {
            return new ProbedDurability(null, "overlay: upper layer " + upper + " is not visible from here");
        }
        TargetFilesystem below = probe(upperDir, depth + 1).filesystem();
        return new ProbedDurability(below.durableStorage(), "overlay: upper layer " + upper + " is on "
                + below.filesystem() + ": " + below.durableStorageReason());
    }

    /** The value of {@code key=value} in a comma-separated option string, or null. */
    static String option(String options, String key) {
        for (String opt : options.split(",")) {
            if (opt.startsWith(key + "=")) return opt.substring(key.length() + 1);
        }
        return null;
    }

    /** Symlinks resolved, so the mount-point prefix match sees the directory where it really is. */
    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize(); // e.g. a deleted loop backing file's directory
        }
    }
}
