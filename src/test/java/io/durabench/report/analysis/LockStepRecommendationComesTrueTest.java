package io.durabench.report.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.LockStepFile;
import io.durabench.stats.Stats;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * Does "about N more fork pairs would likely resolve X from B" come true? Three long lock-step runs of the quick
 * profile's fastest methods against FDATASYNC (results/lockstep-lab-ext4-star-long, -lab-xfs-star-long, -vda-star-long:
 * 10 to 12 methods, 12 long fork pairs each) are the truth. A draw takes 4 or 6 of each method's fork pairs (with
 * replacement) and decides the fastest set as the report does; where the report would make no recommendation, the
 * estimate names X and N. The claim comes true when X's and B's pairs, taken on to N in all from the same run, resolve
 * X above B at Holm's first step (α/m, two-sided Welch t), as the estimate assumes.
 *
 * <p>{@link MorePairsEstimate} (differences shrunk for selection, t's quantiles) must come true in at least
 * {@link #LIKELY} of its claims on every run; the formula it replaced (the measured difference of the two extremes,
 * normal quantiles) does not: on lab ext4, where the methods differ by 3.5% at most, its claims came true about one in
 * three. Nor does either correction alone: t's quantiles on the measured difference still fall short there. Figures in
 * target/lockstep-recommendation-comes-true.md.
 */
@Evidence
class LockStepRecommendationComesTrueTest {
    private static final String[] RUNS = {"lockstep-lab-ext4-star-long", "lockstep-lab-xfs-star-long", "lockstep-vda-star-long"};
    private static final String REFERENCE = "FDATASYNC";
    private static final int[] STARTS = {4, 6};
    private static final int DRAWS = 400;
    private static final double ALPHA = 0.05;
    /** "Would likely resolve" promises 80%; an estimate may fall somewhat short, not to a coin toss. */
    private static final double LIKELY = 0.7;
    /** Fewer claims than this say too little to judge a rate. */
    private static final int MIN_CLAIMS = 20;
    private static final EvidenceNotes NOTES = new EvidenceNotes("lockstep-recommendation-comes-true.md");

    /** What an estimate claims: X, and the fork pairs per method, in all, that would likely resolve it from the best. */
    private record Claim(String nearest, int totalPairs) {
    }

    @FunctionalInterface
    private interface Estimator {
        Optional<Claim> claim(List<MorePairsEstimate.Figure> set, String best, int comparisons);
    }

    private static final Estimator SHRUNK_T = (set, best, m) -> MorePairsEstimate.of(set, best, m, ALPHA) instanceof MorePairsEstimate.Pairs p
            && !p.beyondReach() ? Optional.of(new Claim(p.nearest(), p.totalPairs())) : Optional.empty();

    /** The formula before: the extremes' measured difference, n = ((z(1 − α/2m) + z(0.8)) · s / |d|)². */
    private static final Estimator MEASURED_Z = (set, best, m) -> measured(set, best, m, false);

    /** The measured difference with t's quantiles: the selection left uncorrected. */
    private static final Estimator MEASURED_T = (set, best, m) -> measured(set, best, m, true);

    private static Optional<Claim> measured(List<MorePairsEstimate.Figure> set, String best, int m, boolean t) {
        MorePairsEstimate.Figure b = set.stream().filter(f -> f.method().equals(best)).findFirst().orElseThrow();
        MorePairsEstimate.Figure nearest = null;
        double score = -1;
        for (MorePairsEstimate.Figure f : set) {
            double sd = Math.hypot(f.perPairSd(), b.perPairSd());
            if (f == b || !(sd > 0)) continue;
            if (Math.abs(f.logMean() - b.logMean()) / sd > score) {
                score = Math.abs(f.logMean() - b.logMean()) / sd;
                nearest = f;
            }
        }
        if (nearest == null) return Optional.empty();
        double d = Math.abs(nearest.logMean() - b.logMean()), sd = Math.hypot(nearest.perPairSd(), b.perPairSd());
        if (d < 0.001) return Optional.empty();
        if (t) {
            int n = MorePairsEstimate.pairsToResolve(d, sd, m, ALPHA);
            return n > MorePairsEstimate.MOST_PAIRS ? Optional.empty() : Optional.of(new Claim(nearest.method(), n));
        }
        NormalDistribution z = new NormalDistribution(null, 0, 1);
        double n = Math.pow((z.inverseCumulativeProbability(1 - ALPHA / (2 * m)) + z.inverseCumulativeProbability(0.8)) * sd / d, 2);
        return Optional.of(new Claim(nearest.method(), (int) Math.ceil(n)));
    }

    /** Claims made and come true, over a run's draws at one start. */
    private record Tally(int claims, int cameTrue, int recommendations, double medianMore) {
        double rate() {
            return claims == 0 ? Double.NaN : cameTrue / (double) claims;
        }
    }

    @Test
    void theShrunkEstimateComesTrueOnEveryLongRunAndTheMeasuredDifferenceDoesNot() {
        NOTES.note("| run | fork pairs drawn | estimate | recommendations | claims | came true | rate | median more |");
        NOTES.note("|---|---:|---|---:|---:|---:|---:|---:|");
        double oldWorst = 1, tOnlyWorst = 1;
        for (String run : RUNS) {
            Map<String, double[]> pools = pools(run);
            for (int start : STARTS) {
                Tally shrunk = tally(pools, start, SHRUNK_T, 7 + start), measured = tally(pools, start, MEASURED_Z, 7 + start),
                        tOnly = tally(pools, start, MEASURED_T, 7 + start);
                note(run, start, "shrunk, t", shrunk);
                note(run, start, "measured, z (before)", measured);
                note(run, start, "measured, t", tOnly);
                if (shrunk.claims() >= MIN_CLAIMS) {
                    assertTrue(shrunk.rate() >= LIKELY, run + " at " + start + " fork pairs: the estimate came true in " + shrunk.rate());
                }
                if (measured.claims() >= MIN_CLAIMS) oldWorst = Math.min(oldWorst, measured.rate());
                if (tOnly.claims() >= MIN_CLAIMS) tOnlyWorst = Math.min(tOnlyWorst, tOnly.rate());
            }
        }
        assertTrue(oldWorst < LIKELY, "the measured difference's estimate fell short somewhere: its worst rate is " + oldWorst);
        assertTrue(tOnlyWorst < LIKELY, "t's quantiles alone, the selection uncorrected, fell short somewhere: " + tOnlyWorst);
    }

    private static void note(String run, int start, String estimate, Tally t) {
        NOTES.note(String.format(Locale.ROOT, "| %s | %d | %s | %d | %d | %d | %.2f | %.0f |", run, start, estimate, t.recommendations(), t.claims(),
                t.cameTrue(), t.rate(), t.medianMore()));
    }

    /**
     * Over {@link #DRAWS} draws of {@code start} fork pairs per method: the claims an estimator makes and how many come true.
     * The draws come from one random stream and the pairs taken on from another, so every estimator sees the same draws.
     */
    private static Tally tally(Map<String, double[]> pools, int start, Estimator estimator, long seed) {
        SplittableRandom random = new SplittableRandom(seed), onward = new SplittableRandom(seed + 1);
        List<String> methods = new ArrayList<>(pools.keySet());
        int k = methods.size() + 1, m = k - 1;
        int claims = 0, cameTrue = 0, recommendations = 0;
        List<Integer> more = new ArrayList<>();
        for (int draw = 0; draw < DRAWS; draw++) {
            Map<String, double[]> drawn = new LinkedHashMap<>();
            for (String method : methods) drawn.put(method, sample(pools.get(method), start, random));
            double[] logMean = new double[k], se2 = new double[k], df = new double[k];
            List<MorePairsEstimate.Figure> figures = new ArrayList<>();
            for (int i = 0; i < methods.size(); i++) {
                double[] y = drawn.get(methods.get(i));
                double mu = Stats.mean(y), sd = Math.sqrt(Stats.variance(y));
                logMean[i] = mu;
                se2[i] = sd * sd / y.length;
                df[i] = y.length - 1;
                figures.add(new MorePairsEstimate.Figure(methods.get(i), mu, se2[i], sd, y.length));
            }
            df[k - 1] = Double.POSITIVE_INFINITY;
            figures.add(new MorePairsEstimate.Figure(REFERENCE, 0, 0, 0, 0));
            boolean[] in = LockStepFastest.inFastestSet(logMean, se2, df, LockStepFastest.BONFERRONI);
            List<MorePairsEstimate.Figure> set = new ArrayList<>();
            for (int i = 0; i < k; i++) if (in[i]) set.add(figures.get(i));
            if (set.size() <= Recommendations.MAX_NAMED && set.size() < k) {
                recommendations++;
                continue;
            }
            String best = figures.stream().min((a, b) -> Double.compare(a.logMean(), b.logMean())).orElseThrow().method();
            Optional<Claim> claim = estimator.claim(set, best, m);
            if (claim.isEmpty()) continue;
            claims++;
            int extra = Math.max(1, claim.get().totalPairs() - start);
            more.add(extra);
            double[] x = extended(drawn, pools, claim.get().nearest(), extra, onward), b = extended(drawn, pools, best, extra, onward);
            if (resolvedAbove(x, b, m)) cameTrue++;
        }
        double median = more.isEmpty() ? Double.NaN : more.stream().sorted().toList().get(more.size() / 2);
        return new Tally(claims, cameTrue, recommendations, median);
    }

    /** A method's drawn pairs with {@code extra} more from its run; the reference's, exact 0, as many. */
    private static double[] extended(Map<String, double[]> drawn, Map<String, double[]> pools, String method, int extra, SplittableRandom random) {
        if (method.equals(REFERENCE)) return new double[drawn.values().iterator().next().length + extra];
        double[] first = drawn.get(method), more = sample(pools.get(method), extra, random);
        double[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    /** Whether x's mean ln ratio is resolved above b's: two-sided Welch t at α/m (the reference's pairs, all 0, are exact). */
    private static boolean resolvedAbove(double[] x, double[] b, int m) {
        double d = Stats.mean(x) - Stats.mean(b);
        if (!(d > 0)) return false;
        double p = 2 * LockStepFastest.slowerP(d, Stats.variance(x) / x.length, x.length - 1, Stats.variance(b) / b.length, b.length - 1);
        return p <= ALPHA / m;
    }

    private static double[] sample(double[] pool, int n, SplittableRandom random) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = pool[random.nextInt(pool.length)];
        return y;
    }

    /** A committed run's fork pairs' ln(B/A), per method against FDATASYNC at 8 KiB, 1 write per sync, prealloc NONE. */
    private static Map<String, double[]> pools(String run) {
        Path folder = Path.of("results").resolve(run);
        assertTrue(Files.isRegularFile(folder.resolve(LockStepFile.FILE)), folder + " is committed");
        Map<String, double[]> pools = new LinkedHashMap<>();
        for (LockStepFile.CellRecord c : LockStepFile.read(folder).cells()) {
            assertTrue(c.specA().contains("syncMethod=" + REFERENCE + ","), run + ": every cell is against " + REFERENCE + ": " + c.specA());
            double[] ln = Arrays.stream(c.ratios()).map(Math::log).toArray();
            assertTrue(ln.length >= 10, run + " " + c.specB() + " has 10 or more fork pairs: " + ln.length);
            pools.put(c.specB().replaceAll(".*syncMethod=", "").replaceAll(",.*", ""), ln);
        }
        return pools;
    }
}
