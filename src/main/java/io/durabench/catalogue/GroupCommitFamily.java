package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.Committer;
import io.durabench.workload.groupcommit.GroupCommitCounters;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import io.durabench.workload.groupcommit.GroupCommitLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Mode;

/**
 * GroupCommit: concurrent committers (JMH threads) on one log, sharing syncs ({@code groupCommit})
 * or each syncing alone ({@code eachSyncsAlone}); one operation is one commit that returned durable.
 * Measured in commits/s (Throughput) and commit latency (SampleTime).
 */
public final class GroupCommitFamily extends BenchmarkFamily {
    /** Must equal JMH's thread count: the cell runs with that many threads. */
    public static final Parameter<Integer> COMMITTERS = Parameter.ofInt("committers", 1, 1024,
            "committers are JMH threads", Parameter.plainLabel("committers"));
    public static final Parameter<Integer> RECORD_SIZE = Parameter.ofInt("recordSizeBytes", 1, (int) GroupCommitConfig.DEFAULT_REGION_BYTES,
            "a record must fit the 64 MiB log region", Parameter.plainLabel("recordSizeBytes"));
    /** Only methods with a sync call to share: the O_DSYNC family makes every write its own flush. */
    public static final Parameter<SyncMethod> SYNC_METHOD = Parameter.ofEnum("syncMethod", SyncMethod.class,
            GroupCommitConfig.GROUPABLE, Parameter.plainLabel("syncMethod"));
    public static final Parameter<Preallocation> PREALLOCATION = Parameter.ofEnum("preallocation", Preallocation.class,
            GroupCommitConfig.PREALLOCATIONS, Parameter.plainLabel("preallocation"));
    public static final Parameter<Long> COMMIT_DELAY = Parameter.ofLong("commitDelayMicros", 0, 1_000_000,
            "PostgreSQL's commit_delay, at most 1 s", Parameter.plainLabel("commitDelayMicros"));
    public static final Parameter<Integer> COMMIT_SIBLINGS = Parameter.ofInt("commitSiblings", 0, 1024,
            "PostgreSQL's commit_siblings", Parameter.plainLabel("commitSiblings"));

    private static final List<Integer> ALL_COMMITTERS = List.of(1, 2, 4, 8, 16);

    /** Group commit is about commits/s summed over committers and the latency each one sees. */
    static final List<Mode> MODES = List.of(Mode.Throughput, Mode.SampleTime);

    private final Benchmark groupCommit = declare("groupCommit", List.of(Catalogue.TARGET_DIR, COMMITTERS, RECORD_SIZE, SYNC_METHOD,
            PREALLOCATION, COMMIT_DELAY, COMMIT_SIBLINGS), MODES);
    private final Benchmark eachSyncsAlone = declare("eachSyncsAlone", List.of(Catalogue.TARGET_DIR, COMMITTERS, RECORD_SIZE, SYNC_METHOD,
            PREALLOCATION), MODES);

    GroupCommitFamily() {
        super("GroupCommit", Operation.COMMIT, Counters.COMMITTER, new GroupCommitCalls());
    }

    public Benchmark groupCommit() {
        return groupCommit;
    }

    /** The reference without group commit: each committer writes, then issues its own sync. */
    public Benchmark eachSyncsAlone() {
        return eachSyncsAlone;
    }

