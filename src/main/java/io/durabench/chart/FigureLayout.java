package io.durabench.chart;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Where everything of a {@link Figure} goes, computed from font metrics before anything is
 * painted (XChart keeps its own geometry to itself, so it could not be checked): the title, a grid
 * of panels with their tick labels, the axis titles, the note, and the legend — outside every plot,
 * to the right when it is narrow, else below. Tick labels that would touch are thinned; category
 * labels too long for their slot are turned upright. Tests check the result: no two boxes of
 * different parts overlap, and everything fits the image.
 */
public final class FigureLayout {
    static final int WIDTH = 1200;
    static final int MARGIN = 16;
    static final int SINGLE_PLOT_HEIGHT = 430;
    static final int MULTI_PLOT_HEIGHT = 270;
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 14);
    static final Font AXIS_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font NOTE = new Font(Font.SANS_SERIF, Font.ITALIC, 12);
    /** The metrics painting uses too: antialiased text with fractional widths. */
    static final FontRenderContext FRC = new FontRenderContext(null, true, true);
    static final double MARKER = 10;
    private static final double LEGEND_GAP = 24, LEGEND_PAD = 10, GAP_X = 30, GAP_Y = 16;

    /** A piece of text and the box it fills; a rotated one reads bottom to top. */
    public record Text(String text, Rectangle2D box, Font font, boolean rotated) {
    }

    /** A panel's plot area, its title (wrapped to the panel's width) and the ticks it labels. */
    public record PanelBox(Figure.Panel panel, Rectangle2D plot, List<Text> title, List<Axis.Tick> xTicks, List<Text> xLabels,
                    List<Axis.Tick> yTicks, List<Text> yLabels) {
    }

    /** One legend entry: where its mark and its text go. */
    public record LegendItem(Figure.LegendEntry entry, double markX, double markY, Text text) {
    }

    public final int width;
    public final int height;
    public final List<Text> title = new ArrayList<>();
    public final List<PanelBox> panels = new ArrayList<>();
    public final Text xTitle;
    public final Text yTitle;
    public final List<Text> note = new ArrayList<>();
    public final Rectangle2D legend;
    public final List<LegendItem> legendItems = new ArrayList<>();

    private FigureLayout(Figure f) {
        width = WIDTH;
        double y = MARGIN;
        for (String line : wrap(f.title(), TITLE, WIDTH - 2 * MARGIN)) {
            title.add(centred(line, TITLE, WIDTH / 2.0, y));
            y += lineHeight(TITLE);
        }
        y += 8;

        // The legend's size first: beside the grid when narrow, else below it.
        double rowH = Math.max(lineHeight(LEGEND), MARKER + 4) + 4;
        double itemW = 0;
        for (Figure.LegendEntry e : f.legend()) itemW = Math.max(itemW, MARKER + 22 + textWidth(e.label(), LEGEND));
        boolean right = !f.legend().isEmpty() && itemW + 2 * LEGEND_PAD <= WIDTH * 0.24;
        int legendCols = right ? 1 : Math.max(1, (int) ((WIDTH - 2 * MARGIN - 2 * LEGEND_PAD + LEGEND_GAP) / (itemW + LEGEND_GAP)));
        legendCols = Math.max(1, Math.min(legendCols, f.legend().size()));
        int legendRows = f.legend().isEmpty() ? 0 : (int) Math.ceil(f.legend().size() / (double) legendCols);
        double legendW = f.legend().isEmpty() ? 0 : legendCols * itemW + (legendCols - 1) * LEGEND_GAP + 2 * LEGEND_PAD;
        double legendH = f.legend().isEmpty() ? 0 : legendRows * rowH + 2 * LEGEND_PAD - 4;

        double axisTitleH = lineHeight(AXIS_TITLE);
        double gridX0 = MARGIN + axisTitleH + 8;
        double gridX1 = WIDTH - MARGIN - (right ? legendW + 16 : 0);
        int n = f.panels().size();
        int cols = Math.max(1, Math.min(f.columns(), n));
        double cellW = (gridX1 - gridX0 - (cols - 1) * GAP_X) / cols;
        double plotH = n == 1 ? SINGLE_PLOT_HEIGHT : MULTI_PLOT_HEIGHT;
        double gridTop = y;
        // Small multiples with one x axis: only the bottom panel of each column labels it.
        boolean sharedX = f.panels().stream().allMatch(p -> p.x() == f.panels().get(0).x());
        // Every plot starts as far right as the widest y labels need, so the panels of a column line up slot for slot.
        double yLabelW = 0;
        for (Figure.Panel p : f.panels()) yLabelW = Math.max(yLabelW, yLabelWidth(p, plotH));
        for (int row = 0; row * cols < n; row++) {
            double titleH = 0;
            for (int k = row * cols; k < Math.min(n, (row + 1) * cols); k++) {
                int lines = wrap(f.panels().get(k).title(), PANEL_TITLE, cellW).size();
                if (lines > 0) titleH = Math.max(titleH, lines * lineHeight(PANEL_TITLE) + 6);
            }
            double rowBottom = y;
            for (int k = row * cols; k < Math.min(n, (row + 1) * cols); k++) {
                double cellX = gridX0 + (k - row * cols) * (cellW + GAP_X);
                boolean labelX = !sharedX || k + cols >= n;
                PanelBox box = panel(f.panels().get(k), cellX, cellW, yLabelW, y, titleH, plotH, labelX);
                panels.add(box);
                for (Text t : box.xLabels()) rowBottom = Math.max(rowBottom, t.box().getMaxY());
                rowBottom = Math.max(rowBottom, box.plot().getMaxY());
            }
            y = rowBottom + GAP_Y;
        }
        double gridBottom = y - GAP_Y;
        xTitle = centred(f.xTitle(), AXIS_TITLE, (gridX0 + gridX1) / 2, gridBottom + 6);
        y = xTitle.box().getMaxY() + 6;
        double yTitleW = textWidth(f.yTitle(), AXIS_TITLE);
        double plotsTop = panels.get(0).plot().getMinY(), plotsBottom = panels.get(panels.size() - 1).plot().getMaxY();
        double mid = (plotsTop + plotsBottom) / 2;
        yTitle = new Text(f.yTitle(), new Rectangle2D.Double(MARGIN, mid - yTitleW / 2, axisTitleH, yTitleW), AXIS_TITLE, true);
        if (f.note() != null && !f.note().isEmpty()) {
            for (String line : wrap(f.note(), NOTE, WIDTH - 2 * MARGIN)) {
                note.add(centred(line, NOTE, WIDTH / 2.0, y));
                y += lineHeight(NOTE);
            }
            y += 6;
        }
        if (f.legend().isEmpty()) {
            legend = null;
        } else {
            double lx = right ? gridX1 + 16 : (WIDTH - legendW) / 2;
            double ly = right ? panels.get(0).plot().getMinY() : y;
            legend = new Rectangle2D.Double(lx, ly, legendW, legendH);
            for (int i = 0; i < f.legend().size(); i++) {
                Figure.LegendEntry e = f.legend().get(i);
                int col = right ? 0 : i % legendCols, row = right ? i : i / legendCols;
                double ix = lx + LEGEND_PAD + col * (itemW + LEGEND_GAP), iy = ly + LEGEND_PAD + row * rowH;
                double tw = textWidth(e.label(), LEGEND);
                Text t = new Text(e.label(), new Rectangle2D.Double(ix + MARKER + 22, iy + (rowH - 4 - lineHeight(LEGEND)) / 2, tw,
                        lineHeight(LEGEND)), LEGEND, false);
                legendItems.add(new LegendItem(e, ix + 11, iy + (rowH - 4) / 2, t));
            }
            if (!right) y = legend.getMaxY() + 4;
        }
        double bottom = y;
        if (legend != null) bottom = Math.max(bottom, legend.getMaxY() + 4);
        height = (int) Math.ceil(bottom + MARGIN);
    }

    public static FigureLayout of(Figure f) {
        if (f.panels().isEmpty()) throw new IllegalArgumentException("a figure needs a panel: " + f.title());
        return new FigureLayout(f);
    }

    /** One panel in its cell: title, y tick labels at the left, the plot, x tick labels under it. */
    private static double yLabelWidth(Figure.Panel p, double plotH) {
        double w = 0;
        for (Axis.Tick t : p.y().ticks(plotH, lineHeight(TICK) * 1.2)) if (t.label() != null) w = Math.max(w, textWidth(t.label(), TICK));
        return w;
    }

    private static PanelBox panel(Figure.Panel p, double cellX, double cellW, double yLabelW, double top, double titleH, double plotH,
                                  boolean labelX) {
        double tickH = lineHeight(TICK);
        List<Axis.Tick> yTicks = p.y().ticks(plotH, tickH * 1.2);
        double plotX = cellX + yLabelW + 8, plotY = top + titleH;
        double plotW = cellX + cellW - plotX - 6;
        Rectangle2D plot = new Rectangle2D.Double(plotX, plotY, plotW, plotH);
        // Centred on the plot when it fits there, else on the whole cell; wrapped to the cell's width.
        List<Text> title = new ArrayList<>();
        double lineY = top;
        for (String line : wrap(p.title(), PANEL_TITLE, cellW)) {
            double w = textWidth(line, PANEL_TITLE);
            double cx = Math.min(Math.max(plotX + plotW / 2, cellX + w / 2), cellX + cellW - w / 2);
            title.add(centred(line, PANEL_TITLE, cx, lineY));
            lineY += lineHeight(PANEL_TITLE);
        }

        List<Text> yLabels = new ArrayList<>();
        for (Axis.Tick t : yTicks) {
            if (t.label() == null) continue;
            double py = plotY + plotH * (1 - p.y().fraction(t.value()));
            double w = textWidth(t.label(), TICK);
            yLabels.add(new Text(t.label(), new Rectangle2D.Double(plotX - 6 - w, py - tickH / 2, w, tickH), TICK, false));
        }
        thin(yLabels, true);

        List<Axis.Tick> xTicks;
        List<Text> xLabels = new ArrayList<>();
        if (p.x().categorical()) {
            xTicks = p.x().ticks(plotW, 0);
            double slot = plotW / Math.max(1, xTicks.size());
            double widest = 0;
            for (Axis.Tick t : xTicks) widest = Math.max(widest, textWidth(t.label(), TICK));
            boolean upright = widest > slot - 8;
            for (Axis.Tick t : xTicks) {
                double px = plotX + plotW * p.x().fraction(t.value()), w = textWidth(t.label(), TICK);
                Rectangle2D box = upright ? new Rectangle2D.Double(px - tickH / 2, plot.getMaxY() + 5, tickH, w)
                        : new Rectangle2D.Double(px - w / 2, plot.getMaxY() + 5, w, tickH);
                xLabels.add(new Text(t.label(), box, TICK, upright));
            }
        } else {
            double labelW = 0;
            for (Axis.Tick t : p.x().ticks(plotW, 40)) if (t.label() != null) labelW = Math.max(labelW, textWidth(t.label(), TICK));
            xTicks = p.x().ticks(plotW, labelW + 12);
            for (Axis.Tick t : xTicks) {
                if (t.label() == null) continue;
                double px = plotX + plotW * p.x().fraction(t.value()), w = textWidth(t.label(), TICK);
                xLabels.add(new Text(t.label(), new Rectangle2D.Double(px - w / 2, plot.getMaxY() + 5, w, tickH), TICK, false));
            }
        }
        thin(xLabels, false);
        if (!labelX) xLabels.clear();
        return new PanelBox(p, plot, title, xTicks, xLabels, yTicks, yLabels);
    }

    /** Drops any label that would touch the one kept before it (a safety net: the axes space their ticks already). */
    private static void thin(List<Text> labels, boolean vertical) {
        List<Text> kept = new ArrayList<>();
        for (Text t : labels) {
            Text last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
            if (last == null || !touches(last.box(), t.box(), vertical)) kept.add(t);
        }
        labels.retainAll(kept);
    }

    private static boolean touches(Rectangle2D a, Rectangle2D b, boolean vertical) {
        return vertical ? a.getMinY() - 2 < b.getMaxY() && b.getMinY() - 2 < a.getMaxY()
                : a.getMinX() - 3 < b.getMaxX() && b.getMinX() - 3 < a.getMaxX();
    }

    private static Text centred(String s, Font font, double cx, double top) {
        double w = textWidth(s, font);
        return new Text(s, new Rectangle2D.Double(cx - w / 2, top, w, lineHeight(font)), font, false);
    }

    static double textWidth(String s, Font font) {
        return s == null || s.isEmpty() ? 0 : font.getStringBounds(s, FRC).getWidth();
    }

    static double lineHeight(Font font) {
        return font.getLineMetrics("Xg", FRC).getHeight();
    }

    /** Word-wraps a title or note to a width in pixels. */
    static List<String> wrap(String text, Font font, double width) {
        List<String> lines = new ArrayList<>();
        if (text == null || text.isEmpty()) return lines;
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (!line.isEmpty() && textWidth(candidate, font) > width) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(candidate);
            }
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return lines;
    }

    /** Every plot area, for checks: the legend must overlap none of them. */
    public List<Rectangle2D> plots() {
        return panels.stream().map(PanelBox::plot).toList();
    }
}
