package io.durabench.witness;

/**
 * The witness could not run at all (strace missing, the witnessed JVM failed or timed out, its
 * trace unreadable): no verdict, as opposed to a verdict of "mismatch". The message is one line
 * that names the problem and, where there is one, the fix.
 */
public final class WitnessUnavailableException extends RuntimeException {
    public WitnessUnavailableException(String message) {
        super(message);
    }

    public WitnessUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
