package io.durabench.bench;

import io.durabench.catalogue.Catalogue;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.FileCreation;
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
 * Time to create a durable file: create + write one block + fsync, with and without the fsync of
 * the directory that makes the new name itself durable. Caveat: created files are deleted between
 * iterations, so a long iteration on a fast filesystem grows the directory while it is measured.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class FileCreateCost {

    @Param({Catalogue.DEFAULT_TARGET_DIR})
    public String targetDir;

    @Param({"8192"})
    public int blockSizeBytes;

    /** Whether the directory is fsynced after the file: without it the name is not durable. */
    @Param({"false", "true"})
    public boolean syncDirectory;

    private FileCreation creation;
    /** What reached the target's block devices in the measurement iterations, when the suite asks (DeviceRecording). */
    private DeviceRecording device;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        Path dir = BenchDirs.existing(targetDir);
        creation = new FileCreation(NativeLayers.current(), dir, blockSizeBytes, syncDirectory);
        device = DeviceRecording.of(params, dir);
    }

    @Setup(Level.Iteration)
    public void resetCounters(IterationParams iteration) {
        creation.counters().reset();
        device.iterationStart(iteration);
    }

    @Benchmark
    public void createWriteSync(IssuedCounters issued) {
        creation.createOne();
        issued.copy(creation.counters());
    }

    /** The device witness's window closes on the iteration's files (one write each) before they are deleted. */
    @TearDown(Level.Iteration)
    public void deleteCreated() {
        device.iterationEnd(creation.counters().writes);
        creation.deleteCreated();
    }

    @TearDown(Level.Trial)
    public void close() {
        if (device != null) device.trialEnd();
        if (creation != null) creation.close();
    }

    /*
     * How to run:
     *   java -jar target/benchmarks.jar FileCreateCost -p targetDir=/mnt/ext4
     * Expect syncDirectory=true to cost one more journal commit (roughly another fsync) on ext4/XFS.
     */
}
