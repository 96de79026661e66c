package io.durabench.report.render;

import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.report.Difference;
import io.durabench.report.Fmt;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.ReportRow;
import io.durabench.stats.Estimate;
import io.durabench.stats.Stats;
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

    static GroupedTable<ReportRow> durabench(List<ReportRow> rows) {
        List<Column<ReportRow>> columns = List.of(
                Column.text("method", "Method", r -> r.methodLabel() + (r.baseline() ? " (baseline)" : "")),
                Column.number("µs/op [99.9% CI]", "Time per op (µs)", r -> Fmt.usCompact(r.meanUs())),
                Column.joined("99.9% CI (µs)", r -> Fmt.usCompactInterval(r.time())),
                Column.<ReportRow>number("ops/s", "ops/s", r -> Fmt.ops(r.opsPerSec())).markdownOnly(),
                Column.<ReportRow>number("p50", "p50 (µs)", r -> Fmt.usCompact(r.p50Us())).hiddenWhenEmpty(),
                Column.<ReportRow>number("p99", "p99 (µs)", r -> Fmt.usCompact(r.p99Us())).hiddenWhenEmpty().close(),
                Column.<ReportRow>number("p99.9", "p99.9 (µs)", r -> Fmt.usCompact(r.p999Us())).hiddenWhenEmpty().close(),
                Column.number("ratio [99.9% CI]", "Ratio vs baseline", r -> r.ratio() == null ? "" : Fmt.ratio(r.ratio().mean()) + "x"),
                Column.joined("Ratio 99.9% CI", r -> Fmt.interval(r.ratio(), true)),
                Column.number("cost µs [99.9% CI]", "Durability cost (µs)", r -> r.cost() == null ? "" : Fmt.usCompact(r.cost().mean())),
                Column.joined("Cost 99.9% CI (µs)", r -> Fmt.usCompactInterval(r.cost())),
                Column.number("syncs/op", "Syncs per op", r -> Fmt.fixed2(r.syncsPerWrite())),
                Column.text("durable", "Durable", r -> r.durable() ? "yes" : "NO"));
        GroupedTable<ReportRow> table = new GroupedTable<>(columns, r -> r.measured() ? null : unmeasured(r.na(), r.failed()));
        for (List<ReportRow> g : groups(rows).values()) {
            ReportRow head = g.stream().filter(ReportRow::measured).findFirst().orElse(g.get(0));
            String noun = head.cell().family().operation().noun();
            // Where nothing can be durable (no stable storage) the findings say so once, not under every group.
            boolean note = g.size() >= 2 && !head.context().hasNoStableStorage();
            table.add(head.groupLabel() + " (µs per " + noun + ")", head.benchmark(), g, note ? List.of(fastestDurableIn(g)) : List.of());
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

    /** Group commit: one row per committer count, per variant, under its group (record size, sync method, prealloc). */
    static GroupedTable<GroupCommitRow> groupCommit(List<GroupCommitRow> rows) {
        List<Column<GroupCommitRow>> columns = List.of(
                new Column<GroupCommitRow>("variant", "Variant", false, false, true, false, GroupCommitRow::shortVariant)
                        .inMarkdown(GroupCommitRow::variant),
                Column.number(GroupCommitFamily.COMMITTERS.name(), "Committers", r -> String.valueOf(r.committers())),
                Column.number("commits/s [99.9% CI]", "Commits/s", r -> Fmt.ops(r.meanCommitsPerSec())),
                Column.joined("99.9% CI (commits/s)", r -> Fmt.opsInterval(r.commitsPerSec())),
                Column.<GroupCommitRow>number("mean µs", "Mean latency (µs)", r -> Fmt.usCompact(r.meanLatencyUs())).hiddenWhenEmpty(),
                Column.<GroupCommitRow>number("p50", "p50 (µs)", r -> Fmt.usCompact(r.p50Us())).hiddenWhenEmpty(),
                Column.<GroupCommitRow>number("p99", "p99 (µs)", r -> Fmt.usCompact(r.p99Us())).hiddenWhenEmpty().close(),
                Column.<GroupCommitRow>number("p99.9", "p99.9 (µs)", r -> Fmt.usCompact(r.p999Us())).hiddenWhenEmpty().close(),
                Column.number("syncs/op", "Syncs per commit", r -> Fmt.fixed2(r.syncsPerCommit())),
                Column.number("speed-up [CI]", "Speed-up vs 1 committer", r -> r.speedup() == null ? "" : Fmt.ratio(r.speedup().mean()) + "x"),
                Column.joined("Speed-up 99.9% CI", r -> Fmt.interval(r.speedup(), true)),
                Column.text("durable", "Durable", r -> r.durable() ? "yes" : "NO"));
        GroupedTable<GroupCommitRow> table = new GroupedTable<>(columns,
                r -> r.na() != null || r.failed() != null ? unmeasured(r.na(), r.failed()) : null);
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

    static Table plain(List<PlainRow> rows) {
        Table t = new Table(List.of("Benchmark", "Params", "Mode", "Score", "± Error (99.9%)", "Unit"),
                false, false, false, true, true, false);
        for (PlainRow r : rows) {
            t.add(List.of(r.benchmark() + (r.metric() == null ? "" : ":" + r.metric()), r.params().describe(), r.mode(),
                    Fmt.plain(r.score()), Fmt.plain(r.scoreError()), r.unit()));
        }
        return t;
    }

    /** A cell without a number says which kind it is: FAILED (with the error) is never shown as n/a. */
    static String unmeasured(String na, String failed) {
        if (failed != null) return GroupedTable.FAILED + failed;
        return "n/a: " + (na == null ? "no result" : na);
    }
}
