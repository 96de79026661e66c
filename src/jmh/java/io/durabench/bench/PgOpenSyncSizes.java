package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.PgOpenSyncLoop;
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
 * pg_test_fsync's "Compare open_sync with different write sizes": 16 KiB per operation through one
 * O_RDWR|O_SYNC|O_DIRECT descriptor, as 1 x 16 kB, 2 x 8 kB, 4 x 4 kB, 8 x 2 kB or 16 x 1 kB writes
 * (the per-write flush is what grows). n/a where O_DIRECT is refused or the write is smaller than a sector.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PgOpenSyncSizes {

    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    /** Every write size of pg_test_fsync's section, in its order (the enum's). */
    @Param
    public PgOpenSyncLoop.Size openSyncWrites;

    private PgOpenSyncLoop loop;
    /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
    private DeviceRecording device;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        Path dir = BenchDirs.existing(targetDir);
        loop = new PgOpenSyncLoop(NativeLayers.current(), dir, openSyncWrites);
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
    public void write16k(PgCounters counted) {
        loop.writeSixteenKiB();
        counted.copy(loop.counters());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (device != null) device.trialEnd();
        if (loop != null) loop.close();
    }

    /*
     * How to run (and compare): durabench pg --dir /mnt/ext4 (every pg_test_fsync section, intervals from forks), or
     *   java -jar target/benchmarks.jar PgOpenSyncSizes -p targetDir=/mnt/ext4
     */
}
