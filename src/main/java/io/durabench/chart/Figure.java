package io.durabench.chart;

import java.awt.Color;
import java.util.List;

/**
 * What one chart image shows: a title, panels in a grid (small multiples: one per context, with
 * shared axes), one legend for the whole figure, an axis title for each direction and a note
 * under the chart saying how to read the marks. Built by the chart classes, laid out by
 * {@link FigureLayout}, painted by {@link FigurePainter}.
 */
public record Figure(String title, List<Panel> panels, int columns, List<LegendEntry> legend, String xTitle, String yTitle, String note) {

    /** One small multiple: its title, its axes (shared ranges across the figure) and its series. */
    public record Panel(String title, Axis x, Axis y, List<Series> series) {
        public Panel withY(Axis newY) {
            return new Panel(title, x, newY, series);
        }
    }

    /**
     * A set of points drawn alike: {@code line} joins them in x order, {@code dashed} for a
     * reference line. On a category axis the painter shifts each {@code lane} a little sideways so
     * that several series at one category do not hide each other; series of one lane share a
     * column (a target's p50, p99 and p99.9). Without a lane, a series' colour is its lane.
     */
    public record Series(String name, Color colour, Marker marker, boolean line, boolean dashed, List<Point> points, String lane) {
        public Series(String name, Color colour, Marker marker, boolean line, boolean dashed, List<Point> points) {
            this(name, colour, marker, line, dashed, points, null);
        }

        public Series(String name, Look look, boolean line, List<Point> points, String lane) {
            this(name, look.colour(), look.marker(), line, false, points, lane);
        }

        String laneKey() {
            return lane != null ? lane : String.valueOf(colour.getRGB());
        }
    }

    /**
     * A point; {@code low}/{@code high} the ends of its interval bar (NaN: none); {@code hollow}
     * for a point that does not reach stable storage.
     */
    public record Point(double x, double y, double low, double high, boolean hollow) {
        public static Point of(double x, double y) {
            return new Point(x, y, Double.NaN, Double.NaN, false);
        }
    }

    public record LegendEntry(String label, Color colour, Marker marker, boolean line, boolean dashed) {
        public LegendEntry(String label, Color colour, Marker marker, boolean line) {
            this(label, colour, marker, line, false);
        }
    }
}
