package io.durabench.report.chart;

import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Group commit's knee: commits/s and p99 commit latency against committers, side by side in one
 * image, one series per variant. Both y axes are linear from 0: a knee is a change of slope, which
 * a log axis flattens (and XChart's log axis labels only powers of ten). Committer counts are categories (1, 2, 4, 8, 16 are
 * evenly spaced, i.e. a log2 axis). A run with several groups is charted at the headline group,
 * the one with the most measured rows (ties: the first), so the picture stays readable.
 */
public final class GroupCommitChart {
    static final String NAME = "chart-group-commit";
    public static final String TITLE = "Group commit: commits/s and p99 latency vs committers";
    private static final int PANEL_WIDTH = 800;
    private static final int HEIGHT = 620;

    private GroupCommitChart() {
    }

    static ChartFile write(Report report, Path dir) {
        List<GroupCommitRow> measured = report.groupCommitRows().stream().filter(GroupCommitRow::measured).toList();
        if (measured.isEmpty()) return new ChartFile(TITLE, null, null, "no measured GroupCommit results");
        // The headline group: same record size, sync method and preallocation in every context charted.
        Map<String, Integer> counts = new LinkedHashMap<>();
        measured.forEach(r -> counts.merge(r.groupLabel(), 1, Integer::sum));
        String group = counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).orElseThrow().getKey();
        List<GroupCommitRow> rows = measured.stream().filter(r -> r.groupLabel().equals(group)).toList();
        boolean manyContexts = rows.stream().map(GroupCommitRow::context).distinct().count() > 1;

        List<String> committers = new TreeSet<>(rows.stream().map(GroupCommitRow::committers).toList())
                .stream().map(String::valueOf).toList();
        Map<String, List<GroupCommitRow>> series = new LinkedHashMap<>();
        rows.forEach(r -> series.computeIfAbsent(r.variant() + (manyContexts ? " @ " + r.context().shortPlace() : ""),
                k -> new ArrayList<>()).add(r));

        CategoryChart throughput = panel("Commits/s (" + group + ")", "commits/s, summed over committers");
        CategoryChart latency = panel("p99 commit latency (" + group + ")", "p99 latency per commit (µs)");
        boolean anyLatency = false;
        for (Map.Entry<String, List<GroupCommitRow>> s : series.entrySet()) {
            throughput.addSeries(s.getKey(), committers, values(s.getValue(), committers, GroupCommitRow::meanCommitsPerSec))
                    .setMarker(SeriesMarkers.CIRCLE);
            List<Double> p99 = values(s.getValue(), committers, GroupCommitRow::p99Us);
            if (p99.stream().anyMatch(v -> v != null)) {
                latency.addSeries(s.getKey(), committers, p99).setMarker(SeriesMarkers.CIRCLE);
                anyLatency = true;
            }
        }
        if (!anyLatency) return new ChartFile(TITLE, null, null, "no SampleTime results for GroupCommit (run with -bm thrpt,sample)");
        return save(throughput, latency, dir);
    }

    private static CategoryChart panel(String title, String yAxis) {
        CategoryChart chart = new CategoryChartBuilder().width(PANEL_WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("committers (JMH threads)").yAxisTitle(yAxis).build();
        Charts.style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(9);
        // Every series at the committer count itself, not shifted sideways like grouped bars.
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setYAxisMin(0.0);
        return chart;
    }

    /** One value per committer count; null where the variant has no row there (XChart leaves a gap). */
    private static List<Double> values(List<GroupCommitRow> rows, List<String> committers, ToDoubleFunction<GroupCommitRow> f) {
        List<Double> out = new ArrayList<>();
        for (String c : committers) {
            Double v = null;
            for (GroupCommitRow r : rows) {
                double x = f.applyAsDouble(r);
                if (String.valueOf(r.committers()).equals(c) && Double.isFinite(x) && x > 0) v = x;
            }
            out.add(v);
        }
        return out;
    }

    /** Both panels painted into one PNG and one SVG (XChart's encoders take one chart each). */
    private static ChartFile save(CategoryChart left, CategoryChart right, Path dir) {
        Path png = dir.resolve(NAME + ".png"), svg = dir.resolve(NAME + ".svg");
        int width = 2 * PANEL_WIDTH;
        try {
            BufferedImage image = new BufferedImage(width, HEIGHT, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, HEIGHT);
            paintSideBySide(g, left, right);
            g.dispose();
            ImageIO.write(image, "png", png.toFile());

            VectorGraphics2D vg = new VectorGraphics2D();
            paintSideBySide(vg, left, right);
            try (OutputStream out = Files.newOutputStream(svg)) {
                new SVGProcessor().getDocument(vg.getCommands(), new PageSize(0, 0, width, HEIGHT)).writeTo(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + dir.resolve(NAME) + ": " + e.getMessage(), e);
        }
        return new ChartFile(TITLE, png, svg, null);
    }

    private static void paintSideBySide(Graphics2D g, CategoryChart left, CategoryChart right) {
        Graphics2D l = (Graphics2D) g.create();
        left.paint(l, PANEL_WIDTH, HEIGHT);
        l.dispose();
        Graphics2D r = (Graphics2D) g.create();
        r.translate(PANEL_WIDTH, 0);
        right.paint(r, PANEL_WIDTH, HEIGHT);
        r.dispose();
    }
}
