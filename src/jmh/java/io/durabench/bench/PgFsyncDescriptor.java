package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.PgFdSyncLoop;
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

    @Setup(Level.Trial)
    public void open() {
        loop = new PgFdSyncLoop(NativeLayers.current(), BenchDirs.existing(targetDir), fsyncThrough);
    }

    @Setup(Level.Iteration)
    public void resetCounters() {
        loop.counters().reset();
    }

    @Benchmark
    public void writeAndSync(PgCounters counted) {
        loop.writeAndSync();
        counted.copy(loop.counters());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (loop != null) loop.close();
    }

    /*
     * How to run (and compare): durabench pg --dir /mnt/ext4 (every pg_test_fsync section, intervals from forks), or
     *   java -jar target/benchmarks.jar PgFsyncDescriptor -p targetDir=/mnt/ext4
     */
}
