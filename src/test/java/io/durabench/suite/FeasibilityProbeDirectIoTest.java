package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cells;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The probe's direct-I/O rules, asked of the family ({@code directWriteBytes}) and decided before
 * anything is tried: no block device, or a write the device's logical block size does not divide.
 */
class FeasibilityProbeDirectIoTest {
    private static final String DIR = "/nonexistent-durabench-probe";

    @Test
    void aDirectWriteWithNoDeviceBehindItIsNotApplicable() {
        FeasibilityProbe probe = new FeasibilityProbe(JnrSyscalls.get(), "tmpfs", false, null);
        assertEquals(Optional.of(new FeasibilityProbe.Outcome(true, "no block device behind tmpfs: O_DIRECT cannot bypass anything"
                        + " (tmpfs refuses it with EINVAL before Linux 6.6 and turns it into a page-cache copy since); a number here"
                        + " would not measure direct I/O")),
                probe.check(Cells.syncWrite(SyncMethod.O_DIRECT, 4096, 1, Preallocation.NONE).with(Catalogue.TARGET_DIR, DIR)));
    }

    @Test
    void aDirectWriteTheLogicalBlockSizeDoesNotDivideIsNotApplicable() {
        FeasibilityProbe probe = new FeasibilityProbe(JnrSyscalls.get(), "ext4", true, 4096);
        assertEquals(Optional.of(new FeasibilityProbe.Outcome(true, "EINVAL: O_DIRECT needs the block size aligned to the device's"
                        + " logical block size: 512 B is not a multiple of 4096 B on this device")),
                probe.check(Cells.syncWrite(SyncMethod.O_DIRECT_DSYNC, 512, 1, Preallocation.NONE).with(Catalogue.TARGET_DIR, DIR)));
    }

    @Test
    void onlyTheFamiliesThatSaySoAreHeldToTheDevice() {
        assertEquals(Optional.of(512), Catalogue.SYNC_WRITE_COST.directWriteBytes(Cells.syncWrite(SyncMethod.O_DIRECT, 512, 1, Preallocation.NONE)));
        assertEquals(Optional.empty(), Catalogue.SYNC_WRITE_COST.directWriteBytes(Cells.syncWrite(SyncMethod.FSYNC, 512, 1, Preallocation.NONE)));
        assertEquals(Optional.empty(), Catalogue.PG_TEST_FSYNC.directWriteBytes(Cells.pgTestFsync(PgTestFsyncLoop.Method.OPEN_SYNC)),
                "pg_test_fsync's table is measured wherever pg_test_fsync would be");
    }
}
