package io.durabench.cli;

import io.durabench.env.PathKind;
import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.chart.Charts;
import io.durabench.fleet.FleetFinding;
import io.durabench.fleet.FleetView;
import io.durabench.fleet.GroupBy;
import io.durabench.fleet.FleetJson;
import io.durabench.fleet.FleetMarkdown;
import io.durabench.fleet.FleetText;
import io.durabench.fleet.FleetWriter;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.report.render.CsvTables;
import io.durabench.output.HtmlRenderer;
import io.durabench.report.render.JsonRenderer;
import io.durabench.report.render.MarkdownRenderer;
import io.durabench.report.render.ReportWriter;
import io.durabench.report.render.TableColumns;
import io.durabench.report.render.TextRenderer;
import io.durabench.slo.Slo;
import io.durabench.slo.SloVerdict;
import io.durabench.slo.SloJudge;
import io.durabench.results.FleetFolder;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `durabench report PATH...`: tables with absolute costs beside every ratio, and the warnings. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Reports JMH results: time per write with 99.9%% intervals, ratio and durability cost "
                + "(method - baseline, --cost-baseline) per group, and plain-words warnings where a ratio misleads.",
                "PATH: a `durabench run --out` folder, a folder holding jmh-result.json, or any JMH JSON file; or one fleet folder "
                + "(hosts.json and a run folder per host): then the fleet view, hosts side by side (docs/fleet.md).",
                "Opens with findings computed from the rows, then one line per kind of warning; --context, --method, "
                + "--benchmark and --where (any parameter) narrow what is shown."})
public final class ReportCommand implements Callable<Integer> {
    /** The output formats; text is for the terminal. */
    public enum Format { text, markdown, html, csv, json }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Results folder(s) or JMH JSON file(s).")
    List<Path> paths;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, markdown, html (one page, charts inline), csv or json (default: "
            + "${DEFAULT-VALUE}). csv: one table (sync-write, pg, file-create, group-commit or other), with --table KIND when the results have several.")
    Format format = Format.text;

    @Option(names = "--table", paramLabel = "KIND", description = "With --format csv: which table to print (sync-write, pg, file-create, "
            + "group-commit, other); --out writes each to report-KIND.csv.")
    String table;

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.md, report.html, report-KIND.csv per table, report.json and the charts (PNG, SVG) here.")
    Path out;

    @Mixin
    CostBaselineOption costBaseline = new CostBaselineOption();

    @Mixin
    SelectionOptions selection = new SelectionOptions();

    @Option(names = "--columns", paramLabel = "COLUMNS", description = "Text and Markdown tables: optional columns to add to the "
            + "default ones (which fit 120 characters): p50, p99, p99.9, ratio-ci (the ratio's and speed-up's interval), sync-p99 (the sync call alone), all; "
            + "comma list. CSV and JSON always hold every field.")
    String columns = TableColumns.DEFAULT_WORD;

    @Mixin
    SloOptions slo;

    @Option(names = "--group-by", paramLabel = "KEY", description = "A fleet folder: the columns of the fleet tables, one per host "
            + "(default), or per device (model), kernel, filesystem or jdk, each the median of its hosts.")
    String groupBy;

    @Option(names = "--all-warnings", description = "Text: every warning in full at the end, not only one line per kind and scope.")
    boolean allWarnings;

