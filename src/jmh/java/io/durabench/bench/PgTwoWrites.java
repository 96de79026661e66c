package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.PgTestFsyncLoop;
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
 * pg_test_fsync's "Compare file sync methods using two 8kB writes": per operation 8 KiB at offset 0
 * and 8 KiB at 8192 of the pre-written 16 MiB file, then the method's one sync (open_datasync and
 * open_sync: each write syncs itself). One operation is the two writes and their sync.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PgTwoWrites {

    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    /** Every method of pg_test_fsync's table, in its order (the enum's); WRITE is not in this table (n/a by design). */
    @Param
    public PgTestFsyncLoop.Method pgMethod;

    private PgTestFsyncLoop loop;
    /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
    private DeviceRecording device;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        Path dir = BenchDirs.existing(targetDir);
        loop = new PgTestFsyncLoop(NativeLayers.current(), dir, pgMethod);
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
    public void rewriteTwoBlocks(PgCounters counted) {
        loop.writeTwo();
        counted.copy(loop.counters());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (device != null) device.trialEnd();
        if (loop != null) loop.close();
    }

    /*
     * How to run (and compare): durabench pg --dir /mnt/ext4 (every pg_test_fsync section, intervals from forks), or
     *   java -jar target/benchmarks.jar PgTwoWrites -p targetDir=/mnt/ext4
     */
}
