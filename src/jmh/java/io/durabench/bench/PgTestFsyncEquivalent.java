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
 * pg_test_fsync's one-8kB-write table (rewrite 8 KiB at offset 0 of a pre-written, synced 16 MiB
 * file), so the harness can be checked against pg_test_fsync on the same directory.
 * Caveat: pg_test_fsync reports one 5 s average per method; compare medians over several runs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PgTestFsyncEquivalent {

    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    /** Every method of pg_test_fsync's table, in its order (the enum's). */
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

    /** The device witness's window closes on the iteration's writes (one per operation), what the score is per. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        device.iterationEnd(loop.counters().writes);
    }

    @Benchmark
    public void rewriteFirstBlock(IssuedCounters issued) {
        loop.writeOne();
        issued.copy(loop.counters());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (device != null) device.trialEnd();
        if (loop != null) loop.close();
    }

    /*
     * How to run (and compare):
     *   java -jar target/benchmarks.jar PgTestFsyncEquivalent -p targetDir=/mnt/ext4
     *   /usr/lib/postgresql/15/bin/pg_test_fsync -s 5 -f /mnt/ext4/x
     * Or scripts/fidelity.sh, which alternates the two. Expect the usecs/op of each method within ~15%.
     */
}
