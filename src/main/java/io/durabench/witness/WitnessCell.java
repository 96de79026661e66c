package io.durabench.witness;

import io.durabench.catalogue.Benchmark;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.FileCreateFamily;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.PgTestFsyncFamily;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.catalogue.WorkloadSize;
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

    /** The benchmark catalogue's cell this workload is, writing into {@code dir}. */
    Cell catalogueCell(Path dir);

    /** The region and zero-fill chunk its workload is opened with. */
    WorkloadSize size();

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
            return Catalogue.SYNC_WRITE_COST.simpleName();
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put(SyncWriteCostFamily.SYNC_METHOD.name(), syncMethod.name());
            p.put(SyncWriteCostFamily.BLOCK_SIZE.name(), String.valueOf(blockSizeBytes));
            p.put(SyncWriteCostFamily.WRITES_PER_SYNC.name(), String.valueOf(writesPerSync));
            p.put(SyncWriteCostFamily.PREALLOCATION.name(), preallocation.name());
            p.put(REGION, String.valueOf(regionBytes));
            p.put(CHUNK, String.valueOf(zeroFillChunkBytes));
            return p;
        }

        @Override
        public Cell catalogueCell(Path dir) {
            return Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(Catalogue.TARGET_DIR, dir.toString())
                    .with(SyncWriteCostFamily.SYNC_METHOD, syncMethod).with(SyncWriteCostFamily.BLOCK_SIZE, blockSizeBytes)
                    .with(SyncWriteCostFamily.WRITES_PER_SYNC, writesPerSync).with(SyncWriteCostFamily.PREALLOCATION, preallocation);
        }

        @Override
        public WorkloadSize size() {
            return new WorkloadSize(regionBytes, zeroFillChunkBytes);
        }
    }

    /** {@code PgTestFsyncEquivalent}: pg_test_fsync's 8 KiB rewrite at offset 0. */
    record PgTestFsync(PgTestFsyncLoop.Method pgMethod) implements WitnessCell {
        @Override
        public String benchmark() {
            return Catalogue.PG_TEST_FSYNC.simpleName();
        }

        @Override
        public Map<String, String> params() {
            return Map.of(PgTestFsyncFamily.PG_METHOD.name(), pgMethod.name());
        }

        @Override
        public Cell catalogueCell(Path dir) {
            return Cell.of(Catalogue.PG_TEST_FSYNC.rewriteFirstBlock()).with(Catalogue.TARGET_DIR, dir.toString())
                    .with(PgTestFsyncFamily.PG_METHOD, pgMethod);
        }

        @Override
        public WorkloadSize size() {
            return WorkloadSize.DEFAULT;
        }
    }

    /** {@code FileCreateCost}: create + write one block + fsync, and optionally fsync the directory. */
    record FileCreate(boolean syncDirectory, int blockSizeBytes) implements WitnessCell {
        public FileCreate {
            if (blockSizeBytes <= 0) throw new IllegalArgumentException("blockSizeBytes must be positive, not " + blockSizeBytes);
        }

        @Override
        public String benchmark() {
            return Catalogue.FILE_CREATE.simpleName();
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put(FileCreateFamily.SYNC_DIRECTORY.name(), String.valueOf(syncDirectory));
            p.put(SyncWriteCostFamily.BLOCK_SIZE.name(), String.valueOf(blockSizeBytes));
            return p;
        }

        @Override
        public Cell catalogueCell(Path dir) {
            return Cell.of(Catalogue.FILE_CREATE.createWriteSync()).with(Catalogue.TARGET_DIR, dir.toString())
                    .with(SyncWriteCostFamily.BLOCK_SIZE, blockSizeBytes).with(FileCreateFamily.SYNC_DIRECTORY, syncDirectory);
        }

        @Override
        public WorkloadSize size() {
            return WorkloadSize.DEFAULT;
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
            return Catalogue.GROUP_COMMIT.simpleName();
        }

        @Override
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put(GroupCommitFamily.SYNC_METHOD.name(), syncMethod.name());
            p.put(GroupCommitFamily.PREALLOCATION.name(), preallocation.name());
            p.put(GroupCommitFamily.RECORD_SIZE.name(), String.valueOf(recordSizeBytes));
            p.put(MODE, mode.name());
            p.put(REGION, String.valueOf(regionBytes));
            p.put(CHUNK, String.valueOf(zeroFillChunkBytes));
            return p;
        }

        /** One committer, no commit delay: GROUP is groupCommit, ALONE the each-syncs-alone reference. */
        @Override
        public Cell catalogueCell(Path dir) {
            GroupCommitFamily gc = Catalogue.GROUP_COMMIT;
            Benchmark b = mode == CommitMode.ALONE ? gc.eachSyncsAlone() : gc.groupCommit();
            Cell c = Cell.of(b).with(Catalogue.TARGET_DIR, dir.toString()).with(GroupCommitFamily.COMMITTERS, 1)
                    .with(GroupCommitFamily.RECORD_SIZE, recordSizeBytes).with(GroupCommitFamily.SYNC_METHOD, syncMethod)
                    .with(GroupCommitFamily.PREALLOCATION, preallocation);
            return mode == CommitMode.ALONE ? c
                    : c.with(GroupCommitFamily.COMMIT_DELAY, 0L).with(GroupCommitFamily.COMMIT_SIBLINGS, GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS);
        }

        @Override
        public WorkloadSize size() {
            return new WorkloadSize(regionBytes, zeroFillChunkBytes);
        }
    }

    /**
     * The witness cell of a run's cell, at the benchmarks' sizes. A group-commit cell is witnessed
     * with one committer and no commit delay: the witnessed JVM runs one thread, and what is checked
     * is the syscalls each commit makes, not how committers share them.
     */
    /** Whether the witness has rules for the cell's family (every family that writes). */
    static boolean supports(Cell cell) {
        return cell.family() != Catalogue.NATIVE_CALL_COST;
    }

    static WitnessCell from(Cell cell) {
        if (cell.family() == Catalogue.SYNC_WRITE_COST) {
            return new SyncWrite(cell.get(SyncWriteCostFamily.SYNC_METHOD), cell.get(SyncWriteCostFamily.BLOCK_SIZE),
                    cell.get(SyncWriteCostFamily.WRITES_PER_SYNC), cell.get(SyncWriteCostFamily.PREALLOCATION));
        }
        if (cell.family() == Catalogue.PG_TEST_FSYNC) return new PgTestFsync(cell.get(PgTestFsyncFamily.PG_METHOD));
        if (cell.family() == Catalogue.FILE_CREATE) {
            return new FileCreate(cell.get(FileCreateFamily.SYNC_DIRECTORY), cell.get(SyncWriteCostFamily.BLOCK_SIZE));
        }
        if (cell.family() == Catalogue.GROUP_COMMIT) {
            return new GroupCommitSingle(cell.get(GroupCommitFamily.SYNC_METHOD), cell.get(GroupCommitFamily.PREALLOCATION),
                    cell.get(GroupCommitFamily.RECORD_SIZE),
                    Catalogue.GROUP_COMMIT.isReference(cell.benchmark()) ? CommitMode.ALONE : CommitMode.GROUP);
        }
        throw new IllegalArgumentException("the syscall witness has no rules for " + cell.benchmark());
    }

    /** Spec keys of the witness's own (not JMH parameters): region, chunk, group-commit mode. */
    String REGION = "regionBytes";
    String CHUNK = "zeroFillChunkBytes";
    String MODE = "mode";

    /** Reads a spec written by {@link #spec()}; a bad one fails naming the problem. */
    static WitnessCell parse(String spec) {
        int colon = spec.indexOf(':');
        String benchmark = colon < 0 ? spec : spec.substring(0, colon);
        CellSpecParams p = new CellSpecParams(spec, colon < 0 ? "" : spec.substring(colon + 1));
        WitnessCell cell;
        if (benchmark.equals(Catalogue.SYNC_WRITE_COST.simpleName())) {
            cell = new SyncWrite(p.enumValue(SyncWriteCostFamily.SYNC_METHOD.name(), SyncMethod.class),
                    p.integer(SyncWriteCostFamily.BLOCK_SIZE.name(), null), p.integer(SyncWriteCostFamily.WRITES_PER_SYNC.name(), null),
                    p.enumValue(SyncWriteCostFamily.PREALLOCATION.name(), Preallocation.class),
                    p.longValue(REGION, WorkloadConfig.DEFAULT_REGION_BYTES), p.integer(CHUNK, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES));
        } else if (benchmark.equals(Catalogue.PG_TEST_FSYNC.simpleName())) {
            cell = new PgTestFsync(p.enumValue(PgTestFsyncFamily.PG_METHOD.name(), PgTestFsyncLoop.Method.class));
        } else if (benchmark.equals(Catalogue.FILE_CREATE.simpleName())) {
            cell = new FileCreate(p.bool(FileCreateFamily.SYNC_DIRECTORY.name()), p.integer(SyncWriteCostFamily.BLOCK_SIZE.name(), null));
        } else if (benchmark.equals(Catalogue.GROUP_COMMIT.simpleName())) {
            cell = new GroupCommitSingle(p.enumValue(GroupCommitFamily.SYNC_METHOD.name(), SyncMethod.class),
                    p.enumValue(GroupCommitFamily.PREALLOCATION.name(), Preallocation.class), p.integer(GroupCommitFamily.RECORD_SIZE.name(), null),
                    p.enumValue(MODE, CommitMode.class), p.longValue(REGION, GroupCommitConfig.DEFAULT_REGION_BYTES),
                    p.integer(CHUNK, GroupCommitConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES));
        } else {
            throw new IllegalArgumentException("unknown witness workload '" + benchmark + "' in '" + spec + "': use "
                    + String.join(", ", Catalogue.families().stream().filter(f -> f != Catalogue.NATIVE_CALL_COST).map(f -> f.simpleName()).toList()));
        }
        p.requireAllUsed();
        return cell;
    }
}
