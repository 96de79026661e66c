package io.durabench.suite;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the cells of one target directory through JMH, one cell per JMH run (each JMH run forks
 * its own JVM per cell anyway), so one refused or failed cell never takes the others down.
 * Every cell ends up either in the results or in the skipped list with its reason.
 */
public final class SuiteRunner {
    private final JmhSettings settings;
    private final FeasibilityProbe probe;

    public SuiteRunner(JmhSettings settings, FeasibilityProbe probe) {
        this.settings = settings;
        this.probe = probe;
    }

    public TargetOutcome run(List<BenchmarkCell> cells) {
        List<RunResult> results = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        int i = 0;
        for (BenchmarkCell cell : cells) {
            i++;
            Optional<FeasibilityProbe.Outcome> refused = probe.check(cell);
            if (refused.isPresent()) {
                FeasibilityProbe.Outcome o = refused.get();
                skipped.add(new Skipped(cell, o.unsupported(), o.reason()));
                System.out.printf("# durabench [%d/%d] %s: %s (%s)%n", i, cells.size(), cell,
                        o.unsupported() ? "n/a" : "FAILED", o.reason());
                continue;
            }
            System.out.printf("# durabench [%d/%d] %s%n", i, cells.size(), cell);
            try {
                results.addAll(runJmh(cell));
            } catch (RunnerException e) {
                skipped.add(new Skipped(cell, false, "JMH run failed: " + rootMessage(e)));
            }
        }
        return new TargetOutcome(results, skipped);
    }

    private Collection<RunResult> runJmh(BenchmarkCell cell) throws RunnerException {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(cell.benchmark()) + "$")
                .threads(cell.threads())
                .shouldFailOnError(true);
        settings.applyTo(b, cell.modes());
        for (Map.Entry<String, String> p : cell.params().entrySet()) b.param(p.getKey(), p.getValue());
        settings.applyUserParams(b, cell.params());
        Collection<RunResult> r = new Runner(b.build()).run();
        if (r.isEmpty()) throw new RunnerException("JMH produced no result for " + cell);
        return r;
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null) c = c.getCause();
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** A cell that produced no number, and why. */
    public record Skipped(BenchmarkCell cell, boolean unsupported, String reason) {
    }

    /** What one target directory produced. */
    public record TargetOutcome(List<RunResult> results, List<Skipped> skipped) {
        public boolean anyFailed() {
            return skipped.stream().anyMatch(s -> !s.unsupported());
        }
    }
}
