package io.durabench.pg;

import io.durabench.child.ChildStatus;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentFacts;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkIntervals;
import io.durabench.stats.Stats;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `durabench pg`'s output: pg_test_fsync's five sections in its layout and words (an indented label
 * padded to 32 columns, {@code ops/sec} and {@code usecs/op}, {@code n/a} and {@code n/a*} with its
 * footnote), and after each number what pg_test_fsync does not give: the interval of usecs/op over
 * forks and, where it applies, NOT durable. The environment goes above the sections.
 */
public final class PgTable {
    private static final String LABEL = "        %-32s";

    private PgTable() {
    }

    public static List<String> lines(PgRun.Results r, Environment env) {
        List<String> out = new ArrayList<>();
        PgRun.Settings s = r.settings();
        out.add(String.format(Locale.ROOT, "%s second%s per test", num(s.secondsPerTest()), s.secondsPerTest() == 1 ? "" : "s"));
        out.add("O_DIRECT supported on this platform for open_datasync and open_sync.");
        out.add(String.format(Locale.ROOT, "durabench: %d forks (JVMs, one test file each), each line %.2f s per fork after %.2f s warmup;"
                        + " [low, high] is the %s%% interval of usecs/op over the forks", s.forks(), r.measureNanos() / 1e9,
                r.warmupNanos() / 1e9, num(100 * Stats.CONFIDENCE)));
        for (String e : EnvironmentFacts.lines(env)) if (!e.startsWith("JMH:")) out.add(e);
        String notDurable = notDurableStorage(env);
        if (notDurable != null) out.add("WARNING: " + notDurable + ": every line is NOT durable");
        Map<PgLine, Estimate> estimates = estimates(r);
        for (PgSections.Section section : PgSections.ALL) {
            out.add("");
            out.addAll(section.heading());
            boolean footnote = false;
            for (PgLine line : section.lines()) {
                String label = String.format(Locale.ROOT, LABEL, line.label());
                if (line.naByDesign().isPresent()) {
                    out.add(label + String.format(Locale.ROOT, "%19s", "n/a"));
                    continue;
                }
                List<PgRun.ForkResult> forks = r.byLine().get(line);
                PgRun.ForkResult refused = forks.stream().filter(f -> f.status() == ChildStatus.NOT_APPLICABLE).findFirst().orElse(null);
                PgRun.ForkResult failed = forks.stream().filter(f -> f.status() == ChildStatus.FAILED).findFirst().orElse(null);
                if (refused != null) {
                    footnote |= refused.directRefused();
                    out.add(label + String.format(Locale.ROOT, "%19s", refused.label()) + "  (" + refused.reason() + ")");
                } else if (failed != null) {
                    out.add(label + String.format(Locale.ROOT, "%19s", "FAILED") + "  " + failed.reason());
                } else {
                    Estimate e = estimates.get(line);
                    String interval = e == null || !e.hasInterval() ? "  (one fork: no interval)"
                            : String.format(Locale.ROOT, "  [%s, %s]", micros(e.low(), RoundingMode.FLOOR), micros(e.high(), RoundingMode.CEILING));
                    String durable = !line.durable() ? "  NOT durable (a plain write does not reach stable storage)"
                            : notDurable != null ? "  NOT durable" : "";
                    out.add(label + String.format(Locale.ROOT, "%11.3f ops/sec  %6.0f usecs/op", 1e6 / e.mean(), e.mean()) + interval + durable);
                }
            }
            if (footnote && section.directFootnote()) out.add(PgSections.DIRECT_IO_FOOTNOTE);
        }
        out.add("");
        out.add(String.format(Locale.ROOT, "durabench pg: %d timed lines x %d forks in %.1f s; pg_test_fsync -s %s times the same lines in %.0f s"
                        + " plus its 16 MiB test file", PgSections.measurable().size(), s.forks(), r.wallNanos() / 1e9, num(s.secondsPerTest()),
                s.secondsPerTest() * PgSections.measurable().size()));
        return out;
    }

    /** Per measured line: the mean usecs/op over forks with its interval (ForkIntervals: the report's, shrunk across lines). */
    static Map<PgLine, Estimate> estimates(PgRun.Results r) {
        List<PgLine> lines = new ArrayList<>();
        List<double[]> forkMeans = new ArrayList<>();
        r.byLine().forEach((line, forks) -> {
            if (forks.isEmpty() || !forks.stream().allMatch(PgRun.ForkResult::measured)) return;
            lines.add(line);
            forkMeans.add(forks.stream().mapToDouble(PgRun.ForkResult::microsPerOp).toArray());
        });
        List<Estimate> est = ForkIntervals.of(forkMeans);
        Map<PgLine, Estimate> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            double[] f = forkMeans.get(i);
            out.put(lines.get(i), est.get(i) != null ? est.get(i)
                    : new Estimate(java.util.Arrays.stream(f).average().orElse(Double.NaN), Double.NaN, Double.NaN, f.length, Double.NaN));
        }
        return out;
    }

    /** Why nothing written to the target is durable, or null when its storage is durable (or cannot be told). */
    private static String notDurableStorage(Environment env) {
        if (env == null || !Boolean.FALSE.equals(env.durableStorage())) return null;
        return env.targetDirectory() + " is on " + env.filesystem() + " (" + env.durableStorageReason() + ")";
    }

    /**
     * An interval's end, rounded outward (low down, high up) so the printed interval still holds the
     * line's number, also for a sub-microsecond line whose ends would otherwise round to one value.
     */
    static String micros(double us, RoundingMode outward) {
        return BigDecimal.valueOf(us).setScale(us >= 100 ? 0 : 1, outward).toPlainString();
    }

    private static String num(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }
}
