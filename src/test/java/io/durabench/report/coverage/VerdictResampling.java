package io.durabench.report.coverage;

import io.durabench.slo.SloOp;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkBounds;
import io.durabench.stats.ForkIntervals;
import io.durabench.testing.RandomSubsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * SLO verdicts on a long run, resampled: runs of k forks drawn from its rounds (k distinct rounds at random, or k
 * consecutive ones), every row judged against "mean < T" for thresholds T at many distances from its long-run mean
 * (the mean of all its forks), and the verdicts counted: wrong (met while the long-run mean is at or above T, missed
 * while it is below), decided. A run's rows share its rounds, as a real run's cells do.
 *
 * <p>Two rules: the verdict's ({@link ForkBounds}, what {@code SloJudge} decides by) and the one it replaced (met or
 * missed when the whole 99.9% interval over forks lies on one side). Two designs: a profile (every row of the long
 * run measured, the report's intervals shrunk toward the context's rows) and a one-cell run (each row alone).
 */
final class VerdictResampling {
    /** Distances from the long-run mean: 10^(j/20) for j = −60..60 (×1/1000 to ×1000), and 1, 2 and 5% either way. */
    static final double[] FACTORS = factors();
    static final double FAR = 1000, TEN = 10, THREE = Math.sqrt(10);
    /** Thresholds no durable write comes near: 1 µs and 1 s, for the centre group's durable rows. */
    static final double[] ABSOLUTE_FAR_US = {1, 1e6};
    static final long SEED = 40_001L;

    enum Rule {
        NEW("one-sided 99% bounds (SloJudge)"), OLD("the 99.9% interval wholly on one side");

        final String label;

        Rule(String label) {
            this.label = label;
        }

        /** {low, high} this rule holds a threshold against; null when it has none. */
        double[] bounds(double[] forks, Estimate interval) {
            if (this == OLD) return interval == null ? null : new double[] {interval.low(), interval.high()};
            ForkBounds b = ForkBounds.of(forks, interval);
            return b == null ? null : new double[] {b.low(), b.high()};
        }
    }

    enum Design {
        PROFILE("a profile"), ONE_CELL("one cell");

        final String label;

        Design(String label) {
            this.label = label;
        }
    }

    /** How the runs are drawn: k distinct rounds at random, or every window of k consecutive rounds. */
    record Sampling(int forks, boolean windows, int draws) {
        String label() {
            return forks + " forks, " + (windows ? "consecutive rounds" : "rounds at random");
        }
    }

    /** The counts of one rule in one design on one long run. */
    static final class Tally {
        final String run;
        final Rule rule;
        final Design design;
        final Sampling sampling;
        final long[] wrong = new long[FACTORS.length], decided = new long[FACTORS.length];
        long verdicts, absoluteDecided, absoluteVerdicts;

        Tally(String run, Rule rule, Design design, Sampling sampling) {
            this.run = run;
            this.rule = rule;
            this.design = design;
            this.sampling = sampling;
        }

        /** The largest share of wrong verdicts at any one distance. */
        double maxWrong() {
            long most = 0;
            for (long w : wrong) most = Math.max(most, w);
            return verdicts == 0 ? 0 : (double) most / verdicts;
        }

        /** The share decided at the distance {@code factor} either way (the smaller of the two). */
        double decidedAt(double factor) {
            double lo = 1;
            for (int i = 0; i < FACTORS.length; i++) {
                if (Math.abs(Math.abs(Math.log(FACTORS[i])) - Math.log(factor)) < 1e-9) lo = Math.min(lo, (double) decided[i] / verdicts);
            }
            return lo;
        }

        double decidedShare() {
            long all = 0;
            for (long d : decided) all += d;
            return (double) all / verdicts / FACTORS.length;
        }

        double absoluteShare() {
            return absoluteVerdicts == 0 ? 1 : (double) absoluteDecided / absoluteVerdicts;
        }

