package io.durabench.bench;

import io.durabench.nativeio.NoOpCall;
import io.durabench.workload.CallLatencies;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of one system call that does nothing (getppid) through durabench's native path: the floor
 * under every row, and what the JVM adds per call next to the C twin's same row. Caveat: the
 * kernel's side of getppid is tens of nanoseconds; the rest is the call path. And the cost of the
 * instrument itself: timing one write and its sync (callTimer).
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

    /** The histograms the timed loop records into; fresh per fork. */
    @State(Scope.Thread)
    public static class Timing {
        final CallLatencies latencies = new CallLatencies();
    }

    /**
     * What timing a write and its sync adds to one operation, and nothing else: the loop's three
     * clock reads (the write's end is the sync's start) and two histogram records, with no call in
     * between. The op-time rows of timed cells carry this on top of their calls.
     */
    @Benchmark
    public long callTimer(Timing t) {
        long start = System.nanoTime();
        long writeEnd = System.nanoTime();
        t.latencies.write(writeEnd - start);
        long syncEnd = System.nanoTime();
        t.latencies.sync(syncEnd - writeEnd);
        return syncEnd;
    }

    /*
     * How to run:
     *   java -jar target/benchmarks.jar NativeCallCost
     * Expect a fraction of a microsecond; the C twin's NativeCallCost.getppid row is the same call without the JVM.
     */
}
