package io.durabench.report.chart;

import io.durabench.chart.Marker;
import io.durabench.report.Context;
import java.util.ArrayList;
import java.util.List;

/**
 * Which targets share a panel in a chart with methods on x and one colour per target: those with
 * stable storage together (a reader compares ext4, xfs and btrfs at each method, side by side),
 * those without (tmpfs) in a panel of their own with its own y axis, since on one axis with the
 * disks tmpfs's fractions of a microsecond would stretch the axis over decades and squash the disks
 * into a line. Past seven targets in one group (the marks one colour can take), each target gets a
 * panel of its own.
 *
 * @param ownScale true for a group without stable storage: its panel is scaled to itself alone
 */
record TargetGroups(String title, List<Context> contexts, boolean ownScale) {

    static List<TargetGroups> of(Targets targets) {
        List<TargetGroups> out = new ArrayList<>();
        boolean split = !targets.memory().isEmpty() && !targets.disks().isEmpty();
        add(out, targets, targets.disks(), split ? "targets with stable storage" : "", false);
        add(out, targets, targets.memory(), split ? "no stable storage (own scale)" : "", split);
        return out;
    }

    private static void add(List<TargetGroups> out, Targets targets, List<Context> group, String title, boolean ownScale) {
        if (group.isEmpty()) return;
        if (group.size() <= Marker.SHAPES.length) {
            out.add(new TargetGroups(title, group, ownScale));
            return;
        }
        for (Context c : group) out.add(new TargetGroups(targets.name(c) + (ownScale ? " (own scale)" : ""), List.of(c), ownScale));
    }

    /** True when every panel holds one target, named by its title: the legend need not name targets. */
    static boolean onePerPanel(List<TargetGroups> groups) {
        return groups.stream().allMatch(g -> g.contexts().size() == 1 && !g.title().isEmpty());
    }
}
