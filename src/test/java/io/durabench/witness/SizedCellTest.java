package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.catalogue.CellSpec;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.WorkloadSize;
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
class SizedCellTest {

    @Test
    void everyValidCellRoundTripsThroughItsSpec() {
        List<SizedCell> cells = WitnessedCells.allValid();
        long methods = SyncMethod.availableOn(Runtime.version()).count(); // 21 on JDK 17, 24 from JDK 21
        assertEquals(methods * 5 - 4 + 5 + 4 + 3 + 2 + 2 + GroupCommitConfig.GROUPABLE.size() * 4, cells.size(),
                methods + " methods x 5 preallocations less MMAP's 4, pg's 5 one-write and 4 two-write cells, 3 open_sync sizes,"
                        + " 2 fsync descriptors, 2 file creations, 4 group commits per groupable method");
        for (SizedCell c : cells) assertEquals(c, new SizedCell(CellSpec.parse(c.spec()), c.size()), c.spec());
    }

    @Test
    void aSpecReadsLikeTheBenchmarksParameters() {
        assertEquals("SyncWriteCost.writeBlock:syncMethod=FDATASYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=ZERO_FILL",
                SizedCell.of(Cells.syncWrite(SyncMethod.FDATASYNC, 4096, 10, Preallocation.ZERO_FILL)).spec());
        assertEquals("PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=OPEN_SYNC", SizedCell.of(Cells.pgTestFsync(PgTestFsyncLoop.Method.OPEN_SYNC)).spec());
        assertEquals(Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.NONE, 128, CommitMode.ALONE),
                CellSpec.parse("GroupCommit.eachSyncsAlone:syncMethod=FDATASYNC,preallocation=NONE,recordSizeBytes=128,committers=1"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Nope:x=1|unknown benchmark 'Nope' in 'Nope:x=1': use SyncWriteCost.writeBlock, PgTestFsyncEquivalent.rewriteFirstBlock, "
                    + "PgTwoWrites.rewriteTwoBlocks, PgOpenSyncSizes.write16k, PgFsyncDescriptor.writeAndSync, FileCreateCost.createWriteSync, NativeCallCost.getppid, NativeCallCost.callTimer, GroupCommit.groupCommit, GroupCommit.eachSyncsAlone",
            "PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=BOGUS|pgMethod=BOGUS is unknown: use one of OPEN_DATASYNC, FDATASYNC, FSYNC, "
                    + "OPEN_SYNC, WRITE (in 'PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=BOGUS')",
            "PgTestFsyncEquivalent.rewriteFirstBlock:|'PgTestFsyncEquivalent.rewriteFirstBlock:' lacks pgMethod=...",
            "PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,extra=1|PgTestFsyncEquivalent.rewriteFirstBlock has no parameter 'extra' "
                    + "in 'PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,extra=1'",
            "PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,targetDir=/x|PgTestFsyncEquivalent.rewriteFirstBlock has no parameter "
                    + "'targetDir' in 'PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,targetDir=/x': the target directory is given apart",
            "PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,pgMethod=FSYNC|'pgMethod' is given twice in "
                    + "'PgTestFsyncEquivalent.rewriteFirstBlock:pgMethod=FSYNC,pgMethod=FSYNC'",
            "PgTestFsyncEquivalent.rewriteFirstBlock:FSYNC|'FSYNC' in 'PgTestFsyncEquivalent.rewriteFirstBlock:FSYNC' is not name=value",
            "FileCreateCost.createWriteSync:syncDirectory=yes,blockSizeBytes=1|syncDirectory=yes is not a boolean: use true or false "
                    + "(in 'FileCreateCost.createWriteSync:syncDirectory=yes,blockSizeBytes=1')",
            "FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=0|blockSizeBytes=0 is out of range: use 1..67108864 "
                    + "(one block must fit the 64 MiB log region) (in 'FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=0')",
            "FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=99999999999|blockSizeBytes=99999999999 is out of range: use "
                    + "1..67108864 (one block must fit the 64 MiB log region) (in 'FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=99999999999')",
            "SyncWriteCost.writeBlock:syncMethod=O_DSYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=NONE|writesPerSync=10 does not "
                    + "apply to O_DSYNC: it issues no separate sync call and submits no batch (use writesPerSync=1)",
            "SyncWriteCost.writeBlock:syncMethod=MMAP_FORCE,blockSizeBytes=4096,writesPerSync=1,preallocation=ZERO_FILL|preallocation "
                    + "ZERO_FILL does not apply to MMAP_FORCE: the mapping itself sizes the file (use NONE)",
            "NativeCallCost.getppid:|the syscall witness has no rules for NativeCallCost.getppid: it touches no file",
            "GroupCommit.eachSyncsAlone:committers=4,recordSizeBytes=128,syncMethod=FDATASYNC,preallocation=NONE|the witness runs "
                    + "GroupCommit.eachSyncsAlone committers=1 recordSizeBytes=128 syncMethod=FDATASYNC preallocation=NONE in place of "
                    + "GroupCommit.eachSyncsAlone committers=4 recordSizeBytes=128 syncMethod=FDATASYNC preallocation=NONE threads=4: give it that cell",
    })
    void aBadSpecIsRefusedNamingTheProblem(String spec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> new SizedCell(CellSpec.parse(spec), WitnessedCells.SMALL)).getMessage());
    }

    @Test
    void aSizeTheRulesCannotJudgeIsRefused() {
        assertEquals("zeroFillChunkBytes 12288 must divide regionBytes 65536", assertThrows(IllegalArgumentException.class,
                () -> new SizedCell(Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.NONE, 128, CommitMode.GROUP),
                        new WorkloadSize(65536, 12288))).getMessage());
        assertEquals("recordSizeBytes must be 1..65536, not 70000", assertThrows(IllegalArgumentException.class,
                () -> new SizedCell(Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.NONE, 70000, CommitMode.ALONE),
                        WitnessedCells.SMALL)).getMessage());
        assertEquals("region 2048 B is smaller than one block", assertThrows(IllegalArgumentException.class,
                () -> new SizedCell(Cells.syncWrite(SyncMethod.FSYNC, 4096, 1, Preallocation.NONE), new WorkloadSize(2048, 4096))).getMessage());
    }
}
