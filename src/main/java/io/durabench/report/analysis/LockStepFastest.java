package io.durabench.report.analysis;

import io.durabench.report.LockStepColumn;
import io.durabench.report.ReferenceComparison;
import io.durabench.stats.MultipleComparisons;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The fastest set of a target's durable methods at one group, decided on lock-step figures: each
 * method's mean ln ratio to the reference (the reference itself at 0, exactly), and two methods
 * compared by the difference of their mean ln ratios, its standard error the two methods' own added
 * (they were measured in separate fork pairs; the reference's is 0), on Welch–Satterthwaite degrees
 * of freedom. A method is in the fastest set unless it is resolved slower than some other method:
 * one-sided t against each method of lower ratio at 0.05/(k − 1). That is Hsu's multiple comparisons
 * with the best (MCB), with Bonferroni's bound for Dunnett's one-sided critical value: the set holds
 * the truly fastest method with probability at least 95%, for all methods at once, so no further
 * correction over the methods is due. Ties stay ties.
 *
 * <p>Why the bound and not Dunnett's value for the comparisons' correlation (computed in the tests'
 * {@code stats.DunnettOneSided}):
 * that value spends nearly all of α on the noisiest method's own t, and on real fork pairs a skewed row
 * (one outlying pair) makes a one-sided t reject above its level at the pair counts runs use; the
 * bound's slack absorbs most of it, Dunnett's value none. LockStepFastestCoverageTest shows both on
 * the committed A/A pairs, resampled.
 *
 * <p>Why against every other, not only the lowest: the lowest point estimate is often the noisiest
 * method, and against it nothing is resolved while two quieter methods plainly differ (docs/report.md
 * has a case). The lowest (the "best") still anchors the recommendation and its figures.
 */
final class LockStepFastest {
    private static final double ALPHA = 1 - ReferenceComparison.CONFIDENCE;

    private LockStepFastest() {
    }

    /** One method's figures: mean ln(method/reference), its squared standard error, and its degrees of freedom (infinite for the reference). */
    private record MethodFigure(String method, double logMean, double se2, double df, double perPairSd, int n) {
    }

    /**
     * @param durable the table's durable methods at this group on this target (the reference among them or not)
     */
    static LockStepColumn of(ReferenceComparison rc, String groupKey, List<String> durable) {
        Map<String, ReferenceComparison.Entry> byMethod = new LinkedHashMap<>();
        List<MethodFigure> figures = new ArrayList<>();
        List<String> undecided = new ArrayList<>();
        for (String m : durable) {
            if (m.equals(rc.reference())) {
                figures.add(new MethodFigure(m, 0, 0, Double.POSITIVE_INFINITY, 0, 0));
                continue;
            }
            var e = rc.entry(groupKey, m);
            if (e.isEmpty() || !e.get().measured() || e.get().estimate().n() < 2) {
                undecided.add(m);
                e.ifPresent(x -> byMethod.put(m, x));
                continue;
            }
            var est = e.get().estimate();
            byMethod.put(m, e.get());
            figures.add(new MethodFigure(m, est.meanLogRatio(), est.logSe2(), est.n() - 1, est.logSd(), est.n()));
        }
        if (figures.size() < 2) return new LockStepColumn(rc.reference(), rc.forkPairs(), byMethod, Set.of(), null, Map.of(), undecided);
        MethodFigure best = figures.get(0);
        for (MethodFigure f : figures) if (f.logMean() < best.logMean()) best = f;
        List<MethodFigure> others = new ArrayList<>();
        for (MethodFigure f : figures) if (f != best) others.add(f);
        double[] p = new double[others.size()];
        double[][] ci = new double[others.size()][];
        for (int i = 0; i < others.size(); i++) {
            MethodFigure f = others.get(i);
            double d = f.logMean() - best.logMean(), se2 = f.se2() + best.se2();
            double df = welchDf(f, best);
            double se = Math.sqrt(se2);
            TDistribution t = new TDistribution(null, df);
            p[i] = se > 0 ? 2 * t.cumulativeProbability(-Math.abs(d) / se) : (d == 0 ? 1 : 0);
            double q = t.inverseCumulativeProbability(1 - ALPHA / 2);
            ci[i] = new double[] {Math.exp(d), Math.exp(d - q * se), Math.exp(d + q * se)};
        }
        double[] adjusted = MultipleComparisons.holm(p);
        Map<String, LockStepColumn.Versus> versus = new LinkedHashMap<>();
        for (int i = 0; i < others.size(); i++) {
            MethodFigure f = others.get(i);
            double perPair = Math.sqrt(f.perPairSd() * f.perPairSd() + best.perPairSd() * best.perPairSd());
            versus.put(f.method(), new LockStepColumn.Versus(ci[i][0], ci[i][1], ci[i][2], p[i], adjusted[i], perPair,
                    Math.min(f.n() == 0 ? best.n() : f.n(), best.n() == 0 ? f.n() : best.n())));
        }
        return new LockStepColumn(rc.reference(), rc.forkPairs(), byMethod, notSlowerThanAnother(figures), best.method(), versus, undecided);
    }

    /** The methods not resolved slower than any other (MCB), in the figures' order. */
    private static Set<String> notSlowerThanAnother(List<MethodFigure> figures) {
        int k = figures.size();
        double[] logMean = new double[k], se2 = new double[k], df = new double[k];
        for (int i = 0; i < k; i++) {
            logMean[i] = figures.get(i).logMean();
            se2[i] = figures.get(i).se2();
            df[i] = figures.get(i).df();
        }
        boolean[] in = inFastestSet(logMean, se2, df, BONFERRONI);
        Set<String> fastest = new LinkedHashSet<>();
        for (int i = 0; i < k; i++) if (in[i]) fastest.add(figures.get(i).method());
        return fastest;
    }

    /** When a method is resolved slower than another: from its smallest one-sided p against one of lower ratio, its index and every method's squared standard error. */
    @FunctionalInterface
    interface SlowerRule {
        boolean beaten(double smallestP, int method, double[] se2);
    }

    /** The rule: p at most α/(k − 1), Bonferroni's bound for the k − 1 comparisons of a method with the others. */
    static final SlowerRule BONFERRONI = (p, method, se2) -> p <= ALPHA / (se2.length - 1);

    /**
     * MCB on lock-step figures: method i is in the fastest set unless, for some method j of lower mean ln ratio, the
     * smallest one-sided p of (i − j) on Welch df is beaten under the rule (the reference's squared standard error 0,
     * its df infinite).
     */
    static boolean[] inFastestSet(double[] logMean, double[] se2, double[] df, SlowerRule rule) {
        int k = logMean.length;
        boolean[] in = new boolean[k];
        for (int i = 0; i < k; i++) {
            double smallest = 1;
            for (int j = 0; j < k; j++) {
                if (j != i && logMean[j] < logMean[i]) smallest = Math.min(smallest, slowerP(logMean[i] - logMean[j], se2[i], df[i], se2[j], df[j]));
            }
            in[i] = !(smallest < 1 && rule.beaten(smallest, i, se2));
        }
        return in;
    }

    /** One-sided p that a method is slower than one whose mean ln ratio is lower by d. */
    static double slowerP(double d, double se2a, double dfa, double se2b, double dfb) {
        double se = Math.sqrt(se2a + se2b);
        if (!(se > 0)) return d > 0 ? 0 : 1;
        return 1 - new TDistribution(null, welchDf(se2a, dfa, se2b, dfb)).cumulativeProbability(d / se);
    }

    /** Welch–Satterthwaite: (s1² + s2²)² / (s1⁴/df1 + s2⁴/df2), an infinite df (the reference's) contributing nothing. */
    private static double welchDf(MethodFigure a, MethodFigure b) {
        return welchDf(a.se2(), a.df(), b.se2(), b.df());
    }

    private static double welchDf(double se2a, double dfa, double se2b, double dfb) {
        double num = Math.pow(se2a + se2b, 2);
        double den = (Double.isInfinite(dfa) ? 0 : se2a * se2a / dfa) + (Double.isInfinite(dfb) ? 0 : se2b * se2b / dfb);
        return den > 0 ? num / den : 1e6;
    }
}
