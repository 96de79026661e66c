package io.durabench.witness;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.FileCreation;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.WriteCounters;
import io.durabench.workload.groupcommit.Committer;
import io.durabench.workload.groupcommit.GroupCommitCounters;
import io.durabench.workload.groupcommit.GroupCommitLog;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the workload a {@link WitnessCell} names, exactly as its JMH benchmark builds it (same
 * classes, same configuration), behind the small {@link WitnessedWorkload} seam. The one place that
 * knows how a cell becomes a workload: when cells come from the benchmark catalogue, this is the
 * class to replace.
 */
public final class WitnessWorkloads {
    private WitnessWorkloads() {
    }

    /** Opens the workload of {@code cell} in {@code dir}: its setup runs here, before any marker. */
    public static WitnessedWorkload open(WitnessCell cell, Path dir, Syscalls sys) {
        if (cell instanceof WitnessCell.SyncWrite c) {
            DurableWriteLoop loop = DurableWriteLoop.open(sys, c.config(dir));
            return of(loop::writeOne, () -> writeCounters(loop.counters()), loop::close);
        }
        if (cell instanceof WitnessCell.PgTestFsync c) {
            PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, dir, c.pgMethod());
            return of(loop::writeOne, () -> writeCounters(loop.counters()), loop::close);
        }
        if (cell instanceof WitnessCell.FileCreate c) {
            FileCreation creation = new FileCreation(sys, dir, c.blockSizeBytes(), c.syncDirectory());
            return of(creation::createOne, () -> writeCounters(creation.counters()), creation::close);
        }
        if (cell instanceof WitnessCell.GroupCommitSingle c) {
            GroupCommitLog log = GroupCommitLog.open(sys, c.config(dir));
            Committer committer = log.newCommitter();
            return of(() -> committer.commit(c.recordSizeBytes()), () -> groupCounters(log.counters()), log::close);
        }
        throw new IllegalArgumentException("no workload for " + cell.spec());
    }

    /** The durable-write counters by field name (WriteCounters' own names). */
    static Map<String, Long> writeCounters(WriteCounters c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("writes", c.writes);
        m.put("bytes", c.bytes);
        m.put("syncCalls", c.syncCalls);
        m.put("syncedWrites", c.syncedWrites);
        m.put("preallocBytes", c.preallocBytes);
        m.put("preallocSyncs", c.preallocSyncs);
        m.put("recycles", c.recycles);
        return m;
    }

    /** The group-commit log's counters by component name. */
    static Map<String, Long> groupCounters(GroupCommitCounters c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("commits", c.commits());
        m.put("syncs", c.syncs());
        m.put("bytes", c.bytes());
        m.put("delays", c.delays());
        m.put("zeroFillSyncs", c.zeroFillSyncs());
        m.put("recycles", c.recycles());
        return m;
    }

    private static WitnessedWorkload of(Runnable operate, java.util.function.Supplier<Map<String, Long>> counters, Runnable close) {
        return new WitnessedWorkload() {
            @Override
            public void operate() {
                operate.run();
            }

            @Override
            public Map<String, Long> counters() {
                return counters.get();
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }
}
