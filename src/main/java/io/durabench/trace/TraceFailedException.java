package io.durabench.trace;

/**
 * Reading tracepoints broke: a tracefs file refused a read or write (named with its path and errno), the
 * buffer lost events, a line could not be read. A capture that failed has no counts: it is never
 * reported as fewer events.
 */
public final class TraceFailedException extends RuntimeException {
    public TraceFailedException(String message) {
        super(message);
    }

    public TraceFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
