package io.durabench.witness;

import io.durabench.catalogue.Benchmark;
import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.PlanRequest;
import io.durabench.catalogue.Sweep;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every valid cell the witness tests run: each sync method with each preallocation it accepts
 * (writesPerSync 10 where the method takes batches) that the JVM can run, every pg_test_fsync method,
 * file creation with and without the directory fsync, and one-committer group commit for every groupable method,
 * preallocation and mode. Regions of 64 KiB and zero-fill chunks of 16 KiB, so that 100 writes of
 * 4 KiB recycle the region six times and zero-fill 25 chunks inside the measured window.
 */
final class WitnessedCells {
    static final long REGION = 64 << 10;
    static final int CHUNK = 16 << 10;
    static final WorkloadSize SMALL = new WorkloadSize(REGION, CHUNK);

    private WitnessedCells() {
    }

    /** The cell with a 64 KiB region in 16 KiB chunks. */
    static SizedCell small(Cell cell) {
        return new SizedCell(cell, SMALL);
    }

    /**
     * One cell of every benchmark with syscall rules, whatever its family, so that a new family is
     * held to the kernel without being listed here: the first cell it plans in the standard sweep
     * that this JVM can run and whose direct writes, if any, are whole 4 KiB pages (aligned on any
     * device), in the form the witness runs, at the benchmarks' size.
     */
    static List<SizedCell> firstOfEachBenchmark() {
        PlanRequest standard = new PlanRequest(Sweep.STANDARD, "unused: the witness has its own", n -> Optional.empty());
        List<SizedCell> cells = new ArrayList<>();
        for (BenchmarkFamily f : Catalogue.families()) {
            if (f.syscallRules().isEmpty()) continue;
            List<Cell> planned = f.plan(standard);
            for (Benchmark b : f.benchmarks()) {
                planned.stream().filter(c -> c.benchmark().equals(b))
                        .filter(c -> f.unavailableOn(c, Runtime.version()).isEmpty())
                        .filter(c -> f.directWriteBytes(c).map(bytes -> bytes % 4096 == 0).orElse(true))
                        .findFirst().flatMap(SizedCell::checking).ifPresent(cells::add);
            }
        }
        return cells;
    }

    /** Every valid cell this JVM can run (the witness runs them in a JVM like the tests' own). */
    static List<SizedCell> allValid() {
        List<SizedCell> cells = new ArrayList<>();
        for (SyncMethod m : SyncMethod.availableOn(Runtime.version()).toList()) {
            for (Preallocation p : Preallocation.values()) {
                if (m.api() == SyncMethod.Api.MMAP && p != Preallocation.NONE) continue;
                cells.add(small(Cells.syncWrite(m, 4096, m.takesBatches() ? 10 : 1, p)));
            }
        }
        for (PgTestFsyncLoop.Method m : PgTestFsyncLoop.Method.values()) {
            cells.add(SizedCell.of(Cells.pgTestFsync(m)));
            if (m != PgTestFsyncLoop.Method.WRITE) cells.add(SizedCell.of(Cells.pgTwoWrites(m)));
        }
        // The open_sync sizes whose direct writes are whole 4 KiB pages (aligned on any device); 2 kB and 1 kB need 512-byte sectors.
        for (PgOpenSyncLoop.Size z : List.of(PgOpenSyncLoop.Size.ONE_16K, PgOpenSyncLoop.Size.TWO_8K, PgOpenSyncLoop.Size.FOUR_4K)) {
            cells.add(SizedCell.of(Cells.pgOpenSyncSizes(z)));
        }
        for (PgFdSyncLoop.Descriptor d : PgFdSyncLoop.Descriptor.values()) cells.add(SizedCell.of(Cells.pgFsyncDescriptor(d)));
        cells.add(SizedCell.of(Cells.fileCreate(true, 4096)));
        cells.add(SizedCell.of(Cells.fileCreate(false, 8192)));
        for (SyncMethod m : GroupCommitConfig.GROUPABLE) {
            for (Preallocation p : List.of(Preallocation.NONE, Preallocation.ZERO_FILL)) {
                for (CommitMode mode : CommitMode.values()) cells.add(small(Cells.groupCommit(m, p, 1000, mode)));
            }
        }
        return cells;
    }
}
