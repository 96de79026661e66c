package io.durabench.trace;

/**
 * Tracepoints cannot be read here by design of the machine, not by accident: no root, a kernel without
 * tracefs, an event this kernel does not have. Its message is the reason a report prints after "n/a".
 * Anything that breaks on the way (a write tracefs refuses, a buffer that lost events) is a
 * {@link TraceFailedException} instead.
 */
public final class TraceUnavailableException extends Exception {
    public TraceUnavailableException(String reason) {
        super(reason);
    }

    /** The reason, as "n/a (reason)" prints it. */
    public String reason() {
        return getMessage();
    }
}
