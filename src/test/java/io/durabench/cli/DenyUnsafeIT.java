package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.testing.FfmJvm;
import io.durabench.testing.TestJdks;
import io.durabench.testing.TimingFree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our own JVMs on Temurin 25 need no sun.misc.Unsafe: the launcher (started by the durabench script, as
 * a user starts it), pg's and etcd-check's forks, the feasibility probe's child and the lock-step sides
 * each run with {@code --sun-misc-unsafe-memory-access=deny} on the java.lang.foreign layer and load no
 * jnr or jffi class. Every JVM the commands start logs its arguments and class loads
 * ({@code JAVA_TOOL_OPTIONS=-Xlog:class+load,arguments:file=...%p.log}, one file per process), and every
 * log of a JVM that ran a main class of ours is read. (JMH's forks, and the JVM that hosts JMH's runner
 * for a run in rounds or a gate, {@link io.durabench.suite.JmhHost}, keep {@code allow}: JMH 1.37 itself
 * touches Unsafe; docs/run.md says why.)
 */
@TimingFree
class DenyUnsafeIT {
    private static final Pattern MAIN = Pattern.compile("\\[arguments\\] java_command: (\\S+)");
    private static final Pattern JVM_ARGS = Pattern.compile("\\[arguments\\] jvm_args: (.*)");
    private static final Pattern JNR_LOAD = Pattern.compile("\\[class,load\\] ((?:jnr\\.|com\\.kenai\\.jffi\\.)\\S+)");

    @TempDir
    Path dir;

