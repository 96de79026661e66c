package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.chart.ChartFile;
import io.durabench.report.chart.Charts;
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

/** `durabench plot PATH... --out DIR`: the report's charts as PNG and SVG. */
@Command(name = "plot", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Draws durability cost per method (log scale, 99.9%% intervals), time per write vs batch size, "
                + "latency percentiles, preallocation strategies, the cost model's fit over block sizes and (with GroupCommit "
                + "results) commits/s and p99 latency vs committers, as PNG and SVG. With several targets colour is the "
                + "target (fixed per filesystem name) and targets without stable storage get a panel of their own; with one, colour "
                + "is the method. --context, --method, --benchmark and --where (any parameter) choose what is drawn.")
public final class PlotCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Results folder(s) or JMH JSON file(s).")
    List<Path> paths;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the charts (default: plot/<name of the first PATH>/, "
            + "e.g. plot/reference-standard/ for results/reference-standard).")
    Path out;

    @Mixin
    CostBaselineOption costBaseline = new CostBaselineOption();

    @Mixin
    SelectionOptions selection = new SelectionOptions();

    @Override
    public Integer call() {
        SyncMethod base = costBaseline.checked();
        Path outDir = OutputPaths.folder(out != null ? out : defaultOut(paths.get(0)));
        Report report = selection.apply(ReportBuilder.build(ResultsLoader.load(paths), base));
        PrintWriter stdout = spec.commandLine().getOut();
        ReportCommand.sayWhereLinksLead(paths, stdout);
        for (ChartFile c : Charts.write(report, outDir)) {
            stdout.println(c.png() != null ? "wrote " + c.png() + " and " + c.svg() : c.title() + ": not drawn, " + c.skippedBecause());
        }
        stdout.flush();
        return 0;
    }

    /** plot/RUN/ for results/RUN (or for a JMH file, its name without .json): the charts of each run in one place. */
    static Path defaultOut(Path first) {
        Path abs = first.toAbsolutePath().normalize();
        String name = abs.getFileName() == null ? "root" : abs.getFileName().toString();
        if (name.endsWith(".json")) {
            Path parent = abs.getParent();
            name = name.equals("jmh-result.json") && parent != null && parent.getFileName() != null
                    ? parent.getFileName().toString() : name.substring(0, name.length() - ".json".length());
        }
        return Path.of("plot", name);
    }
}
