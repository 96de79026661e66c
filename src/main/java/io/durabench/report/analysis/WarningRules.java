package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The four "ratios lie" warnings, each in plain words with the numbers that triggered it, a scope
 * (context, device, or across contexts) and a severity so the report can open with the worst of
 * each kind and scope. Thresholds are deliberately simple and stated in the messages.
 */
public final class WarningRules {
    /** Ratios and baselines across contexts must both disagree by more than this factor. */
    static final double DISAGREEMENT = 2.0;
    /** A baseline interval wider than this fraction of its mean makes the ratios noise. */
    static final double NOISY_WIDTH = 0.10;
    static final String ACROSS_CONTEXTS = "across contexts";
    /** A ratio and a cost that order two contexts oppositely, each by at least this factor, are a rank reversal. */
    static final double REVERSAL = 1.25;

    private WarningRules() {
    }

    /** @param baseline the report's --baseline, to name the baseline of a group that has none of its own (a batched group) */
    public static List<ReportWarning> all(List<ReportRow> rows, SyncMethod baseline) {
        ContextNames names = ContextNames.of(rows.stream().map(ReportRow::context).toList());
        List<ReportWarning> out = new ArrayList<>();
        out.addAll(ratioMisleads(rows, names, baseline));
        out.addAll(noisyBaseline(rows, names));
        out.addAll(notDurable(rows, names));
        out.addAll(ImplausiblyFastRule.warnings(rows, names));
        out.addAll(outlierIterations(rows, names));
        out.addAll(NotSteadyRule.warnings(rows, names));
        return out;
    }

    /** Rows with stalled iterations: left out of the row's figures, and named here with how many and the worst. */
    static List<ReportWarning> outlierIterations(List<ReportRow> rows, ContextNames names) {
        List<ReportWarning> out = new ArrayList<>();
        for (ReportRow r : rows) {
            if (!r.measured() || r.outlierIteration() == null) continue;
            String message = String.format("%s on %s (%s): %s. The row's mean %s µs and its interval are of the other iterations;"
                            + " a stall is the disk's, not the method's, and how often one comes is a soak run's question.",
                    r.methodLabel(), r.context().place(), r.groupLabel(), r.outlierIteration(), Fmt.us(r.meanUs()));
            String brief = r.methodLabel() + ": " + r.outlierIteration().replace(" left out of the mean, more than 3x off the row's median", ", >3x off median");
            out.add(new ReportWarning(Kind.OUTLIER_ITERATION, message, List.of(r.id()), names.of(r.context()), 1, brief));
        }
        return out;
    }

    static List<ReportWarning> ratioMisleads(List<ReportRow> rows, ContextNames names, SyncMethod chosen) {
        // Same benchmark, same group params and same durable method, in different contexts: only
        // there is "the cost of durability" what the ratio claims to show.
        Map<String, List<ReportRow>> across = new LinkedHashMap<>();
        for (ReportRow r : rows) {
            if (r.baseline() || !r.measured() || !r.durable() || r.ratio() == null || r.cost() == null) continue;
            across.computeIfAbsent(r.cell().keyWithoutTarget(), k -> new ArrayList<>()).add(r);
        }
        List<ReportWarning> out = new ArrayList<>();
        for (List<ReportRow> same : across.values()) {
            // The pair whose ratios disagree most, among pairs whose baselines also disagree.
            ReportRow high = null, low = null;
            double worst = DISAGREEMENT;
            for (ReportRow a : same) {
                for (ReportRow b : same) {
                    double ratioSpread = a.ratio().mean() / b.ratio().mean();
                    if (ratioSpread > worst && baseSpread(a, b) > DISAGREEMENT) {
                        worst = ratioSpread;
                        high = a;
                        low = b;
                    }
                }
            }
            if (high == null) {
                reversal(same, rows, names, chosen).ifPresent(out::add);
                continue;
            }
            String base = baselineName(rows, high, chosen);
            String message = String.format("%s is %sx %s on %s and %sx on %s (%s), but %s itself differs %sx (%s µs vs %s µs); "
                            + "the cost of durability is %s µs vs %s µs. Compare the costs, not the ratios.",
                    high.methodLabel(), Fmt.ratio(high.ratio().mean()), base, where(high, low), Fmt.ratio(low.ratio().mean()),
                    where(low, high), high.groupLabel(), base, Fmt.ratio(baseSpread(high, low)), Fmt.us(high.baselineUs()),
                    Fmt.us(low.baselineUs()), Fmt.usRounded(high.cost().mean()), Fmt.usRounded(low.cost().mean()));
            out.add(new ReportWarning(Kind.RATIO_MISLEADS, message, ids(groupMembers(rows, high), groupMembers(rows, low)),
                    ACROSS_CONTEXTS, worst, ratioBrief(high, low, base, names)));
        }
        return out;
    }

