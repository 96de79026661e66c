package io.durabench.suite;

import com.google.gson.JsonArray;
import io.durabench.catalogue.Cell;
import io.durabench.child.ChildJvm;
import io.durabench.child.JvmFlags;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs one cell on one JVM through JMH: exactly one benchmark, its params, the JVM's flags ahead
 * of the user's. Waits (saying so) while another JMH on the machine holds its lock instead of
 * failing the cell; a failure comes back as one line explaining it ({@link FailureDiagnosis}). A slot
 * prepared with {@link #prepareClassData} has its forks start from its class-data archive. JMH's runner
 * itself runs in {@link JmhHost}, a JVM of its own, so this one needs no sun.misc.Unsafe.
 */
final class CellRunner {
    private static final String LOCK_TAKEN = "Unable to acquire the JMH lock";
    private static final long LOCK_POLL_MILLIS = 1000;

    private final JmhSettings settings;
    private final JmhOutput output;
    private final PrintWriter console;
    private final Map<JvmSlot, List<String>> archiveFlags = new HashMap<>();

    CellRunner(JmhSettings settings, JmhOutput output, PrintWriter console) {
        this.settings = settings;
        this.output = output;
        this.console = console;
    }

    /** JMH's results (its JSON entries), or why there are none. */
    record Outcome(JsonArray results, String failure) {
    }

    /**
     * Decides whether the slot's forks start from a class-data archive ({@link ForkArchives}: made now by a
     * training fork if there is none), and from then on starts them so. Interrupted (the run is stopping, and
     * its rounds will see that), the forks start plain.
     */
    ForkArchives.Decision prepareClassData(JvmSlot slot) {
        ForkArchives.Decision d;
        try {
            d = ForkArchives.forSlot(slot, settings, System.getProperty("java.class.path"),
                    (training, flags) -> run(training, slot, flags, " (class-data training fork)").failure() == null, this::say);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            d = ForkArchives.Decision.PLAIN;
        }
        archiveFlags.put(slot, d.flags());
        return d;
    }

    private void say(String line) {
        console.println(line);
        console.flush();
    }

    /** @param forkProperties -D options every fork of the cell gets (where it logs its call latencies) */
    Outcome run(Cell cell, JvmSlot slot, List<String> forkProperties) throws InterruptedException {
        List<String> flags = new ArrayList<>(archiveFlags.getOrDefault(slot, List.of()));
        flags.addAll(forkProperties);
        return run(cell, slot, flags, "");
    }

    private Outcome run(Cell cell, JvmSlot slot, List<String> forkProperties, String what) throws InterruptedException {
        boolean announced = false;
        while (true) {
            String root;
            try (PrintStream jmh = output.startCell(cell + (slot.label() == null ? "" : " on " + slot.label()) + what)) {
                JmhHostClient.Reply r = JmhHostClient.shared().run(options(cell, slot, forkProperties), settings.verbosity(), jmh);
                if (r.error() == null && r.entries().isEmpty()) root = "JMH produced no result";
                else if (r.error() == null) return new Outcome(r.entries(), null);
                else root = r.error();
            } catch (IOException | RuntimeException e) {
                root = rootMessage(e);
            }
            if (!root.contains(LOCK_TAKEN)) {
                return new Outcome(new JsonArray(), FailureDiagnosis.explain(output.cellText(), root, forkCheck(slot)));
            }
            if (!announced) {
                console.println("  waiting: another JMH run on this machine holds its lock (/tmp/jmh.lock); two benchmarks at once would measure each other");
                console.flush();
                announced = true;
            }
            Thread.sleep(LOCK_POLL_MILLIS);
        }
    }

    private Options options(Cell cell, JvmSlot slot, List<String> forkProperties) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(cell.benchmark().jmhName()) + "$")
                .threads(cell.threads())
                .shouldFailOnError(true);
        List<String> flags = new ArrayList<>(slot.jvmFlags());
        flags.addAll(forkProperties);
        settings.applyTo(b, cell.modes(), flags);
        if (slot.forksAnotherJvm()) b.jvm(slot.facts().java().toString());
        for (Map.Entry<String, String> p : cell.jmhParams().entrySet()) b.param(p.getKey(), p.getValue());
        settings.applyUserParams(b, cell);
        return b.build();
    }

    /**
     * ForkCheck in the cell's JVM as JMH would have started a fork of it: the user's -jvm if given,
     * with a fork's flags for the slot's release and layer, and the user's JVM options.
     */
    private List<String> forkCheck(JvmSlot slot) {
        Path java = settings.userJvm().map(Path::of).orElse(slot.facts().java());
        return new ChildJvm(List.of(), java, JvmFlags.jmhFork(slot.facts().feature(), slot.layer()), settings.userJvmArgs(),
                System.getProperty("java.class.path"), ForkCheck.class.getName(), List.of()).command();
    }

    static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null) c = c.getCause();
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
