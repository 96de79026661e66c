package io.durabench.report.render;

import io.durabench.report.Fmt;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's tables, shared by the text and Markdown renderers so both show the same figures. */
public final class Tables {
    private Tables() {
    }

    static Table durabench(Report report, List<ReportRow> rows) {
        String b = report.baseline();
        Table t = new Table(List.of("Group", "Method", "Time per write (µs)", "99.9% CI (µs)", "ops/s",
                "p50 (µs)", "p99 (µs)", "p99.9 (µs)", "Ratio vs baseline", "Ratio 99.9% CI",
                "Durability cost (µs)", "Cost 99.9% CI (µs)", "Syncs per write", "Durable"),
                false, false, true, true, true, true, true, true, true, true, true, true, true, false);
        for (ReportRow r : rows) {
            String method = r.method() + (r.baseline() ? " (baseline)" : "");
            if (!r.measured()) {
                t.add(List.of(r.groupLabel(), method, unmeasured(r.na(), r.failed()),
                        "", "", "", "", "", "", "", "", "", "", ""));
                continue;
            }
            t.add(List.of(r.groupLabel(), method, Fmt.us(r.meanUs()), Fmt.interval(r.time(), false), Fmt.ops(r.opsPerSec()),
                    Fmt.us(r.p50Us()), Fmt.us(r.p99Us()), Fmt.us(r.p999Us()),
                    r.ratio() == null ? "" : Fmt.ratio(r.ratio().mean()) + "x", Fmt.interval(r.ratio(), true),
                    r.cost() == null ? "" : Fmt.us(r.cost().mean()), Fmt.interval(r.cost(), false),
                    Fmt.fixed2(r.syncsPerWrite()),
                    r.durable() ? "yes" : "NO"));
        }
        return t;
    }

    /** Per group: the fastest method that is durable, never a faster non-durable one. */
    public static List<String> fastestDurable(List<ReportRow> rows) {
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        List<String> lines = new ArrayList<>();
        for (List<ReportRow> g : groups.values()) {
            if (g.size() < 2) continue;
            ReportRow best = null;
            for (ReportRow r : g) {
                if (r.measured() && r.durable() && (best == null || r.meanUs() < best.meanUs())) best = r;
            }
            String label = g.get(0).groupLabel();
            lines.add(best == null ? label + ": no durable method measured here"
                    : label + ": fastest durable method is " + best.method() + ", " + Fmt.us(best.meanUs()) + " µs per write"
                    + (best.cost() == null ? "" : " (durability cost " + Fmt.us(best.cost().mean()) + " µs)"));
        }
        return lines;
    }

    /** Group commit: one row per committer count, per variant, per group (record size, sync method, prealloc). */
    static Table groupCommit(List<GroupCommitRow> rows) {
        Table t = new Table(List.of("Group", "Variant", "Committers", "Commits/s", "99.9% CI (commits/s)",
                "Mean latency (µs)", "p50 (µs)", "p99 (µs)", "p99.9 (µs)", "Syncs per commit", "Speed-up vs 1 committer",
                "Speed-up 99.9% CI", "Durable"),
                false, false, true, true, true, true, true, true, true, true, true, true, false);
        for (GroupCommitRow r : rows) {
            if (r.na() != null || r.failed() != null) {
                t.add(List.of(r.groupLabel(), r.variant(), String.valueOf(r.committers()), unmeasured(r.na(), r.failed()),
                        "", "", "", "", "", "", "", "", ""));
                continue;
            }
            t.add(List.of(r.groupLabel(), r.variant(), String.valueOf(r.committers()), Fmt.ops(r.meanCommitsPerSec()),
                    Fmt.opsInterval(r.commitsPerSec()), Fmt.us(r.meanLatencyUs()), Fmt.us(r.p50Us()), Fmt.us(r.p99Us()),
                    Fmt.us(r.p999Us()), Fmt.fixed2(r.syncsPerCommit()),
                    r.speedup() == null ? "" : Fmt.ratio(r.speedup().mean()) + "x", Fmt.interval(r.speedup(), true),
                    r.durable() ? "yes" : "NO"));
        }
        return t;
    }

    /**
     * Per variant: where its commits/s peak and what p99 latency costs there, the two facts that
     * place the knee ("most commits/s at 4 committers ... p99 1,020 -> 3,400 µs").
     */
    static List<String> groupCommitPeaks(List<GroupCommitRow> rows) {
        Map<String, List<GroupCommitRow>> series = new LinkedHashMap<>();
        rows.stream().filter(GroupCommitRow::measured).forEach(r -> series.computeIfAbsent(r.seriesKey(), k -> new ArrayList<>()).add(r));
        List<String> lines = new ArrayList<>();
        for (List<GroupCommitRow> s : series.values()) {
            if (s.size() < 2) continue;
            GroupCommitRow first = s.get(0), peak = first;
            for (GroupCommitRow r : s) if (r.meanCommitsPerSec() > peak.meanCommitsPerSec()) peak = r;
            StringBuilder l = new StringBuilder(first.groupLabel()).append(", ").append(first.variant())
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
        if (failed != null) return "FAILED: " + failed;
        return "n/a: " + (na == null ? "no result" : na);
    }
}
