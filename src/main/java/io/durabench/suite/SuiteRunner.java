package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.results.JmhParams;
import io.durabench.results.NotMeasured;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the cells of one target directory through JMH, one cell per JMH run (each JMH run forks
 * its own JVM per cell anyway), so one refused or failed cell never takes the others down.
 * Every cell ends up either in the results or in the not-measured list, as n/a or FAILED with why.
 */
public final class SuiteRunner {
    private final JmhSettings settings;
    private final FeasibilityProbe probe;
    private final PrintWriter out;
    private final PrintStream jmhOut;

    public SuiteRunner(JmhSettings settings, FeasibilityProbe probe, PrintWriter out) {
        this.settings = settings;
        this.probe = probe;
        this.out = out;
        this.jmhOut = WriterStream.onto(out);
    }

    public TargetOutcome run(List<Cell> cells) {
        List<RunResult> results = new ArrayList<>();
        List<NotMeasured> notMeasured = new ArrayList<>();
        int i = 0;
        for (Cell cell : cells) {
            i++;
            Optional<FeasibilityProbe.Outcome> refused = probe.check(cell);
            if (refused.isPresent()) {
                FeasibilityProbe.Outcome o = refused.get();
                NotMeasured nm = notMeasured(cell, o.unsupported() ? NotMeasured.Kind.NOT_APPLICABLE : NotMeasured.Kind.FAILED, o.reason());
                notMeasured.add(nm);
                out.printf("# durabench [%d/%d] %s: %s (%s)%n", i, cells.size(), cell, o.unsupported() ? "n/a" : "FAILED", o.reason());
                out.flush();
                continue;
            }
            out.printf("# durabench [%d/%d] %s%n", i, cells.size(), cell);
            out.flush();
            try {
                results.addAll(runJmh(cell));
            } catch (RunnerException | RuntimeException e) {
                // JMH throws unchecked exceptions too (a fork that cannot start): the cell failed, the run goes on.
                notMeasured.add(notMeasured(cell, NotMeasured.Kind.FAILED, "JMH run failed: " + rootMessage(e)));
                out.printf("# durabench [%d/%d] %s: FAILED (JMH run failed: %s)%n", i, cells.size(), cell, rootMessage(e));
                out.flush();
            }
        }
        return new TargetOutcome(results, notMeasured);
    }

    private static NotMeasured notMeasured(Cell cell, NotMeasured.Kind kind, String reason) {
        return new NotMeasured(cell.benchmark().jmhName(), JmhParams.of(cell.jmhParams()), kind, reason);
    }

    private Collection<RunResult> runJmh(Cell cell) throws RunnerException {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(cell.benchmark().jmhName()) + "$")
                .threads(cell.threads())
                .shouldFailOnError(true);
        settings.applyTo(b, cell.modes());
        for (Map.Entry<String, String> p : cell.jmhParams().entrySet()) b.param(p.getKey(), p.getValue());
        settings.applyUserParams(b, cell);
        Options options = b.build();
        OutputFormat format = OutputFormatFactory.createFormatInstance(jmhOut, options.verbosity().orElse(VerboseMode.NORMAL));
        Collection<RunResult> r = new Runner(options, format).run();
        if (r.isEmpty()) throw new RunnerException("JMH produced no result for " + cell);
        return r;
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null) c = c.getCause();
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** What one target directory produced: numbers, and the cells without one (n/a or failed). */
    public record TargetOutcome(List<RunResult> results, List<NotMeasured> notMeasured) {
        public boolean anyFailed() {
            return notMeasured.stream().anyMatch(NotMeasured::failed);
        }
    }
}
