package io.durabench.report.render;

import io.durabench.output.HtmlRenderer;
import io.durabench.output.TextFiles;
import io.durabench.report.Report;
import io.durabench.chart.ChartFile;
import io.durabench.report.chart.Charts;
import io.durabench.slo.SloVerdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** `report --out DIR`: report.md, report.html, one report-KIND.csv per table with rows ({@link CsvTable}), report.json and the charts, side by side. */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * Writes everything and returns the paths written, charts included.
     *
     * @param columns the optional columns of report.md's tables ({@code report --columns})
     * @param slo     the verdicts of {@code report --slo}: report.md (so report.html) and report.json carry them
     */
    public static List<Path> writeAll(Report report, Path dir, TableColumns columns, List<SloVerdict> slo) {
        List<ChartFile> charts = Charts.write(report, dir);
        List<Path> written = new ArrayList<>();
        String markdown = MarkdownRenderer.render(report, charts, columns, slo);
        written.add(TextFiles.write(dir.resolve("report.md"), markdown));
        written.add(TextFiles.write(dir.resolve("report.html"), HtmlRenderer.fromMarkdown(markdown, charts)));
        for (CsvTable t : CsvTables.present(report)) written.add(TextFiles.write(dir.resolve(t.fileName()), CsvTables.render(report, t)));
        written.add(TextFiles.write(dir.resolve("report.json"), JsonRenderer.render(report, slo)));
        for (ChartFile c : charts) {
            if (c.png() != null) {
                written.add(c.png());
                written.add(c.svg());
            }
        }
        return written;
    }
}
