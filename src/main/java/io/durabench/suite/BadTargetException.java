package io.durabench.suite;

/**
 * A target directory (or a --jvm, or a folder to resume) that can never work: not a directory, a
 * kernel pseudo-filesystem, read-only, too small. The message names it and the fix; the command
 * line prints it as one line and exits 2, before anything is written.
 */
public final class BadTargetException extends IllegalArgumentException {
    public BadTargetException(String message) {
        super(message);
    }
}
