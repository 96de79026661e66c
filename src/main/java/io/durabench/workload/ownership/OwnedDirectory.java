package io.durabench.workload.ownership;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * A target directory as one workload sees it: new files there get this JVM's token in their name
 * and are created under {@link OwnedFiles}' shutdown guard. Obtained from {@link OwnedFiles#in}.
 */
public final class OwnedDirectory {
    private final Path dir;

    OwnedDirectory(Path dir) {
        this.dir = dir;
    }

    /** Creates a new empty file of {@code kind} (e.g. {@code fdatasync}, {@code pg}) with {@code suffix} (e.g. {@code .log}). */
    public Path newFile(String kind, String suffix) {
        while (true) {
            Path file = dir.resolve(OwnedNames.fileName(kind, OwnedFiles.token(), OwnedFiles.nextNumber(), suffix));
            try {
                return OwnedFiles.guard(file, f -> {
                    try {
                        return Files.createFile(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                // A name with our random token cannot be anyone else's: an earlier run of this JVM's own? Take the next number.
                if (e.getCause() instanceof FileAlreadyExistsException) continue;
                throw new UncheckedIOException("cannot create a file in " + dir + ": " + e.getCause().getMessage(), e.getCause());
            }
        }
    }

    /**
     * Names for a workload that creates many files (the file-creation benchmark): a kind unique in
     * this JVM ({@code base} plus a number), so its file {@code n} is always
     * {@link FileFamily#member}{@code (n)} and the workload can delete its files by number.
     */
    public FileFamily newFamily(String base) {
        return new FileFamily(dir, OwnedNames.namePrefix(base + "_" + OwnedFiles.nextNumber(), OwnedFiles.token()));
    }

    /** The files of one workload that creates many: numbered names, created under the shutdown guard. */
    public static final class FileFamily {
        private final Path dir;
        private final String prefix;

        private FileFamily(Path dir, String prefix) {
            this.dir = dir;
            this.prefix = prefix;
        }

        /** The {@code n}-th file (not created): one concatenation, cheap enough for a measured loop. */
        public Path member(long n) {
            return dir.resolve(prefix + n);
        }

        /** Runs {@code creation}, which creates {@code file} (a member), under the shutdown guard. */
        public <T> T create(Path file, Function<Path, T> creation) {
            return OwnedFiles.guard(file, creation);
        }
    }
}
