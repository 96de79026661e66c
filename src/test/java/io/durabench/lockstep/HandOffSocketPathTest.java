package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cells;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.JvmFacts;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A UNIX socket's path holds 107 bytes: a java.io.tmpdir too long for the hand-off's folder is named
 * before any side starts (a side would otherwise wait its minute for a partner that cannot listen).
 */
class HandOffSocketPathTest {

    @Test
    void aTemporaryDirectoryTooLongForTheSocketIsNamedBeforeAnySideStarts() {
        String before = System.getProperty("java.io.tmpdir");
        try {
            System.setProperty("java.io.tmpdir", "/tmp");
            assertEquals(Optional.empty(), ForkPair.socketPathProblem());
            String longDir = "/tmp/" + "x".repeat(70);
            System.setProperty("java.io.tmpdir", longDir);
            String problem = ForkPair.socketPathProblem().orElseThrow();
            assertTrue(problem.startsWith("the temporary directory " + longDir + " is too long for the lock-step hand-off's UNIX socket (up to 124 bytes,"
                    + " at most 107)"), problem);
            ForkPair.CellPair c = new ForkPair.CellPair(Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE),
                    Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE), 1, WorkloadSize.DEFAULT);
            ForkPair.SideSetup side = ForkPair.SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), Path.of("/dev/shm"));
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> ForkPair.run(side, side, Side.A, List.of(c), LockStepSettings.REFERENCE_PAIRS, Placement.lastCpu(), "a pair"));
            assertEquals(problem, e.getMessage());
        } finally {
            System.setProperty("java.io.tmpdir", before);
        }
    }
}
