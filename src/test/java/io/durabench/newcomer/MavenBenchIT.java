package io.durabench.newcomer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.testing.Requires;
import io.durabench.testing.TestJdks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The lab box's Maven commands as the README gives them, in a fresh copy of this checkout (its
 * tracked and new files, no target/): `mvn verify -Pbench`, the JDK-upgrade check
 * (-Ddurabench.jvm), the gate against a history (-Ddurabench.history) and against one baseline
 * run (-Ddurabench.baseline) each run to the end.
 * Tests are skipped and the cells narrowed (-Ddurabench.benchmarks) to keep it to minutes; the
 * JDK check's pattern includes a cell lock-step cannot pair, which it must leave out with a reason.
 * Slow tier (-Pslow): it builds the project once more and measures for real.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MavenBenchIT {
    private static Path copy;

    @BeforeAll
    static void freshCopy() throws Exception {
        assumeTrue(Requires.onPath("mvn"), "mvn is not on the PATH: install Maven to run the README's Maven commands");
        assumeTrue(Requires.onPath("git"), "git is not on the PATH: it lists the checkout's files for the fresh copy");
        copy = Files.createTempDirectory(Path.of(System.getProperty("user.dir"), "target"), "fresh-clone-");
        Path root = Path.of(System.getProperty("user.dir"));
        run(root, List.of("bash", "-c", "git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - | tar -xf - -C '"
                + copy + "'"), 120);
        assertFalse(Files.exists(copy.resolve("target")), "the copy is fresh: no target/");
    }

    @AfterAll
    static void removeCopy() throws IOException {
        if (copy == null) return;
        try (Stream<Path> s = Files.walk(copy)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    @Order(1)
    void benchRunsTheQuickProfileIntoResults() throws Exception {
        Result r = mvn("-Ddurabench.benchmarks=FileCreateCost");
        assertEquals(0, r.exit, r.tail());
        assertTrue(Files.isDirectory(copy.resolve("target/durabench-data")), "the default target is created though Maven names it");
        Path run = onlyRun("bench-");
        assertTrue(Files.isRegularFile(run.resolve("report/report.md")), "the run wrote its report: " + r.tail());
        assertTrue(r.log.contains("FileCreateCost.createWriteSync"), r.tail());
    }

    @Test
    @Order(2)
    void theJdkUpgradeCheckPairsWhatItCanAndSaysWhyItLeavesTheRestOut() throws Exception {
        TestJdks.Result t25 = TestJdks.find("temurin25");
        assumeTrue(t25.jdk().isPresent(), t25.whyMissing());
        Result r = mvn("-Ddurabench.jvm=" + t25.jdk().get().java(), "-Ddurabench.forkPairs=2", "-Ddurabench.benchmarks=FileCreateCost|NativeCallCost",
                "-Ddurabench.out=" + copy.resolve("results/jdk-check"));
        assertTrue(r.log.contains("NativeCallCost.getppid: lock-step: ") && r.log.contains("measure it in a run in rounds"),
                "a cell without a target is left out in one line with why: " + r.tail());
        assertFalse(r.log.contains("internal error"), r.tail());
        assertTrue(Files.isDirectory(copy.resolve("results/jdk-check/compare")), "compare by JDK ran on the lock-step run: " + r.tail());
        // Exit 1 would be compare finding a regression between the JDKs, which is the check's answer, not a broken path.
        assertTrue(r.exit == 0 || r.log.contains("durabench-jdk-compare"), r.tail());
    }

    @Test
    @Order(3)
    void theGateAgainstAnEmptyHistoryMeasuresAndAdmitsItsFirstRun() throws Exception {
        Path history = copy.resolve("gate-history");
        Result r = mvn("-Ddurabench.history=" + history, "-Ddurabench.benchmarks=NativeCallCost.getppid", "-Ddurabench.out=" + copy.resolve("results/gate-run"));
        assertEquals(0, r.exit, r.tail());
        try (Stream<Path> s = Files.list(history)) {
            assertEquals(1, s.filter(Files::isDirectory).count(), "the first run joins the history: " + r.tail());
        }
    }

    @Test
    @Order(4)
    void theGateAgainstOneBaselineRepeatsItAndCompares() throws Exception {
        Path baseline = onlyRun("bench-");
        Path out = copy.resolve("results/gate-baseline");
        Result r = mvn("-Ddurabench.baseline=" + baseline, "-Ddurabench.out=" + out);
        assertTrue(Files.isDirectory(out.resolve("compare")), "compare ran against the baseline: " + r.tail());
        assertTrue(r.log.contains("FileCreateCost.createWriteSync"), "the baseline's narrowed cells were repeated: " + r.tail());
        // Exit 1 would be compare flagging a change between the two runs: the gate's answer, not a broken path.
        assertTrue(r.exit == 0 || r.log.contains("durabench-gate"), r.tail());
    }

    private Path onlyRun(String prefix) throws IOException {
        try (Stream<Path> s = Files.list(copy.resolve("results"))) {
            List<Path> runs = s.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
            assertEquals(1, runs.size(), "one " + prefix + " run: " + runs);
            return runs.get(0);
        }
    }

    private record Result(int exit, String log) {
        String tail() {
            String[] lines = log.split("\n");
            return "exit " + exit + ", last lines:\n" + String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 40), lines.length));
        }
    }

    /** The README's command, `mvn verify -Pbench` with tests skipped (not even compiled: they ran outside), plus {@code extra}, in the copy. */
    private static Result mvn(String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "verify", "-Pbench", "-Dmaven.test.skip=true"));
        cmd.addAll(List.of(extra));
        return run(copy, cmd, 900);
    }

    private static Result run(Path dir, List<String> cmd, long seconds) throws Exception {
        Path log = Files.createTempFile("maven-bench-", ".log");
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                throw new AssertionError(String.join(" ", cmd) + " did not end within " + seconds + " s:\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            Result r = new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
            if (!cmd.get(0).equals("mvn")) assertEquals(0, r.exit, r.tail());
            return r;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
