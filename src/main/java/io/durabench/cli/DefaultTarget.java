package io.durabench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The target directory a command uses when none is given: target/durabench-data in the project
 * (the launcher and Maven pass -Ddurabench.home), on the project's own disk, never java.io.tmpdir,
 * which may be tmpfs. It is created wherever it is the target, given or not, so that Maven, which
 * names it, and a plain `durabench run` behave alike; any other directory must already exist, so a
 * mistyped --dir is refused rather than made.
 */
final class DefaultTarget {
    private DefaultTarget() {
    }

    static Path dir() {
        return Path.of(System.getProperty("durabench.home", ".")).resolve("target").resolve("durabench-data").toAbsolutePath().normalize();
    }

    /** {@code given} (null: the default), with the default created when it is the one meant. */
    static Path prepared(Path given) {
        Path d = given == null ? dir() : given;
        if (d.toAbsolutePath().normalize().equals(dir()) && !Files.isDirectory(d)) {
            try {
                Files.createDirectories(d);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the default target " + d + ": " + e.getMessage(), e);
            }
        }
        return d;
    }
}
