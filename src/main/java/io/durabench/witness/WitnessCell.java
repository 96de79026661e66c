package io.durabench.witness;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One workload configuration the witness can run: the benchmark it mirrors and that benchmark's
 * parameters under their JMH names, written as a spec such as
 * {@code SyncWriteCost:syncMethod=FDATASYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=ZERO_FILL}.
 * The spec is how a cell travels to the witnessed JVM on its command line.
 *
 * <p>Invalid combinations are refused when the cell is made (the workloads' own config records
 * decide), so a bad cell never reaches a child process. {@code regionBytes} and
 * {@code zeroFillChunkBytes} default to the benchmarks' values; the tests make them small so that
 * region recycles and zero-fill chunks happen inside a hundred operations.
 */
public sealed interface WitnessCell {

    /** The JMH benchmark class whose workload this is. */
    String benchmark();

    /** The parameters, by their JMH names, in a stable order. */
    Map<String, String> params();

    /** The name of the counter that must equal the number of operations run ("writes" or "commits"). */
    String operationCounter();

    default String spec() {
        StringJoiner j = new StringJoiner(",", benchmark() + ":", "");
        params().forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    /** {@code SyncWriteCost}: the durable-write loop. */
    record SyncWrite(SyncMethod syncMethod, int blockSizeBytes, int writesPerSync, Preallocation preallocation,
                     long regionBytes, int zeroFillChunkBytes) implements WitnessCell {
        public SyncWrite {
            config(Path.of("/"), syncMethod, blockSizeBytes, writesPerSync, preallocation, regionBytes, zeroFillChunkBytes);
        }

        public SyncWrite(SyncMethod syncMethod, int blockSizeBytes, int writesPerSync, Preallocation preallocation) {
            this(syncMethod, blockSizeBytes, writesPerSync, preallocation, WorkloadConfig.DEFAULT_REGION_BYTES,
                    WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);
        }

        WorkloadConfig config(Path dir) {
            return config(dir, syncMethod, blockSizeBytes, writesPerSync, preallocation, regionBytes, zeroFillChunkBytes);
        }

        private static WorkloadConfig config(Path dir, SyncMethod m, int block, int wps, Preallocation p, long region, int chunk) {
            return new WorkloadConfig(dir, m, block, wps, p, region, chunk, AlignedBuffers.DEFAULT_ALIGNMENT);
        }

        @Override
        public String benchmark() {
            return "SyncWriteCost";
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("syncMethod", syncMethod.name());
            p.put("blockSizeBytes", String.valueOf(blockSizeBytes));
            p.put("writesPerSync", String.valueOf(writesPerSync));
            p.put("preallocation", preallocation.name());
            p.put("regionBytes", String.valueOf(regionBytes));
            p.put("zeroFillChunkBytes", String.valueOf(zeroFillChunkBytes));
            return p;
        }

        @Override
        public String operationCounter() {
            return "writes";
        }
    }

    /** {@code PgTestFsyncEquivalent}: pg_test_fsync's 8 KiB rewrite at offset 0. */
    record PgTestFsync(PgTestFsyncLoop.Method pgMethod) implements WitnessCell {
        @Override
        public String benchmark() {
            return "PgTestFsyncEquivalent";
        }

        @Override
        public Map<String, String> params() {
            return Map.of("pgMethod", pgMethod.name());
        }

        @Override
        public String operationCounter() {
            return "writes";
        }
    }

    /** {@code FileCreateCost}: create + write one block + fsync, and optionally fsync the directory. */
    record FileCreate(boolean syncDirectory, int blockSizeBytes) implements WitnessCell {
        public FileCreate {
            if (blockSizeBytes <= 0) throw new IllegalArgumentException("blockSizeBytes must be positive, not " + blockSizeBytes);
        }

        @Override
        public String benchmark() {
            return "FileCreateCost";
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("syncDirectory", String.valueOf(syncDirectory));
            p.put("blockSizeBytes", String.valueOf(blockSizeBytes));
            return p;
        }

        @Override
        public String operationCounter() {
            return "writes";
        }
    }

    /**
     * {@code GroupCommit} with one committer (the witnessed JVM runs one thread, so every commit
     * leads its own sync in GROUP mode). The zero-fill chunk must divide the region, so that every
     * chunk of zeros is a whole chunk and their bytes follow from the chunk count.
     */
    record GroupCommitSingle(SyncMethod syncMethod, Preallocation preallocation, int recordSizeBytes, CommitMode mode,
                             long regionBytes, int zeroFillChunkBytes) implements WitnessCell {
        public GroupCommitSingle {
            config(Path.of("/"), syncMethod, preallocation, mode, regionBytes, zeroFillChunkBytes);
            if (recordSizeBytes <= 0 || recordSizeBytes > regionBytes) {
                throw new IllegalArgumentException("recordSizeBytes must be 1.." + regionBytes + ", not " + recordSizeBytes);
            }
            if (regionBytes % zeroFillChunkBytes != 0) {
                throw new IllegalArgumentException("zeroFillChunkBytes " + zeroFillChunkBytes + " must divide regionBytes " + regionBytes);
            }
        }

        public GroupCommitSingle(SyncMethod syncMethod, Preallocation preallocation, int recordSizeBytes, CommitMode mode) {
            this(syncMethod, preallocation, recordSizeBytes, mode, GroupCommitConfig.DEFAULT_REGION_BYTES,
                    GroupCommitConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);
        }

        GroupCommitConfig config(Path dir) {
            return config(dir, syncMethod, preallocation, mode, regionBytes, zeroFillChunkBytes);
        }

        private static GroupCommitConfig config(Path dir, SyncMethod m, Preallocation p, CommitMode mode, long region, int chunk) {
            return new GroupCommitConfig(dir, m, p, mode, 0, GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS, region, chunk,
                    AlignedBuffers.DEFAULT_ALIGNMENT);
        }

        @Override
        public String benchmark() {
            return "GroupCommit";
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("syncMethod", syncMethod.name());
            p.put("preallocation", preallocation.name());
            p.put("recordSizeBytes", String.valueOf(recordSizeBytes));
            p.put("mode", mode.name());
            p.put("regionBytes", String.valueOf(regionBytes));
            p.put("zeroFillChunkBytes", String.valueOf(zeroFillChunkBytes));
            return p;
        }

        @Override
        public String operationCounter() {
            return "commits";
        }
    }

    /** Reads a spec written by {@link #spec()}; a bad one fails naming the problem. */
    static WitnessCell parse(String spec) {
        int colon = spec.indexOf(':');
        String benchmark = colon < 0 ? spec : spec.substring(0, colon);
        CellSpecParams p = new CellSpecParams(spec, colon < 0 ? "" : spec.substring(colon + 1));
        WitnessCell cell = switch (benchmark) {
            case "SyncWriteCost" -> new SyncWrite(p.enumValue("syncMethod", SyncMethod.class), p.integer("blockSizeBytes", null),
                    p.integer("writesPerSync", null), p.enumValue("preallocation", Preallocation.class),
                    p.longValue("regionBytes", WorkloadConfig.DEFAULT_REGION_BYTES),
                    p.integer("zeroFillChunkBytes", WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES));
            case "PgTestFsyncEquivalent" -> new PgTestFsync(p.enumValue("pgMethod", PgTestFsyncLoop.Method.class));
            case "FileCreateCost" -> new FileCreate(p.bool("syncDirectory"), p.integer("blockSizeBytes", null));
            case "GroupCommit" -> new GroupCommitSingle(p.enumValue("syncMethod", SyncMethod.class),
                    p.enumValue("preallocation", Preallocation.class), p.integer("recordSizeBytes", null),
                    p.enumValue("mode", CommitMode.class),
                    p.longValue("regionBytes", GroupCommitConfig.DEFAULT_REGION_BYTES),
                    p.integer("zeroFillChunkBytes", GroupCommitConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES));
            default -> throw new IllegalArgumentException("unknown witness workload '" + benchmark + "' in '" + spec
                    + "': use SyncWriteCost, PgTestFsyncEquivalent, FileCreateCost or GroupCommit");
        };
        p.requireAllUsed();
        return cell;
    }
}
