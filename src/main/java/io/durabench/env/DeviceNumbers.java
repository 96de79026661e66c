package io.durabench.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Linux device numbers of files ("MAJ:MIN", the notation of mountinfo and /sys/dev/block). */
final class DeviceNumbers {
    private DeviceNumbers() {
    }

    /** st_dev of {@code path}: the filesystem it lives on; null if it cannot be read. */
    static String deviceOf(Path path) {
        return attribute(path, "unix:dev");
    }

    /** st_rdev of a device node such as /dev/sda2: the device it stands for; null if unreadable. */
    static String deviceNodeNumber(Path node) {
        return attribute(node, "unix:rdev");
    }

    /** glibc's gnu_dev_major/gnu_dev_minor: 12 bits of major and 20 of minor, split across the 64-bit dev_t. */
    static String format(long dev) {
        long major = ((dev >>> 8) & 0xfffL) | ((dev >>> 32) & 0xfffff000L);
        long minor = (dev & 0xffL) | ((dev >>> 12) & 0xffffff00L);
        return major + ":" + minor;
    }

    private static String attribute(Path path, String name) {
        try {
            Object value = Files.getAttribute(path, name);
            return value instanceof Long dev ? format(dev) : null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // not Linux/Unix, or not readable: the caller falls back to what mountinfo says
        }
    }
}
