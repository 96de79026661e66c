package io.durabench.report.render;

import io.durabench.output.GroupedTable;
import io.durabench.output.Table;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Difference;
import io.durabench.format.Fmt;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.render.BaselineRows.Labelled;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's tables, shared by the text and Markdown renderers so both show the same figures:
 * one group per heading (benchmark and the parameters it was run with), times in µs with at most
 * four significant figures and their 99.9% intervals beside them.
 */
public final class Tables {
    private Tables() {
    }

    /** One table per group; a group whose ratios are over another group's baseline shows that row first (BaselineRows). */
    static GroupedTable<Labelled> durabench(List<ReportRow> rows, TableColumns choice) {
        GroupedTable<Labelled> table = new GroupedTable<>(DetailColumns.perOperation(choice),
                l -> l.row().measured() ? null : unmeasured(l.row().na(), l.row().failed()), Labelled::shortLabel);
        for (List<ReportRow> g : groups(rows).values()) {
            ReportRow head = g.stream().filter(ReportRow::measured).findFirst().orElse(g.get(0));
            String noun = head.cell().family().operation().noun();
            // Where nothing can be durable (no stable storage) the findings say so once, not under every group.
            boolean note = g.size() >= 2 && !head.context().hasNoStableStorage();
            table.add(head.groupLabel() + " (µs per " + noun + ")", head.benchmark(), BaselineRows.of(g),
                    note ? List.of(fastestDurableIn(g)) : List.of());
        }
        return table;
    }

    private static Map<String, List<ReportRow>> groups(List<ReportRow> rows) {
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        return groups;
    }

    /** Per group, labelled: the fastest durable method, never a faster non-durable one. */
    public static List<String> fastestDurable(List<ReportRow> rows) {
        List<String> lines = new ArrayList<>();
        for (List<ReportRow> g : groups(rows).values()) {
            if (g.size() >= 2) lines.add(g.get(0).groupLabel() + ": " + fastestDurableIn(g));
        }
        return lines;
    }

    /**
     * The fastest durable method, or the set of durable methods the data cannot tell apart from the
     * fastest (Difference.fastestSet: between forks, Holm over the comparisons with the fastest):
     * "fastest is only as sure as the intervals". On one fork's results nothing is resolved, and the
     * line says so instead of crowning the lowest mean.
     */
    static String fastestDurableIn(List<ReportRow> g) {
        List<ReportRow> durable = g.stream().filter(r -> r.measured() && r.durable()).toList();
        if (durable.isEmpty()) return "no durable method measured here";
        List<ReportRow> set = Difference.fastestSet(durable, ReportRow::time);
        ReportRow best = set.get(0);
        String noun = best.cell().family().operation().noun();
        String cost = best.cost() == null ? "" : " (durability cost " + Fmt.us(best.cost().mean()) + " µs)";
        StringBuilder l = new StringBuilder();
        if (!best.time().betweenForks()) {
            l.append("lowest durable mean: ").append(best.methodLabel()).append(", ").append(Fmt.us(best.meanUs())).append(" µs per ")
                    .append(noun).append(cost).append("; intervals within one fork, so no fastest is resolved");
        } else if (set.size() == 1) {
            l.append(durable.size() == 1 ? "the only durable method is " : "fastest durable method is ").append(best.methodLabel())
                    .append(", ").append(Fmt.us(best.meanUs())).append(" µs per ").append(noun).append(cost)
                    .append(durable.size() == 1 ? "" : ", resolved from every other durable method");
        } else {
            double high = set.stream().mapToDouble(ReportRow::meanUs).max().orElse(Double.NaN);
            l.append("fastest durable: ").append(String.join(", ", set.stream().map(ReportRow::methodLabel).toList()))
                    .append(" (not resolved apart), ").append(Fmt.us(best.meanUs())).append("–").append(Fmt.us(high))
                    .append(" µs per ").append(noun);
        }
        if (set.stream().anyMatch(r -> r.cell().methodValue() == SyncMethod.MMAP_FORCE)) {
            l.append("; MMAP_FORCE maps a file sized when it opens (as FTRUNCATE does), so its writes are not appends");
        }
        return l.toString();
    }

