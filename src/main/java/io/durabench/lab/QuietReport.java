package io.durabench.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a quiet check: per pass, the median time of one write+fdatasync with its
 * interval, how much of the first pass's blocks the second pass wrote again, and the verdict.
 *
 * @param reuse fraction of pass 2's bytes that lie on blocks pass 1 wrote (NaN when unknown)
 */
public record QuietReport(MedianInterval first, MedianInterval second, double reuse) {
    /** A first pass more than this much slower than the second (and with disjoint intervals) is a first-touch cost. */
    static final double TOLERANCE = 0.10;
    /** Below this the passes did not write the same blocks, and agreement would prove nothing. */
    static final double MIN_REUSE = 0.90;

    public enum Verdict {
        /** The passes agree within noise: the image has no first-touch cost. */
        AGREE,
        /** The first touch of the blocks costs more: the image is not quiet (as a sparse image shows). */
        FIRST_PASS_SLOWER,
        /** The second pass is slower: something else disturbed the machine; repeat the check. */
        SECOND_PASS_SLOWER,
        /** The filesystem put the second pass on other blocks, so the comparison cannot tell. */
        INCONCLUSIVE
    }

    public double ratio() {
        return first.median() / second.median();
    }

    public Verdict verdict() {
        if (Double.isNaN(reuse) || reuse < MIN_REUSE) return Verdict.INCONCLUSIVE;
        if (ratio() > 1 + TOLERANCE && first.lower() > second.upper()) return Verdict.FIRST_PASS_SLOWER;
        if (ratio() < 1 / (1 + TOLERANCE) && second.lower() > first.upper()) return Verdict.SECOND_PASS_SLOWER;
        return Verdict.AGREE;
    }

    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("pass 1 (first touch of the blocks): " + describe(first));
        out.add("pass 2 (the same blocks again):     " + describe(second));
        out.add(Double.isNaN(reuse) ? "pass 2 block reuse: unknown (filefrag could not map the file)"
                : String.format(Locale.ROOT, "pass 2 wrote %.1f%% of its bytes on blocks pass 1 had written", reuse * 100));
        String why = switch (verdict()) {
            case AGREE -> "AGREE within noise: no first-touch cost, the image is quiet";
            case FIRST_PASS_SLOWER -> "FIRST PASS SLOWER: touching a block the first time costs extra, the image is NOT quiet";
            case SECOND_PASS_SLOWER -> "SECOND PASS SLOWER: something else disturbed the machine; repeat the check";
            case INCONCLUSIVE -> "INCONCLUSIVE: the filesystem did not reuse pass 1's blocks, so the passes cannot be compared";
        };
        out.add(String.format(Locale.ROOT, "pass 1 / pass 2 = %.3f: %s", ratio(), why));
        return out;
    }

    private static String describe(MedianInterval m) {
        return String.format(Locale.ROOT, "median %.1f µs, %.0f%% CI [%.1f, %.1f] µs (n=%d)",
                m.median() / 1e3, m.confidence() * 100, m.lower() / 1e3, m.upper() / 1e3, m.n());
    }
}
