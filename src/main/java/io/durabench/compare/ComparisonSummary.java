package io.durabench.compare;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.GeometricMean;
import io.durabench.stats.MedianEstimate;
import io.durabench.stats.Numbers;
import java.util.List;

/**
 * The lines under the table: how many rows moved, what the comparison could have seen at all, how
 * noisy two runs of the same setup were, and the geometric mean across rows.
 *
 * @param typicalDetectablePercent the median over rows of each row's smallest detectable change
 *                                 (rows that cannot detect anything, or whose noise is unknown, left out)
 * @param rowsThatCannotDetect     rows whose sample sizes make every change insignificant
 * @param cannotDetectReason       the arithmetic why, from one such row (null when none)
 * @param largestAaChangePercent   the largest A/A change of any row, the sweep's A/A spread (NaN: no A/A pair)
 * @param largestChangeInsideNoise the largest |change| of any row that lies inside its own A/A noise floor (NaN if none)
 * @param geometricMean            geometric mean of the rows' cost ratios candidate/base (time-like: throughput rows
 *                                 inverted, so &gt; 1 is worse for every row) with a t interval across rows
 * @param rowsSetByOneRound        rows whose detectable change one round alone sets ({@link DetectableChange.OneRound})
 * @param setByOneRoundExample     the largest such figure, with its round, e.g. "CHANNEL_SYNC 256.1% (round 2, candidate/base
 *                                 0.29; 20.1% with it ordinary)"; null when none
 */
public record ComparisonSummary(int regressions, int improvements, int unchanged, int small, int insideNoise, double typicalDetectablePercent,
                                double lowestDetectablePercent, double highestDetectablePercent, int rowsThatCannotDetect,
                                String cannotDetectReason, double largestAaChangePercent, double largestChangeInsideNoise,
                                GeometricMean geometricMean, int rowsSetByOneRound, String setByOneRoundExample) {

    static ComparisonSummary of(List<RowComparison> rows, CompareSettings settings) {
        int regressions = count(rows, Verdict.REGRESSION), improvements = count(rows, Verdict.IMPROVEMENT);
        double[] detectable = rows.stream().mapToDouble(r -> r.detectable().changePercent()).filter(Double::isFinite).sorted().toArray();
        List<RowComparison> blind = rows.stream().filter(r -> !r.detectable().anyChangeDetectable()).toList();
        List<RowComparison> setByOneRound = rows.stream().filter(r -> r.detectable().setBy() != null).toList();
        NoiseFloor floor = settings.noiseFloor();
        double inside = rows.stream().filter(r -> Math.abs(r.changePercent()) <= floor.percentFor(r.name()))
                .mapToDouble(r -> Math.abs(r.changePercent())).max().orElse(Double.NaN);
        double[] costRatios = rows.stream().mapToDouble(r -> r.direction().costRatio(r.change().ratio())).toArray();
        return new ComparisonSummary(regressions, improvements, rows.size() - regressions - improvements,
                count(rows, Verdict.UNDER_THRESHOLD), count(rows, Verdict.INSIDE_NOISE),
                MedianEstimate.median(detectable), detectable.length == 0 ? Double.NaN : detectable[0],
                detectable.length == 0 ? Double.NaN : detectable[detectable.length - 1], blind.size(),
                blind.isEmpty() ? null : blind.get(0).detectable().explanation(), floor.largestPercent(), inside,
                GeometricMean.of(costRatios, settings.confidence()), setByOneRound.size(), setByOneRound.isEmpty() ? null : example(setByOneRound));
    }

    private static String example(List<RowComparison> setByOneRound) {
        RowComparison r = setByOneRound.stream().max(java.util.Comparator.comparingDouble(x -> x.detectable().changePercent())).orElseThrow();
        DetectableChange.OneRound one = r.detectable().setBy();
        return r.name() + " " + Numbers.percent(r.detectable().changePercent()) + " (round " + one.round() + ", candidate/base "
                + Numbers.sig(one.ratio(), 2) + "; " + Numbers.percent(one.percentWithout()) + " with it ordinary)";
    }

    /** "3 regressions, 2 improvements, 36 unchanged; smallest detectable change 8.6% for a typical row (…); …". */
    public String sentence() {
        StringBuilder s = new StringBuilder()
                .append(Numbers.count(regressions, "regression", "regressions")).append(", ")
                .append(Numbers.count(improvements, "improvement", "improvements")).append(", ")
                .append(unchanged).append(" unchanged");
        if (small + insideNoise > 0) {
            s.append(" (").append(unchanged - small - insideNoise).append(" ~");
            if (small > 0) s.append(", ").append(small).append(" small");
            if (insideNoise > 0) s.append(", ").append(insideNoise).append(" inside the A/A noise");
            s.append(')');
        }
        s.append("; ");
        int rows = regressions + improvements + unchanged;
        if (rowsThatCannotDetect == rows) {
            s.append("no change could have been detected (").append(afterColon(cannotDetectReason)).append(')');
        } else if (Double.isNaN(typicalDetectablePercent)) {
            s.append("smallest detectable change unknown (too few values to measure the noise)");
        } else {
            s.append("smallest change flagged with 80% power ").append(Numbers.percent(typicalDetectablePercent)).append(" for a typical row");
            if (!Numbers.percent(highestDetectablePercent).equals(Numbers.percent(lowestDetectablePercent))) {
                s.append(" (").append(Numbers.percent(lowestDetectablePercent)).append(" to ")
                        .append(Numbers.percent(highestDetectablePercent)).append(" across rows)");
            }
            if (rowsSetByOneRound > 0) {
                s.append("; ").append(rowsSetByOneRound == 1 ? "1 row's figure is" : rowsSetByOneRound + " rows' figures are")
                        .append(" set by one round in which the candidate ran far faster than the base (a stall on the base side), e.g. ")
                        .append(setByOneRoundExample);
            }
            if (rowsThatCannotDetect > 0) {
                s.append(", and ").append(Numbers.count(rowsThatCannotDetect, "row", "rows")).append(" that could detect nothing (")
                        .append(afterColon(cannotDetectReason)).append(')');
            }
        }
        if (!Double.isNaN(largestAaChangePercent)) {
            s.append(Double.isNaN(largestChangeInsideNoise)
                    ? "; no change fell inside the A/A noise"
                    : "; the largest change inside the A/A noise was " + Numbers.percent(largestChangeInsideNoise));
            s.append(" (A/A changes reached ").append(Numbers.percent(largestAaChangePercent)).append(')');
        }
        return s.toString();
    }

    /** "geometric mean of candidate/base: 1.031 (+3.1%, 95% interval +1.2% to +5.0%) over 41 rows". */
    public String geometricMeanLine() {
        GeometricMean g = geometricMean;
        String line = String.format(java.util.Locale.ROOT, "geometric mean of candidate/base (time per op): %.3f (%s", g.value(),
                Numbers.signedPercent(g.changePercent()));
        if (g.interval().isAvailable()) {
            line += ", " + Math.round(g.interval().confidence() * 100) + "% interval " + Numbers.signedPercent((g.interval().low() - 1) * 100)
                    + " to " + Numbers.signedPercent((g.interval().high() - 1) * 100);
        }
        return line + ") over " + Numbers.count(g.count(), "row", "rows");
    }

    private static int count(List<RowComparison> rows, Verdict v) {
        return (int) rows.stream().filter(r -> r.verdict() == v).count();
    }

    private static String afterColon(String explanation) {
        int colon = explanation.indexOf(": ");
        return colon < 0 ? explanation : explanation.substring(colon + 2);
    }
}
