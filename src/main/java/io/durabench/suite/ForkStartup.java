package io.durabench.suite;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.stats.MedianEstimate;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * {@code durabench fork-startup}: what a fork costs `run` before and around its iterations, with and without
 * the class-data archive. Forks of one quick cell (FDATASYNC 8 KiB, no warmup, one 100 ms iteration) are made
 * exactly as {@code run} makes them ({@link CellRunner}: the slot's flags, its archive), the two modes
 * alternating fork by fork, their order swapped every round, so the machine's drift reaches both alike.
 */
public final class ForkStartup implements AutoCloseable {
    /** How a fork starts: plain, or from the slot's class-data archive. */
    public enum Mode { PLAIN, ARCHIVE }

    /**
     * One fork, ms of wall time from the launcher handing the cell to JMH (the fork's process is started after
     * that): to the fork's first iteration (the JVM's start and JMH's hand-shake), to that iteration's timed work
     * (the trial's set-up too, the native layer's load with it: the iteration's end less its {@value #ITERATION_MILLIS}
     * ms), and to JMH handing back its result (the fork's whole cost to a run).
     */
    public record Fork(long toFirstIteration, long toTimedWork, long wall) {
    }

    /** A slot's forks per mode; no ARCHIVE forks when the slot has no archive ({@code archive} "none": the line above said why). */
    public record SlotTimes(JvmSlot slot, String archive, Map<Mode, List<Fork>> forks) {
    }

    static final int ITERATION_MILLIS = 100;
    /** -wi 0 -i 1 -r 100ms: the shortest fork that still measures, so start-up is most of it. */
    private static final List<String> JMH_ARGS = List.of("-wi", "0", "-i", "1", "-r", ITERATION_MILLIS + "ms", "-prof",
            ForkStartupProfiler.class.getName());

    private final JmhSettings settings = JmhSettings.of(Profile.QUICK, JMH_ARGS);
    private final JmhOutput output;
    private final PrintWriter console;

    /** @param log where JMH's own output goes (also onto the console with {@code verbose}) */
    public ForkStartup(PrintWriter console, Path log, boolean verbose) {
        this.output = new JmhOutput(console, verbose, log);
        this.console = console;
    }

    @Override
    public void close() {
        output.close();
    }

    /** "-wi 0 -i 1 -r 100ms" for the header. */
    public static String jmhArgs() {
        return String.join(" ", JMH_ARGS.subList(0, 6));
    }

    /** The cell each fork runs, writing in {@code dir}: the class-data training fork's. */
    public static Cell cell(Path dir) {
        return ForkArchives.trainingCell(dir);
    }

    /**
     * {@code forks} forks per mode of {@link #cell} in {@code dir} on {@code slot}, the archive made first if it must
     * be (not timed); a fork JMH could not run ends the measurement with its reason (an IllegalStateException).
     */
    public SlotTimes measure(JvmSlot slot, Path dir, int forks) throws InterruptedException {
        CellRunner plain = new CellRunner(settings, output, console);
        CellRunner archived = new CellRunner(settings, output, console);
        try {
            JmhHostClient.shared(); // JMH's runner's JVM, started at a run's first cell: started now, so no timed fork pays for it
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot start the JVM that hosts JMH's runner: " + e.getMessage(), e);
        }
        ForkArchives.Decision archive = archived.prepareClassData(slot);
        List<Mode> modes = archive.archive() == null ? List.of(Mode.PLAIN) : List.of(Mode.PLAIN, Mode.ARCHIVE);
        Map<Mode, List<Fork>> out = new EnumMap<>(Mode.class);
        for (Mode m : modes) out.put(m, new ArrayList<>());
        Cell cell = cell(dir);
        for (int k = 0; k < forks; k++) {
            List<Mode> order = new ArrayList<>(modes);
            if (k % 2 == 1) Collections.reverse(order);
            for (Mode m : order) out.get(m).add(fork(m == Mode.PLAIN ? plain : archived, cell, slot, m));
        }
        return new SlotTimes(slot, archive.recorded(), out);
    }

    private static Fork fork(CellRunner runner, Cell cell, JvmSlot slot, Mode mode) throws InterruptedException {
        long begin = System.currentTimeMillis();
        CellRunner.Outcome o = runner.run(cell, slot, List.of());
        long end = System.currentTimeMillis();
        if (o.failure() != null) throw new IllegalStateException(slot.describe() + ", " + mode + ": " + o.failure());
        JsonObject reported = o.results().get(0).getAsJsonObject().getAsJsonObject("secondaryMetrics");
        return new Fork(at(reported, ForkStartupProfiler.FIRST_BEGIN) - begin, at(reported, ForkStartupProfiler.FIRST_END) - ITERATION_MILLIS - begin,
                end - begin);
    }

    /** One figure of {@code forks} as "812 [790, 901]": the median and the range, ms. */
    public static String spread(List<Fork> forks, ToLongFunction<Fork> figure) {
        double median = MedianEstimate.medianOf(forks.stream().mapToDouble(f -> figure.applyAsLong(f)).toArray());
        return String.format(Locale.ROOT, "%.0f [%d, %d]", median, forks.stream().mapToLong(figure).min().orElse(0),
                forks.stream().mapToLong(figure).max().orElse(0));
    }

    /** A secondary result of the fork's, as JMH's JSON has it. */
    private static long at(JsonObject reported, String label) {
        if (reported == null || !reported.has(label)) throw new IllegalStateException("the fork reported no " + label + " (see JMH's output)");
        return Math.round(reported.getAsJsonObject(label).get("score").getAsDouble());
    }
}
