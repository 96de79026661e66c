package io.durabench.report.analysis;

import io.durabench.selection.ParameterCondition;
import io.durabench.selection.Selection;
import io.durabench.catalogue.Cell;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Narrows a report to what a {@link Selection} asks for. The figures are not recomputed: every
 * shown row keeps its ratio and cost against its group's baseline even when the baseline itself is
 * not shown. Warnings are kept when they concern a shown row; findings and the cost model are read
 * again from the shown rows, so the opening speaks only of what the reader chose. A pattern that
 * matches nothing in the results is an {@link IllegalArgumentException} naming it and what exists.
 */
public final class ReportFilter {
    private ReportFilter() {
    }

    public static Report apply(Report full, Selection s) {
        if (s.isAll()) return full;
        ContextNames names = full.contextNames();
        check("--context", s.contexts(), contextNames(full.contexts(), names), full.contexts().stream().map(names::of).toList());
        List<String> methodHint = java.util.stream.Stream.concat(full.rows().stream().map(ReportRow::methodLabel),
                full.groupCommitRows().stream().map(GroupCommitRow::method)).distinct().toList();
        List<String> benchmarkHint = java.util.stream.Stream.concat(java.util.stream.Stream.concat(
                full.rows().stream().map(r -> r.cell().family().simpleName()),
                full.groupCommitRows().stream().map(r -> r.cell().family().simpleName())),
                full.plainRows().stream().map(r -> plainNames(r).get(1))).distinct().toList();
        check("--method", s.methods(), methodNames(full), methodHint);
        check("--benchmark", s.benchmarks(), benchmarkNames(full), benchmarkHint);
        List<ParameterCondition> where = s.where().stream().map(ParameterCondition::parse).toList();
        List<Cell> cells = java.util.stream.Stream.concat(full.rows().stream().map(ReportRow::cell),
                full.groupCommitRows().stream().map(GroupCommitRow::cell)).toList();
        where.forEach(w -> w.checkAgainst(cells));

        List<ReportRow> rows = full.rows().stream().filter(r -> shown(s, names, r.context(), methodNamesOf(r), benchmarkNamesOf(r.cell()))
                && meets(where, r.cell())).toList();
        List<GroupCommitRow> commits = full.groupCommitRows().stream().filter(r -> shown(s, names, r.context(), methodNamesOf(r),
                benchmarkNamesOf(r.cell())) && meets(where, r.cell())).toList();
        // Other JMH rows have no catalogue parameters, so no --where condition holds for them.
        List<PlainRow> plain = s.contexts().isEmpty() && s.methods().isEmpty() && where.isEmpty()
                ? full.plainRows().stream().filter(r -> Selection.any(s.benchmarks(), plainNames(r))).toList() : List.of();
        if (rows.isEmpty() && commits.isEmpty() && plain.isEmpty()) {
            throw new IllegalArgumentException("the filters select no row together (" + describe(s) + "): each matches something, "
                    + "but not the same rows; widen one of them");
        }
        Set<Context> shownContexts = new LinkedHashSet<>();
        rows.forEach(r -> shownContexts.add(r.context()));
        commits.forEach(r -> shownContexts.add(r.context()));
        List<Context> contexts = full.contexts().stream().filter(shownContexts::contains).toList();
        List<ReportWarning> warnings = WarningRules.all(withTheirBaselines(full.rows(), rows), SyncMethod.valueOf(full.baseline()));
        return ReportBuilder.readFrom(full.baseline(), full.sources(), contexts, rows, commits, plain, warnings, full.references());
    }

    /**
     * The shown rows and the baselines of their groups, shown or not: the warnings speak of the
     * shown methods, and a ratio shown against a hidden noisy baseline is still noise.
     */
    private static List<ReportRow> withTheirBaselines(List<ReportRow> all, List<ReportRow> shown) {
        Set<String> groups = new java.util.HashSet<>();
        shown.forEach(r -> groups.add(r.groupKey()));
        Set<ReportRow> keep = new java.util.HashSet<>(shown);
        return all.stream().filter(r -> keep.contains(r) || (r.baseline() && groups.contains(r.groupKey()))).toList();
    }

    private static boolean meets(List<ParameterCondition> where, Cell cell) {
        return where.stream().allMatch(w -> w.matches(cell));
    }

    private static boolean shown(Selection s, ContextNames names, Context c, List<String> methods, List<String> benchmarks) {
        return Selection.any(s.contexts(), contextNamesOf(c, names)) && Selection.any(s.methods(), methods)
                && Selection.any(s.benchmarks(), benchmarks);
    }

    /** Each pattern must match something: a typo should say so, not print an empty report. */
    private static void check(String option, List<String> patterns, Set<String> names, List<String> hint) {
        for (String p : patterns) {
            if (!Selection.matches(p, List.copyOf(names))) {
                throw new IllegalArgumentException(option + " " + p + " matches nothing in the results; try one of: " + String.join(", ", hint)
                        + " (globs with * and ?, several separated by commas)");
            }
        }
    }

    private static String describe(Selection s) {
        List<String> parts = new ArrayList<>();
        if (!s.contexts().isEmpty()) parts.add("--context " + String.join(",", s.contexts()));
        if (!s.methods().isEmpty()) parts.add("--method " + String.join(",", s.methods()));
        if (!s.benchmarks().isEmpty()) parts.add("--benchmark " + String.join(",", s.benchmarks()));
        s.where().forEach(w -> parts.add("--where " + w));
        return String.join(" ", parts);
    }

    /** A context goes by its short name, filesystem, directory, the directory's last part and its full label. */
    private static List<String> contextNamesOf(Context c, ContextNames names) {
        String dir = c.directory();
        Path last = dir == null ? null : Path.of(dir).getFileName();
        return java.util.Arrays.asList(names.of(c), c.filesystem(), dir, last == null ? null : last.toString(), c.label());
    }

    private static Set<String> contextNames(List<Context> contexts, ContextNames names) {
        Set<String> out = new LinkedHashSet<>();
        contexts.forEach(c -> out.add(names.of(c)));
        contexts.forEach(c -> contextNamesOf(c, names).stream().filter(n -> n != null).forEach(out::add));
        return out;
    }

    private static List<String> methodNamesOf(ReportRow r) {
        return List.of(r.method(), r.methodLabel());
    }

    private static List<String> methodNamesOf(GroupCommitRow r) {
        return List.of(r.method(), r.variant());
    }

    private static Set<String> methodNames(Report full) {
        Set<String> out = new LinkedHashSet<>();
        full.rows().forEach(r -> out.addAll(methodNamesOf(r)));
        full.groupCommitRows().forEach(r -> out.addAll(methodNamesOf(r)));
        return out;
    }

    private static List<String> benchmarkNamesOf(Cell c) {
        return List.of(c.benchmark().jmhName(), c.benchmark().shortName(), c.family().simpleName());
    }

    private static List<String> plainNames(PlainRow r) {
        String b = r.benchmark();
        int dot = b.lastIndexOf('.', b.lastIndexOf('.') - 1);
        return List.of(b, dot < 0 ? b : b.substring(dot + 1));
    }

    private static Set<String> benchmarkNames(Report full) {
        Set<String> out = new LinkedHashSet<>();
        full.rows().forEach(r -> out.addAll(benchmarkNamesOf(r.cell())));
        full.groupCommitRows().forEach(r -> out.addAll(benchmarkNamesOf(r.cell())));
        full.plainRows().forEach(r -> out.addAll(plainNames(r)));
        return out;
    }
}
