package io.durabench.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a quiet check: per pass, the median time of one write+fdatasync with its
 * interval, and the verdict.
 */
public record QuietReport(MedianInterval first, MedianInterval second) {
    /** A first pass more than this much slower than the second (and with disjoint intervals) is a first-touch cost. */
    static final double TOLERANCE = 0.10;

    public enum QuietVerdict {
        /** The passes agree within noise: the image has no first-touch cost. */
        AGREE,
        /** The first touch of the blocks costs more: the image is not quiet (as a sparse image shows). */
        FIRST_PASS_SLOWER,
        /** The second pass is slower: something else disturbed the machine; repeat the check. */
        SECOND_PASS_SLOWER
    }

    public double ratio() {
        return first.median() / second.median();
    }

    public QuietVerdict verdict() {
        if (ratio() > 1 + TOLERANCE && first.lower() > second.upper()) return QuietVerdict.FIRST_PASS_SLOWER;
        if (ratio() < 1 / (1 + TOLERANCE) && second.lower() > first.upper()) return QuietVerdict.SECOND_PASS_SLOWER;
        return QuietVerdict.AGREE;
    }

    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("pass 1 (first touch of the blocks): " + describe(first));
        out.add("pass 2 (the same blocks again):     " + describe(second));
        String why = switch (verdict()) {
            case AGREE -> "AGREE within noise: no first-touch cost, the image is quiet";
            case FIRST_PASS_SLOWER -> "FIRST PASS SLOWER: touching a block the first time costs extra, the image is NOT quiet";
            case SECOND_PASS_SLOWER -> "SECOND PASS SLOWER: something else disturbed the machine; repeat the check";
        };
        out.add(String.format(Locale.ROOT, "pass 1 / pass 2 = %.3f: %s", ratio(), why));
        return out;
    }

    private static String describe(MedianInterval m) {
        return String.format(Locale.ROOT, "median %.1f µs, %.0f%% CI [%.1f, %.1f] µs (n=%d)",
                m.median() / 1e3, m.confidence() * 100, m.lower() / 1e3, m.upper() / 1e3, m.n());
    }
}
