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
            figures.add(new MethodFigure(m, Math.log(est.ratio()), est.logSd() * est.logSd() / est.n(), est.n() - 1, est.logSd(), est.n()));
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

    /** The methods not resolved slower than any other (MCB): none of lower ratio beats it at one-sided 0.05/(k − 1). */
    private static Set<String> notSlowerThanAnother(List<MethodFigure> figures) {
        double level = ALPHA / (figures.size() - 1);
        Set<String> fastest = new LinkedHashSet<>();
        for (MethodFigure f : figures) {
            boolean beaten = false;
            for (MethodFigure g : figures) {
                if (g != f && g.logMean() < f.logMean() && slowerP(f, g) <= level) beaten = true;
            }
            if (!beaten) fastest.add(f.method());
        }
        return fastest;
    }

    /** One-sided p that f is slower than g (g's mean ln ratio the lower). */
    private static double slowerP(MethodFigure f, MethodFigure g) {
        double d = f.logMean() - g.logMean(), se = Math.sqrt(f.se2() + g.se2());
        if (!(se > 0)) return d > 0 ? 0 : 1;
        return 1 - new TDistribution(null, welchDf(f, g)).cumulativeProbability(d / se);
    }

    /** Welch–Satterthwaite: (s1² + s2²)² / (s1⁴/df1 + s2⁴/df2), an infinite df (the reference's) contributing nothing. */
    private static double welchDf(MethodFigure a, MethodFigure b) {
        double num = Math.pow(a.se2() + b.se2(), 2);
        double den = (Double.isInfinite(a.df()) ? 0 : a.se2() * a.se2() / a.df()) + (Double.isInfinite(b.df()) ? 0 : b.se2() * b.se2() / b.df());
        return den > 0 ? num / den : 1e6;
    }
}
