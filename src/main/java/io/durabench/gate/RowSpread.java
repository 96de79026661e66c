package io.durabench.gate;

import io.durabench.stats.SqueezedVariance;
import java.util.List;
import java.util.stream.Stream;

/**
 * How much one row's value moves from run to run, as the gate judges it: the variance of a run's value on the log scale,
 * its degrees of freedom, and which of two estimates it came from. The larger counts:
 * <ul>
 *   <li><b>between runs</b>: the sample variance of the history's values (k − 1 degrees of freedom), shrunk toward the
 *       other rows' ({@link SqueezedVariance});</li>
 *   <li><b>within runs</b>: what the runs' own forks (or fork pairs) say of a run's value: their variance pooled over the
 *       history's runs and the judged one, over the judged run's n, times π/3 (the Hodges–Lehmann location's variance
 *       against the mean's under normal errors, Hodges &amp; Lehmann 1963), on Σ(n − 1) degrees of freedom.</li>
 * </ul>
 * A run's value cannot move less from run to run than its own forks scatter it (the one-way random-effects model, the
 * between-run component truncated at zero). A short history whose runs happened to agree would otherwise set limits the
 * next quiet runs fall outside of, and a "flags at" the gate cannot keep (docs/gate.md, "Why the newest 5, why the forks'
 * floor, why improvements join").
 *
 * @param variance  the variance of one run's value, log scale
 * @param df        its degrees of freedom
 * @param fromForks true when the runs' own forks set it (the history's runs agreed more than their forks allow)
 */
record RowSpread(double variance, double df, boolean fromForks) {
    /** Var(Hodges–Lehmann location) / Var(mean) under normal errors: the inverse of its asymptotic efficiency 3/π. */
    static final double HODGES_LEHMANN_VARIANCE = Math.PI / 3;

    /**
     * The row's spread: between runs from the history's sample variance {@code s2} on {@code df} degrees of freedom (shrunk
     * by {@code prior}), within runs from the scatter of {@code history}'s and {@code now}'s forks where they have one.
     */
    static RowSpread of(SqueezedVariance prior, double s2, double df, List<RunValues.Value> history, RunValues.Value now) {
        RowSpread between = new RowSpread(prior.variance(s2, df), prior.df(df), false);
        double sumSquares = 0, withinDf = 0;
        for (RunValues.Value v : Stream.concat(history.stream(), Stream.of(now)).toList()) {
            if (v.forks() > 1 && Double.isFinite(v.logVariance())) {
                sumSquares += v.logVariance() * (v.forks() - 1);
                withinDf += v.forks() - 1;
            }
        }
        if (!(withinDf > 0)) return between;
        double within = HODGES_LEHMANN_VARIANCE * sumSquares / withinDf / now.forks();
        return within > between.variance() ? new RowSpread(within, withinDf, true) : between;
    }
}
