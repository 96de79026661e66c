package io.durabench.workload.groupcommit;

/** Whether committers share syncs (group commit) or each syncs its own record (the reference). */
public enum CommitMode {
    /** Leader/follower: one sync covers every record written before it started. */
    GROUP,
    /** No group commit: each committer writes its record and then issues its own sync. */
    ALONE
}
