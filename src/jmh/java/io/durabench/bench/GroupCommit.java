package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.Committer;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import io.durabench.workload.groupcommit.GroupCommitLog;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * Durable commits per second when JMH's threads are concurrent committers on one log:
 * {@code groupCommit} shares syncs (leader/follower, PostgreSQL's commit_delay/commit_siblings),
 * {@code eachSyncsAlone} is the reference without group commit (write, then one's own sync, same
 * file). One operation is one commit that returned durable; Throughput sums over threads, SampleTime
 * gives the commit latency percentiles. Secondary metrics per iteration: commits, syncs (payload
 * syncs issued), bytes, delays (leaders that waited commitDelayMicros); syncs per commit =
 * syncs / commits. Caveat: on 2 CPUs, 16 committers also measure scheduling, not only the disk.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class GroupCommit {

    /** What both variants share. One log per trial, shared by every JMH thread. */
    @State(Scope.Benchmark)
    public abstract static class SharedLog {
        @Param({Catalogue.DEFAULT_TARGET_DIR})
        public String targetDir;

        /** Must equal JMH's thread count (-t): recorded as a param so results say how many committed. */
        @Param({"1"})
        public int committers;

        @Param({"128", "8192"})
        public int recordSizeBytes;

        /** A method with a sync to share (GroupCommitConfig.GROUPABLE: FSYNC, FDATASYNC, CHANNEL_FORCE_*, STREAM_FD_SYNC). */
        @Param({"FDATASYNC"})
        public SyncMethod syncMethod;

        /** NONE (append) or ZERO_FILL (in-place overwrites of synced zeros, like PostgreSQL's WAL segments). */
        @Param({"ZERO_FILL"})
        public Preallocation preallocation;

        GroupCommitLog log;
        /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
        private DeviceRecording device;
        /** The log's commits when the iteration's window opened: the window's operations are the commits since. */
        private long commitsAtStart;

        abstract GroupCommitConfig config(Path dir);

        @Setup(Level.Trial)
        public void openLog(BenchmarkParams params) {
            if (params.getThreads() != committers) {
                throw new IllegalArgumentException("committers=" + committers + " but JMH runs " + params.getThreads()
                        + " threads: pass the same number to both, e.g. -t 8 -p committers=8 (one JMH run per committer count)");
            }
            Path dir = BenchDirs.existing(targetDir);
            log = GroupCommitLog.open(NativeLayers.current(), config(dir));
            device = DeviceRecording.of(params, dir);
        }

        /** Once per iteration for all committers (Scope.Benchmark), before any of them commits. */
        @Setup(Level.Iteration)
        public void openWindow(IterationParams iteration) {
            commitsAtStart = log.counters().commits();
            device.iterationStart(iteration);
        }

        /**
         * Once per iteration, after every committer left its measured loop: the window closes on the commits every
         * thread made in it (the log's count, summed over committers: what commits/s counts). A commit another
         * committer is still finishing as JMH releases the threads may fall on either side: at most one per committer.
         */
        @TearDown(Level.Iteration)
        public void closeWindow() {
            device.iterationEnd(log.counters().commits() - commitsAtStart);
        }

        @TearDown(Level.Trial)
        public void closeLog() {
            if (device != null) device.trialEnd();
            if (log != null) log.close();
        }
    }

    @State(Scope.Benchmark)
    public static class GroupLog extends SharedLog {
        /** How long a leader waits for companions before its sync; 0 = never (PostgreSQL commit_delay). */
        @Param({"0", "100"})
        public long commitDelayMicros;

        /** The leader waits only when at least this many other committers are in a commit (commit_siblings). */
        @Param({"1"})
        public int commitSiblings;

        @Override
        GroupCommitConfig config(Path dir) {
            return GroupCommitConfig.of(dir, syncMethod, preallocation, CommitMode.GROUP, commitDelayMicros, commitSiblings);
        }
    }

    @State(Scope.Benchmark)
    public static class AloneLog extends SharedLog {
        @Override
        GroupCommitConfig config(Path dir) {
            return GroupCommitConfig.of(dir, syncMethod, preallocation, CommitMode.ALONE, 0, GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS);
        }
    }

    /** This thread's committer and what it did in the iteration, as secondary metrics (summed over threads). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CommitterCounters {
        public long commits;
        public long syncs;
        public long bytes;
        public long delays;
        private Committer committer;

        @Setup(Level.Iteration)
        public void clean() {
            commits = syncs = bytes = delays = 0;
            if (committer != null) committer.reset();
        }

        long commit(SharedLog shared) {
            if (committer == null) committer = shared.log.newCommitter();
            long position = committer.commit(shared.recordSizeBytes);
            // Four plain stores per commit: noise next to a sync.
            commits = committer.commits;
            syncs = committer.syncs;
            bytes = committer.bytes;
            delays = committer.delays;
            return position;
        }
    }

    @Benchmark
    public long groupCommit(GroupLog log, CommitterCounters counters) {
        return counters.commit(log);
    }

    @Benchmark
    public long eachSyncsAlone(AloneLog log, CommitterCounters counters) {
        return counters.commit(log);
    }

    /*
     * How to run (one JMH run per committer count; -t and committers must match):
     *   java -jar target/benchmarks.jar 'GroupCommit\.' -t 8 -p committers=8 -p targetDir=/mnt/ext4 -bm thrpt,sample
     * or ./durabench run --profile standard --dir DIR -- GroupCommit for the whole matrix (one cell per committer count).
     * Expect eachSyncsAlone at ~1 sync per commit and groupCommit well below 1 once committers > 1,
     * its commits/s growing with committers until the CPU or the flush queue saturates (the knee),
     * while SampleTime p99 keeps rising.
     */
}
