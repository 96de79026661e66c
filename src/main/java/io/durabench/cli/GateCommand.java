package io.durabench.cli;

import io.durabench.compare.Comparison;
import io.durabench.compare.ComparisonBuilder;
import io.durabench.compare.Fingerprint;
import io.durabench.compare.FingerprintCheck;
import io.durabench.compare.JvmSlots;
import io.durabench.compare.SetPairing;
import io.durabench.compare.render.CompareFiles;
import io.durabench.compare.render.CompareText;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsFolder;
import io.durabench.results.ResultsLoader;
import io.durabench.results.RunManifest;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.JvmSlot;
import io.durabench.suite.Profile;
import io.durabench.suite.RunTarget;
import io.durabench.suite.SuiteRun;
import io.durabench.suite.TargetCheck;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `durabench gate --history DIR` (or `gate BASELINE`): the lab-box gate. Measures this machine again
 * with the settings of the history's runs (or of one baseline run), judges the new run and exits 1
 * on a regression, so `mvn verify -Pbench -Ddurabench.history=DIR` fails the build when durability
 * got dearer. Against a history the judgement knows how much runs of an unchanged setup differ
 * ({@link GateHistory}); against one baseline it is compare's, which sees only the forks of two runs.
 */
@Command(name = "gate", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Measures --dir with the settings of the history's runs (--history DIR) or of BASELINE (one `durabench run --out` "
                + "folder), judges the new run and writes it to --out. Against a history: control limits from the runs' own run-to-run "
                + "spread, at most --false-alarm of unchanged runs fail; a run joins the history unless it regressed. Against BASELINE: "
                + "durabench compare of the two runs (which cannot see how much runs differ from each other).",
                "Exit 0: nothing --fail-on counts; 1: a counted change, a missed --slo, or a cell FAILED; 2: bad input, or the new run was measured "
                        + "on another filesystem, device or with other JMH settings (see --allow-different); 3: durabench itself failed."})
