package io.durabench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The base-side stalls of one comparison, pooled over its paired rows: per-round log ratios more than
 * {@value #ROBUST_SDS} robust sds below their row's centre (the candidate far faster than the base, as
 * when the base stalled), each in units of its row's robust sd, and how often they came per row-round.
 *
 * <p>Why pool: the signed-rank test at Holm's first step tolerates almost no such round, so a row's 80%
 * figure is set by how often one comes, and 12 rounds of one row cannot say: a row whose rounds held
 * none would state what only quiet rounds can see. The other rows of the same comparison, measured on
 * the same disk over the same rounds, do show how often it stalls and by how much: {@link DetectableChange}
 * lets a row without a stall of its own meet them at their pooled rate (docs/compare.md, "How much can it see?").
 *
 * @param rate         stalls per row-round over the comparison's paired rows (0 when none)
 * @param standardized each stall's centred log ratio over its row's robust sd (all negative)
 * @param rowRounds    the row-rounds the rate is over
 */
public record StallPool(double rate, double[] standardized, int rowRounds) {
    /** How far below its row's centre a round must lie to count as a stall, in robust sds. */
    public static final double ROBUST_SDS = 3;
    public static final StallPool NONE = new StallPool(0, new double[0], 0);

    /** The pool of these rows' per-round log ratios (candidate/base, round by round; unpaired rows are not passed). */
    public static StallPool of(List<double[]> logRatiosPerRow) {
        List<Double> z = new ArrayList<>();
        int rowRounds = 0;
        for (double[] d : logRatiosPerRow) {
            double[] c = centred(d);
            double sd = DetectableChange.robustSd(c);
            rowRounds += c.length;
            if (!(sd > 0)) continue;
            for (double v : c) if (isStall(v, sd)) z.add(v / sd);
        }
        if (z.isEmpty()) return new StallPool(0, new double[0], rowRounds);
        return new StallPool(z.size() / (double) rowRounds, z.stream().mapToDouble(Double::doubleValue).toArray(), rowRounds);
    }

    /** The per-round log ratios less their Hodges-Lehmann location, the centre the signed-rank test judges. */
    static double[] centred(double[] logRatios) {
        double hl = MedianEstimate.medianOfSorted(ShiftEstimate.walshAverages(logRatios));
        double[] c = new double[logRatios.length];
        for (int i = 0; i < c.length; i++) c[i] = logRatios[i] - hl;
        return c;
    }

    static boolean isStall(double centred, double robustSd) {
        return centred < -ROBUST_SDS * robustSd;
    }

    /** Whether any of a row's centred ratios is a stall. */
    static boolean hasStall(double[] centred, double robustSd) {
        for (double v : centred) if (isStall(v, robustSd)) return true;
        return false;
    }
}