    /**
     * Standard and full only: one cell per committer count (JMH's thread count is a run option, and
     * committers must equal it), records of 128 B and 8 KiB, commit delay 0 and 100 µs, and
     * each-syncs-alone beside each. Method, preallocation and siblings are fixed too (FDATASYNC,
     * ZERO_FILL, 1 unless -p says otherwise), so every cell says exactly what it measured.
     */
    @Override
    public List<Cell> plan(PlanRequest request) {
        List<Cell> cells = new ArrayList<>();
        if (request.sweep() != Sweep.STANDARD && request.sweep() != Sweep.FULL) return cells;
        List<SyncMethod> methods = request.acceptedOr(SYNC_METHOD, List.of(SyncMethod.FDATASYNC));
        List<Preallocation> preallocs = request.acceptedOr(PREALLOCATION, List.of(Preallocation.ZERO_FILL));
        for (int committers : request.axis(COMMITTERS, ALL_COMMITTERS)) {
            for (int record : request.axis(RECORD_SIZE, List.of(128, 8192))) {
                for (SyncMethod m : methods) {
                    for (Preallocation p : preallocs) {
                        Cell group = request.cell(groupCommit()).with(COMMITTERS, committers).with(RECORD_SIZE, record)
                                .with(SYNC_METHOD, m).with(PREALLOCATION, p);
                        for (long delay : request.axis(COMMIT_DELAY, List.of(0L, 100L))) {
                            for (int siblings : request.axis(COMMIT_SIBLINGS, List.of(1))) {
                                cells.add(group.with(COMMIT_DELAY, delay).with(COMMIT_SIBLINGS, siblings));
                            }
                        }
                        cells.add(request.cell(eachSyncsAlone()).with(COMMITTERS, committers).with(RECORD_SIZE, record)
                                .with(SYNC_METHOD, m).with(PREALLOCATION, p));
                    }
                }
            }
        }
        return cells;
    }

    @Override
    public Parameter<SyncMethod> methodAxis() {
        return SYNC_METHOD;
    }

    /** Group commit compares committer counts and variants, not methods: no baseline method. */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.empty();
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.ofNullable(((SyncMethod) methodValue).notDurableBecause());
    }

    @Override
    public int threads(Cell cell) {
        return cell.find(COMMITTERS).orElse(1);
    }

    public boolean isReference(Benchmark b) {
        return b.equals(eachSyncsAlone());
    }

    /** One committer on a small log: enough to see whether the filesystem takes the method at all. */
    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        GroupCommitLog log = GroupCommitLog.open(sys, config(cell, size));
        Committer committer = log.newCommitter();
        Supplier<GroupCommitCounters> logCounters = log::counters;
        int record = cell.find(RECORD_SIZE).orElse(128);
        return new OperationLoop() {
            @Override
            public void operate() {
                committer.commit(record);
            }

            /** A commit returns only once a sync covers its record, and this loop is the log's only committer. */
            @Override
            public boolean atDurablePoint() {
                return true;
            }

            @Override
            public Map<String, Long> counters() {
                Map<String, Long> m = new LinkedHashMap<>();
                m.put(Counters.COMMITS, committer.commits);
                m.put(Counters.SYNCS, committer.syncs);
                m.put(Counters.BYTES, committer.bytes);
                m.put(Counters.DELAYS, committer.delays);
                // Kept by the log, not published by the benchmark: what the syscall witness also needs.
                GroupCommitCounters log = logCounters.get();
                m.put(Counters.ZERO_FILL_SYNCS, log.zeroFillSyncs());
                m.put(Counters.RECYCLES, log.recycles());
                m.put(Counters.SHORT_WRITES, log.shortWrites());
                m.put(Counters.INTERRUPTED_WRITES, log.interruptedWrites());
                return m;
            }

            @Override
            public void close() {
                log.close();
            }
        };
    }

    /** The log a cell opens at a size: one committer's view of it (GROUP is groupCommit, ALONE each-syncs-alone). */
    GroupCommitConfig config(Cell cell, WorkloadSize size) {
        boolean alone = isReference(cell.benchmark());
        int chunk = (int) Math.min(size.zeroFillChunkBytes(), size.regionBytes());
        return GroupCommitConfig.of(cell.targetPath(), cell.find(SYNC_METHOD).orElse(SyncMethod.FDATASYNC),
                        cell.find(PREALLOCATION).orElse(Preallocation.NONE), alone ? CommitMode.ALONE : CommitMode.GROUP,
                        alone ? 0 : cell.find(COMMIT_DELAY).orElse(0L), cell.find(COMMIT_SIBLINGS).orElse(GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS))
                .withRegionBytes(size.regionBytes(), chunk);
    }
}
