package io.durabench.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a path names on this machine, following symbolic links, so that a message can say "is a
 * block device" instead of "not a regular file". Block devices matter most: a tool run as root that
 * wrote to one would overwrite a disk.
 */
public enum PathKind {
    MISSING("nothing (no such file or directory)"),
    DANGLING_LINK("a symbolic link to a path that does not exist"),
    DIRECTORY("a directory"),
    REGULAR_FILE("a regular file"),
    BLOCK_DEVICE("a block device"),
    CHARACTER_DEVICE("a character device"),
    FIFO("a FIFO (named pipe)"),
    SOCKET("a socket"),
    OTHER("not a file or directory");

    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;

    private final String phrase;

    PathKind(String phrase) {
        this.phrase = phrase;
    }

    /** "a block device", to follow "X is". */
    public String phrase() {
        return phrase;
    }

    public static PathKind of(Path path) {
        if (!Files.exists(path)) {
            return Files.isSymbolicLink(path) ? DANGLING_LINK : MISSING;
        }
        if (Files.isDirectory(path)) return DIRECTORY;
        if (Files.isRegularFile(path)) return REGULAR_FILE;
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & S_IFMT;
            return switch (type) {
                case S_IFBLK -> BLOCK_DEVICE;
                case S_IFCHR -> CHARACTER_DEVICE;
                case S_IFIFO -> FIFO;
                case S_IFSOCK -> SOCKET;
                default -> OTHER;
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return OTHER;
        }
    }

    /**
     * "/x is a symbolic link to /y, which does not exist", "/dev/vda is a block device": the path,
     * where a link leads, and what is there.
     */
    public static String describe(Path path) {
        PathKind kind = of(path);
        if (kind == DANGLING_LINK) {
            return path + " is a symbolic link to " + linkTarget(path) + ", which does not exist";
        }
        if (kind == MISSING) return path + ": no such file or directory";
        return path + " is " + kind.phrase();
    }

    /** Where {@code path} really is when symbolic links are involved, or null when it is where it says. */
    public static Path realPathIfLinked(Path path) {
        try {
            Path real = path.toRealPath();
            return real.equals(path.toAbsolutePath().normalize()) ? null : real;
        } catch (IOException e) {
            return null;
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "?";
        }
    }
}
