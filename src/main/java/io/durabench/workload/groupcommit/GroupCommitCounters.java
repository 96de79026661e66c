package io.durabench.workload.groupcommit;

/**
 * A snapshot of what a log has done since it opened or was last reset: commits, syncs, payload
 * bytes, leader delays, ZERO_FILL chunks (each one pwrite + fdatasync of zeros), recycles, and the
 * pwrites its native files had to continue (short) or make again (EINTR) under NativeFile's policy.
 */
public record GroupCommitCounters(long commits, long syncs, long bytes, long delays, long zeroFillSyncs, long recycles,
                                  long shortWrites, long interruptedWrites) {
}
