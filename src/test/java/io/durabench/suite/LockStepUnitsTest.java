package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.OperationLoop;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.HandOffRule;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Placement;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.Preallocation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every cell a lock-step run pairs, on every profile, ends a unit: a cell that ends durable reaches a
 * durable point within a few operations on a real file, since a side hands over only there. A
 * family whose loop never says so made each unit run two million operations and then fail.
 */
class LockStepUnitsTest {
    private static final int OPERATIONS = 200;

    @TempDir
    Path dir;

    @Test
    void everyPairedCellThatEndsDurableReachesADurablePoint() {
        Set<Cell> cells = new LinkedHashSet<>();
        for (Profile p : Profile.values()) cells.addAll(paired(p));
        // One cell per benchmark, method and batch (where a unit ends depends on those), the smallest block appending:
        // every one of the profiles' 300-odd cells would write gigabytes for the same answer.
        Map<String, Cell> shapes = new LinkedHashMap<>();
        for (Cell c : cells) shapes.merge(c.benchmark().jmhName() + "|" + c.methodValue() + "|" + c.find(SyncWriteCostFamily.WRITES_PER_SYNC).orElse(null),
                c, (x, y) -> rank(y) < rank(x) ? y : x);
        Map<Cell, String> stuck = new LinkedHashMap<>();
        for (Cell c : shapes.values()) {
            if (!HandOffRule.endsDurable(c)) continue;
            Cell inDir = c.with(Catalogue.TARGET_DIR, dir.toString());
            try (OperationLoop loop = inDir.family().open(NativeLayers.current(), inDir, WorkloadSize.PROBE)) {
                int ops = 0;
                do {
                    loop.operate();
                    ops++;
                } while (!loop.atDurablePoint() && ops < OPERATIONS);
                if (!loop.atDurablePoint()) stuck.put(c, "no durable point after " + ops + " operations");
            } catch (RuntimeException e) {
                // A method this machine refuses (O_DIRECT on tmpfs, virtual threads on 17) is the probe's to report, not this test's.
                continue;
            }
        }
        assertTrue(stuck.isEmpty(), "cells lock-step pairs that never hand over: " + stuck);
        assertTrue(shapes.values().stream().anyMatch(c -> c.family() == Catalogue.GROUP_COMMIT), "the standard profile's single committer is paired");
    }

    private static long rank(Cell c) {
        long block = c.find(SyncWriteCostFamily.BLOCK_SIZE).map(Number::longValue).orElse(0L);
        boolean appends = c.find(SyncWriteCostFamily.PREALLOCATION).map(p -> p == Preallocation.NONE).orElse(true);
        return block * 2 + (appends ? 0 : 1);
    }

    private List<Cell> paired(Profile profile) {
        JvmFacts jvm = JvmFacts.current();
        RunTarget target = RunTarget.directory(dir);
        LockStepSuite.Request request = new LockStepSuite.Request(profile, JmhSettings.of(profile, List.of()), List.of(), jvm, target, jvm, target,
                LockStepSettings.defaults(), Placement.UNPINNED, 2, 0, 0, List.of(), null, false, PrecisionTarget.NONE);
        LockStepSuite suite = new LockStepSuite(request, NativeLayers.current(), new PrintWriter(new StringWriter()));
        return suite.pairing(suite.plan()).pairs().stream().map(ForkPair.CellPair::b).toList();
    }
}
