package io.durabench.gate;

import io.durabench.compare.Verdict;
import io.durabench.stats.MultipleComparisons;
import io.durabench.stats.Numbers;
import io.durabench.stats.SqueezedVariance;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Judges a new run against the runs before it, row by row, with control limits from the history's
 * own run-to-run variation (a Shewhart chart with estimated limits, on the log scale). Control
 * limits rather than change-point detection (E-divisive means, Matteson &amp; James 2014, as MongoDB's
 * CI and Apache Otava use it): the gate must say as soon as the run ends, with a known false-alarm
 * rate, whether the newest run belongs with the runs before it, while a change-point method places
 * a shift after the fact, several points past it. The history keeps every run that did not regress,
 * so such an analysis can still be run over the same folder.
 *
 * <p>The rule. A row's value in a run is the location of ln(fork score) ({@link RunValues}). Its
 * centre m is the mean of the newest {@value #CENTRE_RUNS} history runs' values (the machine drifts
 * between builds minutes apart, and a run is most like the runs just before it); its run-to-run
 * variance s̃² is the larger of the history's (all k runs of the window, shrunk toward the other rows')
 * and what the runs' own forks allow ({@link RowSpread}). A new run's value x of an unchanged setup is
 * then t-distributed around m with scale s̃·√(1 + 1/c), c the runs in the centre. Each direction is
 * its own family: the one-sided p of "worse" is Holm-corrected over the judged rows at α (0.01 by
 * default), so an unchanged run fails on some row with probability at most α; "better" likewise, at
 * α of its own. A row is flagged when its adjusted p is at most α and the change is at least the
 * threshold (judged on the estimate x − m, as compare does).
 *
 * <p>"Flags at": the slowdown flagged as a regression in {@link #POWER} (80%) of runs, on this model:
 * the limit (or the threshold, if larger) plus the 80% quantile of the same t, times the scale.
 *
 * @param alpha α: the largest share of unchanged runs that may fail
 */
public record HistoryJudge(double alpha, double thresholdPercent) {
    /** Below this many runs a row's run-to-run spread cannot be estimated usefully (3 degrees of freedom with 4). */
    public static final int MIN_RUNS = 5;
    /** The newest runs whose mean is a row's centre: as many as a history needs before it judges. */
    public static final int CENTRE_RUNS = MIN_RUNS;
    static final double POWER = 0.80;

    public HistoryJudge {
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha " + alpha + " must be between 0 and 1");
        if (!(thresholdPercent >= 0)) throw new IllegalArgumentException("threshold " + thresholdPercent + "% must be 0 or more");
    }

    /** One judged row before Holm: its centre, scale, t distribution and one-sided p's. */
    private record Tested(RunValues.Value now, int runs, double centre, double se, RowSpread spread, TDistribution dist, double pWorse,
                          double pBetter) {
    }

    /** Every row of {@code run}, judged against {@code history} (oldest first) where the history has it often enough. */
    public List<JudgedRow> judge(List<RunValues> history, RunValues run) {
        List<List<RunValues.Value>> series = new ArrayList<>();
        List<RunValues.Value> now = new ArrayList<>();
        List<JudgedRow> notJudged = new ArrayList<>();
        for (var e : run.rows().entrySet()) {
            List<RunValues.Value> values = history.stream().map(h -> h.rows().get(e.getKey())).filter(v -> v != null).toList();
            if (values.size() < MIN_RUNS) {
                RunValues.Value v = e.getValue();
                notJudged.add(new JudgedRow(v.key(), v.unit(), values.size(), Double.NaN, Double.NaN, Math.exp(v.logMean()), Double.NaN,
                        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null,
                        "not judged: in " + values.size() + " history run" + (values.size() == 1 ? "" : "s") + ", fewer than the " + MIN_RUNS + " it takes"));
                continue;
            }
            series.add(values);
            now.add(e.getValue());
        }
        int m = series.size();
        double[] s2 = new double[m], df = new double[m];
        for (int i = 0; i < m; i++) {
            s2[i] = Stats.variance(logMeans(series.get(i)));
            df[i] = series.get(i).size() - 1;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        List<Tested> tested = new ArrayList<>();
        double[] pWorse = new double[m], pBetter = new double[m];
        for (int i = 0; i < m; i++) {
            Tested t = test(series.get(i), now.get(i), RowSpread.of(prior, s2[i], df[i], series.get(i), now.get(i)));
            tested.add(t);
            pWorse[i] = t.pWorse();
            pBetter[i] = t.pBetter();
        }
        double[] worse = m == 0 ? new double[0] : MultipleComparisons.holm(pWorse);
        double[] better = m == 0 ? new double[0] : MultipleComparisons.holm(pBetter);
        List<JudgedRow> rows = new ArrayList<>();
        for (int i = 0; i < m; i++) rows.add(row(tested.get(i), worse[i], better[i], m));
        rows.addAll(notJudged);
        return rows;
    }

    private static Tested test(List<RunValues.Value> history, RunValues.Value now, RowSpread spread) {
        double[] y = logMeans(history);
        int centreRuns = Math.min(CENTRE_RUNS, y.length);
        double centre = Stats.mean(Arrays.copyOfRange(y, y.length - centreRuns, y.length));
        double se = Math.sqrt(spread.variance() * (1 + 1.0 / centreRuns));
        double t = se > 0 ? (now.logMean() - centre) / se : 0;
        TDistribution dist = new TDistribution(null, spread.df());
        double up = dist.cumulativeProbability(-t), down = dist.cumulativeProbability(t);
        boolean upIsWorse = now.direction().isWorse(1);
        return new Tested(now, y.length, centre, se, spread, dist, upIsWorse ? up : down, upIsWorse ? down : up);
    }

    private JudgedRow row(Tested r, double adjustedWorse, double adjustedBetter, int m) {
        RunValues.Value v = r.now();
        double c = r.dist().inverseCumulativeProbability(1 - alpha / m);
        double change = (Math.exp(v.logMean() - r.centre()) - 1) * 100;
        double detectable = (Math.exp(Math.max(c * r.se(), Math.log1p(thresholdPercent / 100)) + r.dist().inverseCumulativeProbability(POWER) * r.se())
                - 1) * 100;
        double runToRun = (Math.exp(Math.sqrt(r.spread().variance())) - 1) * 100;
        boolean worse = v.direction().isWorse(change);
        double p = worse ? r.pWorse() : r.pBetter(), adjustedP = worse ? adjustedWorse : adjustedBetter;
        Verdict verdict;
        String reason;
        String pText = "one-sided p " + Numbers.pValue(p) + ", " + Numbers.pValue(adjustedP) + " after Holm over " + m + " rows"
                + (r.spread().fromForks() ? "; run to run as its forks scatter a run, wider than the history's runs differ" : "");
        if (adjustedP > alpha) {
            verdict = Verdict.UNCHANGED;
            reason = Numbers.signedPercent(change) + " is inside the history's limits (" + pText + ")";
        } else if (Math.abs(change) < thresholdPercent) {
            verdict = Verdict.UNDER_THRESHOLD;
            reason = Numbers.signedPercent(change) + " is outside the history's limits (" + pText + ") but under the "
                    + Numbers.sig(thresholdPercent, 3) + "% threshold";
        } else {
            verdict = worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
            reason = Numbers.signedPercent(change) + (worse ? " worse" : " better") + " than the history's newest " + Math.min(CENTRE_RUNS, r.runs())
                    + " of " + r.runs() + " runs, outside its limits (" + pText + ")";
        }
        return new JudgedRow(v.key(), v.unit(), r.runs(), Math.exp(r.centre()), runToRun, Math.exp(v.logMean()), change,
                Math.exp(r.centre() - c * r.se()), Math.exp(r.centre() + c * r.se()), p, adjustedP, detectable, verdict, reason);
    }

    private static double[] logMeans(List<RunValues.Value> values) {
        return values.stream().mapToDouble(RunValues.Value::logMean).toArray();
    }
}
