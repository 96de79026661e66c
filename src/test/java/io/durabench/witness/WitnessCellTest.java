package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cell specs: every valid cell survives the trip to the witnessed JVM's command line; bad ones are refused in one line. */
class WitnessCellTest {

    @Test
    void everyValidCellRoundTripsThroughItsSpec() {
        List<WitnessCell> cells = WitnessedCells.allValid();
        long methods = SyncMethod.availableOn(Runtime.version()).count(); // 21 on JDK 17, 24 from JDK 21
        assertEquals(methods * 4 - 3 + 5 + 2 + GroupCommitConfig.GROUPABLE.size() * 4, cells.size(),
                methods + " methods x 4 preallocations less MMAP's 3, pg's 5, 2 file creations, 4 group commits per groupable method");
        for (WitnessCell c : cells) assertEquals(c, WitnessCell.parse(c.spec()), c.spec());
    }

    @Test
    void aSpecReadsLikeTheBenchmarksParameters() {
        assertEquals("SyncWriteCost:syncMethod=FDATASYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=ZERO_FILL,"
                + "regionBytes=67108864,zeroFillChunkBytes=4194304",
                new WitnessCell.SyncWrite(SyncMethod.FDATASYNC, 4096, 10, Preallocation.ZERO_FILL).spec());
        assertEquals("PgTestFsyncEquivalent:pgMethod=OPEN_SYNC", new WitnessCell.PgTestFsync(PgTestFsyncLoop.Method.OPEN_SYNC).spec());
        assertEquals(new WitnessCell.GroupCommitSingle(SyncMethod.FDATASYNC, Preallocation.NONE, 128, CommitMode.ALONE),
                WitnessCell.parse("GroupCommit:syncMethod=fdatasync,preallocation=NONE,recordSizeBytes=128,mode=ALONE"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Nope:x=1|unknown witness workload 'Nope' in 'Nope:x=1': use SyncWriteCost, PgTestFsyncEquivalent, FileCreateCost, GroupCommit",
            "PgTestFsyncEquivalent:pgMethod=BOGUS|unknown pgMethod 'BOGUS' in 'PgTestFsyncEquivalent:pgMethod=BOGUS'",
            "PgTestFsyncEquivalent:|'PgTestFsyncEquivalent:' lacks pgMethod=...",
            "PgTestFsyncEquivalent:pgMethod=FSYNC,extra=1|unknown parameter(s) [extra] in 'PgTestFsyncEquivalent:pgMethod=FSYNC,extra=1'",
            "FileCreateCost:syncDirectory=yes,blockSizeBytes=1|syncDirectory='yes' is not true or false in 'FileCreateCost:syncDirectory=yes,blockSizeBytes=1'",
            "FileCreateCost:syncDirectory=true,blockSizeBytes=0|blockSizeBytes must be positive, not 0",
            "FileCreateCost:syncDirectory=true,blockSizeBytes=99999999999|blockSizeBytes=99999999999 is too large in 'FileCreateCost:syncDirectory=true,blockSizeBytes=99999999999'",
            "SyncWriteCost:syncMethod=O_DSYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=NONE|writesPerSync=10 does not apply to O_DSYNC: it issues no separate sync call (use writesPerSync=1)",
            "SyncWriteCost:syncMethod=MMAP_FORCE,blockSizeBytes=4096,writesPerSync=1,preallocation=ZERO_FILL|preallocation ZERO_FILL does not apply to MMAP_FORCE: the mapping itself sizes the file (use NONE)",
            "GroupCommit:syncMethod=FDATASYNC,preallocation=NONE,recordSizeBytes=128,mode=GROUP,regionBytes=65536,zeroFillChunkBytes=12288|zeroFillChunkBytes 12288 must divide regionBytes 65536",
    })
    void aBadSpecIsRefusedNamingTheProblem(String spec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> WitnessCell.parse(spec)).getMessage());
    }
}