    static GroupedTable<GroupCommitRow> groupCommit(List<GroupCommitRow> rows, TableColumns choice) {
        // Too wide (--columns all), Markdown's "group commit, delay 100 µs" gives way to text's "delay 100 µs".
        GroupedTable<GroupCommitRow> table = new GroupedTable<>(DetailColumns.groupCommit(choice),
                r -> r.na() != null || r.failed() != null ? unmeasured(r.na(), r.failed()) : null, GroupCommitRow::shortVariant);
        Map<String, List<GroupCommitRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        for (List<GroupCommitRow> g : groups.values()) table.add(g.get(0).groupLabel(), g.get(0).benchmark(), g, groupCommitPeaks(g));
        return table;
    }

    /**
     * Per variant of one group: where its commits/s peak and what p99 latency costs there, the two
     * facts that place the knee ("each syncs alone: most commits/s at 4 committers ... p99 1,020 -> 3,400 µs").
     */
    static List<String> groupCommitPeaks(List<GroupCommitRow> rows) {
        Map<String, List<GroupCommitRow>> series = new LinkedHashMap<>();
        rows.stream().filter(GroupCommitRow::measured).forEach(r -> series.computeIfAbsent(r.seriesKey(), k -> new ArrayList<>()).add(r));
        List<String> lines = new ArrayList<>();
        for (List<GroupCommitRow> s : series.values()) {
            if (s.size() < 2) continue;
            GroupCommitRow first = s.get(0), peak = first;
            for (GroupCommitRow r : s) if (r.meanCommitsPerSec() > peak.meanCommitsPerSec()) peak = r;
            StringBuilder l = new StringBuilder(first.variant())
                    .append(": most commits/s at ").append(peak.committers()).append(peak.committers() == 1 ? " committer (" : " committers (")
                    .append(Fmt.ops(peak.meanCommitsPerSec())).append("/s");
            if (peak.speedup() != null && peak != first) l.append(", ").append(Fmt.ratio(peak.speedup().mean())).append("x 1 committer");
            l.append(")");
            if (Double.isFinite(first.p99Us()) && Double.isFinite(peak.p99Us()) && peak != first) {
                l.append("; p99 latency ").append(Fmt.us(first.p99Us())).append(" µs at ").append(first.committers())
                        .append(" -> ").append(Fmt.us(peak.p99Us())).append(" µs there");
            }
            lines.add(l.toString());
        }
        return lines;
    }

    /**
     * Other JMH results, each line naming its target by the short name the rest of the report gives
     * it ("xfs"): a run measures NativeCallCost on every target, and its lines differ only there. Where the
     * run recorded the device witness, a last column says what it has of each line ("n/a (no I/O to the target)").
     */
    static Table plain(Report report) {
        List<Context> contexts = new ArrayList<>(report.contexts());
        report.plainRows().forEach(r -> contexts.add(r.context()));
        ContextNames names = ContextNames.of(contexts);
        boolean device = report.plainRows().stream().anyMatch(r -> r.device() != null);
        List<String> headers = new ArrayList<>(List.of("Target", "Benchmark", "Params", "Mode", "Score", "± Error (99.9%)", "Unit"));
        if (device) headers.add("Device");
        boolean[] numeric = {false, false, false, false, true, true, false, false};
        Table t = new Table(headers, java.util.Arrays.copyOf(numeric, headers.size()));
        for (PlainRow r : report.plainRows()) {
            List<String> cells = new ArrayList<>(List.of(names.of(r.context()), r.benchmark() + (r.metric() == null ? "" : ":" + r.metric()),
                    r.params().describe(), r.mode(), Fmt.plain(r.score()), Fmt.plain(r.scoreError()), r.unit()));
            if (device) cells.add(r.device() == null ? "n/a (no device witness record)" : r.device().ok() ? r.device().chain() : r.device().notCounted());
            t.add(cells);
        }
        return t;
    }

    /** A cell without a number says which kind it is: FAILED (with the error) is never shown as n/a. */
    static String unmeasured(String na, String failed) {
        if (failed != null) return GroupedTable.FAILED + failed;
        return "n/a: " + (na == null ? "no result" : na);
    }
}