        String line() {
            return String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %.2f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% |", run, sampling.label(),
                    design.label, rule.label, verdicts, maxWrong() * 100, decidedAt(THREE) * 100, decidedAt(TEN) * 100, decidedAt(FAR) * 100,
                    absoluteShare() * 100, decidedShare() * 100);
        }
    }

    static final String HEADER = "| long run | runs drawn | design | rule | verdicts per distance | most wrong at one distance | decided at ×3 |"
            + " at ×10 | at ×1000 | 1 µs and 1 s (durable rows) | decided, all distances |\n|---|---|---|---|---|---|---|---|---|---|---|";

    /** The forks-to-decide check: of undecided verdicts, how many had an estimate, and how often that many forks decided. */
    static final class Estimates {
        final String run;
        long undecided, none, beyond, checked, cameTrue, wrongAfter;

        Estimates(String run) {
            this.run = run;
        }

        double cameTrueShare() {
            return checked == 0 ? 0 : (double) cameTrue / checked;
        }

        String line() {
            return String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %.1f%% | %d |", run, undecided, none, beyond, checked, cameTrueShare() * 100, wrongAfter);
        }
    }

    static final String ESTIMATES_HEADER = "| long run | undecided (one cell, 3 forks) | no number of forks decides it | more forks than the long run has |"
            + " checked: that many forks drawn | decided then | of those, wrong |\n|---|---|---|---|---|---|---|";

    private VerdictResampling() {
    }

    /** Every rule and design on one long run with one way of drawing runs; {@code estimates} (may be null) gets the forks-to-decide check. */
    static List<Tally> run(LongRun run, Sampling sampling, Estimates estimates) {
        List<Tally> out = new ArrayList<>();
        for (Design d : Design.values()) for (Rule r : Rule.values()) out.add(new Tally(run.name(), r, d, sampling));
        double[] truth = run.rows().stream().mapToDouble(LongRun.Row::truth).toArray();
        SplittableRandom random = new SplittableRandom(SEED), more = new SplittableRandom(SEED + 1);
        int draws = sampling.windows() ? run.rounds() - sampling.forks() + 1 : sampling.draws();
        for (int draw = 0; draw < draws; draw++) {
            int[] rounds = sampling.windows() ? consecutive(draw, sampling.forks()) : RandomSubsets.of(random, run.rounds(), sampling.forks());
            List<double[]> forks = run.rows().stream().map(r -> r.forkMeans(rounds)).toList();
            List<Estimate> profile = ForkIntervals.of(forks);
            for (int i = 0; i < forks.size(); i++) {
                if (forks.get(i).length < 2) continue;
                for (Tally t : out) {
                    Estimate interval = t.design == Design.PROFILE ? profile.get(i) : ForkIntervals.alone(forks.get(i));
                    judge(t, t.rule.bounds(forks.get(i), interval), truth[i], run.rows().get(i).centreDurable());
                }
                if (estimates != null && draw < sampling.draws()) check(estimates, run, i, forks.get(i), truth[i], more);
            }
        }
        return out;
    }

    private static void judge(Tally t, double[] bounds, double truth, boolean durable) {
        t.verdicts++;
        for (int f = 0; f < FACTORS.length; f++) {
            int v = verdict(bounds, truth * FACTORS[f]);
            if (v != 0) t.decided[f]++;
            if (v == 1 && truth >= truth * FACTORS[f] || v == -1 && truth < truth * FACTORS[f]) t.wrong[f]++;
        }
        if (!durable) return;
        for (double us : ABSOLUTE_FAR_US) {
            t.absoluteVerdicts++;
            if (verdict(bounds, us) != 0) t.absoluteDecided++;
        }
    }

    /** "mean < T": 1 met (the high bound holds), −1 missed (the low bound fails), 0 undecided. */
    static int verdict(double[] bounds, double threshold) {
        if (bounds == null) return 0;
        if (SloOp.LT.holds(bounds[0], threshold) && SloOp.LT.holds(bounds[1], threshold)) return 1;
        if (!SloOp.LT.holds(bounds[0], threshold) && !SloOp.LT.holds(bounds[1], threshold)) return -1;
        return 0;
    }

    /** For each threshold a one-cell run leaves undecided: the forks it says would decide it, drawn anew from the long run. */
    private static void check(Estimates e, LongRun run, int row, double[] forks, double truth, SplittableRandom random) {
        ForkBounds b = ForkBounds.of(forks);
        if (b == null) return;
        for (double f : FACTORS) {
            double threshold = truth * f;
            if (verdict(new double[] {b.low(), b.high()}, threshold) != 0) continue;
            e.undecided++;
            int n = b.forksToDecide(threshold);
            if (n == 0) {
                e.none++;
                continue;
            }
            if (n > run.rounds()) {
                e.beyond++;
                continue;
            }
            ForkBounds more = ForkBounds.of(run.rows().get(row).forkMeans(RandomSubsets.of(random, run.rounds(), n)));
            if (more == null) continue;
            e.checked++;
            int v = verdict(new double[] {more.low(), more.high()}, threshold);
            if (v != 0) e.cameTrue++;
            if (v == 1 && truth >= threshold || v == -1 && truth < threshold) e.wrongAfter++;
        }
    }

    private static int[] consecutive(int from, int k) {
        int[] out = new int[k];
        for (int i = 0; i < k; i++) out[i] = from + i;
        return out;
    }

    private static double[] factors() {
        List<Double> f = new ArrayList<>();
        for (int j = -60; j <= 60; j++) f.add(Math.pow(10, j / 20.0));
        for (double near : new double[] {1.01, 1.02, 1.05}) {
            f.add(near);
            f.add(1 / near);
        }
        return f.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }
}
