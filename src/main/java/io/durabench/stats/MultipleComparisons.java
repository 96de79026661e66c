package io.durabench.stats;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Adjusted p-values for a sweep of many rows tested at once.
 *
 * <p><b>The verdict uses Holm.</b> A compare gates builds, and one false "regression" fails a build
 * and teaches the team to ignore the gate, so what must be controlled is the chance that <em>any</em>
 * row of an unchanged sweep is flagged: the family-wise error rate, which Holm's step-down procedure
 * holds at α for any dependence between rows (rows of one run share a disk and a JVM). Benjamini–Hochberg
 * controls the false-discovery proportion among flagged rows instead, the wrong promise for a gate;
 * it is provided so a report can say what it would have flagged.
 *
 * <ul>
 *   <li>Holm (1979), "A simple sequentially rejective multiple test procedure", Scand. J.
 *       Statist. 6:65–70: with p sorted ascending, adj(i) = max over j ≤ i of min(1, (m − j + 1)·p(j)).</li>
 *   <li>Benjamini &amp; Hochberg (1995), "Controlling the false discovery rate", JRSS B 57:289–300:
 *       adj(i) = min over j ≥ i of min(1, m/j · p(j)) (the q-values of R's {@code p.adjust(method = "BH")}).</li>
 * </ul>
 * Both return the adjusted values in the caller's order; a row is significant when its adjusted
 * value is ≤ α.
 */
public final class MultipleComparisons {

    private MultipleComparisons() {
    }

    /** Holm's step-down adjusted p-values (monotone in the sorted order). */
    public static double[] holm(double[] p) {
        int[] order = ascending(p);
        int m = p.length;
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /** Benjamini–Hochberg step-up adjusted p-values (q-values). */
    public static double[] benjaminiHochberg(double[] p) {
        int[] order = ascending(p);
        int m = p.length;
        double[] adjusted = new double[m];
        double running = 1;
        for (int rank = m - 1; rank >= 0; rank--) {
            int i = order[rank];
            running = Math.min(running, Math.min(1, p[i] * m / (rank + 1)));
            adjusted[i] = running;
        }
        return adjusted;
    }

    private static int[] ascending(double[] p) {
        for (double v : p) {
            if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException("p-value " + v + " is not in [0, 1]");
        }
        return IntStream.range(0, p.length).boxed().sorted(Comparator.comparingDouble(i -> p[i]))
                .mapToInt(Integer::intValue).toArray();
    }

    /** Holm's first (strictest) step: α/m, the level the smallest p of m rows must reach. */
    public static double holmFirstStep(double alpha, int rows) {
        if (rows < 1) throw new IllegalArgumentException("rows must be at least 1, got " + rows);
        return alpha / rows;
    }
}
