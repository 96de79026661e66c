package io.durabench.workload;

/**
 * The open/failed/closed state every workload keeps, so each fails closed the same way: the first
 * failure of an operation is kept as the reason later calls are refused (a failed sync must never
 * be followed by a counted one), the workload's cleanup runs exactly once (after a failure, or on
 * close, whichever comes first), and a refusal names the workload and why.
 */
final class FailClosed {
    private final String what;
    private final String afterFailure;
    private RuntimeException failure;
    private boolean closed;

    /**
     * @param what         the workload in words: "the durable-write loop on /mnt/x/log"
     * @param afterFailure how it stands after a failure, said after {@code what}: "is failed and closed"
     */
    FailClosed(String what, String afterFailure) {
        this.what = what;
        this.afterFailure = afterFailure;
    }

    /** Refuses an operation once the workload failed (with the first failure as cause) or was closed. */
    void ensureUsable() {
        if (failure != null) throw new IllegalStateException(what + " " + afterFailure + ": " + failure.getMessage(), failure);
        if (closed) throw new IllegalStateException(what + " is closed");
    }

    /**
     * Records that an operation failed with {@code e} (the first failure is the one kept) and closes
     * the workload; true when it was still open, i.e. when the caller's cleanup must run now.
     */
    boolean failed(Throwable e) {
        if (failure == null) failure = e instanceof RuntimeException r ? r : new IllegalStateException(e);
        return closeOnce();
    }

    /** Closes the workload; true the first time only, when the caller's cleanup must run. */
    boolean closeOnce() {
        if (closed) return false;
        closed = true;
        return true;
    }

    boolean isOpen() {
        return !closed;
    }
}
