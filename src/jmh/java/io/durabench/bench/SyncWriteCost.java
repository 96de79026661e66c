package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * Time per write of a block made durable by a sync method, one sync per {@code writesPerSync}
 * writes, into space prepared by a preallocation strategy. One invocation is one write, so the
 * score is per write whatever the batch (batch 100 is directly comparable with batch 1); under
 * SampleTime the write that carries the sync shows in the tail percentiles.
 * Caveat: a device whose write cache ignores flushes makes durable methods look cheap.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SyncWriteCost {

    /** Where the log file lives; relative paths are resolved against the working directory. */
    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    /** No values listed: JMH takes every SyncMethod constant, so a new method needs no edit here. */
    @Param
    public SyncMethod syncMethod;

    @Param({"512", "4096", "8192", "16384", "65536"})
    public int blockSizeBytes;

    /** One sync per this many writes; only methods with an explicit sync accept more than 1. */
    @Param({"1", "10", "100"})
    public int writesPerSync;

    /** Every Preallocation constant. */
    @Param
    public Preallocation preallocation;

    private DurableWriteLoop loop;
    /** Write and sync calls timed apart (for methods with a separate sync) when the suite asks; null otherwise. */
    private CallTiming timing;
    /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
    private DeviceRecording device;

    /** A method this fork's JVM cannot run (virtual threads on JDK 17) fails here with the one-line reason. */
    @Setup(Level.Trial)
    public void openLog(BenchmarkParams params) {
        syncMethod.unavailableOn(Runtime.version()).ifPresent(why -> {
            throw new UnsupportedOperationException(why);
        });
        Path dir = BenchDirs.existing(targetDir);
        loop = DurableWriteLoop.open(NativeLayers.current(), WorkloadConfig.of(dir, syncMethod, blockSizeBytes, writesPerSync, preallocation));
        timing = CallTiming.of(params);
        device = DeviceRecording.of(params, dir);
    }

    /** Each iteration starts from a fresh, freshly preallocated file (outside the measured time). */
    @Setup(Level.Iteration)
    public void startOver(IterationParams iteration) {
        loop.restart();
        loop.counters().reset();
        if (timing != null) timing.iteration(iteration, loop);
        device.iterationStart(iteration);
    }

    /** The device witness's window closes on the iteration's writes, before anything else touches the target. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        device.iterationEnd(loop.counters().writes);
    }

    @Benchmark
    public void writeBlock(IssuedCounters issued) {
        loop.writeOne();
        issued.copy(loop.counters());
    }

    /**
     * Syncs an incomplete batch, then closes and deletes, the delete happening even when that last
     * sync fails (whose error still fails the trial). A loop whose operation failed has already
     * deleted its file (it fails closed): JMH's trial teardown is no finally, and may not run at all.
     */
    @TearDown(Level.Trial)
    public void closeLog() {
        if (device != null) device.trialEnd();
        if (loop == null || !loop.isOpen()) return;
        try {
            if (timing != null) timing.trialEnd(loop);
            loop.syncPending();
        } finally {
            loop.close();
        }
    }

    /*
     * How to run:
     *   java -jar target/benchmarks.jar SyncWriteCost -p targetDir=/mnt/ext4 -p syncMethod=NONE,FDATASYNC \
     *        -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE,ZERO_FILL -bm avgt,sample
     * Expect NONE in single-digit µs and FDATASYNC hundreds of µs to ms on a real disk; on ext4 and
     * XFS ZERO_FILL cheaper than NONE for FDATASYNC (no metadata to journal), not on btrfs.
     */
}
