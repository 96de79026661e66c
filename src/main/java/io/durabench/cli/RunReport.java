package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.ReportWriter;
import io.durabench.slo.SloText;
import io.durabench.slo.Slo;
import io.durabench.slo.SloVerdict;
import io.durabench.slo.SloJudge;
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
 * on stderr and changes no exit code: the results are kept. The run's --slo verdicts are judged on
 * that report, written into it and printed; an SLO the results cannot judge at all (a method the
 * run did not measure) is said on stderr as bad input.
 */
final class RunReport {
    private RunReport() {
    }

    /** What the report made of the run's SLOs: the exit code they call for (0, 1 missed, 2 not judgeable). */
    record Outcome(int sloExit) {
        static final Outcome NONE = new Outcome(0);
    }

    /** Reads the run's results from {@code root} and writes their report. */
    static Outcome write(Path root, List<Slo> slos, PrintWriter out, PrintWriter err) {
        return write(root, () -> ResultsLoader.load(List.of(root)), slos, out, err);
    }

    /** Writes the report of results already read from {@code root} (not read again). */
    static Outcome write(Path root, List<ResultSet> sets, List<Slo> slos, PrintWriter out, PrintWriter err) {
        return write(root, () -> sets, slos, out, err);
    }

    private static Outcome write(Path root, Supplier<List<ResultSet>> sets, List<Slo> slos, PrintWriter out, PrintWriter err) {
        Path dir = root.resolve("report");
        Outcome outcome = Outcome.NONE;
        try {
            Report report = ReportBuilder.build(sets.get(), SyncMethod.NONE);
            List<SloVerdict> verdicts = List.of();
            try {
                verdicts = SloOptions.verdicts(report, slos);
            } catch (UsageException e) {
                err.println("durabench: " + e.getMessage());
                outcome = new Outcome(OneLineErrors.EXIT_USAGE);
            }
            ReportWriter.writeAll(report, dir, io.durabench.report.render.TableColumns.DEFAULT, verdicts);
            out.println("Report in " + dir.resolve("report.md") + " (with report.html, report-*.csv, report.json and the charts); `durabench report "
                    + root + "` prints it");
            if (!verdicts.isEmpty()) {
                out.print(SloText.text(verdicts));
                if (SloJudge.anyMissed(verdicts)) outcome = new Outcome(OneLineErrors.EXIT_FAILURE);
            }
        } catch (RuntimeException e) {
            err.println("durabench: no report written in " + dir + ": " + e.getMessage()
                    + " (the results are kept; `durabench report " + root + "` tries again)");
        }
        out.flush();
        err.flush();
        return outcome;
    }
}
