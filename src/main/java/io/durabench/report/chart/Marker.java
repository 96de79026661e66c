package io.durabench.report.chart;

import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.Shape;

/** How a point is drawn; NONE for a line without points (a reference line). */
enum Marker {
    CIRCLE, SQUARE, DIAMOND, TRIANGLE_UP, TRIANGLE_DOWN, NONE;

    /** The marker's outline centred on (x, y), {@code size} pixels across. */
    Shape at(double x, double y, double size) {
        double h = size / 2;
        return switch (this) {
            case CIRCLE -> new Ellipse2D.Double(x - h, y - h, size, size);
            case SQUARE -> new Rectangle2D.Double(x - h * 0.9, y - h * 0.9, size * 0.9, size * 0.9);
            case DIAMOND -> polygon(new double[] {x, y - h * 1.2, x + h, y, x, y + h * 1.2, x - h, y});
            case TRIANGLE_UP -> polygon(new double[] {x, y - h * 1.1, x + h, y + h * 0.8, x - h, y + h * 0.8});
            case TRIANGLE_DOWN -> polygon(new double[] {x, y + h * 1.1, x + h, y - h * 0.8, x - h, y - h * 0.8});
            case NONE -> new Rectangle2D.Double(x, y, 0, 0);
        };
    }

    private static Shape polygon(double[] xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) p.lineTo(xy[i], xy[i + 1]);
        p.closePath();
        return p;
    }
}
