package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resolves a benchmark's target directory, failing in setup with the fix when it is unusable. */
final class BenchDirs {
    private BenchDirs() {
    }

    static Path existing(String targetDir) {
        Path dir = Path.of(targetDir).toAbsolutePath().normalize();
        if (targetDir.equals(Catalogue.DEFAULT_TARGET_DIR)) {
            // The default: under target/, on the project's own filesystem (never java.io.tmpdir).
            try {
                Files.createDirectories(dir);
            } catch (java.io.IOException e) {
                throw new IllegalStateException("cannot create default target directory " + dir + ": " + e.getMessage(), e);
            }
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new IllegalArgumentException("targetDir " + dir + " is not a writable directory: create it or pass -p targetDir=DIR");
        }
        return dir;
    }
}
