package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.lockstep.PairsToPrecision;
import io.durabench.results.PairsRule;
import io.durabench.results.BenchmarkResult;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkIntervals;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --precision P%} and {@code --budget DURATION}: after the profile's rounds, more rounds for
 * the cells whose mean is still known less precisely than P% (the half-width of its interval at the
 * report's 99.9%, as a share of the mean, computed exactly as the report computes it: between forks,
 * {@link ForkIntervals}), until none is or the budget (the run's wall time, build excluded) would be
 * spent by the next round. Without a budget, at most {@value #MAX_ROUNDS_WITHOUT_BUDGET} rounds in all;
 * without a precision, every cell gets more rounds until the budget is spent. Stopping when a cell
 * looks precise enough is optional stopping: the coverage check (CoverageTest) resamples the long run
 * with this rule to show it does not break the intervals' promise. In lock-step the same options add fork pairs
 * instead of rounds ({@link #forkPairs}): while a cell's ratio's interval is wider than P%.
 *
 * @param precision the wanted half-width as a share of the mean (0.05 for 5%); NaN for none
 * @param budget    the run's wall-time budget; null for none
 */
public record PrecisionTarget(double precision, Duration budget) {
    public static final PrecisionTarget NONE = new PrecisionTarget(Double.NaN, null);
    static final int MAX_ROUNDS_WITHOUT_BUDGET = 30;

    public boolean active() {
        return !Double.isNaN(precision) || budget != null;
    }

    /** "5%", "2.5%" or "5" (percent). */
    public static double parsePercent(String text) {
        Matcher m = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*%?\\s*").matcher(text);
        if (!m.matches()) throw new IllegalArgumentException("--precision " + text + ": give a percentage of the mean, e.g. 5%");
        double p = Double.parseDouble(m.group(1)) / 100;
        if (!(p > 0) || p >= 1) throw new IllegalArgumentException("--precision " + text + ": give a percentage between 0 and 100, e.g. 5%");
        return p;
    }

    /** "300s", "5m", "1h30m", "90" (seconds). */
    public static Duration parseDuration(String text) {
        Matcher m = Pattern.compile("\\s*(?:([0-9]+)h)?\\s*(?:([0-9]+)m)?\\s*(?:([0-9]+)s?)?\\s*").matcher(text.toLowerCase(Locale.ROOT));
        if (text.isBlank() || !m.matches() || (m.group(1) == null && m.group(2) == null && m.group(3) == null)) {
            throw new IllegalArgumentException("--budget " + text + ": give a duration such as 5m, 300s or 1h30m");
        }
        long s = 0;
        if (m.group(1) != null) s += Long.parseLong(m.group(1)) * 3600;
        if (m.group(2) != null) s += Long.parseLong(m.group(2)) * 60;
        if (m.group(3) != null) s += Long.parseLong(m.group(3));
        if (s <= 0) throw new IllegalArgumentException("--budget " + text + ": give a duration above zero, such as 5m");
        return Duration.ofSeconds(s);
    }

    /**
     * Per measured cell, the relative half-width of its mean's interval now (NaN with fewer than two
     * forks): the cells of one JVM's results on one target, as the report will pool them.
     */
    static Map<Cell, Double> halfWidths(List<BenchmarkResult> results) {
        Map<Cell, double[]> forks = new LinkedHashMap<>();
        for (BenchmarkResult r : results) forks.putIfAbsent(SlotResults.cellOf(r), io.durabench.stats.OutlierIterations.of(r.forks()).forkMeans());
        List<Cell> cells = new ArrayList<>(forks.keySet());
        List<Estimate> e = ForkIntervals.of(cells.stream().map(forks::get).toList());
        Map<Cell, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            Estimate x = e.get(i);
            out.put(cells.get(i), x == null ? Double.NaN : (x.high() - x.low()) / 2 / x.mean());
        }
        return out;
    }

    /**
     * When the budget of one target ends: each of the run's {@code count} targets gets its share, in order, from the
     * run's start ({@code startNanos}); {@link PairsToPrecision#NO_DEADLINE} without a budget.
     */
    long deadlineNanos(long startNanos, int index, int count) {
        return budget == null ? PairsToPrecision.NO_DEADLINE : startNanos + budget.toNanos() * (index + 1) / count;
    }

    /**
     * The same target for lock-step: {@code planned} fork pairs, then one more at a time for each cell whose ratio's
     * interval (the report's lock-step column's, at 95%) is still wider than the precision (every cell, with a budget
     * alone), at most {@code most} in all, while the next fork pair fits before {@code deadlineNanos}.
     */
    PairsToPrecision forkPairs(int planned, int most, long deadlineNanos) {
        return new PairsToPrecision(new PairsRule(planned, precision, most, null), deadlineNanos);
    }

    /** Whether a cell with this relative half-width wants another round: the lock-step rule's formula ({@link PairsRule#wantsMore}). */
    boolean wants(double halfWidth) {
        return PairsRule.wantsMore(halfWidth, precision);
    }

    /** "--precision 5%, --budget 5m0s" for the console. */
    String describe() {
        List<String> parts = new ArrayList<>();
        if (!Double.isNaN(precision)) parts.add("--precision " + String.format(Locale.ROOT, "%.3g%%", precision * 100));
        if (budget != null) parts.add("--budget " + Progress.clock(budget.toSeconds()));
        return String.join(", ", parts);
    }
}
