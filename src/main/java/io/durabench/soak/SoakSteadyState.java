package io.durabench.soak;

import io.durabench.stats.Stats;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Did the soak stay as fast as it started? The first and the last window (a minute each when the
 * run is 5 min or longer, else a fifth of it each) are compared on the per-second p50 and p99: the
 * ratio last/first of their geometric means, with a {@value #CONFIDENCE_PERCENT}% interval.
 *
 * <p>The per-second values of a window are the replicates, on a log scale. They are autocorrelated
 * (the disk's state carries over from second to second), so each window's variance of the mean uses
 * the AR(1) effective size n (1 - r1) / (1 + r1), clamped to [2, n], and the windows, many seconds
 * apart, are combined by Welch's t with Satterthwaite's degrees of freedom.
 *
 * <p><b>Verdict</b> per metric: <i>steady</i> when the whole interval lies within ±{@value #BAND_PERCENT}%,
 * <i>slower</i> / <i>faster</i> when it excludes 1 and reaches beyond the band, else <i>undecided</i>;
 * the run is steady when both metrics are. The band is 20% because a minute of a disk's wandering
 * per-second p99 cannot show equivalence within 10% even when nothing changes, and 20% is the
 * smallest drift that changes a capacity plan.
 */
public final class SoakSteadyState {
    public static final int CONFIDENCE_PERCENT = 95;
    public static final int BAND_PERCENT = 20;
    static final int MIN_WINDOW_SECONDS = 3;
    static final int MINUTE_WINDOWS_FROM_SECONDS = 300;

    public enum SoakVerdict { STEADY, SLOWER, FASTER, UNDECIDED, NOT_TESTED }

    /** One metric's ratio last/first with its interval and verdict. */
    public record Change(String metric, double firstUs, double lastUs, double ratio, double low, double high, SoakVerdict verdict) {
        public String describe() {
            if (verdict == SoakVerdict.NOT_TESTED) return metric + ": not tested";
            return String.format(Locale.ROOT, "%s %s µs -> %s µs, x%.3f [%.3f, %.3f]: %s", metric, round(firstUs), round(lastUs),
                    ratio, low, high, verdict.name().toLowerCase(Locale.ROOT));
        }
    }

    public record Result(int windowSeconds, int firstFrom, int lastFrom, Change p50, Change p99, SoakVerdict verdict, String note) {
        public String describe() {
            if (verdict == SoakVerdict.NOT_TESTED) return note;
            return verdict.name().toLowerCase(Locale.ROOT) + " (first " + windowSeconds + " s vs last " + windowSeconds + " s, ratio last/first, "
                    + CONFIDENCE_PERCENT + "% interval; steady = within ±" + BAND_PERCENT + "%): " + p50.describe() + "; " + p99.describe();
        }
    }

    private SoakSteadyState() {
    }

    public static Result of(List<SecondStats> seconds) {
        List<SecondStats> measured = seconds.stream().filter(s -> s.ops() > 0).toList();
        int n = measured.size();
        int window = n >= MINUTE_WINDOWS_FROM_SECONDS ? 60 : n / 5;
        if (window < MIN_WINDOW_SECONDS) {
            return new Result(window, 0, 0, null, null, SoakVerdict.NOT_TESTED, "steady state not tested: " + n + " s with operations is too short (a window needs "
                    + MIN_WINDOW_SECONDS + " s, a fifth of the run)");
        }
        List<SecondStats> first = measured.subList(0, window), last = measured.subList(n - window, n);
        Change p50 = change("p50", first, last, SecondStats::p50Us);
        Change p99 = change("p99", first, last, SecondStats::p99Us);
        SoakVerdict v = p50.verdict() == SoakVerdict.STEADY && p99.verdict() == SoakVerdict.STEADY ? SoakVerdict.STEADY
                : p99.verdict() == SoakVerdict.SLOWER || p50.verdict() == SoakVerdict.SLOWER ? SoakVerdict.SLOWER
                : p99.verdict() == SoakVerdict.FASTER || p50.verdict() == SoakVerdict.FASTER ? SoakVerdict.FASTER : SoakVerdict.UNDECIDED;
        return new Result(window, first.get(0).second(), last.get(0).second(), p50, p99, v, null);
    }

    static Change change(String metric, List<SecondStats> first, List<SecondStats> last, ToDoubleFunction<SecondStats> f) {
        double[] a = logs(first, f), b = logs(last, f);
        double ma = Stats.mean(a), mb = Stats.mean(b);
        double va = variance(a, ma) / effectiveSize(a, ma), vb = variance(b, mb) / effectiveSize(b, mb);
        double se = Math.sqrt(va + vb);
        double diff = mb - ma;
        double low, high;
        if (se == 0) {
            low = high = diff;
        } else {
            double df = (va + vb) * (va + vb) / (va * va / (effectiveSize(a, ma) - 1) + vb * vb / (effectiveSize(b, mb) - 1));
            double t = new TDistribution(Math.max(1, df)).inverseCumulativeProbability(1 - (1 - CONFIDENCE_PERCENT / 100.0) / 2);
            low = diff - t * se;
            high = diff + t * se;
        }
        double band = 1 + BAND_PERCENT / 100.0;
        double rLow = Math.exp(low), rHigh = Math.exp(high);
        SoakVerdict v = rLow >= 1 / band && rHigh <= band ? SoakVerdict.STEADY
                : rLow > 1 ? SoakVerdict.SLOWER : rHigh < 1 ? SoakVerdict.FASTER : SoakVerdict.UNDECIDED;
        return new Change(metric, Math.exp(ma), Math.exp(mb), Math.exp(diff), rLow, rHigh, v);
    }

    /** n (1 - r1) / (1 + r1), r1 the lag-1 autocorrelation taken as 0 when negative; within [2, n]. */
    static double effectiveSize(double[] x, double mean) {
        int n = x.length;
        double c0 = 0, c1 = 0;
        for (int i = 0; i < n; i++) c0 += (x[i] - mean) * (x[i] - mean);
        for (int i = 0; i + 1 < n; i++) c1 += (x[i] - mean) * (x[i + 1] - mean);
        double r1 = c0 > 0 ? Math.max(0, c1 / c0) : 0;
        return Math.max(2, Math.min(n, n * (1 - r1) / (1 + r1)));
    }

    private static double[] logs(List<SecondStats> window, ToDoubleFunction<SecondStats> f) {
        return window.stream().mapToDouble(s -> Math.log(Math.max(f.applyAsDouble(s), 1e-3))).toArray();
    }

    private static double variance(double[] x, double mean) {
        double s = 0;
        for (double v : x) s += (v - mean) * (v - mean);
        return x.length > 1 ? s / (x.length - 1) : 0;
    }

    private static String round(double us) {
        return us >= 100 ? String.format(Locale.ROOT, "%.0f", us) : String.format(Locale.ROOT, "%.1f", us);
    }
}
