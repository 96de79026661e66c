package io.durabench.compare.render;

import io.durabench.stats.Interval;
import io.durabench.stats.MedianEstimate;
import io.durabench.stats.Numbers;
import io.durabench.stats.ShiftEstimate;

/**
 * How a comparison's figures read in text and Markdown: scores in their own unit with four
 * significant digits (1.535G ops/s, 329.6 µs/op: any JMH unit, any size, in a few characters so the
 * table fits 120 columns), changes as signed percentages, p-values as {@link Numbers#pValue}.
 */
final class CompareFormat {
    private static final String[] SUFFIX = {"", "k", "M", "G", "T", "P"};

    private CompareFormat() {
    }

    /** 329.6, 4.95, 0.01234, 10.31k, 1.535G; empty for a missing figure. */
    static String score(double x) {
        return score(x, 4);
    }

    /** With {@code digits} significant digits (interval ends: 3, enough to see where the interval lies). */
    static String score(double x, int digits) {
        if (!Double.isFinite(x)) return "";
        int i = 0;
        while (Math.abs(x) >= 10_000 && i < SUFFIX.length - 1) {
            x /= 1000;
            i++;
        }
        return Numbers.sig(x, digits) + SUFFIX[i];
    }

    /** "329.6 [312, 340]"; the median alone when no interval reaches the level (five values or fewer). */
    static String median(MedianEstimate m) {
        if (m == null) return "";
        Interval i = m.interval();
        return score(m.median()) + (i.isAvailable() ? " [" + score(i.low(), 3) + ", " + score(i.high(), 3) + "]" : "");
    }

    /** "+20.3% [+15.1, +26.0]"; the change alone when the sample sizes give no interval. */
    static String change(ShiftEstimate s) {
        Interval i = s.changePercentInterval();
        String point = Numbers.signedPercent(s.changePercent());
        if (!i.isAvailable()) return point;
        return point + " [" + signed(i.low()) + ", " + signed(i.high()) + "]";
    }

    /** An interval of % changes, or "" when there is none. */
    static String percentInterval(Interval i) {
        return i == null || !i.isAvailable() ? "" : "[" + signed(i.low()) + ", " + signed(i.high()) + "]";
    }

    static String signed(double pct) {
        return String.format(java.util.Locale.ROOT, "%+.1f", pct);
    }
}