public final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "BASELINE | JMH-OPTION", arity = "0..*", description = "Without --history: BASELINE, a `durabench run --out` "
            + "folder (with run.json). With --history: JMH options (after --) for the first run of an empty history.")
    List<String> positional = new ArrayList<>();

    @Option(names = "--history", paramLabel = "DIR", description = "Judge against the runs in DIR (each a `durabench run --out` folder); "
            + "created when missing. It judges from " + io.durabench.gate.HistoryJudge.MIN_RUNS + " runs on; until then runs are admitted unjudged.")
    Path history;

    @Option(names = "--profile", paramLabel = "quick|standard|full|compare", description = "Profile of an empty history's first run "
            + "(default quick); once the history has runs, their profile (a different one is noted, not used).")
    String profile;

    @Option(names = "--window", paramLabel = "N", description = "Judge against the newest N runs of the history (default: ${DEFAULT-VALUE}); "
            + "each row's centre is the newest " + io.durabench.gate.HistoryJudge.CENTRE_RUNS + " of them.")
    int window = 20;

    @Option(names = "--false-alarm", paramLabel = "RATE", description = "With --history: the largest share of runs of an unchanged setup "
            + "that may fail (one-sided, Holm over the rows; improvements are flagged at the same rate of their own; default: ${DEFAULT-VALUE}).")
    double falseAlarm = 0.01;

    @Option(names = "--start-over", description = "With --history: retire its runs into DIR/retired-<time>/ first (after a deliberate "
            + "change: a new JDK, disk or kernel), so this run starts a new history.")
    boolean startOver;

    @Option(names = "--no-admit", description = "With --history: never add this run to the history, even when it passes.")
    boolean noAdmit;

    @Option(names = "--control", paramLabel = "c-twin|none", description = "With --history: what each row is also measured against "
            + "in lock-step, so that the build is judged on its ratio to it: c-twin (its C twin, the same durable calls without a JVM; the "
            + "default of an empty history) or none (absolute values only). A history with runs repeats its own; empty: theirs.")
    String control;

    @Option(names = "--ratio-threshold", paramLabel = "PCT", description = "With --history and a control: the smallest change of a row's "
            + "ratio to its control in %% that counts (default: ${DEFAULT-VALUE}; the absolute rule's is --threshold).")
    double ratioThreshold = CompareOptions.LOCK_STEP_THRESHOLD;

    @Option(names = "--forks", paramLabel = "N", description = "With --history: forks per cell of an empty history's first run (JMH's -f;"
            + " default: the profile's); once the history has runs, theirs.")
    Integer forks;

    @Option(names = "--dir", paramLabel = "DIR", description = "Target directory of the new run. Default: target/durabench-data in the project.")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder of the new run (and its gate/ or compare/). Default: results/<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Mixin
    CompareOptions options;

    @Mixin
    SloOptions slo;

    /** The --slo objectives (parsed before anything runs) and the exit code their verdicts call for. */
    private List<io.durabench.slo.Slo> slos = List.of();
    private int sloExit;

    @Override
    public Integer call() {
        slos = slo.checked();
        positional.removeIf(String::isBlank); // Maven passes an unset -Ddurabench.benchmarks as an empty argument
        if (history != null) {
            positional = RunForks.intoJmhArgs(forks, positional, spec);
            return new GateHistory(this).call();
        }
        if (forks != null) throw new UsageException("--forks goes with --history (an empty history's first run): against BASELINE the gate reruns its forks");
        if (positional.size() != 1) {
            throw new UsageException("gate needs --history DIR (recommended), or one BASELINE folder: got " + positional.size() + " arguments");
        }
        if (profile != null || startOver || noAdmit || (control != null && !control.isBlank())) {
            throw new UsageException("--profile, --control, --start-over and --no-admit go with --history");
        }
        return againstBaseline(Path.of(positional.get(0)));
    }

    /** The settings a gate run repeats: from a run.json (the baseline's, or the history's newest run's). */
    record Rerun(Profile profile, List<String> jmhArgs, JmhSettings jmh, List<JvmSlot> slots, RunManifest.Options runOptions) {
    }

    Rerun rerunOf(Path folder, RunManifest manifest, String what) {
        Profile p;
        try {
            p = RunCommand.parseProfile(String.valueOf(manifest.profile()));
        } catch (UsageException e) {
            throw new UsageException(what + " " + folder + "'s run.json names profile '" + manifest.profile()
                    + "', which durabench run cannot repeat (quick, standard, full, compare)");
        }
        return new Rerun(p, manifest.jmhArgs(), jmhSettings(p, manifest.jmhArgs(), what + " " + folder + "'s run.json"), slots(folder, manifest, what),
                manifest.options());
    }

    static JmhSettings jmhSettings(Profile p, List<String> args, String where) {
        try {
            return JmhSettings.of(p, args);
        } catch (IllegalArgumentException e) {
            throw new UsageException(where + ": " + e.getMessage());
        }
    }

    /** Refuses a non-empty --out, then the target and its notes; refuses a target whose filesystem or device differs from the reference. */
    Path checkedTarget(List<String> notes) {
        return TargetCheck.check(DefaultTarget.prepared(dir), notes);
    }

    Path outDir() {
        return OutputPaths.newFolder(out != null ? out : RunCommand.defaultOut());
    }

    /** Refuses before a long run what the judgement would refuse after it: another filesystem or device. */
    void requireSameSetup(List<ResultSet> reference, Path target, String what) {
        ResultSet here = new ResultSet(target.resolve(ResultsFolder.JMH_RESULT), EnvironmentProbe.capture(target, NativeLayers.currentKind().word()), List.of(), List.of());
        FingerprintCheck.of(Fingerprint.of(reference), Fingerprint.of(List.of(here)), options.allowed()).requireComparable(what + " and --dir " + target);
    }

    /** Measures the rerun on the target into outDir and writes its report; true when some cell FAILED. */
    boolean measure(Rerun rerun, Path target, Path outDir, String intro) {
        PrintWriter stdout = spec.commandLine().getOut(), stderr = spec.commandLine().getErr();
        SuiteRun run = new SuiteRun(rerun.profile(), rerun.jmh(), rerun.jmhArgs(), rerun.slots(),
                new SuiteRun.Options(false, rerun.runOptions().verifySyscalls(), rerun.runOptions().trimHistograms()), NativeLayers.current(), stdout, stderr)
                .control(rerun.runOptions().control() != null);
        if (run.plan(target).isEmpty()) {
            throw new UsageException("JMH options " + rerun.jmhArgs() + " select no benchmark of the " + rerun.profile().label() + " profile");
        }
        stdout.println("# durabench gate: " + intro);
        stdout.flush();
        boolean failed = run.run(List.of(RunTarget.directory(target)), outDir, List.of());
        sloExit = RunReport.write(outDir, ResultsLoader.load(List.of(outDir)), slos, stdout, stderr).sloExit();
        return failed;
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    private int againstBaseline(Path baseline) {
        var settings = options.settings();
        Path outDir = outDir(); // before the baseline is read: nothing is, for an --out that cannot be written
        RunManifest manifest = manifestOf(baseline, "BASELINE");
        Rerun rerun = rerunOf(baseline, manifest, "BASELINE");
        List<ResultSet> base = ResultsLoader.load(List.of(baseline));
        List<String> notes = new ArrayList<>();
        Path target = checkedTarget(notes);
        requireSameSetup(base, target, "BASELINE");
        notes.forEach(out()::println);
        out().println("# note: judged against one run, whose forks cannot show how much runs of this machine differ from each other"
                + " (a lab box's gate failed 1 build in 3 this way with nothing changed): keep a history instead, gate --history DIR");
        boolean failed = measure(rerun, target, outDir, "the baseline's profile " + rerun.profile().label() + " " + String.join(" ", rerun.jmhArgs())
                + " on " + target + (manifest.jvms().isEmpty() ? "" : " with its JVMs") + ", then compared with " + baseline);
        List<ResultSet> candidate = ResultsLoader.load(List.of(outDir));
        Comparison c = new ComparisonBuilder(JvmSlots.describe(baseline, base), JvmSlots.describe(outDir, candidate),
                SetPairing.pair(base, candidate), List.of(), List.of()).compare(settings, options.allowed());
        out().println();
        out().print(CompareText.render(c));
        out().flush();
        CompareFiles.writeAll(c, outDir.resolve("compare")).forEach(p -> err().println("wrote " + p));
        int rc = options.exitCode(c);
        if (rc != 0) err().println("durabench gate: FAILED: " + options.why(c) + " against " + baseline);
        return finish(rc, failed, "against " + baseline);
    }

    /** The exit code {@link #finish} will return for this verdict's code: 1 too for a FAILED cell or a missed --slo. */
    int finalCode(int rc, boolean failedCells) {
        return Math.max(failedCells ? OneLineErrors.EXIT_FAILURE : rc, Math.max(rc, sloExit));
    }

    int finish(int rc, boolean failedCells, String against) {
        if (failedCells) {
            err().println("durabench gate: FAILED: some cells of the new run FAILED (listed above)");
            rc = OneLineErrors.EXIT_FAILURE;
        }
        if (sloExit == OneLineErrors.EXIT_FAILURE) err().println("durabench gate: FAILED: an --slo was missed (the verdicts above)");
        rc = Math.max(rc, sloExit);
        if (rc == 0) out().println("durabench gate: passed: nothing that --fail-on " + options.failOn + " counts " + against);
        out().flush();
        err().flush();
        return rc;
    }

    static RunManifest manifestOf(Path folder, String what) {
        Path file = folder.resolve(ResultsFolder.RUN_MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new UsageException(what + " " + folder + " has no " + ResultsFolder.RUN_MANIFEST
                    + ": the gate reruns its settings, so name a folder `durabench run --out` wrote");
        }
        return RunManifest.read(file);
    }

    /**
     * The JVMs again (one JDK, perhaps measured twice), or the launcher's JVM when the run named none.
     * Several JDKs are refused before anything runs: a gate judges one setup; JDKs are compared with compare --by jdk.
     */
    static List<JvmSlot> slots(Path folder, RunManifest manifest, String what) {
        List<String> versions = manifest.jvms().stream().map(RunManifest.Jvm::version).distinct().toList();
        if (versions.size() > 1) {
            throw new UsageException(what + " " + folder + " measured " + versions.size() + " JDKs (" + String.join(", ", versions)
                    + "): a gate reruns one setup; compare JDKs with durabench compare " + folder + " --by jdk");
        }
        try {
            return JvmSlot.recorded(manifest);
        } catch (IllegalArgumentException e) {
            throw new UsageException(what + " " + folder + "'s JVM: " + e.getMessage());
        }
    }
}