    @Test
    void theLauncherAndPgAndEtcdForksOnTemurin25DenyUnsafeAndLoadNoJnr() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-deny-");
        try {
            run(Path.of(ffm.jvm().home()), logs, List.of("env", "--dir", shm.toString()));
            run(Path.of(ffm.jvm().home()), logs, List.of("pg", "--dir", shm.toString(), "-s", "0.2", "--forks", "2"));
            run(Path.of(ffm.jvm().home()), logs, List.of("etcd-check", "--dir", shm.toString(), "--forks", "2", "--no-fio", "--out", dir.resolve("etcd").toString()));
        } finally {
            try (Stream<Path> left = Files.list(shm)) {
                assertEquals(List.of(), left.toList(), "nothing left behind");
            }
            Files.delete(shm);
        }
        Map<String, Integer> ours = checkedJvms(logs, -1);
        assertEquals(Set.of("io.durabench.cli.DurabenchMain", "io.durabench.pg.PgForkMain", "io.durabench.etcd.EtcdForkMain"), ours.keySet(), ours.toString());
        assertEquals(3, ours.get("io.durabench.cli.DurabenchMain"), "one launcher per command");
    }

    @Test
    void theProbeChildAndTheLockStepSidesOnTemurin25DenyUnsafeAndLoadNoJnr() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        TestJdks.Result jdk17 = TestJdks.find("jdk17");
        assumeTrue(jdk17.jdk().isPresent(), jdk17.whyMissing());
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-deny-");
        long launcher;
        try {
            // A launcher on JDK 17 (jnr, not checked) sends both sides and their probe into Temurin 25: a JVM other than its own.
            launcher = run(jdk17.jdk().get().home(), logs, List.of("run", "--lock-step", "--jvm", ffm.jvm().java().toString(), "--repeat", "2",
                    "--dir", shm.toString(), "--out", dir.resolve("lock-step").toString(), "--forks", "1", "--", "SyncWriteCost", "-p", "syncMethod=FDATASYNC",
                    "-p", "blockSizeBytes=4096", "-p", "writesPerSync=1", "-p", "preallocation=NONE"));
        } finally {
            try (Stream<Path> left = Files.list(shm)) {
                assertEquals(List.of(), left.toList(), "nothing left behind");
            }
            Files.delete(shm);
        }
        Map<String, Integer> ours = checkedJvms(logs, launcher);
        assertEquals(2, ours.get("io.durabench.lockstep.LockStepSide"), ours.toString());
        assertTrue(ours.getOrDefault("io.durabench.suite.ProbeMain", 0) >= 1, ours.toString());
    }

    @Test
    void theLauncherOfARunInRoundsAndOfAGateOnTemurin25DeniesUnsafeAndOnlyJmhsHostAllowsIt() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-deny-");
        Path baseline = dir.resolve("baseline");
        try {
            run(Path.of(ffm.jvm().home()), logs, List.of("run", "--dir", shm.toString(), "--out", baseline.toString(), "--", "SyncWriteCost",
                    "-p", "syncMethod=NONE,FDATASYNC", "-p", "blockSizeBytes=4096", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                    "-f", "2", "-wi", "0", "-i", "1", "-r", "50ms"));
            run(Path.of(ffm.jvm().home()), logs, List.of("gate", baseline.toString(), "--dir", shm.toString(), "--out", dir.resolve("gate").toString()));
        } finally {
            try (Stream<Path> left = Files.list(shm)) {
                assertEquals(List.of(), left.toList(), "nothing left behind");
            }
            Files.delete(shm);
        }
        Map<String, Integer> ours = checkedJvms(logs, -1);
        assertEquals(2, ours.get("io.durabench.cli.DurabenchMain"), "a launcher per command: " + ours);
        assertEquals(2, ours.get("io.durabench.suite.JmhHost"), "a JMH host per command: " + ours);
    }

    /** Runs ./durabench with {@code javaHome}'s java, every JVM logging into {@code logs}; returns the launcher's pid. */
    private long run(Path javaHome, Path logs, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of("durabench").toAbsolutePath().toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load,arguments:file=" + logs + "/jvm-%p.log");
        // A private tmpdir: its own JMH lock file, so another benchmark on the machine neither waits for this nor is measured beside it.
        pb.environment().put("DURABENCH_JAVA_OPTS", "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")));
        Process p = pb.start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        if (!ended) p.destroyForcibly();
        String console = Files.readString(dir.resolve("console.txt"), StandardCharsets.UTF_8);
        assertTrue(ended, "durabench " + args + " did not end in 5 minutes:\n" + console);
        assertTrue(p.exitValue() == 0 || List.of("etcd-check", "gate").contains(args.get(0)) && p.exitValue() == 1,
                "durabench " + args + " exited " + p.exitValue() + " (etcd-check on tmpfs: 1, not durable here; gate: 1, a verdict):\n" + console);
        return p.pid();
    }

    /**
     * Per main class of ours, how many JVMs ran it; each was given deny (but JMH's host, allow: JMH's runner needs
     * it) and loaded no jnr or jffi class. JVMs
     * that ran no main class (the {@code java -version} that asks a JVM its facts, JMH's blackhole probe) and
     * {@code skipPid} are left out.
     */
    private static Map<String, Integer> checkedJvms(Path logs, long skipPid) throws IOException {
        Map<String, Integer> mains = new TreeMap<>();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path log : files.sorted().toList()) {
                if (log.getFileName().toString().equals("jvm-" + skipPid + ".log")) continue;
                String text = Files.readString(log, StandardCharsets.ISO_8859_1);
                Matcher main = MAIN.matcher(text);
                if (!main.find() || !main.group(1).startsWith("io.durabench.")) continue;
                Matcher args = JVM_ARGS.matcher(text);
                assertTrue(args.find(), log + " has no jvm_args line");
                String given = args.group(1);
                String unsafe = main.group(1).equals("io.durabench.suite.JmhHost") ? "allow" : "deny";
                assertTrue(given.contains("--sun-misc-unsafe-memory-access=" + unsafe), main.group(1) + " (" + log + ") was not given " + unsafe + ": " + given);
                // The launcher decides its own layer (the default: ffm); every child is told its layer by its parent.
                boolean launcher = main.group(1).equals("io.durabench.cli.DurabenchMain");
                assertTrue(launcher || given.contains("-Ddurabench.native=ffm"), main.group(1) + " (" + log + ") was not put on ffm: " + given);
                Matcher jnr = JNR_LOAD.matcher(text);
                assertTrue(!jnr.find(), main.group(1) + " (" + log + ") loaded " + (jnr.find(0) ? jnr.group(1) : "") + " on Temurin 25");
                mains.merge(main.group(1), 1, Integer::sum);
            }
        }
        return mains;
    }
}
