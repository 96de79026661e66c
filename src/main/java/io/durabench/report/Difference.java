package io.durabench.report;

import io.durabench.format.Fmt;
import io.durabench.stats.Estimate;
import io.durabench.stats.MultipleComparisons;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * a − b with its Welch interval, and what the data support: a is lower, higher, or no difference
 * is resolved. A difference is resolved only when (1) both figures vary between forks (an interval
 * within one fork understates run-to-run noise, and its "resolved" differences often go unconfirmed:
 * docs/intervals.md), and (2) it survives the multiplicity of its family: a group's methods
 * compared with one reference, or with the fastest, are tested together with Holm's step-down
 * procedure at α = 0.001 (the report's 99.9%), which holds the chance of any false "cheaper" in the
 * family at 0.1% whatever the dependence between rows. Findings only name a winner when resolved.
 */
public record Difference(Estimate estimate, double adjustedP) {
    public static final double ALPHA = 1 - Stats.CONFIDENCE;

    public enum DifferenceVerdict { LOWER, HIGHER, UNRESOLVED }

    /** A cost or other difference already computed, on its own. */
    public static Difference of(Estimate difference) {
        return new Difference(difference, pValue(difference));
    }

    /** Each of {@code as} against {@code b}, decided together (Holm over the family). */
    public static List<Difference> family(List<Estimate> as, Estimate b) {
        List<Estimate> ds = as.stream().map(a -> Stats.difference(a, b)).toList();
        return familyOf(ds);
    }

    /** Differences already computed, decided together (Holm over the family). */
    public static List<Difference> familyOf(List<Estimate> differences) {
        double[] p = differences.stream().mapToDouble(Difference::pValue).toArray();
        double[] adj = MultipleComparisons.holm(p);
        List<Difference> out = new ArrayList<>();
        for (int i = 0; i < differences.size(); i++) out.add(new Difference(differences.get(i), adj[i]));
        return out;
    }

    /** Two-sided Welch p of "no difference"; 1 where no difference may be resolved (no interval, or within one fork). */
    private static double pValue(Estimate d) {
        if (!d.hasInterval() || !d.betweenForks()) return 1;
        return Stats.pValue(d);
    }

    public DifferenceVerdict verdict() {
        if (!(adjustedP < ALPHA)) return DifferenceVerdict.UNRESOLVED;
        return estimate.mean() < 0 ? DifferenceVerdict.LOWER : DifferenceVerdict.HIGHER;
    }

    public boolean resolved() {
        return verdict() != DifferenceVerdict.UNRESOLVED;
    }

    /** The size of the difference as a positive figure with its interval: "82 µs [20, 144]". */
    public String magnitude() {
        return Fmt.usWithInterval(estimate.mean() >= 0 ? estimate : estimate.negated());
    }

    /** The signed difference, for "no difference resolved (-130 µs [-309, 50])". */
    public String signed() {
        return Fmt.usWithInterval(estimate);
    }

    /**
     * The fastest of some rows and every row not resolved slower than it: the rows compared with the
     * one of lowest mean, Holm over those comparisons. One row when the data tell it apart, else the
     * set, so a report never crowns one method over differences the forks do not resolve.
     */
    public static <R> List<R> fastestSet(List<R> rows, java.util.function.Function<R, Estimate> time) {
        if (rows.isEmpty()) return List.of();
        R best = rows.get(0);
        for (R r : rows) if (time.apply(r).mean() < time.apply(best).mean()) best = r;
        final R fastest = best;
        List<R> others = rows.stream().filter(r -> r != fastest).toList();
        List<Difference> ds = family(others.stream().map(time).toList(), time.apply(fastest));
        List<R> set = new ArrayList<>(List.of(fastest));
        for (int i = 0; i < others.size(); i++) if (!ds.get(i).resolved()) set.add(others.get(i));
        return set;
    }
}
