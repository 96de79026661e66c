package io.durabench.soak;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What timing costs one soak operation, measured before the soak starts: the soak's own instrument
 * (the clock reads, recordings and published counters of one operation, with the call timing where
 * the method has a separate sync call) run {@value #REPEATS} times with no I/O in between, in
 * {@value #ROUNDS} rounds after {@value #WARMUP_ROUNDS} discarded ones (so the JIT has compiled it),
 * the median round's time per operation.
 *
 * <p><b>Kept, not subtracted.</b> At most this much lands inside an operation's latency: tens of
 * nanoseconds against syncs of tens to hundreds of microseconds, under the histograms' resolution,
 * and not a constant (a clock read that misses a cache costs more), so subtracting it would pretend
 * otherwise. The summary states it with its share of the median operation, so a soak of operations
 * of a few µs (tmpfs, NONE) says where it matters.
 */
final class TimingCost {
    static final int REPEATS = 100_000;
    static final int ROUNDS = 5;
    static final int WARMUP_ROUNDS = 3;

    private TimingCost() {
    }

    /** Nanoseconds per operation, median of the rounds. */
    static double measureNanos(boolean callsTimed) {
        SoakRecorders rec = new SoakRecorders();
        AtomicLong inFlight = new AtomicLong(), ops = new AtomicLong();
        double[] rounds = new double[ROUNDS];
        long sink = 0;
        for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < REPEATS; i++) sink += once(rec, inFlight, ops, i, callsTimed);
            long t1 = System.nanoTime();
            if (round >= 0) rounds[round] = (t1 - t0) / (double) REPEATS;
            rec.op.getIntervalHistogram();
            rec.write.getIntervalHistogram();
            rec.sync.getIntervalHistogram();
        }
        if (sink == 42) System.out.print(""); // keeps the JIT from proving the loop's values unused
        Arrays.sort(rounds);
        return rounds[ROUNDS / 2];
    }

    /** One operation's instrument, as SoakLoop and DurableWriteLoop run it around a write and a sync. */
    private static long once(SoakRecorders rec, AtomicLong inFlight, AtomicLong ops, long n, boolean callsTimed) {
        long start = System.nanoTime();
        inFlight.setRelease(start);
        if (callsTimed) {
            long writeStart = System.nanoTime();
            long writeEnd = System.nanoTime();
            rec.write(writeEnd - writeStart);
            rec.sync(System.nanoTime() - writeEnd);
        }
        long end = System.nanoTime();
        inFlight.setRelease(0);
        rec.op(end - start);
        ops.setRelease(n);
        return end - start;
    }
}
