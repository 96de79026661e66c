package io.durabench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A fresh, empty directory for one test on a real filesystem: on disk under target/ (the project's
 * own filesystem, never java.io.tmpdir) or on /dev/shm (tmpfs). Closing it deletes it, and fails
 * the test if anything was left inside: every workload must delete its own files.
 */
public final class ScratchDir implements AutoCloseable {

    public enum Medium {
        /** Under target/: a block-device-backed filesystem, where syncs reach a device. */
        DISK,
        /** /dev/shm: tmpfs, where nothing is durable and O_DIRECT is refused. */
        SHM;

        Path base() {
            return this == DISK ? Path.of("target", "test-scratch").toAbsolutePath() : Path.of("/dev/shm");
        }
    }

    private final Path path;

    private ScratchDir(Path path) {
        this.path = path;
    }

    public static ScratchDir on(Medium medium) {
        try {
            Path base = Files.createDirectories(medium.base());
            String type = Files.getFileStore(base).type();
            // The tests claim "on disk" and "on tmpfs": make sure that is what they got.
            if (medium == Medium.SHM && !type.equals("tmpfs")) {
                throw new IllegalStateException("/dev/shm is " + type + ", not tmpfs, on this machine");
            }
            if (medium == Medium.DISK && (type.equals("tmpfs") || type.equals("ramfs"))) {
                throw new IllegalStateException(base + " is on " + type + ": run the tests from a checkout on a real disk");
            }
            return new ScratchDir(Files.createTempDirectory(base, "durabench-test-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path path() {
        return path;
    }

    /** Names of the entries currently in the directory. */
    public List<String> listing() {
        try (Stream<Path> s = Files.list(path)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        List<String> stray = listing();
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!stray.isEmpty()) throw new AssertionError("stray files left in " + path + ": " + stray);
    }
}
