package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.analysis.ReportFilter;
import io.durabench.selection.Selection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * `--where` on any parameter: single values, lists, ranges and globs, all conditions at once and
 * with the other filters; a family without the key is left out; every figure stays the full
 * data's; a key or value the results do not have is an error listing what they do have.
 */
class WhereFilterTest {
    /** SyncWriteCost (8 KiB, 1 and 100 writes per sync, NONE and ZERO_FILL), pg_test_fsync, FileCreateCost, group commit at 1/2/4 committers. */
    private final Report full = Fixtures.report("xfs-quick", "group-commit");

    private Report where(String... conditions) {
        return ReportFilter.apply(full, new Selection(List.of(), List.of(), List.of(), List.of(conditions)));
    }

    @Test
    void aValueKeepsItsRowsAndFamiliesWithoutTheKeyAreLeftOut() {
        Report batch1 = where("writesPerSync=1");
        assertFalse(batch1.rows().isEmpty());
        assertTrue(batch1.rows().stream().allMatch(r -> r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC) == 1), "only batch 1");
        assertTrue(batch1.rows().stream().allMatch(r -> r.cell().family() == Catalogue.SYNC_WRITE_COST),
                "pg_test_fsync and FileCreateCost have no writesPerSync: not shown");
        assertTrue(batch1.groupCommitRows().isEmpty() && batch1.plainRows().isEmpty());
        // A key two families share keeps both.
        Report kib8 = where("blockSizeBytes=8192");
        assertEquals(List.of(Catalogue.SYNC_WRITE_COST, Catalogue.FILE_CREATE),
                kib8.rows().stream().map(r -> r.cell().family()).distinct().toList());
    }

    @Test
    void figuresStayTheFullDatas() {
        Map<Integer, ReportRow> byId = full.rows().stream().collect(Collectors.toMap(ReportRow::id, Function.identity()));
        Report shown = where("writesPerSync=100", "syncMethod=FDATASYNC");
        assertFalse(shown.rows().isEmpty());
        assertTrue(shown.rows().stream().noneMatch(ReportRow::baseline), "NONE is not shown, yet the costs are against it");
        for (ReportRow r : shown.rows()) {
            assertEquals(byId.get(r.id()).cost(), r.cost());
            assertEquals(byId.get(r.id()).ratio(), r.ratio());
            assertEquals(byId.get(r.id()).baselineUs(), r.baselineUs());
        }
    }

    @Test
    void listsRangesGlobsAndCaseCombine() {
        assertEquals(full.rows().stream().filter(r -> r.cell().family() == Catalogue.SYNC_WRITE_COST).count(),
                where("writesPerSync=1|100").rows().size(), "a list: either value");
        assertEquals(6, where("committers=2..4").groupCommitRows().size(), "a range, ends included");
        assertEquals(6, where("committers=2..").groupCommitRows().size(), "from 2");
        assertEquals(3, where("committers=..1").groupCommitRows().size(), "up to 1");
        assertTrue(where("committers=2..4").groupCommitRows().stream().allMatch(r -> r.committers() >= 2));
        Report zeroFill = where("preallocation=zero_fill", "writesPerSync=100");
        assertTrue(zeroFill.rows().stream().allMatch(r -> r.cell().get(SyncWriteCostFamily.PREALLOCATION).name().equals("ZERO_FILL")
                && r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC) == 100), "both conditions hold");
        assertEquals(List.of("O_DIRECT", "O_DIRECT_DSYNC"),
                where("syncMethod=O_DIRECT*").rows().stream().map(ReportRow::method).distinct().sorted().toList(), "a glob");
        // With --method: both hold (a comma list in one --where is the same as repeating it).
        Report both = ReportFilter.apply(full, new Selection(List.of(), List.of("FDATASYNC"), List.of(), List.of("writesPerSync=1")));
        assertTrue(both.rows().stream().allMatch(r -> r.method().equals("FDATASYNC") && r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC) == 1));
        assertTrue(both.groupCommitRows().stream().allMatch(r -> r.cell().fixes(GroupCommitFamily.SYNC_METHOD)), "group commit has no writesPerSync");
        assertTrue(both.groupCommitRows().isEmpty());
    }

    @Test
    void whatTheResultsDoNotHaveIsAnErrorListingWhatTheyHave() {
        assertEquals("--where blockSize=8192: no parameter blockSize in these results; keys: targetDir, syncMethod, blockSizeBytes, "
                + "writesPerSync, preallocation, pgMethod, syncDirectory, committers, recordSizeBytes, commitDelayMicros, commitSiblings",
                error("blockSize=8192"));
        assertEquals("--where committers=3: no row has committers 3; its values here: 1, 2, 4", error("committers=3"));
        assertEquals("--where committers=8..16: no row has committers 8..16; its values here: 1, 2, 4", error("committers=8..16"));
        assertTrue(error("preallocation=FALLOCATE").endsWith("its values here: NONE, ZERO_FILL"), error("preallocation=FALLOCATE"));
        assertTrue(error("syncMethod=A..B").startsWith("--where syncMethod=A..B: syncMethod is not a number, so it has no range; its values here: NONE,"));
        assertTrue(error("committers=two..4").contains("a range is LOW..HIGH in whole numbers"));
        assertTrue(error("committers").contains("write KEY=VALUE"));
        assertTrue(error("committers=1|").contains("write KEY=VALUE"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportFilter.apply(full, new Selection(List.of(), List.of(), List.of("PgTestFsyncEquivalent"), List.of("writesPerSync=1"))));
        assertTrue(e.getMessage().startsWith("the filters select no row together (--benchmark PgTestFsyncEquivalent --where writesPerSync=1)"),
                e.getMessage());
    }

    private String error(String condition) {
        return assertThrows(IllegalArgumentException.class, () -> where(condition)).getMessage();
    }
}
