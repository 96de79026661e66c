package io.durabench.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.TargetLabel;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.report.Environment;
import io.durabench.suite.BenchmarkCell;
import io.durabench.suite.FeasibilityProbe;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.Profile;
import io.durabench.suite.ResultsWriter;
import io.durabench.suite.RunSummary;
import io.durabench.suite.SuitePlanner;
import io.durabench.suite.SuiteRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** durabench run: the suite on one or more directories, JMH JSON + environment per directory. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs the durability suite on each --dir: JMH JSON, environment and n/a list per directory, then a summary.",
                "Standard JMH options may follow '--' (e.g. -- -f 2 -i 10 -bm sample -p blockSizeBytes=4096)."})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Target directory (repeatable). Default: target/durabench-data in the project, on its own filesystem.")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "quick|standard|full", defaultValue = "quick",
            description = "quick: pg_test_fsync's main table, ~2 min per dir; standard: every axis, <30 min; full: cross product (hours). Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder. Default: results/<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Parameters(paramLabel = "JMH-OPTION", arity = "0..*", description = "JMH options passed through (after --).")
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        Profile p = parseProfile(profile);
        JmhSettings settings;
        try {
            settings = JmhSettings.of(p, jmhArgs);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        List<Path> targets = resolveTargets();
        Path outDir = out != null ? out : defaultOut();
        if (Files.exists(outDir) && !isEmptyDir(outDir)) {
            throw new UsageException("output folder " + outDir + " already exists and is not empty: pass a new --out");
        }

        SuitePlanner planner = new SuitePlanner(settings::userParam);
        List<String> includes = settings.includes();
        if (planner.plan(p, targets.get(0)).stream().noneMatch(c -> matches(includes, c))) {
            throw new UsageException("no benchmark of the " + p.label() + " profile matches " + includes
                    + ": check the pattern (group commit runs in standard and full, not quick)");
        }
        Files.createDirectories(outDir);
        JsonObject manifest = new JsonObject();
        manifest.addProperty("profile", p.label());
        manifest.addProperty("started", Instant.now().toString());
        manifest.add("jmhArgs", toJsonArray(jmhArgs));
        JsonArray targetsJson = new JsonArray();
        boolean failed = false;
        List<Runnable> summaries = new ArrayList<>();

        for (Path dir : targets) {
            String label = TargetLabel.label(dir);
            Path targetOut = outDir.resolve(label);
            Files.createDirectories(targetOut);
            JsonObject env = EnvironmentProbe.capture(dir);
            EnvironmentProbe.write(env, targetOut.resolve(ResultsWriter.ENVIRONMENT));
            Environment facts = Environment.of(env);
            String fs = facts.filesystem();
            // null = the probe cannot tell (nfs, fuse, hidden overlay): warn, but do not call it durable.
            Boolean durableStorage = facts.durableStorage();
            boolean durable = Boolean.TRUE.equals(durableStorage);
            if (Boolean.FALSE.equals(durableStorage)) {
                System.out.println("WARNING: " + dir + " is on " + fs + ": NOTHING WRITTEN THERE IS DURABLE. Every sync is"
                        + " nearly free; these numbers measure memory, not storage.");
            } else if (!durable) {
                System.out.println("WARNING: cannot tell whether " + dir + " (" + fs + ") reaches stable storage: "
                        + facts.durableStorageReason() + ". Treat its numbers with suspicion.");
            }
            List<BenchmarkCell> cells = planner.plan(p, dir).stream().filter(c -> matches(includes, c)).toList();
            System.out.printf("# durabench: %d cells on %s (%s), profile %s, about %.0f s of JMH time%n",
                    cells.size(), dir, fs, p.label(), cells.stream().mapToDouble(settings::secondsFor).sum());
            SuiteRunner.TargetOutcome outcome = new SuiteRunner(settings, new FeasibilityProbe(JnrSyscalls.get(), fs, facts.flushDevice() != null)).run(cells);
            ResultsWriter.writeJmh(outcome.results(), targetOut.resolve(ResultsWriter.JMH_RESULT));
            ResultsWriter.writeSkipped(outcome.skipped(), targetOut.resolve(ResultsWriter.NOT_APPLICABLE));
            failed |= outcome.anyFailed();
            JsonObject tj = new JsonObject();
            tj.addProperty("dir", dir.toString());
            tj.addProperty("label", label);
            targetsJson.add(tj);
            summaries.add(() -> RunSummary.print(System.out, dir.toString(), fs, durable, outcome));
        }
        manifest.addProperty("finished", Instant.now().toString());
        manifest.add("targets", targetsJson);
        ResultsWriter.writeJson(manifest, outDir.resolve(ResultsWriter.RUN_MANIFEST));

        summaries.forEach(Runnable::run);
        System.out.println();
        System.out.println("Results in " + outDir + "  (durabench report " + outDir + " for the full analysis)");
        if (failed) System.err.println("durabench: some cells FAILED (listed above); their numbers were not recorded");
        return failed ? 1 : 0;
    }

    private static Profile parseProfile(String s) {
        try {
            return Profile.valueOf(s.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --profile '" + s + "': use quick, standard or full");
        }
    }

    /** Validates every directory before anything is written, so bad input leaves no stray files. */
    private List<Path> resolveTargets() {
        List<Path> given = dirs.isEmpty() ? List.of(defaultDir()) : dirs;
        List<Path> resolved = new ArrayList<>();
        for (Path d : given) {
            Path abs = d.toAbsolutePath().normalize();
            if (dirs.isEmpty()) {
                try {
                    Files.createDirectories(abs);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot create default target " + abs + ": " + e.getMessage(), e);
                }
            }
            if (!Files.isDirectory(abs)) {
                throw new UsageException("target directory " + d + " does not exist or is not a directory: create it or pass another --dir");
            }
            if (!Files.isWritable(abs)) {
                throw new UsageException("target directory " + d + " is not writable: fix its permissions or pass another --dir");
            }
            resolved.add(abs);
        }
        return resolved;
    }

    /** Under the project's target/ (the launcher passes -Ddurabench.home): never java.io.tmpdir, which may be tmpfs. */
    static Path defaultDir() {
        return Path.of(System.getProperty("durabench.home", ".")).resolve("target").resolve("durabench-data");
    }

    private static Path defaultOut() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return Path.of("results", host + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    private static boolean isEmptyDir(Path p) throws IOException {
        if (!Files.isDirectory(p)) return false;
        try (var s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    private static boolean matches(List<String> includes, BenchmarkCell c) {
        return includes.isEmpty() || includes.stream().anyMatch(i -> Pattern.compile(i).matcher(c.benchmark()).find());
    }

    private static JsonArray toJsonArray(List<String> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        return a;
    }
}
