package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.workload.groupcommit.DurabilityHistory.CommitEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.SyncEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker the log's tests rely on must itself catch a commit that returned too early. */
class DurabilityHistoryTest {
    private static final int DATA_FD = 7;

    @Test
    void acceptsACommitReturnedAfterACoveringSyncCompleted() {
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 1, 5, true));
        assertEquals(List.of(), DurabilityHistory.prefixViolations(syncs, DATA_FD, List.of(new CommitEvent(0, 100, 6))));
    }

    @Test
    void flagsACommitReturnedBeforeItsSyncCompleted() {
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 1, 5, true));
        assertEquals(1, DurabilityHistory.prefixViolations(syncs, DATA_FD, List.of(new CommitEvent(0, 100, 4))).size());
    }

    @Test
    void flagsASyncThatStartedBeforeTheRecordWasWritten() {
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 50, 1, 5, true));
        assertEquals(1, DurabilityHistory.prefixViolations(syncs, DATA_FD, List.of(new CommitEvent(50, 100, 6))).size());
    }

    @Test
    void ignoresFailedSyncsAndSyncsOfOtherDescriptors() {
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 1, 5, false), new SyncEvent(DATA_FD + 1, 100, 1, 5, true));
        assertEquals(1, DurabilityHistory.prefixViolations(syncs, DATA_FD, List.of(new CommitEvent(0, 100, 6))).size());
    }

    @Test
    void ownWriteCriterionAcceptsASyncStartedAfterTheWriteDespiteAGapBeforeIt() {
        List<WriteEvent> writes = List.of(new WriteEvent(DATA_FD, 50, 50, 2));
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 0, 3, 4, true));
        assertEquals(List.of(), DurabilityHistory.ownWriteViolations(syncs, writes, DATA_FD, List.of(new CommitEvent(50, 100, 5))));
    }

    @Test
    void ownWriteCriterionFlagsASyncStartedBeforeTheWriteReturned() {
        List<WriteEvent> writes = List.of(new WriteEvent(DATA_FD, 0, 100, 3));
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 2, 4, true));
        assertEquals(1, DurabilityHistory.ownWriteViolations(syncs, writes, DATA_FD, List.of(new CommitEvent(0, 100, 5))).size());
    }

    @Test
    void ownWriteCriterionFlagsACommitReturnedBeforeTheSyncCompleted() {
        List<WriteEvent> writes = List.of(new WriteEvent(DATA_FD, 0, 100, 1));
        List<SyncEvent> syncs = List.of(new SyncEvent(DATA_FD, 100, 2, 6, true));
        assertEquals(1, DurabilityHistory.ownWriteViolations(syncs, writes, DATA_FD, List.of(new CommitEvent(0, 100, 5))).size());
    }
}
