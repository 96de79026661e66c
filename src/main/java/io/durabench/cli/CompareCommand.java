package io.durabench.cli;

import io.durabench.compare.Comparison;
import io.durabench.compare.ComparisonBuilder;
import io.durabench.compare.JvmSlots;
import io.durabench.compare.SetPair;
import io.durabench.compare.SetPairing;
import io.durabench.compare.render.CompareFiles;
import io.durabench.compare.render.CompareJson;
import io.durabench.compare.render.CompareMarkdown;
import io.durabench.compare.render.CompareText;
import io.durabench.output.HtmlRenderer;
import io.durabench.results.FleetFolder;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** `durabench compare BASE CANDIDATE` (or `compare RUN --by jdk`): did anything change, row by row, with the statistics to say so. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Compares two result sets row by row: medians with intervals, change in %% with a 95%% interval, exact "
                + "Mann-Whitney p and Holm-adjusted p, a verdict (regression, improvement, ~), the smallest change each row could have "
                + "detected, and the A/A noise when the same JDK was measured twice.",
                "BASE, CANDIDATE: a `durabench run --out` folder, a folder holding jmh-result.json, or any JMH JSON file. "
                        + "Exit 0: nothing --fail-on counts; 1: a counted change; 2: bad input (a missing or malformed file) or sets that "
                        + "cannot be compared; 3: durabench itself failed."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "BASE [CANDIDATE]", description = "The base, then the candidate (with --by jdk: one run folder; "
            + "with --host: one fleet folder). A fleet's host folder (FLEET/HOST) is a run folder like any other.")
    List<Path> paths;

    @Mixin
    CompareOptions options;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, markdown, html, csv or json on stdout (default: ${DEFAULT-VALUE}).")
    ReportCommand.Format format = ReportCommand.Format.text;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write compare.md, compare.csv and compare.json here.")
    Path out;

    @Option(names = "--by", paramLabel = "jdk", description = "jdk: compare the JDKs inside one `durabench run --jvm A --jvm B` folder "
            + "(base = the JDK of the first slot); a JDK measured twice is the A/A pair.")
    String by;

    @Option(names = "--host", paramLabel = "HOST[,HOST...]", description = "With one fleet folder as the only PATH: give --host twice, "
            + "BASE's host(s) then CANDIDATE's; several hosts on a side (comma-separated) are pooled per target. Hosts measured unalike are "
            + "refused as any two runs are (--allow-different).")
    List<String> hosts;

    @Option(names = "--aa", arity = "2", paramLabel = "RUN", description = "Two runs of the same setup (an A/A pair, e.g. the base "
            + "measured twice): each row's change between them is its noise floor.")
    List<Path> aa;

    @Override
    public Integer call() {
        Path outDir = out == null ? null : OutputPaths.folder(out);
        Comparison c = compare();
        PrintWriter stdout = spec.commandLine().getOut(), stderr = spec.commandLine().getErr();
        String rendered = render(c, format);
        List<Path> written = outDir == null ? List.of() : CompareFiles.writeAll(c, outDir);
        stdout.print(rendered);
        stdout.flush();
        written.forEach(p -> stderr.println("wrote " + p));
        int rc = options.exitCode(c);
        if (rc != 0) stderr.println("durabench compare: " + options.why(c));
        stderr.flush();
        return rc;
    }

    private Comparison compare() {
        var settings = options.settings(by != null && paths.size() == 1 && io.durabench.results.LockStepFile.isLockStep(paths.get(0)));
        var allowed = options.allowed();
        List<SetPair> pairs;
        String base, candidate;
        List<String> notes = new ArrayList<>();
        if (by != null) {
            if (!by.equals("jdk")) throw new UsageException("--by " + by + ": the only grouping is --by jdk");
            if (paths.size() != 1) {
                throw new UsageException("--by jdk compares the JDKs inside one run folder: give that FOLDER only, not BASE and CANDIDATE");
            }
            Path folder = paths.get(0);
            if (!Files.isDirectory(folder)) {
                throw new UsageException("--by jdk needs a run folder (durabench run --jvm A --jvm B --out FOLDER), not " + folder);
            }
            pairs = JvmSlots.byJdk(folder, ResultsLoader.load(List.of(folder)));
            notes.addAll(JvmSlots.notes(pairs, JvmSlots.roundsOf(folder)));
            base = JvmSlots.describe(folder, pairs.stream().flatMap(p -> p.base().stream()).toList());
            candidate = JvmSlots.describe(folder, pairs.stream().flatMap(p -> p.candidate().stream()).toList());
        } else if (hosts != null && !hosts.isEmpty()) {
            if (paths.size() != 1 || !FleetFolder.isFleet(paths.get(0)) || hosts.size() != 2) {
                throw new UsageException("--host compares hosts of one fleet: name the fleet folder (with hosts.json) alone and give --host "
                        + "twice, BASE's host(s) then CANDIDATE's, e.g. compare results/fleet-x --host host-a --host host-b");
            }
            Path fleet = paths.get(0);
            List<ResultSet> b = FleetSides.side(fleet, hosts.get(0)), c = FleetSides.side(fleet, hosts.get(1));
            pairs = SetPairing.pair(b, c);
            base = JvmSlots.describe(Path.of(FleetSides.describe(fleet, hosts.get(0))), b);
            candidate = JvmSlots.describe(Path.of(FleetSides.describe(fleet, hosts.get(1))), c);
        } else {
            if (paths.size() != 2) {
                throw new UsageException("name BASE and CANDIDATE (two results folders or JMH files), or one run folder with --by jdk");
            }
            List<ResultSet> b = ResultsLoader.load(List.of(paths.get(0))), c = ResultsLoader.load(List.of(paths.get(1)));
            pairs = SetPairing.pair(b, c);
            base = JvmSlots.describe(paths.get(0), b);
            candidate = JvmSlots.describe(paths.get(1), c);
        }
        return new ComparisonBuilder(base, candidate, pairs, aaPairs(), notes).compare(settings, allowed);
    }

    /** --aa A A2: the two runs paired like BASE and CANDIDATE, each pair an A/A pair of its target. */
    private List<SetPair.AaPair> aaPairs() {
        if (aa == null || aa.isEmpty()) return List.of();
        List<SetPair.AaPair> pairs = new ArrayList<>();
        for (SetPair p : SetPairing.pair(ResultsLoader.load(List.of(aa.get(0))), ResultsLoader.load(List.of(aa.get(1))))) {
            pairs.add(new SetPair.AaPair(p.label(), aa.get(0) + " vs " + aa.get(1) + " (--aa)", p.base(), p.candidate()));
        }
        return pairs;
    }

    static String render(Comparison c, ReportCommand.Format format) {
        return switch (format) {
            case text -> CompareText.render(c);
            case markdown -> CompareMarkdown.render(c);
            case html -> HtmlRenderer.fromMarkdown(CompareMarkdown.render(c), List.of());
            case csv -> CompareJson.csv(c);
            case json -> CompareJson.render(c);
        };
    }
}
