package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.workload.ownership.OwnedFiles;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves a benchmark's target directory, failing in setup with the fix when it is unusable, and
 * claims it for this (forked) JVM: its owner lock, held until the JVM ends, is what lets the next run
 * remove the files of this one if it is killed (StaleFiles). The workloads register their files
 * themselves, so a SIGINT or SIGTERM of this JVM deletes them (OwnedFiles' shutdown hook).
 */
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
        // Not claiming is no reason to fail a measurement: the files are then only never removed as stale.
        OwnedFiles.claim(dir).ifPresent(problem -> System.err.println("durabench: " + problem));
        return dir;
    }
}
