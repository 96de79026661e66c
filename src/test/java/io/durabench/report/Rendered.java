package io.durabench.report;

import io.durabench.chart.ChartFile;
import io.durabench.report.render.MarkdownRenderer;
import io.durabench.report.render.ReportWriter;
import io.durabench.report.render.TableColumns;
import io.durabench.report.render.TextRenderer;
import java.nio.file.Path;
import java.util.List;

/** A report rendered as `durabench report` renders it without --columns or --slo. */
public final class Rendered {
    private Rendered() {
    }

    public static String text(Report report) {
        return text(report, false);
    }

    /** @param allWarnings as --all-warnings */
    public static String text(Report report, boolean allWarnings) {
        return TextRenderer.render(report, allWarnings, TableColumns.DEFAULT, List.of());
    }

    public static String markdown(Report report, List<ChartFile> charts) {
        return MarkdownRenderer.render(report, charts, TableColumns.DEFAULT, List.of());
    }

    /** As `report --out DIR`: every file, charts included; the paths written. */
    public static List<Path> writeAll(Report report, Path dir) {
        return ReportWriter.writeAll(report, dir, TableColumns.DEFAULT, List.of());
    }
}
