package io.durabench.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Paints a laid-out {@link Figure} on any Graphics2D (a PNG's image, an SVG's recorder): frames,
 * grid lines, tick labels, then per series its lines, its interval bars and its marks, clipped to
 * the plot. An interval whose lower end cannot be placed (zero or less on a log axis) runs to the
 * bottom of the plot and ends in an open arrowhead: "reaches zero".
 */
public final class FigurePainter {
    private static final Color FRAME = new Color(0x888888);
    private static final Color GRID = new Color(0xE4E4E4);
    private static final Color MINOR_GRID = new Color(0xF2F2F2);
    private static final Color TEXT = new Color(0x222222);

    private FigurePainter() {
    }

    public static void paint(Graphics2D g, Figure f, FigureLayout l) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, l.width, l.height));
        l.title.forEach(t -> text(g, t));
        for (FigureLayout.PanelBox p : l.panels) panel(g, p);
        text(g, l.xTitle);
        text(g, l.yTitle);
        l.note.forEach(t -> text(g, t));
        if (l.legend != null) legend(g, l);
    }

    private static void panel(Graphics2D g, FigureLayout.PanelBox p) {
        Rectangle2D plot = p.plot();
        p.title().forEach(t -> text(g, t));
        g.setStroke(new BasicStroke(1f));
        for (Axis.Tick t : p.yTicks()) {
            double y = plot.getMaxY() - plot.getHeight() * p.panel().y().fraction(t.value());
            g.setColor(t.major() || t.label() != null ? GRID : MINOR_GRID);
            g.draw(new Line2D.Double(plot.getMinX(), y, plot.getMaxX(), y));
        }
        if (!p.panel().x().categorical()) {
            for (Axis.Tick t : p.xTicks()) {
                double x = plot.getMinX() + plot.getWidth() * p.panel().x().fraction(t.value());
                g.setColor(t.major() || t.label() != null ? GRID : MINOR_GRID);
                g.draw(new Line2D.Double(x, plot.getMinY(), x, plot.getMaxY()));
            }
        }
        g.setColor(FRAME);
        g.draw(plot);
        p.yLabels().forEach(t -> text(g, t));
        p.xLabels().forEach(t -> text(g, t));

        Shape clip = g.getClip();
        g.clip(new Rectangle2D.Double(plot.getX() - 1, plot.getY() - 1, plot.getWidth() + 2, plot.getHeight() + 2));
        Map<String, Double> dodge = dodge(p);
        for (Figure.Series s : p.panel().series()) if (s.line()) line(g, p, s, dodge.getOrDefault(s.laneKey(), 0.0));
        for (Figure.Series s : p.panel().series()) intervals(g, p, s, dodge.getOrDefault(s.laneKey(), 0.0));
        for (Figure.Series s : p.panel().series()) marks(g, p, s, dodge.getOrDefault(s.laneKey(), 0.0));
        g.setClip(clip);
    }

    /**
     * Sideways offsets on a category axis, one per lane (a target's p50, p99 and p99.9 stay in
     * one column): spread over at most 70% of a slot. Lines are never shifted.
     */
    private static Map<String, Double> dodge(FigureLayout.PanelBox p) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (!p.panel().x().categorical() || p.panel().series().stream().anyMatch(Figure.Series::line)) return out;
        List<String> lanes = new ArrayList<>();
        p.panel().series().forEach(s -> {
            if (!lanes.contains(s.laneKey())) lanes.add(s.laneKey());
        });
        int k = lanes.size();
        double slot = p.plot().getWidth() / Math.max(1, ((Axis.Category) p.panel().x()).names.size());
        double step = Math.min(slot * 0.7 / k, 14);
        for (int j = 0; j < k; j++) out.put(lanes.get(j), (j - (k - 1) / 2.0) * step);
        return out;
    }

    private static double px(FigureLayout.PanelBox p, double x) {
        return p.plot().getMinX() + p.plot().getWidth() * p.panel().x().fraction(x);
    }

    private static double py(FigureLayout.PanelBox p, double y) {
        return p.plot().getMaxY() - p.plot().getHeight() * p.panel().y().fraction(y);
    }

    private static void line(Graphics2D g, FigureLayout.PanelBox p, Figure.Series s, double dx) {
        List<Figure.Point> pts = new ArrayList<>(s.points());
        pts.sort(Comparator.comparingDouble(Figure.Point::x));
        Path2D.Double path = new Path2D.Double();
        boolean started = false;
        for (Figure.Point pt : pts) {
            double x = px(p, pt.x()) + dx, y = py(p, pt.y());
            if (Double.isNaN(x) || Double.isNaN(y)) {
                started = false;
                continue;
            }
            if (started) path.lineTo(x, y);
            else path.moveTo(x, y);
            started = true;
        }
        g.setColor(s.colour());
        g.setStroke(s.dashed() ? new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {7f, 5f}, 0f)
                : new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(path);
    }

    private static void intervals(Graphics2D g, FigureLayout.PanelBox p, Figure.Series s, double dx) {
        g.setColor(s.colour());
        g.setStroke(new BasicStroke(1.5f));
        for (Figure.Point pt : s.points()) {
            if (Double.isNaN(pt.high()) && Double.isNaN(pt.low())) continue;
            double x = px(p, pt.x()) + dx;
            double top = Double.isNaN(pt.high()) ? py(p, pt.y()) : py(p, pt.high());
            double low = py(p, pt.low());
            boolean reachesZero = Double.isNaN(low);
            double bottom = reachesZero ? p.plot().getMaxY() : low;
            if (Double.isNaN(x) || Double.isNaN(top)) continue;
            g.draw(new Line2D.Double(x, top, x, bottom));
            g.draw(new Line2D.Double(x - 3, top, x + 3, top));
            if (reachesZero) {
                g.draw(new Line2D.Double(x - 4, bottom - 6, x, bottom));
                g.draw(new Line2D.Double(x + 4, bottom - 6, x, bottom));
            } else {
                g.draw(new Line2D.Double(x - 3, bottom, x + 3, bottom));
            }
        }
    }

    private static void marks(Graphics2D g, FigureLayout.PanelBox p, Figure.Series s, double dx) {
        if (s.marker() == Marker.NONE) return;
        for (Figure.Point pt : s.points()) {
            double x = px(p, pt.x()) + dx, y = py(p, pt.y());
            if (Double.isNaN(x) || Double.isNaN(y)) continue;
            mark(g, s.marker(), s.colour(), x, y, pt.hollow());
        }
    }

    private static void mark(Graphics2D g, Marker m, Color colour, double x, double y, boolean hollow) {
        Shape shape = m.at(x, y, FigureLayout.MARKER);
        g.setColor(hollow ? Color.WHITE : colour);
        g.fill(shape);
        g.setStroke(new BasicStroke(hollow ? 1.8f : 1f));
        g.setColor(hollow ? colour : Color.WHITE);
        g.draw(shape);
    }

    private static void legend(Graphics2D g, FigureLayout l) {
        g.setColor(Color.WHITE);
        g.fill(l.legend);
        g.setColor(FRAME);
        g.setStroke(new BasicStroke(1f));
        g.draw(l.legend);
        for (FigureLayout.LegendItem item : l.legendItems) {
            Figure.LegendEntry e = item.entry();
            if (e.line()) {
                g.setColor(e.colour());
                g.setStroke(e.dashed() ? new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 3f}, 0f)
                        : new BasicStroke(2f));
                g.draw(new Line2D.Double(item.markX() - 10, item.markY(), item.markX() + 10, item.markY()));
            }
            if (e.marker() != Marker.NONE) mark(g, e.marker(), e.colour(), item.markX(), item.markY(), false);
            text(g, item.text());
        }
    }

    private static void text(Graphics2D g, FigureLayout.Text t) {
        if (t == null || t.text() == null || t.text().isEmpty()) return;
        g.setFont(t.font());
        g.setColor(TEXT);
        double ascent = t.font().getLineMetrics(t.text(), FigureLayout.FRC).getAscent();
        if (!t.rotated()) {
            g.drawString(t.text(), (float) t.box().getX(), (float) (t.box().getY() + ascent));
            return;
        }
        // Reads bottom to top: the baseline runs up the box, one ascent in from its left edge.
        AffineTransform saved = g.getTransform();
        g.translate(t.box().getX() + ascent, t.box().getMaxY());
        g.rotate(-Math.PI / 2);
        g.drawString(t.text(), 0f, 0f);
        g.setTransform(saved);
    }
}
