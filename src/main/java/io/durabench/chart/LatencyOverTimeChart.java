package io.durabench.chart;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A soak's latency over time: per second its p50, p99 and max (µs, log axis) as lines, the stall
 * threshold as a dashed line, and every stalled second marked by a light vertical rule across the
 * plot with a triangle at the top where a stall starts (a one-second stall in a ten-minute run is
 * two pixels wide: the triangle keeps it visible).
 *
 * <p>Lines rather than marks: 600 seconds of three series are 1,800 points, which read as a trace,
 * not as separate marks. The log axis keeps a 300 µs p50 and a 50 ms stall on one chart.
 */
public final class LatencyOverTimeChart {
    private static final Color STALL = new Color(0xF4C7B0);

    /**
     * One chart's data: rows of {second, p50, p99, max} in µs (NaN where a second had no operation),
     * stalls as {fromSecond, toSecond (exclusive)}, the stall threshold in µs.
     */
    public record Data(String title, List<double[]> seconds, List<int[]> stalls, double thresholdUs, String note) {
    }

    private LatencyOverTimeChart() {
    }

    /** Writes NAME.png and NAME.svg into {@code dir}. */
    public static ChartFile write(Path dir, String name, Data d) {
        ImageIO.setUseCache(false); // no temporary files, which would need a shutdown hook of their own
        return FigureFiles.write(figure(d), dir, name, d.title(), true);
    }

    /** Lays out and paints a small figure in memory, so fonts and Java2D are loaded before they are needed. */
    public static void prepare() {
        ImageIO.setUseCache(false);
        Figure f = figure(new Data("prepare", List.<double[]>of(new double[] {0, 1, 2, 3}, new double[] {1, 1, 2, 3}), List.of(), 10, "prepare"));
        FigureLayout layout = FigureLayout.of(f);
        BufferedImage image = new BufferedImage(layout.width, layout.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        FigurePainter.paint(g, f, layout);
        g.dispose();
    }

    static Figure figure(Data d) {
        List<Figure.Point> p50 = new ArrayList<>(), p99 = new ArrayList<>(), max = new ArrayList<>();
        double lowest = Double.POSITIVE_INFINITY, highest = 0;
        for (double[] row : d.seconds()) {
            double x = row[0] + 0.5;
            add(p50, x, row[1]);
            add(p99, x, row[2]);
            add(max, x, row[3]);
            for (int i = 1; i <= 3; i++) {
                if (row[i] > 0) {
                    lowest = Math.min(lowest, row[i]);
                    highest = Math.max(highest, row[i]);
                }
            }
        }
        if (d.thresholdUs() > 0) highest = Math.max(highest, d.thresholdUs());
        if (!(highest > 0)) {
            lowest = 1;
            highest = 10;
        }
        Axis.Log y = Axis.Log.around(lowest, highest * 1.6);
        int n = d.seconds().size();
        Axis.Linear x = new Axis.Linear(0, Math.max(1, n));
        List<Figure.Series> series = new ArrayList<>();
        List<Figure.Point> stallRules = new ArrayList<>(), stallStarts = new ArrayList<>();
        for (int[] s : d.stalls()) {
            for (int sec = s[0]; sec < s[1]; sec++) stallRules.add(new Figure.Point(sec + 0.5, y.max, y.min * 1.0001, y.max, false));
            stallStarts.add(Figure.Point.of(s[0] + 0.5, y.max / 1.12));
        }
        series.add(new Figure.Series("stalled second", STALL, Marker.NONE, false, false, stallRules));
        series.add(new Figure.Series("max", Palette.GREY, Marker.NONE, true, false, max));
        series.add(new Figure.Series("p99", Palette.VERMILLION, Marker.NONE, true, false, p99));
        series.add(new Figure.Series("p50", Palette.BLUE, Marker.NONE, true, false, p50));
        if (d.thresholdUs() > 0) {
            series.add(new Figure.Series("stall threshold", Palette.DARK, Marker.NONE, true, true,
                    List.of(Figure.Point.of(0, d.thresholdUs()), Figure.Point.of(Math.max(1, n), d.thresholdUs()))));
        }
        series.add(new Figure.Series("stall starts", Palette.VERMILLION, Marker.TRIANGLE_DOWN, false, false, stallStarts));
        List<Figure.LegendEntry> legend = List.of(
                new Figure.LegendEntry("p50", Palette.BLUE, Marker.NONE, true),
                new Figure.LegendEntry("p99", Palette.VERMILLION, Marker.NONE, true),
                new Figure.LegendEntry("max", Palette.GREY, Marker.NONE, true),
                new Figure.LegendEntry("stall threshold", Palette.DARK, Marker.NONE, true, true),
                new Figure.LegendEntry("stall", Palette.VERMILLION, Marker.TRIANGLE_DOWN, false));
        Figure.Panel panel = new Figure.Panel(null, x, y, series);
        return new Figure(d.title(), List.of(panel), 1, legend, "seconds since the start", "latency per operation (µs, log)", d.note());
    }

    private static void add(List<Figure.Point> points, double x, double y) {
        // NaN (a second without operations) breaks the line there, as the painter skips unplaceable points.
        points.add(Figure.Point.of(x, y > 0 ? y : Double.NaN));
    }
}
