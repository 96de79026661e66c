package io.durabench.report.render;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Decisions;
import io.durabench.report.analysis.Recommendations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a report opens with, the same in every format: one line of context, the decision tables,
 * and a recommendation line per target. Computed once from the report's rows (a filtered report's
 * opening speaks of what it shows).
 */
record Opening(String context, List<DecisionTable> tables, List<String> recommendations) {

    static Opening of(Report report) {
        ContextNames names = report.contextNames();
        List<DecisionTable> tables = Decisions.of(report);
        List<String> recommendations = new ArrayList<>();
        for (DecisionTable t : tables) recommendations.addAll(Recommendations.of(t, report.rows(), names).values());
        return new Opening(context(report, names), tables, recommendations);
    }

    /** " (n = 3 forks x 5 iterations per cell)" over every measured row of the report; "" when no row says. */
    private static String replication(Report report) {
        String n = n(report.rows(), report.groupCommitRows());
        return n.isEmpty() ? "" : " (" + n + ")";
    }

    /**
     * "n = 3 forks x 5 iterations per cell" over some rows, for every section that quotes their intervals;
     * "" when no row says. Group-commit rows say only their forks ("n=3 forks"): they speak for n only
     * when no per-write row does.
     */
    static String n(List<ReportRow> rows, List<io.durabench.report.GroupCommitRow> commits) {
        String forms = Decisions.replicationOf(rows.stream().filter(ReportRow::measured).map(ReportRow::replication));
        if (forms.isEmpty()) forms = Decisions.replicationOf(commits.stream().map(io.durabench.report.GroupCommitRow::replication));
        return forms.isEmpty() ? "" : "n = " + forms + " per cell";
    }

    /** A section's "Intervals: ..." line: the level of each kind of figure and {@link #n}; "" when no row says. */
    static String intervals(List<ReportRow> rows, List<io.durabench.report.GroupCommitRow> commits) {
        String n = n(rows, commits);
        return n.isEmpty() ? "" : "Intervals: " + io.durabench.stats.AbsoluteFigure.CONFIDENCE_PERCENT + "% for a time alone (the disk's level"
                + " between rounds counted), 99.9% for costs, ratios and commits/s, " + n;
    }

    /** "btrfs, ext4, tmpfs and xfs (vda: write back cache, rotational 1); JDK 17.0.15; 460 rows; baseline NONE." */
    private static String context(Report report, ContextNames names) {
        Set<String> devices = new LinkedHashSet<>(), jdks = new LinkedHashSet<>();
        for (Context c : report.contexts()) {
            String d = io.durabench.env.EnvironmentFacts.briefDevice(c.environment());
            if (c.environment() != null && c.environment().device() != null) devices.add(d.contains(" on ") ? d.substring(d.indexOf(" on ") + 4) : d);
            jdks.add(c.jdk());
        }
        int measured = (int) report.rows().stream().filter(ReportRow::measured).count();
        return "Measured on " + names.list(report.contexts()) + (devices.isEmpty() ? "" : " (" + String.join("; ", devices) + ")") + ", " + String.join(", ", jdks)
                + "; " + measured + " measured rows" + (report.groupCommitRows().isEmpty() ? "" : " and " + report.groupCommitRows().size()
                + " group-commit rows") + replication(report) + "; baseline " + report.baseline() + ". Durability cost = time per write minus the "
                + "baseline's in the same group: quote costs, not ratios.";
    }
}
