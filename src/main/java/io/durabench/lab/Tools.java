package io.durabench.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the programs the lab runs, and names the Debian/Ubuntu package of a missing one so the
 * refusal can say what to install. The search path is a parameter so that a test can hide one
 * tool (mkfs.xfs) and see the one-line refusal.
 */
public final class Tools {
    /** root's usual sbin directories: a JVM started from a non-login shell may lack them on PATH. */
    private static final List<String> SBIN_FALLBACK = List.of("/usr/local/sbin", "/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private static final Map<String, String> PACKAGE = Map.ofEntries(
            Map.entry("losetup", "mount"),
            Map.entry("mount", "mount"),
            Map.entry("umount", "mount"),
            Map.entry("mkfs.ext4", "e2fsprogs"),
            Map.entry("filefrag", "e2fsprogs"),
            Map.entry("chattr", "e2fsprogs"),
            Map.entry("mkfs.xfs", "xfsprogs"),
            Map.entry("mkfs.btrfs", "btrfs-progs"),
            Map.entry("sync", "coreutils"),
            Map.entry("stat", "coreutils"));

    private final List<Path> searchPath;

    public Tools(List<Path> searchPath) {
        this.searchPath = List.copyOf(searchPath);
    }

    /** $PATH, then the sbin directories. */
    public static Tools system() {
        LinkedHashSet<String> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) if (!d.isBlank()) dirs.add(d);
        }
        dirs.addAll(SBIN_FALLBACK);
        List<Path> paths = new ArrayList<>();
        for (String d : dirs) paths.add(Path.of(d));
        return new Tools(paths);
    }

    public Optional<Path> find(String program) {
        if (program.contains("/")) return Optional.of(Path.of(program)).filter(Files::isExecutable);
        for (Path dir : searchPath) {
            Path candidate = dir.resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    /** The program's absolute path, or a refusal naming the package to install. */
    public Path require(String program) {
        return find(program).orElseThrow(() -> new LabRefusal(missingMessage(program)));
    }

    static String missingMessage(String program) {
        String pkg = PACKAGE.get(program);
        return program + " not found: " + (pkg == null ? "install it" : "apt-get install -y " + pkg)
                + " (durabench lab needs it)";
    }
}
