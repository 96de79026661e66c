package io.durabench.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The file housekeeping every workload shares: the target-directory check, and closing what a
 * workload opened and deleting its file, whether it is being torn down normally or after a failed
 * setup, so no run leaves files behind and no close error goes unreported.
 */
public final class WorkloadFiles {
    private WorkloadFiles() {
    }

    /** Fails before anything is created when {@code dir} is not a directory, naming the fix. */
    public static void requireDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("target directory " + dir + " does not exist or is not a directory: create it or pass another");
        }
    }

    /**
     * After a failed setup: closes whatever was opened (null = not opened yet) and deletes the
     * file; any failure doing so is attached to {@code primary}, which the caller rethrows.
     */
    public static void discard(Throwable primary, Path file, AutoCloseable... opened) {
        for (AutoCloseable c : opened) {
            if (c == null) continue;
            try {
                c.close();
            } catch (Exception e) {
                primary.addSuppressed(e);
            }
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            primary.addSuppressed(e);
        }
    }

    /**
     * A normal teardown: closes each in order and deletes the file, all attempted even when one
     * fails; the first failure is thrown with the others suppressed.
     */
    public static void closeAndDelete(Path file, AutoCloseable... opened) {
        RuntimeException problem = null;
        for (AutoCloseable c : opened) {
            try {
                c.close();
            } catch (Exception e) {
                RuntimeException r = e instanceof RuntimeException re ? re : new IllegalStateException(e);
                if (problem == null) problem = r; else problem.addSuppressed(r);
            }
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            UncheckedIOException u = new UncheckedIOException("cannot delete " + file + ": " + e.getMessage(), e);
            if (problem == null) problem = u; else problem.addSuppressed(u);
        }
        if (problem != null) throw problem;
    }
}
