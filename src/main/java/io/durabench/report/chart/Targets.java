package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Look;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.report.Context;
import io.durabench.report.Report;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The targets one chart shows, in a fixed order (ext4, xfs, btrfs, then the others by name, the
 * ones without stable storage last), with their names ({@link TargetNames}) and looks: the colour
 * of the target's filesystem ({@link Palette#filesystem}), a circle, and for the second, third...
 * target of one filesystem a diamond, a square...: colour says which filesystem, the mark which
 * target of it.
 */
final class Targets {
    private static final List<String> FIRST = List.of("ext4", "xfs", "btrfs");

    final List<Context> all;
    private final Map<Context, String> names;
    private final Map<Context, Look> looks = new HashMap<>();

    Targets(Report report, List<Context> shown) {
        List<Context> order = new ArrayList<>(ChartParts.distinct(shown));
        order.sort(Comparator.comparing(Context::hasNoStableStorage).thenComparing(Targets::rank)
                .thenComparing(c -> c.filesystem() == null ? "" : c.filesystem()));
        all = List.copyOf(order);
        names = TargetNames.of(all, report.sources());
        Map<String, Integer> seen = new HashMap<>();
        for (Context c : all) {
            int k = seen.merge(String.valueOf(c.filesystem()), 1, Integer::sum) - 1;
            looks.put(c, new Look(Palette.filesystem(c.filesystem()), Marker.SHAPES[k % Marker.SHAPES.length]));
        }
    }

    private static int rank(Context c) {
        int i = FIRST.indexOf(c.filesystem());
        return i < 0 ? FIRST.size() : i;
    }

    boolean single() {
        return all.size() == 1;
    }

    /** The targets with stable storage behind them: their figures share axes. */
    List<Context> disks() {
        return all.stream().filter(c -> !c.hasNoStableStorage()).toList();
    }

    /** tmpfs and the like: each gets axes of its own, so that its microseconds do not squash the disks' hundreds. */
    List<Context> memory() {
        return all.stream().filter(Context::hasNoStableStorage).toList();
    }

    String name(Context c) {
        return names.get(c);
    }

    /** The name without the "(no stable storage)" it carries for tmpfs, for a note that says so itself. */
    String bareName(Context c) {
        return names.get(c).replace(TargetNames.NO_STORAGE, "");
    }

    /**
     * A panel's title: the target's name, and for a target without stable storage beside disks
     * that its axis is its own ("tmpfs (no stable storage, own scale)").
     */
    String panelTitle(Context c) {
        boolean alone = c.hasNoStableStorage() && !disks().isEmpty();
        return alone ? bareName(c) + " (no stable storage, own scale)" : name(c);
    }

    /** True for a target whose panels get axes of their own: no stable storage, beside targets that have it. */
    boolean ownScale(Context c) {
        return c.hasNoStableStorage() && !disks().isEmpty();
    }

    /** A panel per target ({@link #panelTitle}), the series {@code series} gives it, on y axes shared as {@link #ownScale} says. */
    List<Figure.Panel> panels(Axis x, Function<Context, List<Figure.Series>> series, Function<List<Figure.Panel>, Axis> range) {
        List<Figure.Panel> panels = all.stream().map(c -> new Figure.Panel(panelTitle(c), x, null, series.apply(c))).toList();
        return PanelAxes.sharedY(panels, all.stream().map(this::ownScale).toList(), range);
    }

    Look look(Context c) {
        return looks.get(c);
    }

    Figure.LegendEntry legend(Context c) {
        return new Figure.LegendEntry(name(c), look(c).colour(), look(c).marker(), false);
    }
}
