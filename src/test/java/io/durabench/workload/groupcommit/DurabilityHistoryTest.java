package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.workload.groupcommit.DurabilityHistory.CommitEvent;
import io.durabench.workload.groupcommit.DurabilityHistory.Returned;
import io.durabench.workload.groupcommit.RecordingSyscalls.SyncEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker the log's tests rely on must itself catch a commit that returned too early. */
class DurabilityHistoryTest {
    private static final int DATA_FD = 7;

    private static SyncEvent sync(long covered, long started, long completed) {
        return new SyncEvent(DATA_FD, covered, started, completed, true, 0);
    }

    @Test
    void acceptsACommitReturnedAfterACoveringSyncCompleted() {
        assertEquals(List.of(), DurabilityHistory.prefixViolations(List.of(sync(100, 1, 5)), DATA_FD, List.of(new CommitEvent(0, 0, 100, 0, 6))));
    }

    @Test
    void flagsACommitReturnedBeforeItsSyncCompleted() {
        assertEquals(1, DurabilityHistory.prefixViolations(List.of(sync(100, 1, 5)), DATA_FD, List.of(new CommitEvent(0, 0, 100, 0, 4))).size());
    }

    @Test
    void flagsASyncThatStartedBeforeTheRecordWasWritten() {
        assertEquals(1, DurabilityHistory.prefixViolations(List.of(sync(50, 1, 5)), DATA_FD, List.of(new CommitEvent(0, 50, 100, 0, 6))).size());
    }

    @Test
    void ignoresFailedSyncsAndSyncsOfOtherDescriptors() {
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 1, 5, false, 0), new SyncEvent(DATA_FD + 1, 100, 1, 5, true, 0));
        assertEquals(1, DurabilityHistory.prefixViolations(syncs, DATA_FD, List.of(new CommitEvent(0, 0, 100, 0, 6))).size());
    }

    @Test
    void aSyncOfAnotherEpochCoversNothing() {
        // After a recycle the same offsets are written again: a sync of epoch 1 says nothing about a record of epoch 0.
        List<SyncEvent> laterEpoch = List.of(new SyncEvent(DATA_FD, 100, 3, 5, true, 1));
        assertEquals(1, DurabilityHistory.prefixViolations(laterEpoch, DATA_FD, List.of(new CommitEvent(0, 0, 100, 2, 6))).size());
        assertEquals(1, DurabilityHistory.ownWriteViolations(laterEpoch, DATA_FD, List.of(new CommitEvent(0, 0, 100, 2, 6))).size());
    }

    @Test
    void ownWriteCriterionAcceptsASyncStartedAfterTheWriteDespiteAGapBeforeIt() {
        assertEquals(List.of(), DurabilityHistory.ownWriteViolations(List.of(sync(0, 3, 4)), DATA_FD, List.of(new CommitEvent(0, 50, 100, 2, 5))));
    }

    @Test
    void ownWriteCriterionFlagsASyncStartedBeforeTheWriteReturned() {
        assertEquals(1, DurabilityHistory.ownWriteViolations(List.of(sync(100, 2, 4)), DATA_FD, List.of(new CommitEvent(0, 0, 100, 3, 5))).size());
    }

    @Test
    void ownWriteCriterionFlagsACommitReturnedBeforeTheSyncCompleted() {
        assertEquals(1, DurabilityHistory.ownWriteViolations(List.of(sync(100, 2, 6)), DATA_FD, List.of(new CommitEvent(0, 0, 100, 1, 5))).size());
    }

    @Test
    void commitsArePlacedOnTheirThreadsWritesInOrderEpochIncluded() {
        List<WriteEvent> writes = List.of(new WriteEvent(DATA_FD, 0, 10, 1, 11, 0), new WriteEvent(DATA_FD, 10, 20, 2, 12, 0),
                new WriteEvent(DATA_FD, 0, 10, 5, 11, 1), new WriteEvent(DATA_FD + 1, 0, 99, 3, 11, 0));
        List<CommitEvent> placed = DurabilityHistory.place(writes, DATA_FD,
                List.of(new Returned(11, 10, 4), new Returned(12, 20, 4), new Returned(11, 10, 7)));
        assertEquals(List.of(new CommitEvent(0, 0, 10, 1, 4), new CommitEvent(0, 10, 30, 2, 4), new CommitEvent(1, 0, 10, 5, 7)), placed);
        assertThrows(AssertionError.class, () -> DurabilityHistory.place(writes, DATA_FD, List.of(new Returned(11, 99, 4))));
    }
}
