package io.durabench.cli;

/**
 * Bad input a user can fix: printed as one line (no stack trace), exit code 2.
 * The message names the problem and the fix.
 */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
