package io.durabench.report.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.LockStepFile;
import io.durabench.stats.DunnettOneSided;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import io.durabench.testing.RandomSubsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * The fastest set (★) against MCB's promise on real fork pairs, resampled, with Bonferroni's bound (the rule
 * {@link LockStepFastest} uses) and with Dunnett's critical value for the comparisons' product correlation
 * ({@link DunnettOneSided}, carried to each comparison's Welch df as a level). The A/A rows of results/lockstep-aa-vda (30
 * fork pairs each), -aa-lab-bothways-ext4 and -xfs (6 each) and -aa-lab-precision-ext4 (5 to 10): each fork pair's
 * ln(B/A), centred on its row's mean, so that every method truly equals the reference (MCB's least favourable case:
 * any of them is the fastest, and each must be left out of the set in at most 5% of draws). A draw takes k − 1 rows
 * beside the reference (mean 0, no error) and 5 fork pairs for each, the size quick measures (df 4).
 *
 * <ul>
 *   <li>vda's rows, their own pairs drawn with replacement: Dunnett's value breaks the promise for the row with one
 *       outlying pair, whose comparisons are nearly its own t against the reference, which then gets nearly all of α:
 *       that one-sided t rejects above its level on the skewed row, as it does with the row alone beside the reference
 *       (k = 2, where the two rules are one). Bonferroni's bound leaves the row out less often, at the edge of the
 *       promise, and keeps it overall.</li>
 *   <li>All 29 rows: 5 pairs drawn from a row of 5 to 10 repeat pairs so often that even the reference, whose
 *       comparisons are independent one-sample t's, is left out far above 5%; so each row's noise is drawn instead from
 *       the pool of all rows' studentised pairs, scaled by the row's own sd (the rows' spread of variances is what the
 *       correlation depends on). There both rules keep the promise and Dunnett's is the less conservative.</li>
 *   <li>One row made 4% faster: how often each rule leaves the others out (power).</li>
 * </ul>
 * Figures in target/lockstep-fastest-coverage.md.
 */
