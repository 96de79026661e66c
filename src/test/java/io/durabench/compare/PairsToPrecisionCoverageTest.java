package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Fork pairs to a precision keep the interval's promise, on real committed fork pairs: the A/A rows of
 * results/lockstep-aa-vda (30 fork pairs each) and the known-effect rows of results/lockstep-known-* (20 each), their
 * pairs drawn in a random order, the rule the quick profile uses (5 planned, then one more while the 95% interval is
 * wider than the precision, at most 10) applied to the pairs as they come. The truth of a row is what all its pairs
 * say (B/A over all of them; for a known effect, the µs B's spin took). The precision is set per row where the rule
 * binds: the median half-width of 5 pairs of that row, so that about half the draws go on past the planned pairs.
 *
 * <p>The rule's intervals cover the truth as often as a fixed count's do (within 2 points, and at least 93% for a 95%
 * interval, drawn without replacement from 20–30 pairs): on real pairs, a narrow spread does not come with an estimate
 * off its truth. Printed beside it, for scale, a rule that reads the estimate (go on while the interval holds 1:
 * sampling to a foregone conclusion, with the same five looks at most). Figures in target/pairs-to-precision-coverage.md.
 */
@Evidence
class PairsToPrecisionCoverageTest {
    private static final int DRAWS = 2000;
    private static final int PLANNED = 5;
    private static final int MAX = 10;
    private static final EvidenceNotes NOTES = new EvidenceNotes("pairs-to-precision-coverage.md");

    /** A row's pairs and the truth an interval should cover: ratio (all pairs' B/A) and, for a known effect, µs. */
    private record Case(String name, LockStepRealDataTest.Row row, double trueRatio, double trueMicros) {
    }

    @Test
    void stoppingOnTheWidthCoversAsAFixedCountDoes() {
        List<Case> cases = new ArrayList<>();
        for (LockStepRealDataTest.Row r : LockStepRealDataTest.rows("lockstep-aa-vda")) {
            cases.add(new Case("A/A " + r.name(), r, LockStepEstimate.of(r.a(), r.b(), LockStepEstimate.CONFIDENCE).ratio(), Double.NaN));
        }
        for (String d : new String[] {"5000", "13000", "26000"}) {
            for (LockStepRealDataTest.Row r : LockStepRealDataTest.rows("lockstep-known-" + d)) {
                cases.add(new Case("known " + d + " ns", r, LockStepEstimate.of(r.a(), r.b(), LockStepEstimate.CONFIDENCE).ratio(), r.spunMicros()));
            }
        }
        long[] covered = new long[4]; // rule, fixed 5, fixed 10, estimate-stopping
        long total = 0, extended = 0;
        SplittableRandom random = new SplittableRandom(20261207);
        NOTES.note("Fork pairs to a precision, resampled: " + DRAWS + " random orders of each row's committed fork pairs; rule: " + PLANNED
                + " planned, one more while the 95% interval of B/A is wider than the precision, at most " + MAX + ".");
        NOTES.note("");
        NOTES.note("| row | pairs | precision (median ±, 5 pairs) | went past 5 | covered: rule | fixed 5 | fixed 10 | stop on the estimate |");
        NOTES.note("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Case c : cases) {
            int[][] orders = new int[DRAWS][];
            for (int k = 0; k < DRAWS; k++) orders[k] = permutation(random, c.row().a().length);
            double precision = medianHalfWidth(c.row(), orders, PLANNED);
            PairsRule rule = new PairsRule(PLANNED, precision, MAX, null);
            long[] row = new long[4];
            long past = 0;
            for (int[] order : orders) {
                int n = PLANNED;
                while (n < MAX && rule.wants(estimate(c.row(), order, n).halfWidth())) n++;
                if (n > PLANNED) past++;
                row[0] += covers(c, estimate(c.row(), order, n)) ? 1 : 0;
                row[1] += covers(c, estimate(c.row(), order, PLANNED)) ? 1 : 0;
                row[2] += covers(c, estimate(c.row(), order, MAX)) ? 1 : 0;
                int m = PLANNED;
                while (m < MAX && estimate(c.row(), order, m).ratioCi().contains(1.0)) m++;
                row[3] += covers(c, estimate(c.row(), order, m)) ? 1 : 0;
            }
            for (int i = 0; i < 4; i++) covered[i] += row[i];
            total += DRAWS;
            extended += past;
            NOTES.note(String.format(Locale.ROOT, "| %s | %d | ±%.2f%% | %.2f | %.3f | %.3f | %.3f | %.3f |", c.name(), c.row().a().length, 100 * precision,
                    past / (double) DRAWS, row[0] / (double) DRAWS, row[1] / (double) DRAWS, row[2] / (double) DRAWS, row[3] / (double) DRAWS));
        }
        double rule = covered[0] / (double) total, five = covered[1] / (double) total, ten = covered[2] / (double) total,
                onEstimate = covered[3] / (double) total;
        NOTES.note("");
        NOTES.note(String.format(Locale.ROOT, "All rows: went past the planned pairs in %.2f of draws; covered by the rule %.3f, by 5 fixed pairs %.3f, "
                + "by 10 %.3f; by a rule that stops on the estimate %.3f.", extended / (double) total, rule, five, ten, onEstimate));
        assertTrue(extended > total / 4, "the precision binds in enough draws to test the rule: " + extended + " of " + total);
        assertTrue(rule >= 0.93, "the rule's 95% intervals cover the truth in " + rule);
        assertTrue(rule >= Math.min(five, ten) - 0.02, "the rule covers as a fixed count does: " + rule + " against " + five + " and " + ten);
    }

    /** Whether the case's truth lies in the estimate's ratio interval (and, for a known effect, in its µs interval too). */
    private static boolean covers(Case c, LockStepEstimate e) {
        boolean ratio = e.ratioCi().contains(c.trueRatio());
        return Double.isNaN(c.trueMicros()) ? ratio : ratio && e.diffCi().contains(c.trueMicros());
    }

    private static double medianHalfWidth(LockStepRealDataTest.Row row, int[][] orders, int n) {
        double[] w = Arrays.stream(orders).mapToDouble(o -> estimate(row, o, n).halfWidth()).sorted().toArray();
        return w[w.length / 2];
    }

    /** The estimate from the first {@code n} fork pairs in this order. */
    private static LockStepEstimate estimate(LockStepRealDataTest.Row row, int[] order, int n) {
        return LockStepEstimate.of(pick(row.a(), order, n), pick(row.b(), order, n), LockStepEstimate.CONFIDENCE);
    }

    private static double[] pick(double[] x, int[] order, int n) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = x[order[i]];
        return y;
    }

    private static int[] permutation(SplittableRandom random, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
