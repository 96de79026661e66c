package io.durabench.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * The simulation behind {@link DetectableChange}: per trial (no change in the values), the smallest
 * shift the exact test flags ({@code critical}) and how far below the shift the trial's Hodges–Lehmann
 * estimate lands ({@code estimateError}: the estimate of a shift δ is δ − estimateError). With these
 * common random numbers a trial flags a shift δ exactly when δ &gt; critical and δ − estimateError ≥ the
 * bar on the estimate, so a power curve needs no bisection: it is the empirical distribution of
 * max(critical, bar + estimateError). Values come from a {@link Sampler}: N(0, 1) for the model, or a
 * row's own centred values drawn with replacement. Seeded ({@value #SEED}), so a figure is the same on
 * every run and every thread.
 */
record ShiftTrials(double[] critical, double[] estimateError) {
    static final long SEED = DetectableChange.SEED;

    /** Where a trial's values come from: N(0, 1) for the model, or drawn with replacement from a row's own centred values. */
    interface Sampler {
        Sampler NORMAL = new Sampler() {
            @Override
            public double base(RandomGenerator r) {
                return r.nextGaussian();
            }

            @Override
            public double candidate(RandomGenerator r) {
                return r.nextGaussian();
            }
        };

        /** A base value (or, paired, a per-round difference). */
        double base(RandomGenerator r);

        double candidate(RandomGenerator r);

        /**
         * Paired: a round is, with probability {@code rate}, one of {@code stalls} (in robust sds) times {@code sd}, else one of
         * the row's own {@code values}.
         */
        static Sampler withStalls(double[] values, double rate, double[] stalls, double sd) {
            return new Sampler() {
                @Override
                public double base(RandomGenerator r) {
                    if (r.nextDouble() < rate) return stalls[r.nextInt(stalls.length)] * sd;
                    return values[r.nextInt(values.length)];
                }

                @Override
                public double candidate(RandomGenerator r) {
                    return base(r);
                }
            };
        }

        static Sampler resampling(double[] base, double[] candidate) {
            return new Sampler() {
                @Override
                public double base(RandomGenerator r) {
                    return base[r.nextInt(base.length)];
                }

                @Override
                public double candidate(RandomGenerator r) {
                    return candidate[r.nextInt(candidate.length)];
                }
            };
        }
    }

    /** The normal model's trials depend only on the design and the level: computed once each, shared by every row. */
    private static final Map<String, ShiftTrials> NORMAL_CACHE = new ConcurrentHashMap<>();

    /** The normal model's trials for this design at this level; null when the test can flag nothing. */
    static ShiftTrials normal(DetectableChange.Design design, double level, int trials) {
        // computeIfAbsent stores no null: "cannot flag" is kept as an empty set of trials.
        ShiftTrials t = NORMAL_CACHE.computeIfAbsent(design + ":" + level + ":" + trials, key -> {
            ShiftTrials made = design.paired()
                    ? paired(design.n1(), level, Sampler.NORMAL, trials)
                    : unpaired(design.n1(), design.n2(), level, Sampler.NORMAL, trials);
            return made == null ? new ShiftTrials(new double[0], new double[0]) : made;
        });
        return t.critical().length == 0 ? null : t;
    }

    /** The shift flagged in a share {@code power} of the trials: the test's critical shift and the bar on the estimate both passed. */
    double atPower(double power, double bar) {
        int n = critical.length;
        double[] needed = new double[n];
        for (int i = 0; i < n; i++) needed[i] = Math.max(critical[i], bar + estimateError[i]);
        return select(needed, (int) Math.ceil(power * n) - 1);
    }

    /** The shift the test alone flags in a share {@code power} of the trials. */
    double criticalAtPower(double power) {
        return select(critical.clone(), (int) Math.ceil(power * critical.length) - 1);
    }

