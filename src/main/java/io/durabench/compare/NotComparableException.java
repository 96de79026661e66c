package io.durabench.compare;

/**
 * Two sets that cannot be compared as asked (measured on another filesystem or device, with other
 * JMH settings, no row in common, a folder that holds no second JDK). The message is one line naming
 * the difference and what to do; the command line prints it and exits 2, writing nothing.
 */
public final class NotComparableException extends IllegalArgumentException {
    public NotComparableException(String message) {
        super(message);
    }
}
