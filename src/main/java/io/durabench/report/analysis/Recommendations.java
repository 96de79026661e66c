package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.report.DecisionTable.Line;
import io.durabench.report.Difference;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One line per target of a SyncWriteCost decision table, worded from its rows: which durable
 * method to use at the centre cell, and what preallocation and batching buy with it — or "no
 * recommendation" and why. A method is recommended only when the data tell the fastest set apart
 * from the other durable methods (at most {@link #MAX_NAMED} methods, at least one durable method
 * resolved slower); an add-on is named only when it is resolved cheaper than the centre cell of the
 * same method, with Holm over that method's alternatives. Anything the intervals do not support is
 * left unsaid, never rounded into advice.
 */
public final class Recommendations {
    /** More tied methods than this is not advice a reader can act on. */
    static final int MAX_NAMED = 3;

    private Recommendations() {
    }

    /** Target -> its line, for a SyncWriteCost table; empty for any other family. */
    public static Map<Context, String> of(DecisionTable table, List<ReportRow> allRows, ContextNames names) {
        Map<Context, String> out = new LinkedHashMap<>();
        if (!table.family().equals(Catalogue.SYNC_WRITE_COST.simpleName())) return out;
        for (Context c : table.targets()) out.put(c, names.of(c) + ": " + line(table, c, allRows));
        return out;
    }

    static String line(DecisionTable table, Context target, List<ReportRow> allRows) {
        List<Line> durable = table.durableOn(target);
        List<Line> fastest = table.fastestOn(target);
        if (durable.isEmpty()) return "no recommendation: no durable method was measured here";
        if (table.decidedInLockStep(target)) return LockStepRecommendation.line(table, target, allRows);
        ReportRow best = fastest.stream().map(l -> l.on(target)).min(Comparator.comparingDouble(ReportRow::meanUs)).orElseThrow();
        String bestFigure = best.methodLabel() + " " + Fmt.usRounded(best.meanUs()) + " µs " + Fmt.usRoundedInterval(best.figure());
        if (!table.betweenForks()) {
            return "no recommendation: intervals within one fork (" + table.replication() + ") cannot tell methods apart; "
                    + "fastest mean " + bestFigure;
        }
        if (fastest.size() == durable.size() && durable.size() > 1) {
            return "no recommendation: none of the " + durable.size() + " durable methods is resolved slower than the fastest ("
                    + bestFigure + ")";
        }
        if (fastest.size() > MAX_NAMED) {
            return "no recommendation: " + fastest.size() + " of " + durable.size() + " durable methods are not resolved apart "
                    + "from the fastest (" + bestFigure + ")";
        }
        StringBuilder sb = new StringBuilder("durable ").append(what(best)).append(": use ")
                .append(String.join(" or ", fastest.stream().map(Line::method).toList()))
                .append(fastest.size() > 1 ? " (not resolved apart), " : ", ")
                .append(Fmt.usRounded(best.meanUs())).append(" µs ").append(Fmt.usRoundedInterval(best.figure()));
        return sb.append(addOns(best, allRows)).toString();
    }

    /** What preallocation and batching buy with the recommended method, where the rounds resolve it cheaper. */
    static String addOns(ReportRow best, List<ReportRow> allRows) {
        StringBuilder sb = new StringBuilder();
        cheaperVariant(best, allRows, true).ifPresent(r -> sb.append("; with prealloc ").append(r.cell().get(SyncWriteCostFamily.PREALLOCATION))
                .append(": ").append(Fmt.usRounded(r.meanUs())).append(" µs ").append(Fmt.usRoundedInterval(r.figure())));
        cheaperVariant(best, allRows, false).ifPresent(r -> sb.append("; batching ").append(r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC))
                .append(" writes per sync: ").append(Fmt.usRounded(r.meanUs())).append(" µs per write ").append(Fmt.usRoundedInterval(r.figure())));
        return sb.toString();
    }

    /** "8 KiB append", "8 KiB write into a ZERO_FILL log", with ", 10 writes per sync" when batched. */
    static String what(ReportRow centre) {
        Preallocation p = centre.cell().get(SyncWriteCostFamily.PREALLOCATION);
        Integer batch = centre.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC);
        return Fmt.bytes(centre.cell().get(SyncWriteCostFamily.BLOCK_SIZE)) + (p == Preallocation.NONE ? " append" : " write, prealloc " + p)
                + (batch == null || batch == 1 ? "" : ", " + batch + " writes per sync");
    }

    /**
     * The cheapest variant of the centre row along one axis (preallocation, or writes per sync)
     * that is resolved cheaper than the centre row, Holm over that axis' variants; empty otherwise.
     */
    static java.util.Optional<ReportRow> cheaperVariant(ReportRow centre, List<ReportRow> rows, boolean preallocation) {
        List<ReportRow> variants = new ArrayList<>();
        for (ReportRow r : rows) {
            if (r == centre || !r.measured() || !r.durable() || !r.context().equals(centre.context())
                    || !r.cell().benchmark().equals(centre.cell().benchmark()) || !r.method().equals(centre.method())) continue;
            boolean sameBlock = Objects.equals(r.cell().get(SyncWriteCostFamily.BLOCK_SIZE), centre.cell().get(SyncWriteCostFamily.BLOCK_SIZE));
            boolean sameBatch = Objects.equals(r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC), centre.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC));
            Preallocation p = r.cell().get(SyncWriteCostFamily.PREALLOCATION);
            boolean samePrealloc = p == centre.cell().get(SyncWriteCostFamily.PREALLOCATION);
            if (sameBlock && (preallocation ? sameBatch && !samePrealloc : samePrealloc && !sameBatch)) variants.add(r);
        }
        if (variants.isEmpty()) return java.util.Optional.empty();
        List<Difference> ds = Difference.family(variants.stream().map(ReportRow::time).toList(), centre.time());
        ReportRow cheapest = null;
        for (int i = 0; i < variants.size(); i++) {
            if (ds.get(i).verdict() != Difference.DifferenceVerdict.LOWER) continue;
            if (cheapest == null || variants.get(i).meanUs() < cheapest.meanUs()) cheapest = variants.get(i);
        }
        return java.util.Optional.ofNullable(cheapest);
    }
}
