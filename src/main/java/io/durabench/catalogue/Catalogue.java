package io.durabench.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every benchmark family durabench has, and the lookups the rest of the code needs: a benchmark
 * by its JMH name, a typed cell from the name/value text of a result file or a command line.
 * The bench classes in src/jmh must agree with these entries (CatalogueConsistencyTest).
 */
public final class Catalogue {
    /** Where every durabench benchmark writes; its default keeps files on the project's own disk, never tmpdir. */
    public static final Parameter<String> TARGET_DIR = Parameter.ofDirectory("targetDir");
    /** The @Param default of targetDir (relative to the working directory: the project). */
    public static final String DEFAULT_TARGET_DIR = "target/durabench-data";

    public static final SyncWriteCostFamily SYNC_WRITE_COST = new SyncWriteCostFamily();
    public static final PgTestFsyncFamily PG_TEST_FSYNC = new PgTestFsyncFamily();
    public static final FileCreateFamily FILE_CREATE = new FileCreateFamily();
    public static final GroupCommitFamily GROUP_COMMIT = new GroupCommitFamily();
    public static final NativeCallCostFamily NATIVE_CALL_COST = new NativeCallCostFamily();
    public static final PgTwoWritesFamily PG_TWO_WRITES = new PgTwoWritesFamily();
    public static final PgOpenSyncSizesFamily PG_OPEN_SYNC_SIZES = new PgOpenSyncSizesFamily();
    public static final PgFsyncDescriptorFamily PG_FSYNC_DESCRIPTOR = new PgFsyncDescriptorFamily();

    /** In the order a run's plan lists their cells. */
    private static final List<BenchmarkFamily> FAMILIES = List.of(SYNC_WRITE_COST, PG_TEST_FSYNC, PG_TWO_WRITES, PG_OPEN_SYNC_SIZES,
            PG_FSYNC_DESCRIPTOR, FILE_CREATE, NATIVE_CALL_COST, GROUP_COMMIT);

    private Catalogue() {
    }

    public static List<BenchmarkFamily> families() {
        return FAMILIES;
    }

    public static List<Benchmark> benchmarks() {
        List<Benchmark> all = new ArrayList<>();
        FAMILIES.forEach(f -> all.addAll(f.benchmarks()));
        return all;
    }

    /** The benchmark JMH calls {@code jmhName}; empty for anything that is not durabench's. */
    public static Optional<Benchmark> benchmark(String jmhName) {
        for (BenchmarkFamily f : FAMILIES) {
            Optional<Benchmark> b = f.benchmark(jmhName);
            if (b.isPresent()) return b;
        }
        return Optional.empty();
    }

    /** Every parameter of that name across all benchmarks (syncMethod has two: SyncWriteCost's and GroupCommit's). */
    public static List<Parameter<?>> parametersNamed(String name) {
        List<Parameter<?>> found = new ArrayList<>();
        for (Benchmark b : benchmarks()) {
            b.parameter(name).filter(p -> !found.contains(p)).ifPresent(found::add);
        }
        return found;
    }

    /**
     * A typed cell from a result's benchmark name and parameter text, in the order given; empty
     * when the benchmark is not durabench's. A parameter the benchmark does not declare, or a
     * value it cannot take, is an {@link InvalidValueException} naming it.
     */
    public static Optional<Cell> cell(String jmhName, Map<String, String> params) {
        Optional<Benchmark> b = benchmark(jmhName);
        if (b.isEmpty()) return Optional.empty();
        Cell cell = Cell.of(b.get());
        for (Map.Entry<String, String> e : params.entrySet()) {
            Parameter<?> p = b.get().parameter(e.getKey()).orElseThrow(() -> new InvalidValueException(
                    b.get().shortName() + " has no parameter " + e.getKey() + ": written by another version of durabench?"));
            cell = cell.withText(p, e.getValue());
        }
        return Optional.of(cell);
    }
}
