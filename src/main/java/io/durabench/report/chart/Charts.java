package io.durabench.report.chart;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.workload.Preallocation;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The four charts, PNG and SVG, through XChart: durability cost per method per context (log
 * scale, interval ends marked), time per write vs batch size, latency percentiles per method, and
 * preallocation strategies side by side; with GroupCommit results, the group-commit knee
 * ({@link GroupCommitChart}). A chart without data of its kind is skipped, with why.
 */
public final class Charts {
    static {
        // Before any AWT class loads: servers and CI have no display.
        System.setProperty("java.awt.headless", "true");
    }

    private static final int WIDTH = 1100;
    private static final int HEIGHT = 650;

    private Charts() {
    }

    public static List<ChartFile> write(Report report, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        ChartData data = new ChartData(report);
        List<ChartFile> files = new ArrayList<>();
        files.add(durabilityCost(data, dir));
        files.add(batchSize(data, dir));
        files.add(percentiles(data, dir));
        files.add(preallocation(data, dir));
        if (!report.groupCommitRows().isEmpty()) files.add(GroupCommitChart.write(report, dir));
        return files;
    }

    private static ChartFile durabilityCost(ChartData data, Path dir) {
        String title = "Durability cost per sync method (" + data.fixed(true, true, true) + ")";
        List<ReportRow> rows = data.at(false, false, false).stream()
                .filter(r -> !r.baseline() && r.cost() != null && r.cost().mean() > 0).toList();
        if (rows.isEmpty()) return skipped("Durability cost per sync method", "no SyncWriteCost rows with a positive cost over a baseline");
        // The interval ends are plotted as their own small markers in the context's colour: XChart's
        // error bars are drawn wrongly on a log axis (and cannot be asymmetric). A lower end at or
        // below 0 has no place on a log axis (the tables give it).
        CategoryChart chart = perMethodChart(title, "method - baseline (µs per write, log; ▲▼ = 99.9% CI ends)");
        forEachContext(chart, rows, (name, methods, at, colour) -> {
            chart.addSeries(name, methods, values(methods, at, r -> r.cost().mean()))
                    .setMarker(SeriesMarkers.CIRCLE).setMarkerColor(colour);
            chart.addSeries(name + ": 99.9% CI high", methods, values(methods, at, r -> r.cost().hasInterval() ? r.cost().high() : Double.NaN))
                    .setMarker(SeriesMarkers.TRIANGLE_DOWN).setMarkerColor(colour).setShowInLegend(false);
            chart.addSeries(name + ": 99.9% CI low", methods,
                            values(methods, at, r -> r.cost().hasInterval() && r.cost().low() > 0 ? r.cost().low() : Double.NaN))
                    .setMarker(SeriesMarkers.TRIANGLE_UP).setMarkerColor(colour).setShowInLegend(false);
        });
        return save(chart, dir, "chart-durability-cost", "Durability cost per sync method");
    }

    /** A log-scale chart with one x slot per method, several series sharing a slot. */
    private static CategoryChart perMethodChart(String title, String yAxis) {
        CategoryChart chart = category(title, "sync method (* = does not reach stable storage)", yAxis);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setOverlapped(true);
        return chart;
    }

    /** What a per-method chart draws for one context: its legend name, the x slots, its rows by slot, its colour. */
    private interface ContextSeries {
        void add(String name, List<String> methods, Map<String, ReportRow> at, Color colour);
    }

    /** One colour per context (legend says which has no stable storage); x slots shared by all. */
    private static void forEachContext(CategoryChart chart, List<ReportRow> rows, ContextSeries series) {
        List<String> methods = distinct(rows.stream().map(Charts::methodSlot).toList());
        Map<String, Map<String, ReportRow>> byContext = new LinkedHashMap<>();
        for (ReportRow r : rows) {
            String name = r.context().shortPlace() + (r.context().hasNoStableStorage()
                    ? " (no stable storage: nothing here is durable)" : "");
            byContext.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(methodSlot(r), r);
        }
        Color[] palette = chart.getStyler().getTheme().getSeriesColors();
        int k = 0;
        for (Map.Entry<String, Map<String, ReportRow>> e : byContext.entrySet()) {
            series.add(e.getKey(), methods, e.getValue(), palette[k++ % palette.length]);
        }
    }

    private static List<Double> values(List<String> slots, Map<String, ReportRow> at, java.util.function.ToDoubleFunction<ReportRow> f) {
        List<Double> out = new ArrayList<>();
        for (String slot : slots) {
            ReportRow r = at.get(slot);
            out.add(r == null || !Double.isFinite(f.applyAsDouble(r)) ? null : f.applyAsDouble(r));
        }
        return out;
    }

