package io.durabench.chart;

import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.Shape;

/**
 * How a point is drawn; NONE for a line without points (a reference line). Seven filled shapes,
 * so that up to seven targets of one filesystem (one colour) still look apart.
 */
public enum Marker {
    CIRCLE, SQUARE, DIAMOND, TRIANGLE_UP, TRIANGLE_DOWN, PENTAGON, CROSS, NONE;

    /** The filled shapes, in the order series of one colour take them. */
    public static final Marker[] SHAPES = {CIRCLE, DIAMOND, SQUARE, TRIANGLE_UP, TRIANGLE_DOWN, PENTAGON, CROSS};

    /** The marker's outline centred on (x, y), {@code size} pixels across. */
    Shape at(double x, double y, double size) {
        double h = size / 2;
        return switch (this) {
            case CIRCLE -> new Ellipse2D.Double(x - h, y - h, size, size);
            case SQUARE -> new Rectangle2D.Double(x - h * 0.9, y - h * 0.9, size * 0.9, size * 0.9);
            case DIAMOND -> polygon(new double[] {x, y - h * 1.2, x + h, y, x, y + h * 1.2, x - h, y});
            case TRIANGLE_UP -> polygon(new double[] {x, y - h * 1.1, x + h, y + h * 0.8, x - h, y + h * 0.8});
            case TRIANGLE_DOWN -> polygon(new double[] {x, y + h * 1.1, x + h, y - h * 0.8, x - h, y - h * 0.8});
            case PENTAGON -> regular(x, y, h * 1.1, 5);
            case CROSS -> cross(x, y, h * 1.1, h * 0.38);
            case NONE -> new Rectangle2D.Double(x, y, 0, 0);
        };
    }

    /** A regular polygon with a corner at the top. */
    private static Shape regular(double x, double y, double r, int corners) {
        double[] xy = new double[2 * corners];
        for (int i = 0; i < corners; i++) {
            double a = -Math.PI / 2 + 2 * Math.PI * i / corners;
            xy[2 * i] = x + r * Math.cos(a);
            xy[2 * i + 1] = y + r * Math.sin(a);
        }
        return polygon(xy);
    }

    /** A filled X: two bars of half-width {@code w} through the centre. */
    private static Shape cross(double x, double y, double r, double w) {
        double d = r * Math.sqrt(0.5), e = w * Math.sqrt(0.5);
        return polygon(new double[] {x - d + e, y - d - e, x, y - 2 * e, x + d - e, y - d - e, x + d + e, y - d + e, x + 2 * e, y,
            x + d + e, y + d - e, x + d - e, y + d + e, x, y + 2 * e, x - d + e, y + d + e, x - d - e, y + d - e, x - 2 * e, y,
            x - d - e, y - d + e});
    }

    private static Shape polygon(double[] xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) p.lineTo(xy[i], xy[i + 1]);
        p.closePath();
        return p;
    }
}
