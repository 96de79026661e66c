package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.report.Difference;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What durability costs in one context: at the centre group, the reference method's durability
 * cost with its interval, and each other durable method placed against it only where the difference
 * is resolved between forks with Holm over the group's comparisons ("cheaper by 82 µs [20, 144]");
 * the rest are "no difference resolved". Also what a durable new file costs (FileCreateCost's directory fsync).
 */
final class CostFindings {
    private CostFindings() {
    }

    static Optional<Finding> durabilityCost(String context, List<ReportRow> centreGroup, Headline centre, SyncMethod chosen,
                                            SyncMethod reference) {
        Optional<ReportRow> ref = FindingRows.reference(centreGroup, reference);
        if (ref.isEmpty() || ref.get().cost() == null) return Optional.empty();
        ReportRow r = ref.get();
        String base = WarningRules.baselineName(centreGroup, r, chosen);
        StringBuilder m = new StringBuilder("durable ").append(centre.describe(true, false, false)).append(" write (")
                .append(centre.describe(false, true, true)).append("): ").append(r.methodLabel());
        Difference cost = Difference.of(r.cost());
        if (cost.resolved()) {
            m.append(" costs ").append(Fmt.usWithInterval(r.cost())).append(" more than ").append(base);
        } else {
            m.append("'s cost over ").append(base).append(" is not resolved: ").append(cost.signed());
        }
        m.append(" (").append(Fmt.usRounded(r.meanUs())).append(" µs per write)");
        List<ReportRow> cheaper = new ArrayList<>(), dearer = new ArrayList<>(), same = new ArrayList<>();
        List<String> cheaperBy = new ArrayList<>(), dearerBy = new ArrayList<>();
        List<ReportRow> others = FindingRows.durable(centreGroup).stream().filter(o -> o != r).toList();
        List<Difference> ds = Difference.family(others.stream().map(ReportRow::time).toList(), r.time());
        for (int i = 0; i < others.size(); i++) {
            ReportRow other = others.get(i);
            Difference d = ds.get(i);
            switch (d.verdict()) {
                case LOWER -> {
                    cheaper.add(other);
                    cheaperBy.add(other.methodLabel() + " by " + d.magnitude());
                }
                case HIGHER -> {
                    dearer.add(other);
                    dearerBy.add(other.methodLabel() + " by " + d.magnitude());
                }
                case UNRESOLVED -> same.add(other);
            }
        }
        if (!cheaper.isEmpty()) m.append("; cheaper: ").append(String.join(", ", cheaperBy));
        if (!dearer.isEmpty()) m.append("; dearer: ").append(String.join(", ", dearerBy));
        if (!same.isEmpty()) m.append("; no difference resolved from ").append(FindingRows.methods(same));
        m.append('.');
        List<Integer> ids = new ArrayList<>(List.of(r.id()));
        centreGroup.stream().filter(ReportRow::baseline).forEach(b -> ids.add(b.id()));
        cheaper.forEach(x -> ids.add(x.id()));
        dearer.forEach(x -> ids.add(x.id()));
        same.forEach(x -> ids.add(x.id()));
        return Optional.of(new Finding(context, Kind.DURABILITY_COST, m.toString(), List.copyOf(ids)));
    }

    /** What the directory fsync adds to creating a durable file, when FileCreateCost ran. */
    static List<Finding> fileCreation(String context, List<ReportRow> contextRows, SyncMethod chosen) {
        List<Finding> out = new ArrayList<>();
        for (List<ReportRow> group : FindingRows.groups(contextRows).values()) {
            if (group.get(0).cell().family() != Catalogue.FILE_CREATE) continue;
            for (ReportRow r : FindingRows.durable(group)) {
                if (r.cost() == null) continue;
                Difference d = Difference.of(r.cost());
                String label = r.groupLabel().substring(r.groupLabel().indexOf(',') + 1).trim();
                String what = switch (d.verdict()) {
                    case HIGHER -> "adds " + d.magnitude();
                    case LOWER -> "takes " + d.magnitude() + " less (a faster second half of the run?)";
                    case UNRESOLVED -> "adds no resolved cost: " + d.signed();
                };
                out.add(new Finding(context, Kind.FILE_CREATION, String.format("new %s file made durable: %s %s to %s's %s µs per file.",
                        label, r.methodLabel(), what, WarningRules.baselineName(group, r, chosen), Fmt.usRounded(r.baselineUs())),
                        List.of(r.id())));
            }
        }
        return out;
    }
}
