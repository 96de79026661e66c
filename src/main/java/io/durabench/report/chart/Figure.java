package io.durabench.report.chart;

import java.awt.Color;
import java.util.List;

/**
 * What one chart image shows: a title, panels in a grid (small multiples: one per context, with
 * shared axes), one legend for the whole figure, an axis title for each direction and a note
 * under the chart saying how to read the marks. Built by the chart classes, laid out by
 * {@link FigureLayout}, painted by {@link FigurePainter}.
 */
record Figure(String title, List<Panel> panels, int columns, List<LegendEntry> legend, String xTitle, String yTitle, String note) {

    /** One small multiple: its title, its axes (shared ranges across the figure) and its series. */
    record Panel(String title, Axis x, Axis y, List<Series> series) {
    }

    /**
     * A set of points drawn alike: {@code line} joins them in x order, {@code dashed} for a
     * reference line. On a category axis the painter shifts each series a little sideways so that
     * several series at one category do not hide each other.
     */
    record Series(String name, Color colour, Marker marker, boolean line, boolean dashed, List<Point> points) {
    }

    /**
     * A point; {@code low}/{@code high} the ends of its interval bar (NaN: none); {@code hollow}
     * for a point that does not reach stable storage.
     */
    record Point(double x, double y, double low, double high, boolean hollow) {
        static Point of(double x, double y) {
            return new Point(x, y, Double.NaN, Double.NaN, false);
        }
    }

    record LegendEntry(String label, Color colour, Marker marker, boolean line, boolean dashed) {
        LegendEntry(String label, Color colour, Marker marker, boolean line) {
            this(label, colour, marker, line, false);
        }
    }
}