    /**
     * The other way a ratio misleads: it ranks two contexts in the opposite order of what durability
     * costs there (each ratio is over its own context's baseline, so the larger ratio can be the smaller
     * cost: results/README.md's claim 7), each order by at least {@value #REVERSAL}x so a tie's jitter is no reversal.
     */
    private static java.util.Optional<ReportWarning> reversal(List<ReportRow> same, List<ReportRow> rows, ContextNames names,
                                                              SyncMethod chosen) {
        ReportRow worseByRatio = null, cheaper = null;
        double worst = 0;
        for (ReportRow a : same) {
            for (ReportRow b : same) {
                double ratioSpread = a.ratio().mean() / b.ratio().mean(), costSpread = b.cost().mean() / a.cost().mean();
                if (!(a.cost().mean() > 0 && b.cost().mean() > 0) || ratioSpread < REVERSAL || costSpread < REVERSAL) continue;
                if (ratioSpread * costSpread > worst) {
                    worst = ratioSpread * costSpread;
                    worseByRatio = a;
                    cheaper = b;
                }
            }
        }
        if (worseByRatio == null) return java.util.Optional.empty();
        ReportRow a = worseByRatio, b = cheaper;
        String base = baselineName(rows, a, chosen);
        List<ReportRow> byRatio = new ArrayList<>(same), byCost = new ArrayList<>(same);
        byRatio.sort(Comparator.comparingDouble((ReportRow r) -> r.ratio().mean()).reversed());
        byCost.sort(Comparator.comparingDouble((ReportRow r) -> r.cost().mean()));
        String message = String.format("%s (%s): the ratio to %s ranks the contexts %s, but what durability costs ranks them %s;"
                        + " %s and %s are in opposite orders (%s itself: %s vs %s µs). Compare the costs, not the ratios.",
                a.methodLabel(), a.groupLabel(), base,
                String.join(" > ", byRatio.stream().map(r -> names.of(r.context()) + " " + Fmt.ratio(r.ratio().mean()) + "x").toList()),
                String.join(" < ", byCost.stream().map(r -> names.of(r.context()) + " " + Fmt.usRounded(r.cost().mean()) + " µs").toList()),
                names.of(a.context()), names.of(b.context()), base, Fmt.us(a.baselineUs()), Fmt.us(b.baselineUs()));
        return java.util.Optional.of(new ReportWarning(Kind.RATIO_MISLEADS, message, ids(groupMembers(rows, a), groupMembers(rows, b)),
                ACROSS_CONTEXTS, worst, ratioBrief(a, b, base, names)));
    }

    /** A ratio-misleads warning's one line: both ratios to the baseline {@code base}, then both costs. */
    private static String ratioBrief(ReportRow a, ReportRow b, String base, ContextNames names) {
        return String.format("%s: %sx %s on %s, %sx on %s, but costs %s vs %s µs", a.methodLabel(), Fmt.ratio(a.ratio().mean()), base,
                names.of(a.context()), Fmt.ratio(b.ratio().mean()), names.of(b.context()), Fmt.usRounded(a.cost().mean()),
                Fmt.usRounded(b.cost().mean()));
    }

    private static double baseSpread(ReportRow a, ReportRow b) {
        return Math.max(a.baselineUs(), b.baselineUs()) / Math.min(a.baselineUs(), b.baselineUs());
    }

    static List<ReportWarning> noisyBaseline(List<ReportRow> rows, ContextNames names) {
        List<ReportWarning> out = new ArrayList<>();
        for (ReportRow b : rows) {
            if (!b.baseline() || !b.measured() || !b.time().hasInterval()) continue;
            double width = b.time().relativeWidth();
            if (!(width > NOISY_WIDTH)) continue;
            List<ReportRow> group = groupMembers(rows, b);
            if (group.size() < 2) continue;
            String message = String.format("The baseline %s on %s (%s) has a 99.9%% CI of %s to %s µs, %s of its mean %s µs "
                            + "(over %d %s): the ratios in this group are mostly baseline noise; read the durability costs instead.",
                    b.methodLabel(), b.context().place(), b.groupLabel(), Fmt.us(b.time().low()), Fmt.us(b.time().high()),
                    Fmt.percentOfFraction(width), Fmt.us(b.meanUs()), b.time().n(), b.time().betweenForks() ? "forks" : "iterations of one fork");
            String brief = String.format("%s (%s), CI %s of mean: read costs, not ratios", b.methodLabel(),
                    b.cell().family().simpleName(), Fmt.percentOfFraction(width));
            out.add(new ReportWarning(Kind.NOISY_BASELINE, message, ids(group), names.of(b.context()), width, brief));
        }
        return out;
    }

