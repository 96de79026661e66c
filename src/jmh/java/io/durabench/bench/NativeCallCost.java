package io.durabench.bench;

import io.durabench.nativeio.NoOpCall;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of one system call that does nothing (getppid) through durabench's native path: the floor
 * under every row, and what the JVM adds per call next to the C twin's same row. Caveat: the
 * kernel's side of getppid is tens of nanoseconds; the rest is the call path.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 5, time = 1)
public class NativeCallCost {

    @Benchmark
    public int getppid() {
        return NoOpCall.getppid();
    }

    /*
     * How to run:
     *   java -jar target/benchmarks.jar NativeCallCost
     * Expect a fraction of a microsecond; the C twin's NativeCallCost.getppid row is the same call without the JVM.
     */
}
