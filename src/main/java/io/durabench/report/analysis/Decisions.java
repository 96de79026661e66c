package io.durabench.report.analysis;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.report.Context;
import io.durabench.report.DecisionTable;
import io.durabench.report.LockStepColumn;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.DecisionTable.Line;
import io.durabench.report.Difference;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The decision tables of a report, one per benchmark family with durable methods, read from its
 * rows: the family's centre cell (SyncWriteCost: the {@link Headline}, the cell every view is built
 * around; any other family: its group measured most often, the first of equals), its methods x
 * targets, and the fastest set per target from {@link Difference#fastestSet} — the same rule the
 * findings use, so a table never crowns a method the findings call a tie.
 */
public final class Decisions {
    private Decisions() {
    }

    public static List<DecisionTable> of(List<ReportRow> rows, List<Context> contexts) {
        return of(rows, contexts, List.of());
    }

    /** The report's tables, the fastest set decided on its lock-step figures against the reference where it has them. */
    public static List<DecisionTable> of(io.durabench.report.Report report) {
        return of(report.rows(), report.contexts(), report.references());
    }

    static List<DecisionTable> of(List<ReportRow> rows, List<Context> contexts, List<ReferenceComparison> references) {
        Map<BenchmarkFamily, List<ReportRow>> byFamily = new LinkedHashMap<>();
        for (ReportRow r : rows) byFamily.computeIfAbsent(r.cell().family(), f -> new ArrayList<>()).add(r);
        List<DecisionTable> tables = new ArrayList<>();
        byFamily.forEach((family, familyRows) -> {
            DecisionTable t = table(family, familyRows, contexts, references);
            if (t != null) tables.add(t);
        });
        return tables;
    }

    private static DecisionTable table(BenchmarkFamily family, List<ReportRow> familyRows, List<Context> contexts,
                                       List<ReferenceComparison> references) {
        Centre centre = centre(familyRows);
        if (centre.rows.stream().noneMatch(r -> r.durable() && r.measured())) return null;
        List<Context> targets = new ArrayList<>(), leftOut = new ArrayList<>();
        for (Context c : contexts) {
            if (centre.rows.stream().noneMatch(r -> r.context().equals(c))) continue;
            (c.hasNoStableStorage() ? leftOut : targets).add(c);
        }
        if (targets.isEmpty()) return null;
        Map<String, Map<Context, ReportRow>> byMethod = new LinkedHashMap<>();
        for (ReportRow r : centre.rows) {
            if (targets.contains(r.context())) byMethod.computeIfAbsent(r.methodLabel(), m -> new LinkedHashMap<>()).put(r.context(), r);
        }
        Map<Context, Set<ReportRow>> fastest = new HashMap<>();
        Map<Context, LockStepColumn> lockStep = new LinkedHashMap<>();
        for (Context c : targets) {
            List<ReportRow> durableHere = centre.rows.stream().filter(r -> r.context().equals(c) && r.durable() && r.measured()).toList();
            LockStepColumn column = lockStepColumn(c, durableHere, references);
            if (column != null) {
                lockStep.put(c, column);
                fastest.put(c, new LinkedHashSet<>(durableHere.stream().filter(r -> column.fastest().contains(r.methodLabel())).toList()));
            } else {
                fastest.put(c, new LinkedHashSet<>(Difference.fastestSet(durableHere, ReportRow::time)));
            }
        }
        List<Line> durable = new ArrayList<>(), notDurable = new ArrayList<>();
        byMethod.forEach((method, cells) -> {
            Set<Context> in = new LinkedHashSet<>();
            cells.forEach((c, r) -> {
                if (fastest.get(c).contains(r)) in.add(c);
            });
            Line line = new Line(method, cells, in);
            (cells.values().stream().anyMatch(ReportRow::durable) ? durable : notDurable).add(line);
        });
        durable.sort(Comparator.comparingDouble(Decisions::typicalLogMean));
        notDurable.sort(Comparator.comparing((Line l) -> l.rows().values().stream().noneMatch(ReportRow::baseline))
                .thenComparingDouble(Decisions::typicalLogMean));
        List<ReportRow> shown = centre.rows.stream().filter(r -> targets.contains(r.context()) && r.measured()).toList();
        boolean betweenForks = !shown.isEmpty() && shown.stream().allMatch(r -> r.time().betweenForks());
        return new DecisionTable(family.simpleName(), centre.describe, "µs per " + family.operation().noun(),
                replication(shown), betweenForks, targets, durable, notDurable, leftOut, lockStep);
    }

    /**
     * The target's lock-step figures at the centre and the fastest set on them, when the run paired
     * the centre's durable methods with its reference there; null otherwise (or when too few were paired to decide).
     */
    private static LockStepColumn lockStepColumn(Context c, List<ReportRow> durableHere, List<ReferenceComparison> references) {
        ReferenceComparison rc = references.stream().filter(r -> r.context().equals(c)).findFirst().orElse(null);
        if (rc == null || durableHere.isEmpty()) return null;
        String group = durableHere.get(0).cell().groupKey();
        if (rc.inGroup(group).isEmpty()) return null;
        LockStepColumn column = LockStepFastest.of(rc, group, durableHere.stream().map(ReportRow::methodLabel).toList());
        return column.best() == null ? null : column;
    }

    /** The mean of the log means over the targets a method was measured on: the order of rows. */
    private static double typicalLogMean(Line l) {
        return l.rows().values().stream().filter(ReportRow::measured).mapToDouble(r -> Math.log(r.meanUs())).average()
                .orElse(Double.MAX_VALUE);
    }

    /** "1 fork x 5 iterations", or the distinct forms joined when rows differ; "replication unknown" when none says. */
    static String replication(List<ReportRow> rows) {
        String forms = replicationOf(rows.stream().map(ReportRow::replication));
        return forms.isEmpty() ? "replication unknown" : forms;
    }

    /**
     * The distinct replications of some rows ("3 forks x 5 iterations"), sorted and joined with " or "
     * ("3 forks x 5 iterations or 6 forks x 5 iterations"); "" when none says.
     */
    public static String replicationOf(java.util.stream.Stream<String> replications) {
        Set<String> forms = new TreeSet<>();
        replications.filter(java.util.Objects::nonNull).forEach(forms::add);
        return String.join(" or ", forms);
    }

    /** A family's centre cell's rows, every method and target: what a table (and an SLO without cell parameters) speaks of. */
    public static List<ReportRow> centreRows(List<ReportRow> familyRows) {
        return centre(familyRows).rows;
    }

    private record Centre(List<ReportRow> rows, String describe) {
    }

    private static Centre centre(List<ReportRow> familyRows) {
        List<ReportRow> sweep = Headline.syncWrites(familyRows);
        if (!sweep.isEmpty()) {
            Headline h = Headline.of(sweep);
            return new Centre(h.select(sweep, false, false, false), h.describe(true, true, true));
        }
        String label = Headline.mode(familyRows.stream().filter(ReportRow::measured).toList(), ReportRow::groupLabel);
        List<ReportRow> centre = familyRows.stream().filter(r -> r.groupLabel().equals(label)).toList();
        return new Centre(centre, centre.isEmpty() ? "" : centre.get(0).groupParams());
    }
}
