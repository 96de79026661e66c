package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.ReportWriter;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * The report a run that got to its end (some cells may have FAILED) writes beside its results, in
 * OUT/report: report.md, the CSVs, report.json and the charts, every target side by side. Written
 * by `run` and by `gate` (whose run is a run like any other). A report that cannot be made is said
 * on stderr and changes no exit code: the results are kept.
 */
final class RunReport {
    private RunReport() {
    }

    /** Reads the run's results from {@code root} and writes their report. */
    static void write(Path root, PrintWriter out, PrintWriter err) {
        write(root, () -> ResultsLoader.load(List.of(root)), out, err);
    }

    /** Writes the report of results already read from {@code root} (not read again). */
    static void write(Path root, List<ResultSet> sets, PrintWriter out, PrintWriter err) {
        write(root, () -> sets, out, err);
    }

    private static void write(Path root, Supplier<List<ResultSet>> sets, PrintWriter out, PrintWriter err) {
        Path dir = root.resolve("report");
        try {
            Report report = ReportBuilder.build(sets.get(), SyncMethod.NONE);
            ReportWriter.writeAll(report, dir);
            out.println("Report in " + dir.resolve("report.md") + " (with report.html, report-*.csv, report.json and the charts); `durabench report "
                    + root + "` prints it");
        } catch (RuntimeException e) {
            err.println("durabench: no report written in " + dir + ": " + e.getMessage()
                    + " (the results are kept; `durabench report " + root + "` tries again)");
        }
        out.flush();
        err.flush();
    }
}
