package io.durabench.stats;

import java.util.Arrays;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * The smallest change a comparison could have detected, given its sample sizes, α, the number of
 * rows it is corrected over, and the noise of the row.
 *
 * <p><b>(a) Nothing at all</b> when even complete separation is not significant: the smallest
 * two-sided exact p is 2/C(n1 + n2, n1), and a single changed row among m must reach Holm's first
 * step α/m (at 41 rows, 5 vs 5 never can; 7 vs 7 is the least that can).
 *
 * <p><b>(b) Otherwise</b> the smallest relative slowdown flagged with {@value #POWER} power, under a
 * log-normal model (ln(score) ~ Normal(μ, σ) per fork, σ from {@link #pooledLogSd}, a change
 * multiplies every score): σ times a standardized shift found by simulating the very test used
 * (exact U, two-sided, level α/m; seed {@value #SEED}, {@value #TRIALS} trials, cached per
 * (n1, n2, α/m)). Simulated, because at 7…15 forks and levels near 0.001 the exact test is too
 * discrete for asymptotic formulas; with common random numbers the power curve is the empirical
 * distribution of one order statistic (the h-th smallest pairwise difference), so no bisection is
 * needed. Beyond {@link ExactMannWhitney#EXACT_MAX_TOTAL} values, where the test itself is normal,
 * Noether's formula (JASA 82:645–647), which uses the null variance of U and so errs on the cautious side.
 *
 * <p>The model assumes continuous scores (ties lower the power) and the same σ on both sides; a
 * speed-up of the same log size is detected equally well.
 */
public record DetectableChange(int n1, int n2, double alpha, int rows, double logSd, double smallestPossibleP,
                               double changePercent, String explanation, OneRound setBy) {

    /**
     * The round that alone sets a paired figure: the per-round ratio furthest below the centre (the
     * candidate far faster than the base there, as when the base stalled), without which, that round
     * put at the centre, the figure would be at most half. Why say so: 12 rounds cannot tell how often
     * such a round happens, so the figure is then a statement about that round more than about the
     * row (docs/compare.md).
     *
     * @param round          1-based, in the comparison's round order
     * @param ratio          candidate/base in that round, as measured
     * @param percentWithout the figure with that round ordinary
     */
    public record OneRound(int round, double ratio, double percentWithout) {
    }

    /**
     * How the two sides are compared: unpaired forks (rank-sum test) or forks paired by round
     * (signed-rank test on the per-round log ratios; n1 = n2 = the pairs).
     */
    public record Design(int n1, int n2, boolean paired) {
        public static Design unpaired(int n1, int n2) {
            return new Design(n1, n2, false);
        }

        public static Design pairs(int n) {
            return new Design(n, n, true);
        }

        double smallestTwoSidedP() {
            return paired ? ExactSignedRank.smallestTwoSidedP(n1) : ExactMannWhitney.smallestTwoSidedP(n1, n2);
        }

        String sizes() {
            return paired ? Numbers.count(n1, "pair", "pairs") : n1 + " and " + n2 + " values";
        }
    }
    public static final double POWER = 0.80;
    static final int TRIALS = 20_000;
    static final long SEED = 20_240_611L;

    /**
     * The smallest slowdown flagged with {@value #POWER} power when a flag needs both the test
     * (significant at Holm's first step) and the Hodges–Lehmann estimate at least {@code barPercent}
     * (the larger of --threshold and the row's A/A noise floor: the verdict judges both on the
     * estimate). Simulated with the same common random numbers: a trial flags a shift δ when δ passes
     * the test's critical order statistic and δ − (the trial's estimate error) passes the bar.
     *
     * @param logSd     σ of ln score per fork (unpaired, e.g. {@link #pooledLogSd}), or of the per-round log ratio (paired); NaN when unknown
     * @param barPercent the estimate's bar in %, 0 for none
     * @param barName   what the bar is, for the explanation ("the 5% threshold"); unused when the bar is 0
     */
    public static DetectableChange of(Design design, double alpha, int rows, double logSd, double barPercent, String barName) {
        int n1 = design.n1(), n2 = design.n2();
        double level = MultipleComparisons.holmFirstStep(alpha, rows);
        double pMin = design.smallestTwoSidedP();
        if (pMin > level) {
            String text = "cannot detect any change: with " + design.sizes() + " the smallest possible two-sided p is " + (design.paired()
                    ? "2/2^" + n1 : "2/C(" + (n1 + n2) + "," + n1 + ") = 2/" + Numbers.sig(CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n1), 15))
                    + " = " + Numbers.sig(pMin, 2) + ", above " + (rows > 1 ? "Holm's first step " : "alpha ") + levelText(alpha, rows, level);
            return new DetectableChange(n1, n2, alpha, rows, logSd, pMin, Double.POSITIVE_INFINITY, text, null);
        }
        if (!(logSd >= 0) || Double.isInfinite(logSd)) {
            return new DetectableChange(n1, n2, alpha, rows, logSd, pMin, Double.NaN,
                    "unknown: the noise cannot be estimated from " + design.sizes(), null);
        }
        double bar = barPercent > 0 && logSd > 0 ? Math.log1p(barPercent / 100) / logSd : 0;
        double testOnly = standardizedShift(design, level, 0);
        double shift = bar > 0 ? standardizedShift(design, level, bar) : testOnly;
        double modelled = (Math.exp(logSd * shift) - 1) * 100, pct = atLeastTheBar(modelled, barPercent);
        boolean barBinds = pct > modelled || bar > 0 && shift > testOnly * 1.02;
        String text = flagged(pct, design, "noise " + Numbers.percent(100 * logSd)
                + (design.paired() ? " (sd of the per-round ln ratio)" : " (sd of ln score)"), levelText(alpha, rows, level),
                barBinds ? barName : null, (Math.exp(logSd * testOnly) - 1) * 100);
        return new DetectableChange(n1, n2, alpha, rows, logSd, pMin, pct, text, null);
    }

    /** Bootstrap trials per row: the 80th percentile of 1,000 draws is within about ±1.3 points of power. */
    static final int BOOTSTRAP_TRIALS = 1_000;

    /**
     * The smallest slowdown flagged with {@value #POWER} power, from the row's own forks rather than a
     * normal model: the same common-random-number construction as {@link #of(Design, double, int, double, double, String)},
     * but each trial resamples the row's own values with replacement, each side centred on its median
     * (paired: the per-round log ratios centred on their Hodges-Lehmann location, the centre the signed-rank
     * test itself judges, so the resampled null is the test's null), so no change is in them. Why: real forks
     * are not normal. A stalled fork makes the sd several times what the rank tests feel (they barely
     * notice its size), while a pair in which the base stalled stays negative under any shift smaller
     * than the stall, and the signed-rank test at Holm's first step tolerates almost no negative pair.
     * Resampling the row's own values keeps both effects, where a normal model with the plain sd does not
     * (RealDataPowerTest). Paired, a row whose own rounds hold no stall meets the comparison's pooled {@code stalls}
     * ({@link StallPool#NONE}: none): each resampled round is, at the pool's rate, one of the pooled stalls scaled by
     * this row's robust sd (how well that keeps the figure's promise: docs/compare.md).
     *
     * @param base      the base's scores (positive)
     * @param candidate the candidate's scores (positive; paired: round by round with base)
     */
    public static DetectableChange ofData(Design design, double alpha, int rows, double[] base, double[] candidate, double barPercent,
                                          String barName, StallPool stalls) {
        int n1 = design.n1(), n2 = design.n2();
        double level = MultipleComparisons.holmFirstStep(alpha, rows);
        DetectableChange blind = of(design, alpha, rows, Double.NaN, 0, "");
        if (!blind.anyChangeDetectable()) return blind;
        double bar = barPercent > 0 ? Math.log1p(barPercent / 100) : 0;
        ShiftTrials t;
        double[] raw = design.paired() ? ShiftEstimate.logDifferences(base, candidate) : null, d = null;
        boolean pooled = false;
        if (design.paired()) {
            // Centred on the median instead, skewed rows' figures over-promised.
            d = StallPool.centred(raw);
            double sd = robustSd(d);
            pooled = stalls.rate() > 0 && sd > 0 && !StallPool.hasStall(d, sd);
            ShiftTrials.Sampler sampler = pooled ? ShiftTrials.Sampler.withStalls(d, stalls.rate(), stalls.standardized(), sd)
                    : ShiftTrials.Sampler.resampling(d, d);
            t = ShiftTrials.paired(n1, level, sampler, BOOTSTRAP_TRIALS);
        } else {
            double[][] noChange = withoutTheirShift(logs(base), logs(candidate));
            t = ShiftTrials.unpaired(n1, n2, level, ShiftTrials.Sampler.resampling(noChange[0], noChange[1]), BOOTSTRAP_TRIALS);
        }
        double shift = t.atPower(POWER, bar), test = t.criticalAtPower(POWER);
        double resampled = (Math.exp(shift) - 1) * 100, pct = atLeastTheBar(resampled, barPercent);
        boolean barBinds = pct > resampled || bar > 0 && shift > test + 1e-9 && shift - test > 0.02 * Math.abs(test);
        String text = flagged(pct, design, "resampling this row's own " + (design.paired() ? "per-round ratios" : "forks")
                + (pooled ? " with the stalls the comparison's other rows had (" + stalls.standardized().length + " in " + stalls.rowRounds()
                + " row-rounds)" : ""), levelText(alpha, rows, level), barBinds ? barName : null, (Math.exp(test) - 1) * 100);
        OneRound setBy = d == null ? null : setByOneRound(d, raw, level, bar, pct);
        if (setBy != null) {
            text += "; round " + setBy.round() + " alone sets it (candidate/base " + Numbers.sig(setBy.ratio(), 2)
                    + " there): with that round ordinary, " + Numbers.percent(setBy.percentWithout());
        }
        double sd = design.paired() ? robustSd(raw) : robustPooledLogSd(base, candidate);
        return new DetectableChange(n1, n2, alpha, rows, sd, blind.smallestPossibleP(), pct, text, setBy);
    }

    /**
     * The round that alone sets a paired figure ({@link OneRound}), or null: only a round more than 3 robust sds below the
     * centre is tried, and it counts when the figure with that round put at the centre is at most half.
     *
     * @param centred the per-round log ratios centred on their Hodges-Lehmann location, as the figure resampled them
     * @param raw     the same ratios as measured
     */
    private static OneRound setByOneRound(double[] centred, double[] raw, double level, double bar, double percent) {
        int worst = 0;
        for (int i = 1; i < centred.length; i++) if (centred[i] < centred[worst]) worst = i;
        if (!StallPool.isStall(centred[worst], robustSd(centred)) || !Double.isFinite(percent)) return null;
        double[] ordinary = centred.clone();
        ordinary[worst] = 0;
        ShiftTrials t = ShiftTrials.paired(centred.length, level, ShiftTrials.Sampler.resampling(ordinary, ordinary), BOOTSTRAP_TRIALS);
        double without = (Math.exp(t.atPower(POWER, bar)) - 1) * 100;
        return without <= percent / 2 ? new OneRound(worst + 1, Math.exp(raw[worst]), without) : null;
    }

    /** "alpha/rows = level" for Holm's first step over several rows, alpha alone for one. */
    private static String levelText(double alpha, int rows, double level) {
        return rows > 1 ? Numbers.sig(alpha, 3) + "/" + rows + " = " + Numbers.sig(level, 2) : Numbers.sig(alpha, 3);
    }

    /**
     * "a slowdown of 12% would be flagged with 80% power (SIZES, HOW, level LEVEL)", and when {@code bindingBar} names the
     * bar that sets it, what the test alone ({@code testPercent}) would flag.
     */
    private static String flagged(double percent, Design design, String how, String level, String bindingBar, double testPercent) {
        return "a slowdown of " + Numbers.percent(percent) + " would be flagged with " + Math.round(POWER * 100) + "% power ("
                + design.sizes() + (design.paired() ? " by round" : "") + ", " + how + ", level " + level
                + (bindingBar == null ? "" : "; set by " + bindingBar + ", which the estimate must pass: the test alone would flag "
                + Numbers.percent(testPercent)) + ")";
    }

    /**
     * The two sides' log scores with no change between them as the estimate measures it: the base centred on its
     * median, the candidate moved by the Hodges-Lehmann shift (the median of every pairwise difference) as well, so
     * that shift between them is 0. Centring each side on its own median would leave the halves' own offset in the
     * "no change", and state a row flagged below the bar its estimate must pass (DetectableChangeBarTest).
     */
    private static double[][] withoutTheirShift(double[] logBase, double[] logCandidate) {
        double[] d = new double[logBase.length * logCandidate.length];
        int k = 0;
        for (double b : logBase) for (double c : logCandidate) d[k++] = c - b;
        double baseCentre = MedianEstimate.medianOf(logBase), shift = MedianEstimate.medianOf(d);
        double[] base = new double[logBase.length], candidate = new double[logCandidate.length];
        for (int i = 0; i < base.length; i++) base[i] = logBase[i] - baseCentre;
        for (int j = 0; j < candidate.length; j++) candidate[j] = logCandidate[j] - baseCentre - shift;
        return new double[][] {base, candidate};
    }

    /**
     * The figure never below the bar: a flag needs the estimate at the bar (--threshold, or the row's A/A floor), and an
     * estimate under it is `small` whatever the test says, so the smallest change that would be flagged is at least the
     * bar. A model or a resample can put its 80% point under it (no noise at all; an estimate whose simulated errors lean
     * one way): such a figure would promise what the verdict never gives.
     */
    public static double atLeastTheBar(double percent, double barPercent) {
        return barPercent > 0 && percent < barPercent ? barPercent : percent;
    }

    /** True when some change, however large, could be flagged at these sample sizes. */
    public boolean anyChangeDetectable() {
        return Double.isNaN(changePercent) || changePercent < Double.POSITIVE_INFINITY;
    }

    /**
     * Pooled within-sample standard deviation of ln(x): √((Σ(ln a − mean)² + Σ(ln b − mean)²)/(n1 + n2 − 2)).
     * NaN with fewer than three values in all.
     */
    public static double pooledLogSd(double[] a, double[] b) {
        ShiftEstimate.requirePositive("a", a);
        ShiftEstimate.requirePositive("b", b);
        int df = a.length + b.length - 2;
        return df < 1 ? Double.NaN : Math.sqrt((sumOfSquares(a) + sumOfSquares(b)) / df);
    }

    /**
     * The noise the rank tests see: a robust sd, 1.4826 × the median absolute deviation from the
     * median with Croux &amp; Rousseeuw's small-sample factor n/(n − 0.8), of ln(x) per sample, pooled
     * like {@link #pooledLogSd}. Why robust: the rank tests are barely moved by one stalled fork,
     * while a stall inflates the plain sd several-fold, so a detectable change computed from the
     * plain sd would promise far less than the test delivers (RealDataPowerTest checks this on the
     * committed A/A runs).
     */
    public static double robustPooledLogSd(double[] a, double[] b) {
        ShiftEstimate.requirePositive("a", a);
        ShiftEstimate.requirePositive("b", b);
        int df = a.length + b.length - 2;
        if (df < 1 || a.length < 2 || b.length < 2) return Double.NaN;
        double sa = robustSd(logs(a)), sb = robustSd(logs(b));
        return Math.sqrt(((a.length - 1) * sa * sa + (b.length - 1) * sb * sb) / df);
    }

    /** 1.4826 × MAD × n/(n − 0.8) (consistent for the normal sd; NaN below 3 values). */
    public static double robustSd(double[] x) {
        int n = x.length;
        if (n < 3) return Double.NaN;
        double median = MedianEstimate.medianOf(x);
        double[] dev = new double[n];
        for (int i = 0; i < n; i++) dev[i] = Math.abs(x[i] - median);
        return 1.4826 * MedianEstimate.medianOf(dev) * n / (n - 0.8);
    }

    private static double[] logs(double[] x) {
        double[] l = new double[x.length];
        for (int i = 0; i < x.length; i++) l[i] = Math.log(x[i]);
        return l;
    }

    private static double sumOfSquares(double[] x) {
        double mean = Arrays.stream(x).map(Math::log).average().orElse(0), ss = 0;
        for (double v : x) ss += Math.pow(Math.log(v) - mean, 2);
        return ss;
    }

    /**
     * The shift in units of σ flagged with {@link #POWER} power by the test at {@code level} and an
     * estimate at least {@code bar} (in units of σ, on the log scale).
     */
    static double standardizedShift(Design design, double level, double bar) {
        int total = design.paired() ? design.n1() : design.n1() + design.n2();
        if (total > ExactMannWhitney.EXACT_MAX_TOTAL) return normalShift(design, level, bar);
        ShiftTrials t = ShiftTrials.normal(design, level, TRIALS);
        if (t == null) return Double.POSITIVE_INFINITY;
        return t.atPower(POWER, bar);
    }

    /** Beyond 50 values: Noether's shift for the test; the bar needs the estimate's normal error (ARE 3/π of the rank estimate). */
    private static double normalShift(Design design, double level, double bar) {
        double test = design.paired()
                ? (NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(1 - level / 2)
                + NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(POWER)) * Math.sqrt(Math.PI / 3 / design.n1())
                : noether(design.n1(), design.n2(), level);
        double se = Math.sqrt(Math.PI / 3) * (design.paired() ? Math.sqrt(1.0 / design.n1()) : Math.sqrt(1.0 / design.n1() + 1.0 / design.n2()));
        return Math.max(test, bar + NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(POWER) * se);
    }

    /** The test-only shift by simulation, whatever the sample sizes (for checking Noether against it). */
    static double simulated(int n1, int n2, double level) {
        ShiftTrials t = ShiftTrials.unpaired(n1, n2, level, ShiftTrials.Sampler.NORMAL, TRIALS);
        return t == null ? Double.POSITIVE_INFINITY : t.criticalAtPower(POWER);
    }

    static double noether(int n1, int n2, double level) {
        double z = NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(1 - level / 2)
                + NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(POWER);
        double pGreater = 0.5 + z / Math.sqrt(12.0 * n1 * n2 / (n1 + n2));
        if (pGreater >= 1) return Double.POSITIVE_INFINITY;
        return Math.sqrt(2) * NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(pGreater);
    }
}
