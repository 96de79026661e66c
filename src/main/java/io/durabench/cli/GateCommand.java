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
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsFolder;
import io.durabench.results.ResultsLoader;
import io.durabench.results.RunManifest;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.Profile;
import io.durabench.suite.JvmSlot;
import io.durabench.suite.RunTarget;
import io.durabench.suite.SuiteRun;
import io.durabench.suite.TargetCheck;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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

/**
 * `durabench gate BASELINE`: the lab-box gate. Runs the profile (and JMH options) the baseline was
 * measured with on --dir, compares the new run with the baseline and exits 1 on a regression, so
 * `mvn verify -Pbench -Ddurabench.baseline=PATH` fails the build when durability got dearer.
 */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Runs BASELINE's profile and JMH options (from its run.json) on --dir, compares the result with BASELINE "
                + "as durabench compare does, prints the comparison and writes it to OUT/compare/.",
                "Exit 0: nothing --fail-on counts; 1: a counted change, or a cell FAILED; 2: bad input, or BASELINE was measured "
                        + "on another filesystem, device or with other JMH settings (see --allow-different); 3: durabench itself failed."})
public final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE", description = "A `durabench run --out` folder (with run.json): the stored baseline.")
    Path baseline;

    @Option(names = "--dir", paramLabel = "DIR", description = "Target directory of the new run. Default: target/durabench-data in the project.")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder of the new run (and its compare/). Default: results/<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Mixin
    CompareOptions options;

    @Override
    public Integer call() {
        var settings = options.settings();
        var allowed = options.allowed();
        RunManifest manifest = baselineManifest();
        Profile profile = profileOf(manifest);
        JmhSettings jmh;
        try {
            jmh = JmhSettings.of(profile, manifest.jmhArgs());
        } catch (IllegalArgumentException e) {
            throw new UsageException("BASELINE " + baseline + "'s run.json: " + e.getMessage());
        }
        List<ResultSet> base = ResultsLoader.load(List.of(baseline));
        List<JvmSlot> slots = slots(manifest);
        List<String> notes = new ArrayList<>();
        Path target = target(notes);
        Path outDir = out != null ? out : RunCommand.defaultOut();
        if (Files.exists(outDir) && !isEmptyFolder(outDir)) {
            throw new UsageException("output folder " + outDir + " already exists and is not empty: pass a new --out");
        }
        // Refuse before a long run what the comparison would refuse after it: another filesystem or device.
        ResultSet here = new ResultSet(target.resolve(ResultsFolder.JMH_RESULT), EnvironmentProbe.capture(target), List.of(), List.of());
        FingerprintCheck.of(Fingerprint.of(base), Fingerprint.of(List.of(here)), allowed).requireComparable("BASELINE and --dir " + target);

        PrintWriter stdout = spec.commandLine().getOut(), stderr = spec.commandLine().getErr();
        SuiteRun run = new SuiteRun(profile, jmh, manifest.jmhArgs(), slots,
                new SuiteRun.Options(false, manifest.options().verifySyscalls(), manifest.options().trimHistograms()), JnrSyscalls.get(), stdout, stderr);
        if (run.plan(target).isEmpty()) {
            throw new UsageException("BASELINE's JMH options " + manifest.jmhArgs() + " select no benchmark of the " + profile.label() + " profile");
        }
        notes.forEach(stdout::println);
        stdout.println("# durabench gate: the baseline's profile " + profile.label() + " " + String.join(" ", manifest.jmhArgs())
                + " on " + target + (manifest.jvms().isEmpty() ? "" : " with its JVMs") + ", then compared with " + baseline);
        stdout.flush();
        boolean failed = run.run(List.of(RunTarget.directory(target)), outDir, List.of());

        List<ResultSet> candidate = ResultsLoader.load(List.of(outDir));
        RunReport.write(outDir, candidate, stdout, stderr);
        Comparison c = new ComparisonBuilder(JvmSlots.describe(baseline, base), JvmSlots.describe(outDir, candidate),
                SetPairing.pair(base, candidate), List.of(), List.of()).compare(settings, allowed);
        stdout.println();
        stdout.print(CompareText.render(c));
        stdout.flush();
        CompareFiles.writeAll(c, outDir.resolve("compare")).forEach(p -> stderr.println("wrote " + p));
        int rc = options.exitCode(c);
        if (rc != 0) stderr.println("durabench gate: FAILED: " + options.why(c) + " against " + baseline);
        if (failed) {
            stderr.println("durabench gate: FAILED: some cells of the new run FAILED (listed above)");
            rc = OneLineErrors.EXIT_FAILURE;
        }
        if (rc == 0) stdout.println("durabench gate: passed: nothing that --fail-on " + options.failOn + " counts against " + baseline);
        stdout.flush();
        stderr.flush();
        return rc;
    }

    private RunManifest baselineManifest() {
        Path file = baseline.resolve(ResultsFolder.RUN_MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new UsageException("BASELINE " + baseline + " has no " + ResultsFolder.RUN_MANIFEST
                    + ": the gate reruns the baseline's profile, so name the folder `durabench run --out` wrote");
        }
        return RunManifest.read(file);
    }

    private Profile profileOf(RunManifest manifest) {
        try {
            return RunCommand.parseProfile(String.valueOf(manifest.profile()));
        } catch (UsageException e) {
            throw new UsageException("BASELINE " + baseline + "'s run.json names profile '" + manifest.profile()
                    + "', which durabench run cannot repeat (quick, standard, full, compare)");
        }
    }

    /**
     * The baseline's JVMs again (a baseline of one JDK, perhaps measured twice), or the launcher's JVM
     * when it named none. A baseline of several JDKs is refused before anything runs: a gate compares
     * one setup with itself; JDKs are compared with compare --by jdk.
     */
    private List<JvmSlot> slots(RunManifest manifest) {
        if (manifest.jvms().isEmpty()) return List.of(JvmSlot.launcher());
        List<String> versions = manifest.jvms().stream().map(RunManifest.Jvm::version).distinct().toList();
        if (versions.size() > 1) {
            throw new UsageException("BASELINE " + baseline + " measured " + versions.size() + " JDKs (" + String.join(", ", versions)
                    + "): a gate reruns one setup; compare JDKs with durabench compare " + baseline + " --by jdk");
        }
        try {
            return manifest.jvms().stream().map(j -> new JvmSlot(j.slot(), JvmFacts.of(Path.of(j.java())))).toList();
        } catch (IllegalArgumentException e) {
            throw new UsageException("BASELINE " + baseline + "'s JVM: " + e.getMessage());
        }
    }

    private Path target(List<String> notes) {
        Path d = dir != null ? dir : RunCommand.defaultDir();
        try {
            if (dir == null) Files.createDirectories(d);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create default target " + d + ": " + e.getMessage(), e);
        }
        return TargetCheck.check(d, notes);
    }

    private static boolean isEmptyFolder(Path p) {
        try (var s = Files.list(p)) {
            return Files.isDirectory(p) && s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
