package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.PgFdSyncLoop;
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
 * pg_test_fsync's "Test if fsync on non-write file descriptor is honored": per operation open, write
 * 8 KiB, fsync, close; or open, write, close, then open, fsync, close (what a checkpointer does with a
 * file it did not write). Similar times say fsync through another descriptor flushes the data.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PgFsyncDescriptor {

    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    /** Which descriptor the fsync goes through, with pg_test_fsync's labels. */
    @Param
    public PgFdSyncLoop.Descriptor fsyncThrough;

    private PgFdSyncLoop loop;
    /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
    private DeviceRecording device;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        Path dir = BenchDirs.existing(targetDir);
        loop = new PgFdSyncLoop(NativeLayers.current(), dir, fsyncThrough);
        device = DeviceRecording.of(params, dir);
    }

    @Setup(Level.Iteration)
    public void resetCounters(IterationParams iteration) {
        loop.counters().reset();
        device.iterationStart(iteration);
    }

    /** The device witness's window closes on the iteration's operations, what the score is per. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        device.iterationEnd(loop.counters().operations);
    }

    @Benchmark
    public void writeAndSync(PgCounters counted) {
        loop.writeAndSync();
        counted.copy(loop.counters());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (device != null) device.trialEnd();
        if (loop != null) loop.close();
    }

    /*
     * How to run (and compare): durabench pg --dir /mnt/ext4 (every pg_test_fsync section, intervals from forks), or
     *   java -jar target/benchmarks.jar PgFsyncDescriptor -p targetDir=/mnt/ext4
     */
}
