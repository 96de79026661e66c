package io.durabench.cli;

import java.util.function.Supplier;

/**
 * Bad input a user can fix: printed as one line (no stack trace), exit code 2.
 * The message names the problem and the fix.
 */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }

    /** What {@code action} returns; the IllegalArgumentException by which the code it calls refuses bad input, as one of these. */
    static <T> T onBadInput(Supplier<T> action) {
        try {
            return action.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
