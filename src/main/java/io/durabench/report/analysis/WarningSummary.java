package io.durabench.report.analysis;

import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The warnings as the report opens with them: one line per kind and scope (a context, a device,
 * or across contexts), with how many warnings it stands for and the worst one's brief. Thirty
 * warnings that say the same thing per group become a few lines that say it once; the full list
 * stays in report.json and at the end of the report.
 */
public final class WarningSummary {
    private WarningSummary() {
    }

    /** One summary line: "[kind] scope: N groups; worst: ..." or, for a single warning, its brief. */
    public record Line(Kind kind, String scope, int count, String text) {
    }

    public static List<Line> of(List<ReportWarning> warnings) {
        Map<String, List<ReportWarning>> byScope = new LinkedHashMap<>();
        for (Kind kind : Kind.values()) {
            for (ReportWarning w : warnings) {
                if (w.kind() == kind) byScope.computeIfAbsent(kind.id() + "|" + w.scope(), k -> new ArrayList<>()).add(w);
            }
        }
        List<Line> lines = new ArrayList<>();
        for (List<ReportWarning> same : byScope.values()) {
            ReportWarning worst = same.stream().max(Comparator.comparingDouble(ReportWarning::severity)).orElseThrow();
            int n = same.size();
            String text = worst.scope() + ": " + (n == 1 ? worst.brief() : n + " groups; worst: " + worst.brief());
            lines.add(new Line(worst.kind(), worst.scope(), n, text));
        }
        return lines;
    }
}
