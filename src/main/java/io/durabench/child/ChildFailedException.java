package io.durabench.child;

/** A child process that could not start, ran too long, or ended without saying what it measured: durabench failing, not the disk. */
public class ChildFailedException extends IllegalStateException {
    public ChildFailedException(String message) {
        super(message);
    }

    public ChildFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