    /** Rank-sum trials, n1 base and n2 candidate values each; null when even complete separation is not significant. */
    static ShiftTrials unpaired(int n1, int n2, double level, Sampler sampler, int trials) {
        int h = unpairedCritical(n1, n2, level);
        if (h > n1 * n2) return null;
        RandomGenerator random = new Well19937c(SEED);
        double[] x = new double[n1], y = new double[n2], diffs = new double[n1 * n2];
        double[] critical = new double[trials], error = new double[trials];
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < n1; i++) x[i] = sampler.base(random);
            for (int j = 0; j < n2; j++) y[j] = sampler.candidate(random);
            for (int i = 0; i < n1; i++) {
                for (int j = 0; j < n2; j++) diffs[i * n2 + j] = x[i] - y[j];
            }
            // The candidate y + δ has U ≥ h exactly when at least h differences x_i − y_j lie below δ;
            // its estimate is the median of (y_j + δ − x_i) = δ − median(x_i − y_j).
            error[t] = median(diffs);
            critical[t] = selectAfterMedian(diffs, h - 1);
        }
        return new ShiftTrials(critical, error);
    }

    /** Signed-rank trials of n per-round differences; null when even n positive pairs are not significant. */
    static ShiftTrials paired(int n, double level, Sampler sampler, int trials) {
        int h = pairedCritical(n, level);
        if (h > n * (n + 1) / 2) return null;
        RandomGenerator random = new Well19937c(SEED);
        double[] d = new double[n], critical = new double[trials], error = new double[trials];
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < n; i++) d[i] = sampler.base(random);
            double[] w = ShiftEstimate.unsortedWalshAverages(d);
            // W+ of d + δ counts the Walsh averages above −δ: at least h of them when −δ < w(m − h + 1), 1-based.
            error[t] = -median(w);
            critical[t] = -selectAfterMedian(w, w.length - h);
        }
        return new ShiftTrials(critical, error);
    }

    /** The smallest U the two-sided test at {@code level} flags (upper tail). */
    static int unpairedCritical(int n1, int n2, double level) {
        NoTiesUDistribution u = NoTiesUDistribution.of(n1, n2);
        int h = (int) Math.ceil(u.mean());
        if (h == u.mean()) h++;
        while (h <= n1 * n2 && u.twoSidedP(h) > level) h++;
        return h;
    }

    /** The smallest W+ the two-sided signed-rank test at {@code level} flags. */
    static int pairedCritical(int n, double level) {
        double[] cdf = ExactSignedRank.noTiesCdf(n);
        // Smallest h with P(W+ ≥ h) = P(W+ ≤ max − h) ≤ level/2; max + 1 when even h = max is not significant.
        int max = n * (n + 1) / 2, h = max;
        while (h > 0 && 2 * cdf[max - (h - 1)] <= level) h--;
        return 2 * cdf[max - h] > level ? max + 1 : h;
    }

    /**
     * The median of x, reordering x: the same value {@link MedianEstimate#medianOfSorted} gives of x sorted, by
     * selection rather than a sort of every trial's values (a sort would be most of a comparison's power simulation).
     * Leaves x split at n/2, every value before it no greater, every value after it no smaller.
     */
    static double median(double[] x) {
        int n = x.length, mid = n / 2;
        double upper = select(x, mid);
        if (n % 2 == 1) return upper;
        double lower = x[0];
        for (int i = 1; i < mid; i++) lower = Math.max(lower, x[i]);
        return (lower + upper) / 2;
    }

    /** The k-th smallest (0-based) of x, which {@link #median} has split: only the half k lies in is searched. */
    static double selectAfterMedian(double[] x, int k) {
        int mid = x.length / 2;
        return k < mid ? select(x, k, 0, mid - 1) : k == mid ? x[mid] : select(x, k, mid + 1, x.length - 1);
    }

    /** The k-th smallest (0-based) of x, reordering x (Hoare's selection: a comparison runs this per row, where a sort would dominate its time). */
    static double select(double[] x, int k) {
        return select(x, k, 0, x.length - 1);
    }

    /** The k-th smallest of x, lo ≤ k ≤ hi, searching x[lo..hi] only; leaves x[lo..k) no greater and x(k..hi] no smaller than it. */
    private static double select(double[] x, int k, int lo, int hi) {
        while (lo < hi) {
            double pivot = x[(lo + hi) >>> 1];
            int i = lo, j = hi;
            while (i <= j) {
                while (x[i] < pivot) i++;
                while (x[j] > pivot) j--;
                if (i <= j) {
                    double tmp = x[i];
                    x[i] = x[j];
                    x[j] = tmp;
                    i++;
                    j--;
                }
            }
            if (k <= j) hi = j;
            else if (k >= i) lo = i;
            else return x[k];
        }
        return x[k];
    }
}
