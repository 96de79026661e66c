package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.ForkPair.CellPair;
import io.durabench.lockstep.ForkPair.SideSetup;
import io.durabench.lockstep.Side;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Order;
import io.durabench.lockstep.Placement;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The twin's failures as the protocol carries them, on a 20 MiB tmpfs this test mounts (and unmounts,
 * whatever happens) for the twin's side B, side A being Java on /dev/shm: a unit that fails (the 21st
 * file of 1 MiB finds the tmpfs full: pwrite ENOSPC) sends '!' and the Java side ends the cell with
 * "the other side's unit failed"; a workload the twin cannot open (SyncWriteCost's free-space check)
 * sends 'x'; and the next cell still runs on both sides, with the twin's files of the failed cells gone.
 */
class DurabenchTwinLockStepFailureTest {

    @Test
    void aFailedUnitOnTheTwinEndsTheCellOnBothSidesAndTheNextCellsStillRun() throws Exception {
        Path binary = TwinBinary.build();
        Path tiny = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "tiny-tmpfs-");
        if (run("mount", "-t", "tmpfs", "-o", "size=20m", "durabench-tiny", tiny.toString()) != 0) {
            Files.delete(tiny);
            assumeTrue(false, "cannot mount a tmpfs here (the test needs root)");
        }
        try (ScratchDir javaDir = ScratchDir.on(Medium.SHM)) {
            Cell fills = Cells.fileCreate(true, 1 << 20);
            Cell needsRoom = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE);
            Cell fits = Cells.pgTestFsync(PgTestFsyncLoop.Method.FDATASYNC);
            List<CellPair> cells = List.of(new CellPair(fills, fills, 6, WorkloadSize.DEFAULT),
                    new CellPair(needsRoom, needsRoom, 6, WorkloadSize.DEFAULT), new CellPair(fits, fits, 6, WorkloadSize.DEFAULT));
            // At least 3 warmup blocks and 4 measured ones of 6 units: the twin's 21st file comes whatever the warmup's length.
            LockStepSettings s = new LockStepSettings(4, 0, 25, 1, Order.ALTERNATE, LockStepSettings.QUIET_BLOCKS, 50, 6);
            ForkPair.Outcome o = ForkPair.run(SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), javaDir.path()),
                    SideSetup.of(new ForkPair.Program.Twin(binary), tiny), Side.A, cells, s, Placement.lastCpu(), "java A, twin B on a tiny tmpfs");

            SideRecord twin = o.b().get(0), java = o.a().get(0);
            assertTrue(twin.error() != null && twin.error().startsWith("pwrite failed: ENOSPC (No space left on device) on " + tiny),
                    "the twin's unit failed, naming call, errno and path: " + twin.error());
            assertFalse(twin.partnerFailed());
            assertEquals("the other side's unit failed", java.error());
            assertTrue(java.partnerFailed());

            twin = o.b().get(1);
            java = o.a().get(1);
            assertTrue(twin.error() != null && twin.error().startsWith("opening the workload failed: free-space check failed: not enough free space"),
                    twin.error());
            assertEquals("the other side could not open its workload", java.error());
            assertTrue(java.partnerFailed());

            assertNull(o.a().get(2).error(), "the next cell runs: " + o.a().get(2).error());
            assertNull(o.b().get(2).error(), "the next cell runs: " + o.b().get(2).error());
            assertEquals(4, o.b().get(2).blocks().size());
            assertEquals(List.of(), listing(tiny), "the twin deleted the files of every cell, the failed ones too");
        } finally {
            assertEquals(0, run("umount", tiny.toString()), "umount " + tiny);
            Files.delete(tiny);
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static int run(String... command) {
        return TwinBinary.exec(List.of(command), 30).exitCode();
    }
}
