package io.durabench.report.slo;

import io.durabench.slo.Slo;
import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Parameter;
import io.durabench.report.Context;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Decisions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rows an SLO is judged on, one per target: its method's rows at the cell it names. Without
 * cell parameters that is the family's centre cell, the decision table's (so the verdicts sit over
 * the table they speak of); with some, the rows that have them, and on the axes the SLO leaves
 * open the one closest to the centre.
 */
record SloCells(String methodLabel, List<ReportRow> rows) {

    /** The SLO's rows; a method the results do not hold, or a cell none of its rows has, is an {@link IllegalArgumentException}. */
    static SloCells of(List<ReportRow> all, Slo slo) {
        List<ReportRow> ofMethod = all.stream().filter(r -> r.methodLabel().equalsIgnoreCase(slo.method())).toList();
        if (ofMethod.isEmpty()) {
            Set<String> present = new TreeSet<>();
            all.forEach(r -> present.add(r.methodLabel()));
            throw new IllegalArgumentException("--slo '" + slo.text() + "': these results hold no " + slo.method() + " rows; methods here: "
                    + String.join(", ", present));
        }
        // A method name two families share (a sync method): the sync-write family's rows come first in a report.
        BenchmarkFamily family = ofMethod.get(0).cell().family();
        List<ReportRow> familyRows = all.stream().filter(r -> r.cell().family() == family).toList();
        List<ReportRow> centre = Decisions.centreRows(familyRows);
        List<ReportRow> mine = ofMethod.stream().filter(r -> r.cell().family() == family).toList();
        if (slo.params().isEmpty()) {
            return new SloCells(mine.get(0).methodLabel(), mine.stream().filter(centre::contains).toList());
        }
        List<ReportRow> named = mine.stream().filter(r -> slo.params().stream().allMatch(p -> has(r.cell(), p))).toList();
        if (named.isEmpty()) {
            Set<String> cells = new TreeSet<>();
            mine.forEach(r -> cells.add(r.groupLabel()));
            throw new IllegalArgumentException("--slo '" + slo.text() + "': no " + mine.get(0).methodLabel() + " row has "
                    + String.join(" ", slo.params().stream().map(Slo.CellParam::written).toList()) + "; its cells here: " + String.join("; ", cells));
        }
        Cell reference = centre.isEmpty() ? named.get(0).cell() : centre.get(0).cell();
        List<ReportRow> chosen = new ArrayList<>();
        for (ReportRow r : named) {
            ReportRow same = chosen.stream().filter(x -> x.context().equals(r.context())).findFirst().orElse(null);
            if (same == null) chosen.add(r);
            else if (agreement(r.cell(), reference) > agreement(same.cell(), reference)) chosen.set(chosen.indexOf(same), r);
        }
        return new SloCells(mine.get(0).methodLabel(), chosen);
    }

    /** The target's row, null when it did not measure the cell. */
    ReportRow rowOn(Context c) {
        return rows.stream().filter(r -> r.context().equals(c)).findFirst().orElse(null);
    }

    private static boolean has(Cell cell, Slo.CellParam p) {
        for (Parameter<?> q : cell.parameters()) {
            if (!q.name().equals(p.key()) || !cell.fixes(q)) continue;
            return q.format(cell.get(q)).equalsIgnoreCase(p.value());
        }
        return false;
    }

    /** On how many axes (not the target, not the method) two cells agree: the closest to the centre wins. */
    private static int agreement(Cell a, Cell reference) {
        int n = 0;
        for (Parameter<?> p : a.parameters()) {
            if (p == Catalogue.TARGET_DIR || p == a.family().methodAxis()) continue;
            if (reference.fixes(p) && a.fixes(p) && Objects.equals(a.get(p), reference.get(p))) n++;
        }
        return n;
    }
}
