package io.durabench.report.render;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Parameter;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The rows one detail table shows, each with the label its method cell reads. A table whose ratios
 * and costs are against a row it does not hold shows that row first (the very row ReportBuilder
 * computed them against: {@link ReportRow#baselineRow()}, never one found again here), marked with
 * where it comes from: a batched table's NONE is batch 1's ("NONE (baseline, from 1 write per
 * sync)"), and a baseline the filters left out is still shown, since the ratios are over it.
 */
final class BaselineRows {
    /** A row as one table shows it; {@code shortLabel} is what a table too wide keeps in the cell, the label going to a note. */
    record Labelled(ReportRow row, String label, String shortLabel) {
    }

    private BaselineRows() {
    }

    static List<Labelled> of(List<ReportRow> group) {
        List<Labelled> out = new ArrayList<>();
        List<ReportRow> borrowed = group.stream().map(ReportRow::baselineRow).filter(Objects::nonNull)
                .filter(b -> group.stream().noneMatch(r -> r.id() == b.id())).distinct().toList();
        for (ReportRow b : borrowed) {
            out.add(new Labelled(b, b.methodLabel() + " (baseline, " + from(b.cell(), group.get(0).cell()) + ")", b.methodLabel() + " (baseline)"));
        }
        for (ReportRow r : group) {
            String label = r.methodLabel() + (r.baseline() ? " (baseline)" : "");
            out.add(new Labelled(r, label, label));
        }
        return out;
    }

    /** "from 1 write per sync": the group parameters in which the baseline's cell differs from the table's. */
    private static String from(Cell base, Cell here) {
        List<String> differs = new ArrayList<>();
        for (Parameter<?> p : base.benchmark().parameters()) {
            if (p == base.family().methodAxis() || p == Catalogue.TARGET_DIR || !base.fixes(p)) continue;
            Object mine = here.fixes(p) ? here.get(p) : null;
            if (!Objects.equals(base.get(p), mine)) differs.add(p.label(base.get(p)));
        }
        return differs.isEmpty() ? "not selected by the filters" : "from " + String.join(", ", differs);
    }
}
