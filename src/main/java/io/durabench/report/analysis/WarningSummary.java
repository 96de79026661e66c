package io.durabench.report.analysis;

import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The warnings as the report opens with them: one line per kind, with how many warnings it stands
 * for in each scope (a context, a device, or across contexts) and the worst one's brief. A hundred
 * warnings that say the same thing per group become at most six lines that say it once; the full
 * list stays in report.json and at the end of the report.
 */
public final class WarningSummary {
    private WarningSummary() {
    }

    /** One summary line: its kind, how many warnings it stands for, and its words. */
    public record Line(Kind kind, int count, String text) {
    }

    /**
     * One line per kind, the report's opening form: how many warnings, how many per scope (a
     * target, a device, across contexts), and the worst one's brief: "55: tmpfs 1, btrfs 18, ...;
     * worst (ext4): O_DIRECT (NOT durable) 81 µs < O_DSYNC 383 µs". Six kinds, six lines at most.
     */
    public static List<Line> byKind(List<ReportWarning> warnings) {
        List<Line> lines = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            List<ReportWarning> same = warnings.stream().filter(w -> w.kind() == kind).toList();
            if (same.isEmpty()) continue;
            Map<String, Integer> perScope = new LinkedHashMap<>();
            same.forEach(w -> perScope.merge(w.scope(), 1, Integer::sum));
            ReportWarning worst = same.stream().max(Comparator.comparingDouble(ReportWarning::severity)).orElseThrow();
            String text;
            if (same.size() == 1) {
                text = worst.scope() + ": " + worst.brief();
            } else {
                List<String> counts = new ArrayList<>();
                perScope.forEach((scope, n) -> counts.add(scope + " " + n));
                text = perScope.size() == 1 ? same.size() + " " + worst.scope() + "; worst: " + worst.brief()
                        : same.size() + " (" + String.join(", ", counts) + "); worst (" + worst.scope() + "): " + worst.brief();
            }
            lines.add(new Line(kind, same.size(), text));
        }
        return lines;
    }
}
