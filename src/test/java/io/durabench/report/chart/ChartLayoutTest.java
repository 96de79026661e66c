package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.FigureLayout;
import io.durabench.chart.FigurePainter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.SyntheticRun;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every chart of a 4-context, 12-method standard-profile-shaped run, laid out and painted: the
 * legend overlaps no plot and is smaller than the plots; no two pieces of text overlap each other
 * or a plot; everything fits the image; no panel has more than eight series colours; and every
 * panel shows data (pixels of its series' colours inside its plot).
 */
class ChartLayoutTest {
    static final int[] BLOCKS = {512, 4096, 8192, 16384, 65536};

    @TempDir
    static Path dir;

    static Report report;

    /** ext4, xfs and btrfs on loop-like long paths, and tmpfs; every sync method; the standard profile's three sweeps. */
    @BeforeAll
    static void standardShapedRun() {
        SyntheticRun run = new SyntheticRun(dir);
        String[][] targets = {{"/mnt/durabench-lab-ext4-data-journal-0001", "ext4"}, {"/mnt/durabench-lab-xfs-0001", "xfs"},
            {"/mnt/durabench-lab-btrfs-nodatacow-0001", "btrfs"}, {"/dev/shm", "tmpfs"}};
        for (int c = 0; c < targets.length; c++) {
            SyntheticRun.Target t = targets[c][1].equals("tmpfs") ? run.memory(targets[c][0])
                    : run.target(targets[c][0], targets[c][1], "vda", 1, "write back");
            double scale = targets[c][1].equals("tmpfs") ? 0.01 : 1 + c * 0.4;
            for (SyncMethod m : SyncMethod.values()) {
                for (int block : BLOCKS) {
                    double mean = mean(m, block, scale);
                    t.write(m.name(), block, 1, "NONE", mean, mean * 0.02);
                    t.sample(m.name(), block, 1, "NONE", mean * 0.9, mean * 2, mean * 5);
                }
                if (m.hasExplicitSync()) {
                    for (int batch : new int[] {10, 100}) t.write(m.name(), 8192, batch, "NONE", mean(m, 8192, scale) / batch + 5, 0.2);
                }
                for (Preallocation p : Preallocation.values()) {
                    if (p == Preallocation.NONE || !WorkloadConfig.acceptsPreallocation(m, p)) continue;
                    double mean = mean(m, 8192, scale) * (p == Preallocation.ZERO_FILL ? 0.5 : 1.05);
                    t.write(m.name(), 8192, 1, p.name(), mean, mean * 0.02);
                }
            }
            t.fileCreate(false, 300 * scale, 5).fileCreate(true, 700 * scale, 5);
        }
        report = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    private static double mean(SyncMethod m, int block, double scale) {
        if (!m.durable()) return scale * (m == SyncMethod.NONE ? 2 + block / 8192.0 : 30 + block / 1024.0);
        return scale * (200 + 30 * m.ordinal() + 1.9 * block / 1024.0);
    }

    @Test
    void everyChartIsDrawnAndThePercentilesAreAtTheCentreNot512Bytes() {
        List<ChartSpec> specs = Charts.specs(report);
        for (ChartSpec s : specs) assertTrue(s.figure() != null, s.title() + ": " + s.skippedBecause());
        ChartSpec percentiles = specs.stream().filter(s -> s.name().equals(PercentileChart.NAME)).findFirst().orElseThrow();
        assertTrue(percentiles.figure().title().contains("(SampleTime, 8 KiB, 1 write per sync, prealloc NONE)"), percentiles.figure().title());
    }

    @Test
    void legendsLabelsAndPlotsDoNotOverlapAndFitTheImage() {
        assertLaidOutCleanly(report);
    }

    /** Ten contexts, more than a panel can tell apart by colour: one panel per context, still clean. */
    @Test
    void tenContextsBecomeSmallMultiples(@TempDir Path ten) {
        SyntheticRun run = new SyntheticRun(ten);
        for (int c = 0; c < 10; c++) {
            SyntheticRun.Target t = run.target("/mnt/durabench-lab-variant-" + c, c % 2 == 0 ? "ext4" : "xfs", "vda", 1, "write back");
            for (SyncMethod m : SyncMethod.values()) {
                double mean = mean(m, 8192, 1 + c * 0.1);
                t.write(m.name(), 8192, 1, "NONE", mean, mean * 0.02);
                t.sample(m.name(), 8192, 1, "NONE", mean * 0.9, mean * 2, mean * 5);
            }
        }
        Report tenContexts = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        ChartSpec cost = Charts.specs(tenContexts).get(0);
        assertEquals(DurabilityCostChart.NAME, cost.name());
        assertEquals(10, cost.figure().panels().size(), "one panel per context");
        assertLaidOutCleanly(tenContexts);
        assertPanelsShowTheirData(tenContexts);
    }

    private static void assertLaidOutCleanly(Report report) {
        for (ChartSpec spec : Charts.specs(report)) {
            if (spec.figure() == null) continue;
            Set<String> looks = new HashSet<>();
            for (Figure.LegendEntry e : spec.figure().legend()) {
                assertTrue(looks.add(e.colour() + "|" + e.marker() + "|" + e.line() + "|" + e.dashed()),
                        spec.name() + ": two legend entries look alike: " + e.label());
            }
            FigureLayout l = FigureLayout.of(spec.figure());
            String what = spec.name();
            Rectangle2D image = new Rectangle2D.Double(0, 0, l.width, l.height);
            double plotArea = 0;
            for (Rectangle2D plot : l.plots()) {
                plotArea += plot.getWidth() * plot.getHeight();
                assertTrue(image.contains(plot), what + ": plot inside the image");
                assertFalse(l.legend != null && l.legend.intersects(plot), what + ": legend over a plot");
            }
            if (l.legend != null) {
                assertTrue(image.contains(l.legend), what + ": legend inside the image");
                assertTrue(l.legend.getWidth() * l.legend.getHeight() < plotArea, what + ": legend larger than the plots");
            }

            List<FigureLayout.Text> texts = new ArrayList<>(l.title);
            texts.add(l.xTitle);
            texts.add(l.yTitle);
            texts.addAll(l.note);
            for (FigureLayout.PanelBox p : l.panels) {
                texts.addAll(p.title());
                texts.addAll(p.xLabels());
                texts.addAll(p.yLabels());
            }
            for (FigureLayout.Text t : texts) {
                assertTrue(image.contains(t.box()), what + ": '" + t.text() + "' outside the image " + t.box());
                assertFalse(l.legend != null && l.legend.intersects(t.box()), what + ": legend over '" + t.text() + "'");
                for (Rectangle2D plot : l.plots()) assertFalse(plot.intersects(t.box()), what + ": '" + t.text() + "' over a plot");
            }
            for (int i = 0; i < texts.size(); i++) {
                for (int j = i + 1; j < texts.size(); j++) {
                    assertFalse(texts.get(i).box().intersects(texts.get(j).box()),
                            what + ": '" + texts.get(i).text() + "' overlaps '" + texts.get(j).text() + "'");
                }
            }
            for (FigureLayout.LegendItem item : l.legendItems) assertTrue(l.legend.contains(item.text().box()), what + ": legend text fits");
            int columns = Math.min(spec.figure().columns(), l.panels.size());
            for (int k = 0; k < l.panels.size(); k++) {
                FigureLayout.PanelBox p = l.panels.get(k);
                assertTrue(p.yLabels().size() >= 2, what + ": y axis labelled");
                // A panel may leave its x labels to the panel below it, when that one has the same axis.
                boolean labelledBelow = k + columns < l.panels.size() && l.panels.get(k + columns).panel().x() == p.panel().x();
                if (labelledBelow) continue;
                assertFalse(p.xLabels().isEmpty(), what + ": x axis labelled");
                if (p.panel().x().categorical()) {
                    assertEquals(((Axis.Category) p.panel().x()).names.size(), p.xLabels().size(), what + ": every category labelled");
                }
            }
        }
    }

    @Test
    void noPanelHasMoreThanEightSeriesAndEveryPanelShowsItsData() {
        assertPanelsShowTheirData(report);
    }

    private static void assertPanelsShowTheirData(Report report) {
        for (ChartSpec spec : Charts.specs(report)) {
            if (spec.figure() == null) continue;
            FigureLayout l = FigureLayout.of(spec.figure());
            BufferedImage image = new BufferedImage(l.width, l.height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            FigurePainter.paint(g, spec.figure(), l);
            g.dispose();
            for (FigureLayout.PanelBox p : l.panels) {
                Set<Color> colours = new HashSet<>();
                p.panel().series().forEach(s -> colours.add(s.colour()));
                assertTrue(colours.size() <= ChartParts.MAX_SERIES, spec.name() + ": " + colours.size() + " series in a panel");
                Set<Integer> wanted = new HashSet<>();
                colours.forEach(c -> wanted.add(c.getRGB()));
                int seen = 0;
                Rectangle2D plot = p.plot();
                for (int x = (int) plot.getMinX() + 1; x < plot.getMaxX() - 1; x++) {
                    for (int y = (int) plot.getMinY() + 1; y < plot.getMaxY() - 1; y++) {
                        if (wanted.contains(image.getRGB(x, y))) seen++;
                    }
                }
                assertTrue(seen > 50, spec.name() + " / " + p.panel().title() + ": data visible (" + seen + " pixels)");
            }
        }
    }

    @Test
    void theTextReportOfTheSameRunFits120Columns() {
        List<String> lines = Rendered.text(report).lines().toList();
        long within = lines.stream().filter(s -> s.length() <= 120).count();
        assertTrue(within >= 0.95 * lines.size(), within + " of " + lines.size() + " lines within 120 columns");
        assertTrue(lines.stream().filter(s -> s.startsWith("  method ")).allMatch(s -> s.length() <= 120),
                "every table header fits, percentile columns included");
    }
}
