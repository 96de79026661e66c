package io.durabench.soak;

import io.durabench.stats.MedianEstimate;
import java.util.ArrayList;
import java.util.List;

/**
 * The stall rule: a second stalls when its p99 (or the age of the operation in flight at its end,
 * {@link SecondStats#stallLatencyUs()}) exceeds {@value #FACTOR} x the run's median per-second p99,
 * and exceeds {@value #FLOOR_US} µs in any case. Adjacent stalled seconds are one stall.
 *
 * <p><b>Why 5.</b> An undisturbed disk's per-second p99 wanders within a few times its median, and
 * the storage stalls on its own now and then, while a competing writer's flushes put seconds about
 * 10x over the median: 5x lies between, and a smaller factor would list more of the disk's own
 * noise as stalls (docs/soak.md has the figures).
 *
 * <p><b>Why a floor of 1 ms.</b> Relative rules break where latency is tiny: on tmpfs or with
 * NONE the median p99 is a few µs and a scheduler hiccup or a GC pause makes a second 5x that,
 * which is the JVM, not the storage. Below a millisecond a soak cannot tell the two apart, and a
 * pause under a millisecond is no stall a database's users notice.
 */
public final class Stalls {
    /** A stalled second's p99 exceeds this many times the run's median per-second p99. */
    public static final double FACTOR = 5;
    /** ... and this, in µs. */
    public static final double FLOOR_US = 1000;

    /** One stall: seconds {@code [fromSecond, toSecond)}, its worst per-second p99 and worst latency. */
    public record Stall(int fromSecond, int toSecond, double worstP99Us, double worstUs) {
        public int seconds() {
            return toSecond - fromSecond;
        }
    }

    /** The rule as applied to one run: the median it is relative to, and the threshold. */
    public record Result(double medianP99Us, double thresholdUs, List<Stall> stalls, boolean[] stalled) {
        public int stalledSeconds() {
            int n = 0;
            for (boolean b : stalled) if (b) n++;
            return n;
        }
    }

    private Stalls() {
    }

    public static Result find(List<SecondStats> seconds) {
        double[] p99 = seconds.stream().mapToDouble(SecondStats::stallLatencyUs).toArray();
        double median = MedianEstimate.median(p99);
        double threshold = Math.max(FACTOR * median, FLOOR_US);
        boolean[] stalled = new boolean[p99.length];
        for (int i = 0; i < p99.length; i++) stalled[i] = p99[i] > threshold;
        List<Stall> stalls = new ArrayList<>();
        for (int i = 0; i < stalled.length; i++) {
            if (!stalled[i]) continue;
            int from = i;
            double worstP99 = 0, worst = 0;
            while (i < stalled.length && stalled[i]) {
                worstP99 = Math.max(worstP99, p99[i]);
                worst = Math.max(worst, seconds.get(i).worstUs());
                i++;
            }
            stalls.add(new Stall(seconds.get(from).second(), seconds.get(i - 1).second() + 1, worstP99, worst));
        }
        return new Result(median, threshold, stalls, stalled);
    }
}
