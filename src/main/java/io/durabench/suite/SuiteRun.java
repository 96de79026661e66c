package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.TargetLabel;
import io.durabench.nativeio.Syscalls;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One `durabench run`: for each target directory, its environment, the planned cells (filtered by
 * the user's benchmark patterns), the feasibility probe and JMH, and the results folder; then a
 * summary per target. Everything it prints goes to the writer it is given (JMH's output included).
 */
public final class SuiteRun {
    private final Profile profile;
    private final JmhSettings settings;
    private final List<String> jmhArgs;
    private final SuitePlanner planner;
    private final Syscalls probeSyscalls;
    private final PrintWriter out;
    private final PrintWriter err;

    /** @param probeSyscalls what the feasibility probe calls the kernel through (JnrSyscalls; tests inject failures) */
    public SuiteRun(Profile profile, JmhSettings settings, List<String> jmhArgs, Syscalls probeSyscalls, PrintWriter out, PrintWriter err) {
        this.profile = profile;
        this.settings = settings;
        this.jmhArgs = List.copyOf(jmhArgs);
        this.planner = new SuitePlanner(settings::userParam);
        this.probeSyscalls = probeSyscalls;
        this.out = out;
        this.err = err;
    }

    /** The cells this run would measure on {@code dir}: the profile's, narrowed by the user's patterns. */
    public List<Cell> plan(Path dir) {
        List<String> includes = settings.includes();
        return planner.plan(profile, dir).stream().filter(c -> matches(includes, c)).toList();
    }

    /** Runs every target into {@code outDir} (which must exist and be empty); true when some cell FAILED. */
    public boolean run(List<Path> targets, Path outDir) {
        ResultsFolder folder = ResultsFolder.create(outDir);
        String started = Instant.now().toString();
        List<RunManifest.Target> manifestTargets = new ArrayList<>();
        List<Runnable> summaries = new ArrayList<>();
        boolean failed = false;
        for (Path dir : targets) {
            String label = TargetLabel.label(dir);
            ResultsFolder.Target target = folder.target(label);
            Environment env = EnvironmentProbe.capture(dir);
            target.writeEnvironment(env);
            String fs = env.filesystem();
            // null = the probe cannot tell (nfs, fuse, hidden overlay): warn, but do not call it durable.
            Boolean durableStorage = env.durableStorage();
            boolean durable = Boolean.TRUE.equals(durableStorage);
            if (Boolean.FALSE.equals(durableStorage)) {
                out.println("WARNING: " + dir + " is on " + fs + ": NOTHING WRITTEN THERE IS DURABLE. Every sync is"
                        + " nearly free; these numbers measure memory, not storage.");
            } else if (!durable) {
                out.println("WARNING: cannot tell whether " + dir + " (" + fs + ") reaches stable storage: "
                        + env.durableStorageReason() + ". Treat its numbers with suspicion.");
            }
            List<Cell> cells = plan(dir);
            out.printf("# durabench: %d cells on %s (%s), profile %s, about %.0f s of JMH time%n",
                    cells.size(), dir, fs, profile.label(), cells.stream().mapToDouble(settings::secondsFor).sum());
            out.flush();
            SuiteRunner.TargetOutcome outcome = new SuiteRunner(settings, FeasibilityProbe.forTarget(probeSyscalls, env), out).run(cells);
            target.writeResults(outcome.results());
            target.writeNotMeasured(outcome.notMeasured());
            failed |= outcome.anyFailed();
            manifestTargets.add(new RunManifest.Target(dir.toString(), label));
            summaries.add(() -> RunSummary.print(out, dir.toString(), fs, durable, outcome));
        }
        folder.writeManifest(new RunManifest(profile.label(), started, jmhArgs, Instant.now().toString(), manifestTargets));
        summaries.forEach(Runnable::run);
        out.println();
        out.println("Results in " + outDir + "  (durabench report " + outDir + " for the full analysis)");
        out.flush();
        if (failed) {
            err.println("durabench: some cells FAILED (listed above); their numbers were not recorded");
            err.flush();
        }
        return failed;
    }

    private static boolean matches(List<String> includes, Cell c) {
        return includes.isEmpty() || includes.stream().anyMatch(i -> Pattern.compile(i).matcher(c.benchmark().jmhName()).find());
    }
}
