package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.report.Context;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * Group commit's knee: commits/s and p99 commit latency against committers, side by side, one row
 * of panels per context, one colour per variant. Both y axes are linear from 0 (a knee is a change
 * of slope, which a log axis flattens) and shared down the column by the contexts with stable
 * storage; a context without (tmpfs) has axes of its own, said in its titles, because its millions
 * of commits per second (nothing durable) would flatten every real disk's lines to the floor. Committer counts are categories
 * (1, 2, 4, 8, 16 evenly spaced: a log2 axis). A run with several groups is charted at the
 * headline group, the one with the most measured rows (ties: the first).
 */
public final class GroupCommitChart {
    static final String NAME = "chart-group-commit";
    public static final String TITLE = "Group commit: commits/s and p99 latency vs committers";

    private GroupCommitChart() {
    }

    static ChartSpec spec(Report report) {
        List<GroupCommitRow> measured = report.groupCommitRows().stream().filter(GroupCommitRow::measured).toList();
        if (measured.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no measured GroupCommit results");
        Map<String, Integer> counts = new LinkedHashMap<>();
        measured.forEach(r -> counts.merge(r.groupLabel(), 1, Integer::sum));
        String group = counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).orElseThrow().getKey();
        List<GroupCommitRow> rows = measured.stream().filter(r -> r.groupLabel().equals(group)).toList();
        if (rows.stream().noneMatch(r -> Double.isFinite(r.p99Us()))) {
            return ChartSpec.skipped(NAME, TITLE, "no SampleTime results for GroupCommit (run with -bm thrpt,sample)");
        }
        List<String> committers = new TreeSet<>(rows.stream().map(GroupCommitRow::committers).toList()).stream().map(String::valueOf).toList();
        List<String> variants = ChartParts.distinct(rows.stream().map(GroupCommitRow::variant).toList());
        Targets targets = new Targets(report, rows.stream().map(GroupCommitRow::context).toList());
        List<Context> contexts = targets.all;
        List<Boolean> ownScale = contexts.stream().map(targets::ownScale).toList();
        List<String> grouped = variants.stream().filter(v -> v.startsWith(GroupCommitRow.GROUP_COMMIT_PREFIX))
                .sorted(Comparator.comparingDouble(GroupCommitChart::delay).thenComparing(v -> v)).toList();
        Axis x = new Axis.Category(committers);
        List<Figure.Panel> throughput = new ArrayList<>(), latency = new ArrayList<>();
        for (Context c : contexts) {
            String prefix = contexts.size() > 1 ? targets.name(c) + ": " : "";
            List<Figure.Series> commits = new ArrayList<>(), p99 = new ArrayList<>();
            for (String v : variants) {
                List<GroupCommitRow> series = rows.stream().filter(r -> r.context().equals(c) && r.variant().equals(v)).toList();
                if (series.isEmpty()) continue;
                var colour = colour(v, grouped);
                commits.add(new Figure.Series(v, colour, Marker.CIRCLE, true, false, points(series, committers, GroupCommitRow::meanCommitsPerSec)));
                p99.add(new Figure.Series(v, colour, Marker.CIRCLE, true, false, points(series, committers, GroupCommitRow::p99Us)));
            }
            String own = targets.ownScale(c) ? " (own scale)" : "";
            throughput.add(new Figure.Panel(prefix + "commits/s, summed over committers" + own, x, null, commits));
            latency.add(new Figure.Panel(prefix + "p99 latency per commit (µs)" + own, x, null, p99));
        }
        throughput = PanelAxes.sharedY(throughput, ownScale, PanelAxes::linearRange);
        latency = PanelAxes.sharedY(latency, ownScale, PanelAxes::linearRange);
        List<Figure.Panel> panels = new ArrayList<>();
        for (int i = 0; i < contexts.size(); i++) {
            panels.add(throughput.get(i));
            panels.add(latency.get(i));
        }
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (String v : variants) legend.add(new Figure.LegendEntry(v, colour(v, grouped), Marker.CIRCLE, true));
        Figure f = new Figure(TITLE + " (" + group + ")", panels, 2, legend, "committers (JMH threads)",
                "commits/s (left), p99 µs per commit (right)", "Linear axes from zero: a knee is a change of slope.");
        return ChartSpec.of(NAME, TITLE, f);
    }

    /**
     * A variant's colour, the same in every run: "each syncs alone", the reference, dark grey; the
     * group-commit variants by their delay, shortest first, in colours no filesystem of the common
     * three takes (orange, sky blue, purple, brown), so that no line here reads as "ext4".
     */
    private static Color colour(String variant, List<String> grouped) {
        int i = grouped.indexOf(variant);
        return i < 0 ? Palette.DARK : VARIANTS[i % VARIANTS.length];
    }

    private static final Color[] VARIANTS = {Palette.ORANGE, Palette.SKY, Palette.PURPLE, Palette.BROWN};

    /** The delay in a variant's name ("group commit, delay 100 µs": 100); infinity when it names none. */
    private static double delay(String variant) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("delay (\\d+(\\.\\d+)?)").matcher(variant);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.POSITIVE_INFINITY;
    }

    /** One point per committer count the variant has, at its slot; a count without a figure is left out (a gap). */
    private static List<Figure.Point> points(List<GroupCommitRow> rows, List<String> committers, ToDoubleFunction<GroupCommitRow> f) {
        List<Figure.Point> out = new ArrayList<>();
        for (GroupCommitRow r : rows) {
            double v = f.applyAsDouble(r);
            if (Double.isFinite(v) && v > 0) out.add(Figure.Point.of(committers.indexOf(String.valueOf(r.committers())), v));
        }
        return out;
    }
}