    static List<ReportWarning> notDurable(List<ReportRow> rows, ContextNames names) {
        List<ReportWarning> out = new ArrayList<>();
        Set<Context> noStorage = new LinkedHashSet<>();
        for (ReportRow r : rows) {
            if (r.context().hasNoStableStorage()) noStorage.add(r.context());
        }
        for (Context c : noStorage) {
            List<ReportRow> inContext = rows.stream().filter(r -> r.context().equals(c) && r.measured()).toList();
            ReportRow example = inContext.stream().filter(r -> !r.baseline() && Durabilities.methodNotDurableBecause(r.cell()) == null)
                    .min(Comparator.comparingDouble(ReportRow::meanUs)).orElse(null);
            String message = String.format("%s has no stable storage (filesystem %s): all %d rows there are NOT durable%s.",
                    c.place(), c.filesystem(), inContext.size(),
                    example == null ? "" : String.format("; %s's %s µs per write there is the cost of a syscall, not of durability",
                            example.methodLabel(), Fmt.us(example.meanUs())));
            String brief = String.format("no stable storage: none of its %d rows is durable%s", inContext.size(),
                    example == null ? "" : String.format(" (%s's %s µs is a syscall's cost)", example.methodLabel(), Fmt.usRounded(example.meanUs())));
            out.add(new ReportWarning(Kind.NOT_DURABLE, message, ids(inContext), names.of(c), Double.POSITIVE_INFINITY, brief));
        }
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        for (List<ReportRow> group : groups.values()) {
            if (noStorage.contains(group.get(0).context())) continue;
            ReportRow fastestDurable = group.stream().filter(r -> r.measured() && r.durable())
                    .min(Comparator.comparingDouble(ReportRow::meanUs)).orElse(null);
            for (ReportRow r : group) {
                if (r.baseline() || !r.measured() || r.durable()) continue;
                if (fastestDurable != null && r.meanUs() >= fastestDurable.meanUs()) continue;
                String than = fastestDurable == null ? "and no durable method was measured beside it"
                        : String.format("faster than every durable method here (lowest durable mean: %s, %s µs)",
                        fastestDurable.methodLabel(), Fmt.us(fastestDurable.meanUs()));
                String message = String.format("%s (%s µs per write on %s, %s) is %s, but it is NOT durable: %s.",
                        r.methodLabel(), Fmt.us(r.meanUs()), r.context().place(), r.groupLabel(), than, r.notDurableBecause());
                String brief = fastestDurable == null
                        ? String.format("%s (NOT durable) at %s µs, no durable method beside it", r.methodLabel(), Fmt.usRounded(r.meanUs()))
                        : String.format("%s (NOT durable) %s µs < %s %s µs (lowest durable mean)", r.methodLabel(),
                        Fmt.usRounded(r.meanUs()), fastestDurable.methodLabel(), Fmt.usRounded(fastestDurable.meanUs()));
                double severity = fastestDurable == null ? 1 : fastestDurable.meanUs() / r.meanUs();
                out.add(new ReportWarning(Kind.NOT_DURABLE, message,
                        fastestDurable == null ? List.of(r.id()) : List.of(r.id(), fastestDurable.id()), names.of(r.context()), severity, brief));
            }
        }
        return out;
    }

    /**
     * The group's baseline as a reader should see it ("NONE", "syncDirectory=false"); a group without
     * a baseline row of its own (batch 100 compares with batch 1's NONE, or the baseline is filtered
     * out of view) names the family's baseline for the report's --baseline.
     */
    static String baselineName(List<ReportRow> rows, ReportRow r, SyncMethod chosen) {
        return groupMembers(rows, r).stream().filter(ReportRow::baseline).map(ReportRow::methodLabel).findFirst()
                .or(() -> chosen == null ? java.util.Optional.empty() : r.cell().family().baseline(chosen)
                        .map(v -> ReportRow.methodLabel(r.cell().with(r.cell().family().methodAxis(), cast(v)))))
                .orElse("baseline");
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object v) {
        return (T) v;
    }

    static List<ReportRow> groupMembers(List<ReportRow> rows, ReportRow r) {
        return rows.stream().filter(x -> x.groupKey().equals(r.groupKey())).toList();
    }

    /** Where a row was measured, as distinct from another row's place (falls back to the full context). */
    private static String where(ReportRow r, ReportRow other) {
        return r.context().place().equals(other.context().place()) ? r.context().label() : r.context().place();
    }

    @SafeVarargs
    static List<Integer> ids(List<ReportRow>... lists) {
        Set<Integer> ids = new LinkedHashSet<>();
        for (List<ReportRow> l : lists) l.forEach(r -> ids.add(r.id()));
        return List.copyOf(ids);
    }
}
