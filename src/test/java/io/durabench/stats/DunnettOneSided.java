package io.durabench.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Dunnett's one-sided critical value for comparing one method with each of m others when the m differences have
 * the <em>product correlation</em> structure: corr(Z_j, Z_l) = λ_j·λ_l. Lock-step methods are measured in separate
 * fork pairs, so the difference of method i and method j has variance v_i + v_j (v the squared standard error of a
 * mean ln ratio; the reference's is 0), and two differences that share i share its noise: λ_j = √(v_i / (v_i + v_j))
 * ({@link #lambda}). Then, for standard normal Z_j,
 * <pre>P(all Z_j ≤ d) = ∫ φ(w) Π_j Φ((d − λ_j·w) / √(1 − λ_j²)) dw</pre>
 * (Z_j = λ_j·W + √(1 − λ_j²)·E_j with W and the E_j independent), and the critical value d solves
 * P(all Z_j ≤ d) = 1 − α. λ_j = 0 is independence (Šidák: Φ(d)^m); λ_j = 1 makes Z_j = W, its term 1{w ≤ d}, so
 * the integral ends at d. The integral is Simpson's rule on a fixed grid over w in [−8, min(8, d)], the bisection
 * between z(1 − α) (all differences one) and z(1 − α/m) (Bonferroni), where the answer must lie.
 *
 * <p>Dunnett (1955), "A multiple comparison procedure for comparing several treatments with a control", JASA
 * 50:1096–1121; the product-correlation integral is his equation for unequal variances. Hsu (1996), "Multiple
 * Comparisons: Theory and Methods", §4 uses it for multiple comparisons with the best.
 *
 * <p>Test code: the fastest set keeps Bonferroni's bound (LockStepFastest says why); this value is what
 * LockStepFastestCoverageTest sets beside it.
 */
public final class DunnettOneSided {
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);
    private static final double LOW = -8, HIGH = 8;
    /** Simpson intervals per unit of w: d within 0.001 of a 50 times finer grid's, even beside a λ of 0.9999. */
    private static final int STEPS_PER_UNIT = 40;
    private static final double TOLERANCE = 1e-7;

    private DunnettOneSided() {
    }

    /** λ_j of the difference (i − j) for squared standard errors v_i and v_j: √(v_i / (v_i + v_j)), 0 when both are 0. */
    public static double lambda(double vi, double vj) {
        if (!(vi >= 0 && vj >= 0)) throw new IllegalArgumentException("a squared standard error must be >= 0: " + vi + ", " + vj);
        return vi + vj > 0 ? Math.sqrt(vi / (vi + vj)) : 0;
    }

    /** The one-sided critical value d: P(all Z_j ≤ d) = 1 − α for the differences of these λs (one per comparison, at least one). */
    public static double criticalValue(double[] lambdas, double alpha) {
        check(lambdas);
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
        double lo = STANDARD_NORMAL.inverseCumulativeProbability(1 - alpha);
        double hi = STANDARD_NORMAL.inverseCumulativeProbability(1 - alpha / lambdas.length);
        while (hi - lo > TOLERANCE) {
            double mid = (lo + hi) / 2;
            if (allBelow(lambdas, mid) < 1 - alpha) lo = mid;
            else hi = mid;
        }
        return (lo + hi) / 2;
    }

    /**
     * The per-comparison one-sided level the critical value makes: Φ̄(d). A comparison's one-sided p at most this
     * level rejects, with all m held to α together.
     */
    public static double perComparisonLevel(double[] lambdas, double alpha) {
        return 1 - STANDARD_NORMAL.cumulativeProbability(criticalValue(lambdas, alpha));
    }

    /**
     * P(all Z_j ≤ d) for the differences of these λs: increasing in d, so a one-sided p is at most the level Φ̄(d(α))
     * exactly when this probability at d = z(1 − p) is at least 1 − α (one integral in place of a bisection).
     */
    public static double allBelow(double[] lambdas, double d) {
        check(lambdas);
        int m = lambdas.length;
        double[] slope = new double[m], scale = new double[m];
        int kept = 0;
        boolean step = false;
        for (double l : lambdas) {
            double s = Math.sqrt(Math.max(0, 1 - l * l));
            if (s < 1e-9) {
                step = true; // Z_j = W: the term is 1{w ≤ d}
                continue;
            }
            slope[kept] = l / s;
            scale[kept++] = 1 / s;
        }
        double high = step ? Math.min(HIGH, d) : HIGH;
        if (high <= LOW) return 0;
        int n = Math.max(2, 2 * (int) Math.ceil((high - LOW) * STEPS_PER_UNIT / 2));
        double h = (high - LOW) / n, sum = 0;
        for (int i = 0; i <= n; i++) {
            double w = LOW + i * h;
            double f = Math.exp(-w * w / 2) / Math.sqrt(2 * Math.PI);
            for (int j = 0; j < kept && f > 0; j++) f *= phi(d * scale[j] - w * slope[j]);
            sum += (i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2)) * f;
        }
        return Math.min(1, sum * h / 3);
    }

    private static void check(double[] lambdas) {
        if (lambdas.length == 0) throw new IllegalArgumentException("no comparisons");
        for (double l : lambdas) {
            if (!(l >= 0 && l <= 1)) throw new IllegalArgumentException("a lambda must be in [0, 1]: " + l);
        }
    }

    /**
     * The standard normal distribution function, to double precision: Hart's rational approximation as given by West
     * (2005), "Better approximations to cumulative normal functions", Wilmott Magazine, Figure 2. The integral calls it
     * m times per grid point, where commons-math's series is many times slower.
     */
    static double phi(double x) {
        double a = Math.abs(x);
        double c;
        if (a > 37) {
            c = 0;
        } else if (a < 7.07106781186547) {
            double e = Math.exp(-a * a / 2);
            double num = ((((((3.52624965998911e-02 * a + 0.700383064443688) * a + 6.37396220353165) * a + 33.912866078383) * a
                    + 112.079291497871) * a + 221.213596169931) * a + 220.206867912376);
            double den = (((((((8.83883476483184e-02 * a + 1.75566716318264) * a + 16.064177579207) * a + 86.7807322029461) * a
                    + 296.564248779674) * a + 637.333633378831) * a + 793.826512519948) * a + 440.413735824752);
            c = e * num / den;
        } else {
            double e = Math.exp(-a * a / 2);
            double b = a + 1 / (a + 2 / (a + 3 / (a + 4 / (a + 0.65))));
            c = e / b / 2.506628274631;
        }
        return x > 0 ? 1 - c : c;
    }
}
