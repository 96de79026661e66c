package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.report.Difference;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How contexts compare: the reference method's durability cost at the centre in every context
 * where it is durable, cheapest first, and the cheapest against each other one by the Welch
 * interval of the two costs. Costs, never ratios: a ratio also moves with the baseline, which
 * differs from one filesystem to the next.
 */
final class AcrossContextFindings {
    private AcrossContextFindings() {
    }

    static Optional<Finding> costs(List<ReportRow> rows, Headline centre, ContextNames names, SyncMethod chosen, SyncMethod reference) {
        List<ReportRow> centreRows = centre.select(rows, false, false, false);
        List<ReportRow> refs = new ArrayList<>();
        List<Context> notDurable = new ArrayList<>();
        for (List<ReportRow> group : FindingRows.groups(centreRows).values()) {
            if (group.get(0).context().hasNoStableStorage()) {
                notDurable.add(group.get(0).context());
                continue;
            }
            FindingRows.reference(group, reference).filter(r -> r.cost() != null && r.cell().methodValue() == reference).ifPresent(refs::add);
        }
        if (refs.size() < 2) return Optional.empty();
        refs.sort(Comparator.comparingDouble(r -> r.cost().mean()));
        ReportRow cheapest = refs.get(0);
        List<String> costs = new ArrayList<>();
        refs.forEach(r -> costs.add(names.of(r.context()) + " " + Fmt.usWithInterval(r.cost())));
        List<String> cheaperThan = new ArrayList<>(), unresolved = new ArrayList<>();
        List<ReportRow> rest = refs.subList(1, refs.size());
        List<Difference> ds = Difference.family(rest.stream().map(ReportRow::cost).toList(), cheapest.cost());
        for (int i = 0; i < rest.size(); i++) {
            ReportRow r = rest.get(i);
            Difference d = ds.get(i);
            if (d.verdict() == Difference.DifferenceVerdict.HIGHER) cheaperThan.add(names.of(r.context()) + " by " + d.magnitude());
            else unresolved.add(names.of(r.context()));
        }
        StringBuilder m = new StringBuilder(String.format("%s's durability cost (%s): %s.", cheapest.methodLabel(),
                centre.describe(true, true, true), String.join(", ", costs)));
        if (!cheaperThan.isEmpty()) m.append(' ').append(names.of(cheapest.context())).append(" is cheaper than ").append(String.join(" and ", cheaperThan));
        if (!unresolved.isEmpty()) {
            m.append(cheaperThan.isEmpty() ? " " : "; ").append("no difference resolved between ").append(names.of(cheapest.context()))
                    .append(" and ").append(ContextNames.join(unresolved));
        }
        m.append('.');
        double baseMin = refs.stream().mapToDouble(ReportRow::baselineUs).min().orElse(Double.NaN);
        double baseMax = refs.stream().mapToDouble(ReportRow::baselineUs).max().orElse(Double.NaN);
        if (baseMax / baseMin > WarningRules.DISAGREEMENT) {
            m.append(String.format(" Compare these costs, not the ratios: the baseline %s itself differs %sx (%s to %s µs).",
                    WarningRules.baselineName(centreRows, cheapest, chosen), Fmt.ratio(baseMax / baseMin), Fmt.usRounded(baseMin), Fmt.usRounded(baseMax)));
        }
        if (!notDurable.isEmpty()) m.append(' ').append(names.list(notDurable)).append(": not durable (no stable storage).");
        return Optional.of(new Finding(null, Kind.ACROSS_CONTEXTS, m.toString(), refs.stream().map(ReportRow::id).toList()));
    }
}
