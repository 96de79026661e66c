package io.durabench.report.coverage;

import io.durabench.report.Difference;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkIntervals;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How well a design's printed intervals keep their promise on a long run, resampled: every window of
 * the long run's rounds that the design would have measured (k consecutive rounds for k forks per
 * cell: a real run's forks are minutes apart, not drawn from the whole long run) yields an interval
 * per row and the report's "cheaper than FDATASYNC" decisions, which are held against the long run.
 *
 * <ul>
 *   <li>coverage: the share of (window, row) intervals holding the long-run mean, over all rows and
 *       for the worst row;</li>
 *   <li>unconfirmed: of the differences a window calls resolved (a centre-group durable method
 *       against FDATASYNC, the report's family, Holm), the share the long run does not resolve the
 *       same way (its own 99.9% Welch interval over all forks);</li>
 *   <li>opposite: method pairs resolved one way in one window and the other way in another.</li>
 * </ul>
 */
final class Coverage {
    /** What one design prints for a window: per row its interval, from the rows' forks in that window. */
    interface Design {
        String name();

        /** Forks per cell the window needs (consecutive rounds). */
        int forks();

        /** Per row, the interval this design prints for the window starting at round {@code from}. */
        List<Estimate> intervals(LongRun run, int from);

        /** Per row, the interval the report's decisions use for the window: by default the one the design prints. */
        default List<Estimate> decisionIntervals(LongRun run, int from) {
            return intervals(run, from);
        }

        /** Whether the design leaves stalled iterations out (as the report does): then so does the long-run mean it is held against. */
        default boolean stallsLeftOut() {
            return true;
        }
    }

    record Result(String design, String target, int windows, double coverage, double worstCoverage, String worstRow,
                  double medianHalfWidth, int resolved, int unconfirmed, int oppositePairs) {
        double unconfirmedShare() {
            return resolved == 0 ? 0 : (double) unconfirmed / resolved;
        }

        String line() {
            return String.format(Locale.ROOT, "| %s | %s | %d | %.1f%% | %.1f%% (%s) | ±%.1f%% | %d | %d (%.1f%%) | %d |", design, target, windows,
                    coverage * 100, worstCoverage * 100, worstRow, medianHalfWidth * 100, resolved, unconfirmed, unconfirmedShare() * 100,
                    oppositePairs);
        }
    }

    static final String HEADER = "| design | filesystem | windows | coverage, all rows | worst row | median half-width | resolved vs FDATASYNC |"
            + " not confirmed by the long run | pairs resolved both ways |\n|---|---|---|---|---|---|---|---|---|";

    private Coverage() {
    }

    /** k forks per cell, intervals between forks as the report computes them (ForkIntervals over the window's rows). */
    static Design forks(int k) {
        return new Design() {
            public String name() {
                return k + " forks (between forks)";
            }

            public int forks() {
                return k;
            }

            public List<Estimate> intervals(LongRun run, int from) {
                return ForkIntervals.of(run.rows().stream().map(r -> r.forkMeans(from, k)).toList());
            }
        };
    }

    /**
     * k forks per cell, each row's mean as the report quotes it alone (AbsoluteFigure: 95%, the disk's level between the
     * window's rounds counted once); the differences are decided as the report decides them, on ForkIntervals.
     */
    static Design absolute(int k) {
        return new Design() {
            public String name() {
                return k + " forks, absolute figure (" + AbsoluteFigure.CONFIDENCE_PERCENT + "%, the level counted)";
            }

            public int forks() {
                return k;
            }

            public List<Estimate> intervals(LongRun run, int from) {
                return AbsoluteFigure.of(run.rows().stream().map(r -> r.forkMeans(from, k)).toList()).stream()
                        .map(AbsoluteFigure::interval).toList();
            }

            public List<Estimate> decisionIntervals(LongRun run, int from) {
                return Coverage.forks(k).intervals(run, from);
            }
        };
    }

    /** k forks with every iteration kept in the means (the report before stalls were left out), against the long-run mean with them in. */
    static Design forksStallsKept(int k) {
        return new Design() {
            public String name() {
                return k + " forks, stalls kept in the mean";
            }

            public int forks() {
                return k;
            }

            public List<Estimate> intervals(LongRun run, int from) {
                return ForkIntervals.of(run.rows().stream().map(r -> r.rawForkMeans(from, k)).toList());
            }

            public boolean stallsLeftOut() {
                return false;
            }
        };
    }

    /** The old design: one fork, a Student t interval over its iterations on the linear scale, as the report computed it. */
    static Design oneForkIterations() {
        return new Design() {
            public String name() {
                return "1 fork (its iterations)";
            }

            public int forks() {
                return 1;
            }

            public List<Estimate> intervals(LongRun run, int from) {
                List<Estimate> out = new ArrayList<>();
                for (LongRun.Row r : run.rows()) out.add(linearT(r.forksUs().get(from)));
                return out;
            }

            public boolean stallsLeftOut() {
                return false;
            }
        };
    }

    /**
     * --precision P: 3 forks, then each row still wider than P gets the next round's fork too, until
     * none is or a row has {@code max} forks: optional stopping, as `durabench run --precision` does.
     */
    static Design withPrecision(double p, int max) {
        return new Design() {
            public String name() {
                return "3 forks, --precision " + Math.round(p * 100) + "% (up to " + max + ")";
            }

            public int forks() {
                return max;
            }

            public List<Estimate> intervals(LongRun run, int from) {
                int n = run.rows().size();
                int[] k = new int[n];
                java.util.Arrays.fill(k, 3);
                while (true) {
                    List<Estimate> e = ForkIntervals.of(java.util.stream.IntStream.range(0, n)
                            .mapToObj(i -> run.rows().get(i).forkMeans(from, k[i])).toList());
                    boolean more = false;
                    for (int i = 0; i < n; i++) {
                        if (k[i] < max && e.get(i).halfWidth() / e.get(i).mean() > p) {
                            k[i]++;
                            more = true;
                        }
                    }
                    if (!more) return e;
                }
            }
        };
    }

    static Result check(LongRun run, Design design) {
        int n = run.rows().size();
        int[] held = new int[n];
        int windows = 0;
        List<Double> halfWidths = new ArrayList<>();
        int resolved = 0, unconfirmed = 0;
        Map<String, Integer> directions = new HashMap<>();
        int ref = refIndex(run);
        for (int from = 0; from + design.forks() <= run.rounds(); from++) {
            windows++;
            List<Estimate> e = design.intervals(run, from);
            for (int i = 0; i < n; i++) {
                double truth = design.stallsLeftOut() ? run.rows().get(i).truth() : run.rows().get(i).rawTruth();
                Estimate x = e.get(i);
                if (x.low() <= truth && truth <= x.high()) held[i]++;
                halfWidths.add(x.halfWidth() / x.mean());
            }
            if (ref < 0) continue;
            List<Integer> others = new ArrayList<>();
            for (int i = 0; i < n; i++) if (i != ref && run.rows().get(i).centreDurable()) others.add(i);
            List<Estimate> forDecisions = design.decisionIntervals(run, from);
            List<Difference> ds = decide(design, others.stream().map(forDecisions::get).toList(), forDecisions.get(ref));
            for (int j = 0; j < others.size(); j++) {
                Difference d = ds.get(j);
                if (!d.resolved()) continue;
                resolved++;
                int sign = d.verdict() == Difference.DifferenceVerdict.LOWER ? -1 : 1;
                if (longRunSign(run, others.get(j), ref) != sign) unconfirmed++;
                directions.merge(run.rows().get(others.get(j)).label(), sign, (a, b) -> a == b ? a : 0);
            }
        }
        double all = 0;
        double worst = 1;
        String worstRow = "";
        for (int i = 0; i < n; i++) {
            double c = (double) held[i] / windows;
            all += held[i];
            if (c < worst) {
                worst = c;
                worstRow = run.rows().get(i).label();
            }
        }
        halfWidths.sort(Double::compare);
        int opposite = (int) directions.values().stream().filter(v -> v == 0).count();
        return new Result(design.name(), run.name(), windows, all / ((double) windows * n), worst, worstRow,
                halfWidths.get(halfWidths.size() / 2), resolved, unconfirmed, opposite);
    }

    /**
     * The report's decision: between forks, Holm over the family (Difference.family); for the old
     * one-fork design, what the old report did: an interval of the difference that excludes zero, no family.
     */
    private static List<Difference> decide(Design design, List<Estimate> others, Estimate ref) {
        if (design.forks() > 1) return Difference.family(others, ref);
        List<Difference> out = new ArrayList<>();
        for (Estimate o : others) {
            Estimate d = Stats.difference(o, ref);
            boolean excludesZero = d.hasInterval() && (d.high() < 0 || d.low() > 0);
            out.add(new Difference(d, excludesZero ? 0 : 1));
        }
        return out;
    }

    /** The long run's own verdict on a − ref: its 99.9% Welch interval over all forks (−1, +1, or 0 when it straddles zero). */
    static int longRunSign(LongRun run, int a, int ref) {
        Estimate ea = ForkIntervals.alone(run.rows().get(a).forkMeans(0, run.rounds()));
        Estimate eb = ForkIntervals.alone(run.rows().get(ref).forkMeans(0, run.rounds()));
        Estimate d = Stats.difference(ea, eb);
        return d.high() < 0 ? -1 : d.low() > 0 ? 1 : 0;
    }

    private static int refIndex(LongRun run) {
        for (int i = 0; i < run.rows().size(); i++) {
            LongRun.Row r = run.rows().get(i);
            if (r.centreDurable() && r.cell().methodValue() == io.durabench.workload.SyncMethod.FDATASYNC) return i;
        }
        return -1;
    }

    /**
     * The variance at each level (Kalibera &amp; Jones), on the log scale, medians over rows: an
     * iteration around its fork's mean; a fork's mean around the row's (less the iterations' share);
     * the round, as the effect all rows of a round share (per round the median over rows of their
     * log fork mean's deviation from the row's mean); and the intra-class correlation of a fork's
     * iterations, σ²fork / (σ²fork + σ²iteration).
     */
    static String levels(LongRun run) {
        int n = run.rows().size(), rounds = run.rounds();
        double[][] dev = new double[n][rounds];
        List<Double> iterSd = new ArrayList<>(), forkSd = new ArrayList<>(), icc = new ArrayList<>(), residualSd = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            LongRun.Row row = run.rows().get(i);
            double within = 0;
            int m = 0, dfWithin = 0;
            double[] means = new double[rounds];
            for (int f = 0; f < rounds; f++) {
                double[] logs = java.util.Arrays.stream(row.forksUs().get(f)).map(Math::log).toArray();
                double mu = java.util.Arrays.stream(logs).average().orElse(Double.NaN);
                for (double x : logs) within += (x - mu) * (x - mu);
                dfWithin += logs.length - 1;
                m = logs.length;
                means[f] = mu;
            }
            double sw2 = within / dfWithin;
            double grand = java.util.Arrays.stream(means).average().orElse(Double.NaN);
            double sb2 = 0;
            for (int f = 0; f < rounds; f++) {
                dev[i][f] = means[f] - grand;
                sb2 += dev[i][f] * dev[i][f];
            }
            sb2 /= rounds - 1;
            double fork2 = Math.max(0, sb2 - sw2 / m);
            iterSd.add(Math.sqrt(sw2));
            forkSd.add(Math.sqrt(fork2));
            icc.add(fork2 / (fork2 + sw2));
        }
        double[] round = new double[rounds];
        for (int f = 0; f < rounds; f++) {
            double[] col = new double[n];
            for (int i = 0; i < n; i++) col[i] = dev[i][f];
            java.util.Arrays.sort(col);
            round[f] = col[n / 2];
        }
        double r2 = 0, lag = 0;
        for (int f = 0; f < rounds; f++) r2 += round[f] * round[f];
        for (int f = 1; f < rounds; f++) lag += round[f] * round[f - 1];
        for (int i = 0; i < n; i++) {
            double ss = 0;
            for (int f = 0; f < rounds; f++) ss += (dev[i][f] - round[f]) * (dev[i][f] - round[f]);
            residualSd.add(Math.sqrt(ss / (rounds - 1)));
        }
        return String.format(Locale.ROOT, "| %s | ±%.1f%% | ±%.1f%% | ±%.1f%% (lag-1 autocorrelation %.2f) | ±%.1f%% | %.2f (%.2f–%.2f) |",
                run.name(), median(iterSd) * 100, median(forkSd) * 100, Math.sqrt(r2 / (rounds - 1)) * 100, lag / r2,
                median(residualSd) * 100, median(icc), quantile(icc, 0.1), quantile(icc, 0.9));
    }

    static final String LEVELS_HEADER = "| filesystem | iteration (within a fork) | fork (beyond its iterations) | round (shared by all rows) |"
            + " fork, net of the round | ICC of a fork's iterations, median (10th–90th percentile) |\n|---|---|---|---|---|---|";

    private static double median(List<Double> v) {
        return quantile(v, 0.5);
    }

    private static double quantile(List<Double> v, double q) {
        List<Double> s = new ArrayList<>(v);
        s.sort(Double::compare);
        return s.get((int) Math.round(q * (s.size() - 1)));
    }

    /** The old report's interval of one fork: Student t over its iterations, linear scale. */
    static Estimate linearT(double[] v) {
        int n = v.length;
        double mean = java.util.Arrays.stream(v).average().orElse(Double.NaN);
        double ss = 0;
        for (double x : v) ss += (x - mean) * (x - mean);
        double varOfMean = ss / (n - 1) / n;
        double half = Stats.t(n - 1) * Math.sqrt(varOfMean);
        return new Estimate(mean, mean - half, mean + half, n, varOfMean, n - 1, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
    }

}
