package io.durabench.workload.groupcommit;

/**
 * A commit did not become durable, or was refused: the sync that should have covered it failed,
 * the log had already failed, or it was closed. A commit that throws this may or may not have
 * reached the disk; only a commit that returns is known durable.
 */
public final class CommitFailedException extends RuntimeException {
    CommitFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
