package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** SyncWriteCost: time per write made durable by a sync method, by block size, batch and preallocation. */
public final class SyncWriteCostFamily extends BenchmarkFamily {
    public static final Parameter<SyncMethod> SYNC_METHOD = Parameter.ofEnum("syncMethod", SyncMethod.class, Set.of(),
            Parameter.plainLabel("syncMethod"));
    /** Shared with FileCreateCost: the payload of one write. */
    public static final Parameter<Integer> BLOCK_SIZE = Parameter.ofInt("blockSizeBytes", 1, (int) WorkloadConfig.DEFAULT_REGION_BYTES,
            "one block must fit the 64 MiB log region", v -> v + " B");
    public static final Parameter<Integer> WRITES_PER_SYNC = Parameter.ofInt("writesPerSync", 1, 1 << 20,
            "one sync per that many writes", v -> v + (v == 1 ? " write" : " writes") + " per sync");
    public static final Parameter<Preallocation> PREALLOCATION = Parameter.ofEnum("preallocation", Preallocation.class, Set.of(),
            v -> "prealloc " + v.name());

    /** The block size at the centre of every sweep: pg_test_fsync's 8 KiB. */
    public static final int CENTRE_BLOCK_BYTES = 8192;
    private static final List<Integer> ALL_BLOCK_SIZES = List.of(512, 4096, CENTRE_BLOCK_BYTES, 16384, 65536);
    private static final List<Integer> ALL_BATCHES = List.of(1, 10, 100);

    private final Benchmark writeBlock = declare("writeBlock",
            List.of(Catalogue.TARGET_DIR, SYNC_METHOD, BLOCK_SIZE, WRITES_PER_SYNC, PREALLOCATION), List.of());

    SyncWriteCostFamily() {
        super("SyncWriteCost", Operation.WRITE, Counters.ISSUED, new SyncWriteCostCalls());
    }

    public Benchmark writeBlock() {
        return writeBlock;
    }

    /**
     * Every method; around the centre (8 KiB, one write per sync, appending) quick adds batches of
     * 100 and zero-fill, standard sweeps one axis at a time and full crosses them all. The JDK's
     * other write APIs and the hand-offs stay at the centre in every sweep but full (the enum says
     * which: {@link SyncMethod#sweptByProfiles}), and compare keeps every method at the centre, as
     * its forks make each cell twelve times as dear.
     */
    @Override
    public List<Cell> plan(PlanRequest request) {
        List<Cell> cells = new ArrayList<>();
        Sweep sweep = request.sweep();
        for (SyncMethod m : request.axis(SYNC_METHOD, List.of(SyncMethod.values()))) {
            List<Integer> batches = m.takesBatches() ? ALL_BATCHES : List.of(1);
            List<Preallocation> preallocs = Arrays.stream(Preallocation.values()).filter(p -> WorkloadConfig.acceptsPreallocation(m, p)).toList();
            List<Integer> centre = List.of(CENTRE_BLOCK_BYTES);
            if (sweep != Sweep.FULL && !m.sweptByProfiles() || sweep == Sweep.COMPARE) {
                addCells(cells, request, m, centre, List.of(1), List.of(Preallocation.NONE));
                continue;
            }
            switch (sweep) {
                case QUICK, COMPARE -> addCells(cells, request, m, centre, m.takesBatches() ? List.of(1, 100) : List.of(1),
                        preallocs.stream().filter(p -> p == Preallocation.NONE || p == Preallocation.ZERO_FILL).toList());
                case STANDARD -> {
                    addCells(cells, request, m, ALL_BLOCK_SIZES, List.of(1), List.of(Preallocation.NONE));
                    addCells(cells, request, m, centre, batches, List.of(Preallocation.NONE));
                    addCells(cells, request, m, centre, List.of(1), preallocs);
                }
                case FULL -> addCells(cells, request, m, ALL_BLOCK_SIZES, batches, preallocs);
            }
        }
        return cells;
    }

    private void addCells(List<Cell> cells, PlanRequest request, SyncMethod m, List<Integer> blocks, List<Integer> batches,
                          List<Preallocation> preallocs) {
        for (int block : request.axis(BLOCK_SIZE, blocks)) {
            for (int batch : request.axis(WRITES_PER_SYNC, batches)) {
                for (Preallocation prealloc : request.axis(PREALLOCATION, preallocs)) {
                    // A user's -p can cross a method with a batch it cannot take: kept, the probe lists it as n/a with why.
                    cells.add(request.cell(writeBlock()).with(SYNC_METHOD, m).with(BLOCK_SIZE, block).with(WRITES_PER_SYNC, batch)
                            .with(PREALLOCATION, prealloc));
                }
            }
        }
    }

    @Override
    public Parameter<SyncMethod> methodAxis() {
        return SYNC_METHOD;
    }

    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(chosenSyncMethod);
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.ofNullable(((SyncMethod) methodValue).notDurableBecause());
    }

    /** Batches only where a separate sync call exists; preallocation only where the method does not size its own file. */
    @Override
    public Optional<String> invalidCombination(Cell cell) {
        SyncMethod m = cell.get(SYNC_METHOD);
        if (m == null) return Optional.empty();
        return WorkloadConfig.whyInvalid(m, cell.find(WRITES_PER_SYNC).orElse(1), cell.find(PREALLOCATION).orElse(Preallocation.NONE));
    }

    @Override
    public boolean usesDirectIo(Cell cell) {
        SyncMethod m = cell.get(SYNC_METHOD);
        return m != null && m.usesDirectIo();
    }

    /** Every write of a direct method is one block. */
    @Override
    public Optional<Integer> directWriteBytes(Cell cell) {
        return usesDirectIo(cell) ? cell.find(BLOCK_SIZE) : Optional.empty();
    }

    /** The native method with the same durable calls (SyncMethodCalls), in the same cell; none for MMAP_FORCE. */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return SyncMethodCalls.nativeWithSameCalls(cell.get(SYNC_METHOD)).map(m -> cell.with(SYNC_METHOD, m));
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        DurableWriteLoop loop = DurableWriteLoop.open(sys, config(cell, size));
        return new WriteLoops.Of(loop::writeOne, loop::syncPending, loop.counters(), loop::close, loop::atDurablePoint, loop::settle);
    }

    /** The workload a cell opens at a size; its constructor refuses what cannot run (a block larger than the region). */
    static WorkloadConfig config(Cell cell, WorkloadSize size) {
        return WorkloadConfig.of(cell.targetPath(), cell.get(SYNC_METHOD), cell.get(BLOCK_SIZE), cell.get(WRITES_PER_SYNC),
                cell.get(PREALLOCATION)).withRegionBytes(size.regionBytes()).withZeroFillChunkBytes(size.zeroFillChunkBytes());
    }

}
