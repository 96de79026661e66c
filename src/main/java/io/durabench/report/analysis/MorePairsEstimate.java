package io.durabench.report.analysis;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How many more fork pairs would likely (with power {@link #POWER}) resolve a fastest set's method nearest to being
 * resolved from its best, where nothing is resolved yet. Two things make the plain formula, n = ((z(1 − α/2m) + z(0.8))
 * · s / |d|)², promise too much, and this corrects both:
 * <ul>
 *   <li><b>Selection.</b> The best is the lowest of many noisy ratios and the nearest the one farthest from it, so their
 *       measured difference is inflated (the winner's curse): where methods tie it shrinks with more pairs instead of
 *       resolving. Each method's mean ln ratio is shrunk toward the set's mean by τ²/(τ² + se²), τ² the set's spread
 *       beyond its noise (the variance of its mean ln ratios less their mean squared standard error: a moment estimate
 *       that lets the reference, exact at 0, stay in). τ² = 0 means the set spreads no wider than its noise: no
 *       difference to extrapolate, so no estimate ({@link Ties}).</li>
 *   <li><b>Few pairs.</b> At the 5 to 20 pairs this extrapolates to, t's quantiles are well above the normal's: n is the
 *       least with ((t(1 − α/2m) + t(0.8)) · s / |d|)² ≤ n on n − 1 degrees of freedom.</li>
 * </ul>
 * LockStepRecommendationComesTrueTest resamples long committed runs and checks how often the estimate comes true.
 */
final class MorePairsEstimate {
    /** The chance of resolving that "would likely resolve" promises. */
    static final double POWER = 0.8;
    /** Beyond this the estimate says "more than". */
    static final int MOST_PAIRS = 10_000;

    private MorePairsEstimate() {
    }

    /**
     * A method of the fastest set: its mean ln ratio to the reference, the squared standard error of that mean, its sd per fork
     * pair and its pairs (the reference: 0, 0, 0, 0).
     */
    record Figure(String method, double logMean, double se2, double perPairSd, int forkPairs) {
    }

    /** What the estimate says. */
    sealed interface Outcome permits Ties, Pairs {
    }

    /** The set spreads no wider than its noise: no estimate. */
    record Ties() implements Outcome {
    }

    /**
     * @param nearest the method nearest to being resolved from the best, by its shrunk difference over its sd per pair
     * @param shrunkLogDifference |its shrunk ln ratio − the best's|
     * @param totalPairs the pairs per method that would likely resolve it ({@link #MOST_PAIRS} + 1 beyond that)
     */
    record Pairs(String nearest, double shrunkLogDifference, int totalPairs) implements Outcome {
        boolean beyondReach() {
            return totalPairs > MOST_PAIRS;
        }
    }

    /**
     * @param set         the fastest set's figures (at least two, the best among them)
     * @param best        the method of lowest measured ratio, which the recommendation names
     * @param comparisons m, the methods compared with the best (Holm's first step is α/m)
     * @param alpha       the family's α
     */
    static Outcome of(List<Figure> set, String best, int comparisons, double alpha) {
        int k = set.size();
        double mean = 0, meanSe2 = 0;
        for (Figure f : set) {
            mean += f.logMean() / k;
            meanSe2 += f.se2() / k;
        }
        double ss = 0;
        for (Figure f : set) ss += (f.logMean() - mean) * (f.logMean() - mean);
        double tau2 = ss / (k - 1) - meanSe2;
        if (!(tau2 > 0)) return new Ties();
        Figure b = set.stream().filter(f -> f.method().equals(best)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(best + " is not in the fastest set"));
        double bestShrunk = shrunk(b, mean, tau2);
        Figure nearest = null;
        double nearestScore = -1, nearestDiff = 0;
        for (Figure f : set) {
            if (f == b) continue;
            double sd = Math.hypot(f.perPairSd(), b.perPairSd());
            if (!(sd > 0)) continue;
            double d = Math.abs(shrunk(f, mean, tau2) - bestShrunk);
            if (d / sd > nearestScore) {
                nearestScore = d / sd;
                nearest = f;
                nearestDiff = d;
            }
        }
        if (nearest == null) return new Ties();
        double sd = Math.hypot(nearest.perPairSd(), b.perPairSd());
        return new Pairs(nearest.method(), nearestDiff, pairsToResolve(nearestDiff, sd, comparisons, alpha));
    }

    /** A method's mean ln ratio, shrunk toward the set's mean by τ²/(τ² + se²) (the reference, se² 0, stays). */
    private static double shrunk(Figure f, double mean, double tau2) {
        return mean + tau2 / (tau2 + f.se2()) * (f.logMean() - mean);
    }

    /**
     * The least n with ((t(1 − α/2m) + t(power)) · sd / d)² ≤ n on n − 1 degrees of freedom: the pairs per method at
     * which a difference d, with sd per pair, is resolved at Holm's first step with the power asked.
     */
    static int pairsToResolve(double d, double sd, int comparisons, double alpha) {
        double level = 1 - alpha / (2 * Math.max(1, comparisons));
        NormalDistribution z = new NormalDistribution(null, 0, 1);
        double normal = Math.pow((z.inverseCumulativeProbability(level) + z.inverseCumulativeProbability(POWER)) * sd / d, 2);
        if (normal > MOST_PAIRS) return MOST_PAIRS + 1;
        for (int n = Math.max(2, (int) Math.ceil(normal)); n <= MOST_PAIRS; n++) {
            TDistribution t = new TDistribution(null, n - 1);
            double need = Math.pow((t.inverseCumulativeProbability(level) + t.inverseCumulativeProbability(POWER)) * sd / d, 2);
            if (need <= n) return n;
        }
        return MOST_PAIRS + 1;
    }
}