    @Override
    public Integer call() {
        SyncMethod base = costBaseline.checked();
        TableColumns shown = checkedColumns(columns);
        if (table != null && (format != Format.csv || out != null)) {
            throw new UsageException("--table " + table + " picks the CSV table printed on stdout: use it with --format csv and without "
                    + "--out (which writes every table to its own report-KIND.csv)");
        }
        List<Slo> slos = slo.checked();
        if (paths.stream().anyMatch(FleetFolder::isFleet)) return fleet(base, slos);
        if (groupBy != null) {
            throw new UsageException("--group-by " + groupBy + " groups a fleet's hosts: name one fleet folder (with hosts.json) as PATH");
        }
        Path outDir = out == null ? null : OutputPaths.folder(out);
        Report report = selection.apply(ReportBuilder.build(ResultsLoader.load(paths), base));
        List<SloVerdict> verdicts = SloOptions.verdicts(report, slos);
        PrintWriter stdout = spec.commandLine().getOut();
        if (outDir != null) {
            sayWhereLinksLead(paths, stdout);
            for (Path p : ReportWriter.writeAll(report, outDir, shown, verdicts)) stdout.println("wrote " + p);
            for (WarningSummary.Line l : WarningSummary.byKind(report.warnings())) stdout.println("[" + l.kind().id() + "] " + l.text());
        } else {
            stdout.print(switch (format) {
                case text -> TextRenderer.render(report, allWarnings, shown, verdicts);
                case markdown -> MarkdownRenderer.render(report, List.of(), shown, verdicts);
                case html -> HtmlRenderer.render(dir -> Charts.write(report, dir, true), charts -> MarkdownRenderer.render(report, charts, shown, verdicts));
                case csv -> CsvTables.render(report, chosenTable(report, table));
                case json -> JsonRenderer.render(report, verdicts);
            });
        }
        stdout.flush();
        // A missed SLO is the measurement saying no (exit 1), after everything asked for was printed or written.
        return SloJudge.anyMissed(verdicts) ? 1 : 0;
    }

    /**
     * A fleet folder: the report over every host (its contexts named by their hosts), seen as the fleet
     * view. Alone on the command line, and without what only a host's own report has (--table, --slo).
     */
    private Integer fleet(SyncMethod base, List<Slo> slos) {
        if (paths.size() != 1) {
            throw new UsageException("a fleet folder is reported on its own: name just " + paths.stream().filter(FleetFolder::isFleet)
                    .findFirst().orElseThrow() + ", or name host folders (FLEET/HOST) as runs");
        }
        GroupBy by = groupBy == null ? GroupBy.HOST : GroupBy.parse(groupBy).orElseThrow(() -> new UsageException(
                "--group-by " + groupBy + ": not a grouping; use one of " + GroupBy.words()));
        if (table != null || !slos.isEmpty()) {
            throw new UsageException((table != null ? "--table" : "--slo") + " applies to one host's report: run durabench report "
                    + paths.get(0).resolve("HOST") + " for it");
        }
        Path outDir = out == null ? null : OutputPaths.folder(out);
        Report report = selection.apply(ReportBuilder.build(ResultsLoader.load(paths), base));
        FleetView view = FleetView.of(FleetFolder.read(paths.get(0)), report, by);
        PrintWriter stdout = spec.commandLine().getOut();
        if (outDir != null) {
            sayWhereLinksLead(paths, stdout);
            for (Path p : FleetWriter.writeAll(view, outDir)) stdout.println("wrote " + p);
            for (FleetFinding f : view.findings()) stdout.println("[" + f.kind().id() + "] " + f.message());
        } else {
            stdout.print(switch (format) {
                case text -> FleetText.render(view);
                case markdown -> FleetMarkdown.render(view, List.of());
                case html -> FleetWriter.html(view);
                case csv -> FleetJson.csv(view);
                case json -> FleetJson.render(view);
            });
        }
        stdout.flush();
        return 0;
    }

    /** The one CSV table for stdout; several without --table, or a --table that is none of them, is bad input. */
    private static io.durabench.report.render.CsvTable chosenTable(Report report, String table) {
        return UsageException.onBadInput(() -> CsvTables.chosen(report, table));
    }

    /** "read LINK: a link to REAL" for each PATH that goes through a symbolic link: where the results really came from. */
    static void sayWhereLinksLead(List<Path> paths, PrintWriter stdout) {
        for (Path p : paths) {
            Path real = PathKind.realPathIfLinked(p);
            if (real != null) stdout.println("read " + p + ": a link to " + real);
        }
    }

    /** The --columns words; an unknown one is bad input, its line listing the valid ones. */
    static TableColumns checkedColumns(String spec) {
        return UsageException.onBadInput(() -> TableColumns.parse(spec));
    }
}
