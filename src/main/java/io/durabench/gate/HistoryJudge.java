package io.durabench.gate;

import io.durabench.compare.Verdict;
import io.durabench.stats.MultipleComparisons;
import io.durabench.stats.Numbers;
import io.durabench.stats.SqueezedVariance;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Judges a new run against the runs before it, row by row, with control limits from the history's
 * own run-to-run variation (a Shewhart chart with estimated limits, on the log scale). Control
 * limits rather than change-point detection (E-divisive means, Matteson &amp; James 2014, as MongoDB's
 * CI and Apache Otava use it): the gate must say as soon as the run ends, with a known false-alarm
 * rate, whether the newest run belongs with the runs before it, while a change-point method places
 * a shift after the fact, several points past it. A run the gate passes joins the history, so such
 * an analysis can still be run over the same folder.
 *
 * <p>The rule. A row's value in a run is the location of ln(fork score) ({@link RunValues}). Over the history's k runs it
 * has mean m and sample variance s² (k − 1 degrees of freedom), shrunk toward the other rows'
 * ({@link SqueezedVariance}, Smyth 2004: rows borrow degrees of freedom, never going below their own
 * s²). A new run's value x of an unchanged setup is then t-distributed around m with scale
 * s̃·√(1 + 1/k) (the prediction interval of one more run). Its two-sided p is Holm-corrected over
 * the judged rows at α (0.01 by default): under that model an unchanged run fails on some row with
 * probability at most α. A row is flagged when its adjusted p is at most α and the change is at
 * least the threshold (judged on the estimate x − m, as compare does).
 *
 * @param alpha α: the largest share of unchanged runs that may fail
 */
public record HistoryJudge(double alpha, double thresholdPercent) {
    /** Below this many runs a row's run-to-run spread cannot be estimated usefully (3 degrees of freedom with 4). */
    public static final int MIN_RUNS = 5;
    static final double POWER = 0.80;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    public HistoryJudge {
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha " + alpha + " must be between 0 and 1");
        if (!(thresholdPercent >= 0)) throw new IllegalArgumentException("threshold " + thresholdPercent + "% must be 0 or more");
    }

    /** Every row of {@code run}, judged against {@code history} (oldest first) where the history has it often enough. */
    public List<JudgedRow> judge(List<RunValues> history, RunValues run) {
        List<String> ids = new ArrayList<>();
        List<double[]> series = new ArrayList<>();
        List<JudgedRow> notJudged = new ArrayList<>();
        for (var e : run.rows().entrySet()) {
            double[] values = history.stream().map(h -> h.rows().get(e.getKey())).filter(v -> v != null)
                    .mapToDouble(RunValues.Value::logMean).toArray();
            if (values.length < MIN_RUNS) {
                RunValues.Value v = e.getValue();
                notJudged.add(new JudgedRow(v.key(), v.unit(), values.length, Double.NaN, Double.NaN, Math.exp(v.logMean()), Double.NaN,
                        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null,
                        "not judged: in " + values.length + " history run" + (values.length == 1 ? "" : "s") + ", fewer than the " + MIN_RUNS + " it takes"));
                continue;
            }
            ids.add(e.getKey());
            series.add(values);
        }
        int m = ids.size();
        double[] s2 = new double[m], df = new double[m];
        for (int i = 0; i < m; i++) {
            s2[i] = variance(series.get(i));
            df[i] = series.get(i).length - 1;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        double[] p = new double[m], t = new double[m], se = new double[m], dfs = new double[m], centre = new double[m];
        for (int i = 0; i < m; i++) {
            double[] y = series.get(i);
            centre[i] = Stats.mean(y);
            dfs[i] = prior.df(df[i]);
            se[i] = Math.sqrt(prior.variance(s2[i], df[i]) * (1 + 1.0 / y.length));
            t[i] = se[i] > 0 ? (run.rows().get(ids.get(i)).logMean() - centre[i]) / se[i] : 0;
            p[i] = Math.min(1, 2 * new TDistribution(null, dfs[i]).cumulativeProbability(-Math.abs(t[i])));
        }
        double[] adjusted = m == 0 ? new double[0] : MultipleComparisons.holm(p);
        List<JudgedRow> rows = new ArrayList<>();
        for (int i = 0; i < m; i++) rows.add(row(run.rows().get(ids.get(i)), series.get(i).length, centre[i], se[i], dfs[i], p[i], adjusted[i], m));
        rows.addAll(notJudged);
        return rows;
    }

    private JudgedRow row(RunValues.Value v, int runs, double centre, double se, double df, double p, double adjustedP, int m) {
        double c = new TDistribution(null, df).inverseCumulativeProbability(1 - alpha / (2.0 * m));
        double change = (Math.exp(v.logMean() - centre) - 1) * 100;
        double z = NORMAL.inverseCumulativeProbability(POWER);
        double detectable = (Math.exp(Math.max((c + z) * se, Math.log1p(thresholdPercent / 100) + z * se)) - 1) * 100;
        double runToRun = (Math.exp(se / Math.sqrt(1 + 1.0 / runs)) - 1) * 100;
        Verdict verdict;
        String reason;
        String pText = "p " + Numbers.pValue(p) + ", " + Numbers.pValue(adjustedP) + " after Holm over " + m + " rows";
        if (adjustedP > alpha) {
            verdict = Verdict.UNCHANGED;
            reason = Numbers.signedPercent(change) + " is inside the history's limits (" + pText + ")";
        } else if (Math.abs(change) < thresholdPercent) {
            verdict = Verdict.UNDER_THRESHOLD;
            reason = Numbers.signedPercent(change) + " is outside the history's limits (" + pText + ") but under the "
                    + Numbers.sig(thresholdPercent, 3) + "% threshold";
        } else {
            boolean worse = v.direction().isWorse(change);
            verdict = worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
            reason = Numbers.signedPercent(change) + (worse ? " worse" : " better") + " than the history's " + runs + " runs, outside its limits ("
                    + pText + ")";
        }
        return new JudgedRow(v.key(), v.unit(), runs, Math.exp(centre), runToRun, Math.exp(v.logMean()), change, Math.exp(centre - c * se),
                Math.exp(centre + c * se), p, adjustedP, detectable, verdict, reason);
    }

    private static double variance(double[] x) {
        double mu = Stats.mean(x), ss = 0;
        for (double v : x) ss += (v - mu) * (v - mu);
        return ss / (x.length - 1);
    }
}
