package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The plan is every family's cells, in the catalogue's order, each once; the facts below are the
 * profiles' shape as the README states it, restated here rather than read back from the families.
 */
class SuitePlannerTest {
    private static final Path DIR = Path.of("/data");

    @Test
    void quickIsTheCentreOfEveryFamilyButGroupCommit() {
        List<Cell> quick = plan(Profile.QUICK, Map.of());
        assertEquals(5, count(quick, Catalogue.PG_TEST_FSYNC), "pg_test_fsync's five methods");
        assertEquals(2, count(quick, Catalogue.FILE_CREATE), "with and without the directory fsync");
        assertEquals(2, count(quick, Catalogue.NATIVE_CALL_COST), "the no-op call and the call timer");
        assertEquals(0, count(quick, Catalogue.GROUP_COMMIT));
        // FDATASYNC is swept: batch 1 and 100, append and zero-fill, at 8 KiB.
        assertEquals(4, quick.stream().filter(c -> c.get(SyncWriteCostFamily.SYNC_METHOD) == SyncMethod.FDATASYNC).count());
        assertTrue(quick.stream().filter(c -> c.family() != Catalogue.NATIVE_CALL_COST).allMatch(c -> c.targetDir().equals("/data")));
    }

    @Test
    void compareMeasuresEveryMethodOnceAtTheCentre() {
        List<Cell> swc = plan(Profile.COMPARE, Map.of()).stream().filter(c -> c.family() == Catalogue.SYNC_WRITE_COST).toList();
        assertEquals(SyncMethod.values().length, swc.size());
        assertTrue(swc.stream().allMatch(c -> c.get(SyncWriteCostFamily.BLOCK_SIZE) == 8192 && c.get(SyncWriteCostFamily.WRITES_PER_SYNC) == 1));
    }

    @Test
    void standardAddsGroupCommitPerCommitterCountWithEachSyncsAloneBeside() {
        List<Cell> gc = plan(Profile.STANDARD, Map.of()).stream().filter(c -> c.family() == Catalogue.GROUP_COMMIT).toList();
        // 5 committer counts x 2 record sizes x (2 commit delays + each-syncs-alone)
        assertEquals(30, gc.size());
        assertEquals(10, gc.stream().filter(c -> Catalogue.GROUP_COMMIT.isReference(c.benchmark())).count());
        assertTrue(gc.stream().allMatch(c -> c.get(GroupCommitFamily.SYNC_METHOD) == SyncMethod.FDATASYNC));
    }

    @Test
    void aUsersValuesReplaceAnAxisAndGroupCommitKeepsOnlyThoseItCanTake() {
        List<Cell> cells = plan(Profile.STANDARD, Map.of("syncMethod", List.of("FSYNC", "O_DSYNC")));
        assertEquals(Set.of(SyncMethod.FSYNC, SyncMethod.O_DSYNC), methods(cells, Catalogue.SYNC_WRITE_COST, SyncWriteCostFamily.SYNC_METHOD));
        assertEquals(Set.of(SyncMethod.FSYNC), methods(cells, Catalogue.GROUP_COMMIT, GroupCommitFamily.SYNC_METHOD));
        List<Cell> none = plan(Profile.STANDARD, Map.of("syncMethod", List.of("O_DSYNC")));
        assertEquals(Set.of(SyncMethod.FDATASYNC), methods(none, Catalogue.GROUP_COMMIT, GroupCommitFamily.SYNC_METHOD),
                "no groupable method given: group commit keeps its default");
    }

    @Test
    void thePlanIsTheFamiliesCellsInCatalogueOrderEachOnce() {
        List<Cell> cells = plan(Profile.FULL, Map.of());
        assertEquals(cells.size(), new HashSet<>(cells).size());
        List<BenchmarkFamily> order = cells.stream().map(Cell::family).distinct().toList();
        assertEquals(Catalogue.families(), order);
    }

    @Test
    void aValueNoParameterCanTakeIsAUsageError() {
        assertThrows(InvalidValueException.class, () -> plan(Profile.QUICK, Map.of("blockSizeBytes", List.of("0"))));
    }

    private static List<Cell> plan(Profile p, Map<String, List<String>> user) {
        return new SuitePlanner(n -> Optional.ofNullable(user.get(n))).plan(p, DIR);
    }

    private static long count(List<Cell> cells, BenchmarkFamily f) {
        return cells.stream().filter(c -> c.family() == f).count();
    }

    private static Set<SyncMethod> methods(List<Cell> cells, BenchmarkFamily f, io.durabench.catalogue.Parameter<SyncMethod> p) {
        Set<SyncMethod> s = new HashSet<>();
        cells.stream().filter(c -> c.family() == f).forEach(c -> s.add(c.get(p)));
        return s;
    }
}
