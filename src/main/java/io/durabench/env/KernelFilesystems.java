package io.durabench.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Filesystem types by what they hold: kernel pseudo-filesystems (views of kernel state such as
 * /proc and /sys, never storage and never results) and RAM filesystems (real files, but nothing
 * survives power loss). The one list the probe, the command line and the results readers share.
 */
public final class KernelFilesystems {
    /** Keep data in RAM: fsync returns at once and nothing survives power loss. */
    static final Set<String> RAM = Set.of("tmpfs", "ramfs", "devtmpfs", "hugetlbfs");

    /** Kernel pseudo-filesystems: views of kernel state, not storage. */
    static final Set<String> PSEUDO = Set.of("proc", "sysfs", "cgroup", "cgroup2",
            "devpts", "debugfs", "tracefs", "securityfs", "pstore", "bpf", "configfs", "mqueue",
            "fusectl", "binfmt_misc", "autofs", "efivarfs", "nsfs", "selinuxfs", "rpc_pipefs");

    private KernelFilesystems() {
    }

    public static boolean isRam(String type) {
        return RAM.contains(type);
    }

    public static boolean isPseudo(String type) {
        return PSEUDO.contains(type);
    }

    /**
     * The type of the kernel pseudo-filesystem {@code path} lies on ("proc", "sysfs", ...), or empty
     * when it is on anything else or cannot be looked at (a missing path is the caller's to report).
     */
    public static Optional<String> pseudoFilesystemOf(Path path) {
        try {
            String type = Files.getFileStore(path).type();
            return isPseudo(type) ? Optional.of(type) : Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
