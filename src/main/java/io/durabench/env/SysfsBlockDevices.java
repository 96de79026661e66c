package io.durabench.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads block devices from sysfs: /sys/dev/block/MAJ:MIN names the device, a partition is
 * resolved to its disk (only the disk has a queue/ directory), and the queue flags are read from
 * there. The root is a parameter so tests can point it at a hand-made tree.
 */
final class SysfsBlockDevices {
    static final Path DEFAULT_ROOT = Path.of("/sys");

    private final Path sysRoot;

    SysfsBlockDevices(Path sysRoot) {
        this.sysRoot = sysRoot;
    }

    /** The device numbered "MAJ:MIN", without loop details; empty if sysfs does not know it. */
    Optional<BlockDevice> find(String majorMinor) {
        Path link = sysRoot.resolve("dev/block").resolve(majorMinor);
        Path deviceDir;
        try {
            deviceDir = link.toRealPath();
        } catch (IOException e) {
            return Optional.empty(); // no such block device (e.g. 0:N, the anonymous devices of tmpfs/overlay)
        }
        String partition = null;
        Path diskDir = deviceDir;
        // A partition's sysfs directory (.../block/sda/sda1) holds a "partition" file and sits in its disk's directory.
        if (Files.exists(deviceDir.resolve("partition")) && deviceDir.getParent() != null) {
            partition = deviceDir.getFileName().toString();
            diskDir = deviceDir.getParent();
        }
        String disk = diskDir.getFileName().toString();
        Path queue = diskDir.resolve("queue");
        return Optional.of(new BlockDevice(disk, partition, sysRoot.resolve("block").resolve(disk).toString(),
                readString(queue.resolve("write_cache")),
                readInt(queue.resolve("fua")),
                readInt(queue.resolve("rotational")),
                readString(queue.resolve("scheduler")),
                readInt(queue.resolve("logical_block_size")),
                readInt(queue.resolve("physical_block_size")),
                readString(diskDir.resolve("device/model")),
                null));
    }

    /** For a loop device, the file behind it as the kernel reports it; empty for other devices or a detached loop. */
    Optional<String> loopBackingFile(BlockDevice device) {
        return Optional.ofNullable(readString(sysRoot.resolve("block").resolve(device.name()).resolve("loop/backing_file")));
    }

    /** A sysfs attribute, trimmed (SCSI pads model names with spaces); null when missing, unreadable or empty. */
    static String readString(Path file) {
        try {
            String s = Files.readString(file, StandardCharsets.UTF_8).trim();
            return s.isEmpty() ? null : s;
        } catch (IOException e) {
            return null;
        }
    }

    static Integer readInt(Path file) {
        String s = readString(file);
        if (s == null) return null;
        try {
            return Integer.valueOf(s);
        } catch (NumberFormatException e) {
            return null; // present but not a number: report nothing rather than guess
        }
    }
}