    /** The x slot of a row: its method, starred when the method itself does not reach stable storage. */
    private static String methodSlot(ReportRow r) {
        boolean methodDurable = r.cell().family().notDurableBecause(r.cell().methodValue()).isEmpty();
        return r.method() + (methodDurable ? "" : " *");
    }

    private static ChartFile batchSize(ChartData data, Path dir) {
        List<ReportRow> rows = data.at(false, true, false);
        Set<Integer> batches = new TreeSet<>(rows.stream().map(r -> r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC)).toList());
        if (batches.size() < 2) return skipped("Time per write vs batch size", "the results hold only one batch size (writesPerSync)");
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Time per write vs batch size (" + data.fixed(true, false, true) + ")")
                .xAxisTitle("writes per sync (log scale)").yAxisTitle("time per write (µs, log)").build();
        style(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Map<String, Map<Double, Double>> series = new LinkedHashMap<>();
        for (ReportRow r : rows) {
            series.computeIfAbsent(data.label(r), k -> new java.util.TreeMap<>())
                    .put((double) r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC), r.meanUs());
        }
        series.forEach((name, points) -> chart.addSeries(name, new ArrayList<>(points.keySet()), new ArrayList<>(points.values())));
        return save(chart, dir, "chart-batch-size", "Time per write vs batch size");
    }

    private static ChartFile percentiles(ChartData data, Path dir) {
        List<ReportRow> rows = data.at(false, false, false).stream().filter(r -> Double.isFinite(r.p50Us())).toList();
        if (rows.isEmpty()) return skipped("Latency percentiles per method", "no SampleTime results (run with -bm sample)");
        CategoryChart chart = perMethodChart("Latency percentiles per method (SampleTime, " + data.fixed(true, true, true) + ")",
                "latency per write (µs, log; ● p50  ◆ p99  ■ p99.9)");
        forEachContext(chart, rows, (name, methods, at, colour) -> {
            chart.addSeries(name, methods, values(methods, at, ReportRow::p50Us)).setMarker(SeriesMarkers.CIRCLE).setMarkerColor(colour);
            chart.addSeries(name + ": p99", methods, values(methods, at, ReportRow::p99Us))
                    .setMarker(SeriesMarkers.DIAMOND).setMarkerColor(colour).setShowInLegend(false);
            chart.addSeries(name + ": p99.9", methods, values(methods, at, ReportRow::p999Us))
                    .setMarker(SeriesMarkers.SQUARE).setMarkerColor(colour).setShowInLegend(false);
        });
        return save(chart, dir, "chart-percentiles", "Latency percentiles per method");
    }

    private static ChartFile preallocation(ChartData data, Path dir) {
        List<ReportRow> rows = data.at(false, false, true);
        Set<Preallocation> strategies = new LinkedHashSet<>(rows.stream().map(r -> r.cell().get(SyncWriteCostFamily.PREALLOCATION)).toList());
        if (strategies.size() < 2) return skipped("Preallocation strategies side by side", "the results hold only one preallocation strategy");
        CategoryChart chart = category("Preallocation strategies side by side (" + data.fixed(true, true, false) + ")",
                "sync method", "time per write (µs, log)");
        chart.getStyler().setYAxisLogarithmic(true);
        List<String> labels = distinct(rows.stream().map(data::label).toList());
        for (Preallocation strategy : strategies) {
            Map<String, Double> byLabel = new LinkedHashMap<>();
            rows.stream().filter(r -> r.cell().get(SyncWriteCostFamily.PREALLOCATION) == strategy).forEach(r -> byLabel.put(data.label(r), r.meanUs()));
            chart.addSeries(strategy.name(), labels, labels.stream().map(byLabel::get).toList());
        }
        return save(chart, dir, "chart-preallocation", "Preallocation strategies side by side");
    }

    private static CategoryChart category(String title, String x, String y) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        style(chart.getStyler());
        chart.getStyler().setXAxisLabelRotation(20);
        // Points, not bars: bars on a log axis start from an arbitrary floor and mislead.
        chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(10);
        return chart;
    }

    static void style(AxesChartStyler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Vertical);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setChartBackgroundColor(Color.WHITE);
        s.setChartPadding(16);
    }

    private static ChartFile save(Chart<?, ?> chart, Path dir, String name, String title) {
        Path base = dir.resolve(name);
        try {
            BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
            VectorGraphicsEncoder.saveVectorGraphic(chart, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + base + ": " + e.getMessage(), e);
        }
        return new ChartFile(title, dir.resolve(name + ".png"), dir.resolve(name + ".svg"), null);
    }

    private static ChartFile skipped(String title, String why) {
        return new ChartFile(title, null, null, why);
    }

    private static List<String> distinct(List<String> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }
}
