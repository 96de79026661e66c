package io.durabench.cli;

import io.durabench.suite.ForkStartup;
import io.durabench.suite.ForkStartup.Fork;
import io.durabench.suite.ForkStartup.Mode;
import io.durabench.suite.ForkStartup.SlotTimes;
import io.durabench.suite.JvmSlot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * durabench fork-startup (hidden: a tool for measuring durabench itself): per JVM slot, a fork's start-up and
 * whole wall time for one quick cell, plain and from the class-data archive (docs/run.md, "Fork start-up").
 */
@Command(name = "fork-startup", hidden = true, mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Times forks of one quick cell as `run` starts them, per --jvm, plain and from the class-data archive: the median"
                + " and range of the wall time to the fork's first iteration and of its whole wall time.",
                "A tool for measuring durabench itself: docs/run.md, \"Fork start-up\"."})
public final class ForkStartupCommand implements Callable<Integer> {
    @Option(names = "--jvm", paramLabel = "JAVA", description = "A JVM whose forks are timed (a JDK's bin/java or its home; repeatable; default: this one).")
    List<Path> jvms = new ArrayList<>();

    @Option(names = "--forks", paramLabel = "N", description = "Forks per JVM and mode, the modes alternating (default: ${DEFAULT-VALUE}).")
    int forks = 10;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where the cell writes (default: a new folder in /dev/shm, removed after).")
    Path dir;

    @Option(names = "--verbose", description = "Also print JMH's own output (it goes to a log file otherwise, named at the end).")
    boolean verbose;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (forks < 1 || forks > 1000) throw new UsageException("--forks " + forks + ": 1 to 1000");
        if (dir != null && !Files.isDirectory(dir)) throw new UsageException("--dir " + dir + " is not a directory");
        List<JvmSlot> slots = slots();
        PrintWriter out = spec.commandLine().getOut();
        boolean ownDir = dir == null;
        Path shm = Path.of("/dev/shm");
        Path where = ownDir ? Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")),
                "durabench-fork-startup-") : dir.toAbsolutePath();
        Path log = Files.createTempFile("durabench-fork-startup-", ".log");
        out.printf("# fork-startup: %d forks per JVM and mode of %s (%s), plain and from the class-data archive, alternating%n", forks,
                ForkStartup.cell(where), ForkStartup.jmhArgs());
        out.flush();
        List<SlotTimes> measured = new ArrayList<>();
        try (ForkStartup startup = new ForkStartup(out, log, verbose)) {
            for (JvmSlot slot : slots) measured.add(startup.measure(slot, where, forks));
        } finally {
            if (ownDir) Files.deleteIfExists(where);
        }
        print(out, measured);
        out.println("JMH's output: " + log);
        out.flush();
        return 0;
    }

    private List<JvmSlot> slots() {
        return jvms.isEmpty() ? List.of(JvmSlot.launcher()) : JvmSlot.of(RunCommand.jvmFacts(jvms), 1);
    }

    private static void print(PrintWriter out, List<SlotTimes> measured) {
        out.printf("%-30s %-8s %-20s %-20s %-20s%n", "JVM, native layer", "mode", "to 1st iteration", "to its timed work", "fork's wall time");
        for (SlotTimes s : measured) {
            String jvm = s.slot().describe() + " on " + s.slot().layer().word();
            for (Map.Entry<Mode, List<Fork>> e : s.forks().entrySet()) {
                List<Fork> f = e.getValue();
                out.printf("%-30s %-8s %-20s %-20s %-20s%n", jvm, e.getKey().name().toLowerCase(Locale.ROOT), ForkStartup.spread(f, Fork::toFirstIteration),
                        ForkStartup.spread(f, Fork::toTimedWork), ForkStartup.spread(f, Fork::wall));
            }
            out.println("  archive: " + s.archive());
        }
        out.println("ms, median [min, max] over the forks, from the launcher handing the cell to JMH (the fork's process starts after):"
                + " to JMH's first iteration in the fork (the JVM's start, JMH's hand-shake), to that iteration's timed work (the trial's"
                + " set-up too, the native layer's load with it) and to JMH handing back the fork's result (its whole cost to a run)");
    }
}