@Evidence
class LockStepFastestCoverageTest {
    private static final String[] RUNS = {"lockstep-aa-vda", "lockstep-aa-lab-bothways-ext4", "lockstep-aa-lab-bothways-xfs",
            "lockstep-aa-lab-precision-ext4"};
    private static final int DRAWS = 2000;
    private static final int POWER_DRAWS = 1000;
    private static final int PAIRS = 5;
    private static final double ALPHA = 0.05;
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);
    /** Dunnett's per-comparison level Φ̄(d) for i's λs over all the others, decided as P(all Z ≤ z(1 − p)) ≥ 1 − α. */
    private static final LockStepFastest.SlowerRule DUNNETT = (p, i, se2) -> {
        if (p <= ALPHA / (se2.length - 1)) return true; // Bonferroni's level is never above Dunnett's
        if (p > ALPHA) return false; // nor one comparison's below it
        double[] lambdas = new double[se2.length - 1];
        for (int j = 0, o = 0; j < se2.length; j++) if (j != i) lambdas[o++] = DunnettOneSided.lambda(se2[i], se2[j]);
        return DunnettOneSided.allBelow(lambdas, STANDARD_NORMAL.inverseCumulativeProbability(1 - p)) >= 1 - ALPHA;
    };
    private static final LockStepFastest.SlowerRule[] RULES = {LockStepFastest.BONFERRONI, DUNNETT};
    private static final String[] RULE_NAMES = {"Bonferroni", "Dunnett"};
    private static final EvidenceNotes NOTES = new EvidenceNotes("lockstep-fastest-coverage.md");

    /** One committed A/A row: its fork pairs' ln(B/A) centred on their mean, and their sd. */
    private record Row(String name, double[] centred, double sd) {
    }

    /** Where a draw's pairs come from: the row's own (with replacement), or the pool of all rows' studentised pairs times the row's sd. */
    private record Source(List<Row> rows, double[] pool) {
        double draw(int row, SplittableRandom random) {
            Row r = rows.get(row);
            return pool == null ? r.centred()[random.nextInt(r.centred().length)] : pool[random.nextInt(pool.length)] * r.sd();
        }
    }

    /** One rule's counts over a setting's draws: per row (the reference last) how often it was drawn and left out, and draws with any left out. */
    private record Tally(long[] drawn, long[] excluded, long[] any) {
        Tally(int rows) {
            this(new long[rows + 1], new long[rows + 1], new long[1]);
        }

        double rate(int r) {
            return drawn[r] == 0 ? 0 : excluded[r] / (double) drawn[r];
        }

        double bound(int r) {
            return ALPHA + 3 * Math.sqrt(ALPHA * (1 - ALPHA) / drawn[r]);
        }

        double overall() {
            return Arrays.stream(excluded).sum() / (double) Arrays.stream(drawn).sum();
        }

        double overallBound() {
            return ALPHA + 3 * Math.sqrt(ALPHA * (1 - ALPHA) / Arrays.stream(drawn).sum());
        }

        int worst() {
            int w = 0;
            for (int r = 1; r < drawn.length; r++) if (drawn[r] > 0 && (drawn[w] == 0 || rate(r) > rate(w))) w = r;
            return w;
        }

        boolean keepsThePromise() {
            for (int r = 0; r < drawn.length; r++) if (drawn[r] > 0 && rate(r) > bound(r)) return false;
            return overall() <= overallBound();
        }
    }

    @Test
    void onVdasOwnPairsDunnettsValueBreaksThePromiseForTheSkewedRowWhereBonferronisBoundIsAtTheEdge() {
        List<Row> vda = rows(RUNS[0]);
        header("vda's 5 rows, their own fork pairs drawn with replacement");
        Tally[] t = coverage("k = 6", new Source(vda, null), vda.size(), 61);
        int worst = t[1].worst();
        assertTrue(t[1].rate(worst) > t[1].bound(worst), "Dunnett's value on vda breaks the promise for the skewed row: "
                + t[1].rate(worst) + "; if it holds now, LockStepFastest can take it");
        assertTrue(t[0].rate(worst) < t[1].rate(worst), "Bonferroni's bound leaves that row out less often: " + t[0].rate(worst));
        assertTrue(t[0].overall() <= t[0].overallBound(), "Bonferroni's bound overall: " + t[0].overall());
        Tally[] alone = coverage("k = 2, " + vda.get(worst).name() + " alone", new Source(List.of(vda.get(worst)), null), 1, 62);
        assertTrue(Arrays.equals(alone[0].excluded(), alone[1].excluded()), "one comparison: the rules are one");
        assertTrue(alone[0].rate(0) > alone[0].bound(0), "the row alone beside the reference breaks the promise (its one-sided t): "
                + alone[0].rate(0));
    }

    @Test
    void onThePooledNoiseOfAllRowsBothRulesKeepThePromiseAndDunnettsLeavesOutMore() {
        List<Row> all = allRows();
        header("the rows' own fork pairs drawn with replacement (5 of 5 to 10 for the lab's rows), Bonferroni alone");
        Tally own = coverage("k = 21, 20 of " + all.size() + " rows", new Source(all, null), 20, 71, LockStepFastest.BONFERRONI)[0];
        assertTrue(own.rate(all.size()) > own.bound(all.size()), "resampling 5 of a handful of pairs is no test: the reference left out in "
                + own.rate(all.size()));
        header("each row's noise drawn from all " + all.size() + " rows' studentised fork pairs, times the row's own sd");
        Source pooled = new Source(all, pool(all));
        for (Tally[] t : new Tally[][] {coverage("k = 21, 20 of " + all.size() + " rows", pooled, 20, 72),
                coverage("k = 6, vda's 5 rows", new Source(all.subList(0, 5), pool(all)), 5, 73)}) {
            for (int rule = 0; rule < 2; rule++) assertTrue(t[rule].keepsThePromise(), RULE_NAMES[rule] + ": worst " + t[rule].rate(t[rule].worst()));
            for (int r = 0; r < t[0].drawn().length; r++) {
                assertTrue(t[1].excluded()[r] >= t[0].excluded()[r], "Dunnett's set is within Bonferroni's");
            }
            assertTrue(t[1].overall() > t[0].overall(), "Dunnett's value leaves out more: " + t[1].overall() + " against " + t[0].overall());
        }
    }

    @Test
    void withOneMethodFourPercentFasterDunnettsValueLeavesTheOthersOutMoreOften() {
        List<Row> all = allRows();
        NOTES.note("");
        NOTES.note("One drawn row made 4% faster than all the others, which equal the reference; " + POWER_DRAWS + " draws of " + PAIRS + " fork pairs:");
        NOTES.note("");
        NOTES.note("| setting | rule | the faster one left out | each other left out | the faster one alone ★ |");
        NOTES.note("|---|---|---:|---:|---:|");
        power("k = 21, pooled noise", new Source(all, pool(all)), 20, 81);
        power("k = 6, vda's own pairs", new Source(all.subList(0, 5), null), 5, 82);
    }

    private static void header(String source) {
        NOTES.note("");
        NOTES.note("MCB fastest set, A/A (every row centred on its mean); " + source + "; " + DRAWS + " draws of " + PAIRS
                + " fork pairs beside the reference. Left out of the set (MCB promises at most " + ALPHA + " for each):");
        NOTES.note("");
        NOTES.note("| setting | rule | overall | worst method | its rate | 0.05 + 3 SE | any left out |");
        NOTES.note("|---|---|---:|---|---:|---:|---:|");
    }

    /** The draws of one null setting under each rule, with the same draws for all. */
    private static Tally[] coverage(String setting, Source source, int beside, long seed, LockStepFastest.SlowerRule... rules) {
        LockStepFastest.SlowerRule[] used = rules.length == 0 ? RULES : rules;
        int rows = source.rows().size();
        SplittableRandom base = new SplittableRandom(seed);
        SplittableRandom[] randoms = new SplittableRandom[DRAWS];
        for (int d = 0; d < DRAWS; d++) randoms[d] = base.split();
        boolean[][][] in = new boolean[DRAWS][][];
        int[][] chosen = new int[DRAWS][];
        IntStream.range(0, DRAWS).parallel().forEach(d -> {
            chosen[d] = RandomSubsets.of(randoms[d], rows, beside);
            double[][] fig = figures(source, chosen[d], randoms[d], 0);
            in[d] = new boolean[used.length][];
            for (int rule = 0; rule < used.length; rule++) in[d][rule] = LockStepFastest.inFastestSet(fig[0], fig[1], fig[2], used[rule]);
        });
        Tally[] t = new Tally[used.length];
        for (int rule = 0; rule < used.length; rule++) {
            t[rule] = new Tally(rows);
            for (int d = 0; d < DRAWS; d++) {
                boolean any = false;
                for (int m = 0; m <= beside; m++) {
                    int r = m == beside ? rows : chosen[d][m];
                    t[rule].drawn()[r]++;
                    if (!in[d][rule][m]) {
                        t[rule].excluded()[r]++;
                        any = true;
                    }
                }
                if (any) t[rule].any()[0]++;
            }
            Tally x = t[rule];
            int w = x.worst();
            NOTES.note(String.format(Locale.ROOT, "| %s | %s | %.4f | %s | %.4f | %.4f | %.3f |", setting, used.length == 1 ? "Bonferroni" : RULE_NAMES[rule],
                    x.overall(), w == rows ? "the reference" : source.rows().get(w).name(), x.rate(w), x.bound(w), x.any()[0] / (double) DRAWS));
        }
        return t;
    }

    /** One drawn row 4% faster: how often each rule leaves it out, leaves each other out, and stars it alone. */
    private static void power(String setting, Source source, int beside, long seed) {
        SplittableRandom base = new SplittableRandom(seed);
        SplittableRandom[] randoms = new SplittableRandom[POWER_DRAWS];
        for (int d = 0; d < POWER_DRAWS; d++) randoms[d] = base.split();
        boolean[][][] in = new boolean[POWER_DRAWS][][];
        IntStream.range(0, POWER_DRAWS).parallel().forEach(d -> {
            double[][] fig = figures(source, RandomSubsets.of(randoms[d], source.rows().size(), beside), randoms[d], -Math.log(1.04));
            in[d] = new boolean[][] {LockStepFastest.inFastestSet(fig[0], fig[1], fig[2], RULES[0]), LockStepFastest.inFastestSet(fig[0], fig[1], fig[2], RULES[1])};
        });
        long[] fasterOut = new long[2], othersOut = new long[2], alone = new long[2];
        for (int rule = 0; rule < 2; rule++) {
            for (boolean[][] draw : in) {
                boolean[] x = draw[rule];
                int others = 0;
                for (int m = 1; m < x.length; m++) others += x[m] ? 0 : 1;
                if (!x[0]) fasterOut[rule]++;
                othersOut[rule] += others;
                if (x[0] && others == x.length - 1) alone[rule]++;
            }
            NOTES.note(String.format(Locale.ROOT, "| %s | %s | %.4f | %.4f | %.4f |", setting, RULE_NAMES[rule], fasterOut[rule] / (double) POWER_DRAWS,
                    othersOut[rule] / (double) POWER_DRAWS / beside, alone[rule] / (double) POWER_DRAWS));
            double bound = ALPHA + 3 * Math.sqrt(ALPHA * (1 - ALPHA) / POWER_DRAWS);
            assertTrue(fasterOut[rule] / (double) POWER_DRAWS <= bound, setting + ": the truly fastest left out in " + fasterOut[rule] / (double) POWER_DRAWS);
        }
        assertTrue(othersOut[1] > othersOut[0], setting + ": Dunnett's value resolves more of the slower methods: " + othersOut[1] + " against "
                + othersOut[0]);
    }

    /**
     * The draw's figures, the chosen rows first (the first shifted by {@code shift}), the reference last: mean ln ratio,
     * squared standard error and df of 5 fork pairs.
     */
    private static double[][] figures(Source source, int[] chosen, SplittableRandom random, double shift) {
        int k = chosen.length + 1;
        double[] mean = new double[k], se2 = new double[k], df = new double[k];
        for (int m = 0; m < chosen.length; m++) {
            double[] y = new double[PAIRS];
            for (int i = 0; i < PAIRS; i++) y[i] = source.draw(chosen[m], random) + (m == 0 ? shift : 0);
            double mu = Arrays.stream(y).average().orElseThrow(), ss = 0;
            for (double v : y) ss += (v - mu) * (v - mu);
            mean[m] = mu;
            se2[m] = ss / (PAIRS - 1) / PAIRS;
            df[m] = PAIRS - 1;
        }
        df[k - 1] = Double.POSITIVE_INFINITY;
        return new double[][] {mean, se2, df};
    }

    /** Every row's centred pairs over its sd, scaled by √(n/(n − 1)) so each row's contribution has variance 1 about 0. */
    private static double[] pool(List<Row> rows) {
        return rows.stream().flatMapToDouble(r -> Arrays.stream(r.centred()).map(v -> v / r.sd() * Math.sqrt(r.centred().length / (r.centred().length - 1.0))))
                .toArray();
    }

    private static List<Row> allRows() {
        List<Row> all = new ArrayList<>();
        for (String run : RUNS) all.addAll(rows(run));
        return all;
    }

    /** A committed A/A run's rows: each cell's fork pairs' ln(B/A), centred on their mean. */
    private static List<Row> rows(String run) {
        Path folder = Path.of("results").resolve(run);
        assertTrue(Files.isRegularFile(folder.resolve(LockStepFile.FILE)), folder + " is committed");
        List<Row> rows = new ArrayList<>();
        for (LockStepFile.CellRecord c : LockStepFile.read(folder).cells()) {
            double[] ln = Arrays.stream(c.ratios()).map(Math::log).toArray();
            assertTrue(ln.length >= PAIRS, run + " " + c.specB() + " has at least " + PAIRS + " fork pairs: " + ln.length);
            double mu = Arrays.stream(ln).average().orElseThrow();
            double[] centred = Arrays.stream(ln).map(v -> v - mu).toArray();
            double sd = Math.sqrt(Arrays.stream(centred).map(v -> v * v).sum() / (centred.length - 1));
            String method = c.specB().replaceAll(".*syncMethod=", "").replaceAll(",.*", "");
            rows.add(new Row(run.replace("lockstep-aa-", "") + " " + method, centred, sd));
        }
        return rows;
    }
}
