package io.durabench.compare;

import static io.durabench.compare.ForkedResults.syncWrite;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.CliRun;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `compare RUN --by jdk` on multi-JVM run folders laid out as `durabench run --jvm A --jvm B
 * [--repeat 2]` writes them (RUN/&lt;target&gt;/jvm&lt;k&gt;-&lt;version&gt;/), and the A/A noise floor,
 * from a JDK measured twice or from two separate runs (--aa).
 */
class CompareByJdkTest {
    static final String ROW = "SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=NONE syncMethod=FDATASYNC writesPerSync=1 (avgt)";

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    private int run(String... args) {
        return cli.run(args);
    }

    /** The ext4 run at 12 forks as measured by another JDK version (environment and every JMH entry say so). */
    static ForkedResults onJdk(String version) {
        return new ForkedResults(ForkedResults.EXT4, CompareCommandTest.FORKS)
                .editEnvironment(env -> env.getAsJsonObject("jdk").addProperty("version", version))
                .editEntries(e -> e.addProperty("jdkVersion", version));
    }

    Path slot(Path run, int k, String version, long seed, ForkedResults results) {
        return results.write(run.resolve("mnt-ext4").resolve("jvm" + k + "-" + version), seed);
    }

    String text() {
        return cli.out().replaceAll("\\s+", " ");
    }

    String verdictOf(String row) {
        for (JsonElement e : JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray("rows")) {
            JsonObject o = e.getAsJsonObject();
            if (o.get("name").getAsString().equals(row)) return o.get("verdict").getAsString() + ": " + o.get("reason").getAsString();
        }
        throw new AssertionError("no row " + row);
    }

    @Test
    void theLoaderFindsEverySlotOfAMultiJvmRun() {
        Path run = dir.resolve("run");
        slot(run, 1, "17.0.15", 1, onJdk("17.0.15"));
        slot(run, 2, "25.0.3", 2, onJdk("25.0.3"));
        List<ResultSet> sets = ResultsLoader.load(List.of(run));
        assertEquals(2, sets.size());
        assertEquals(List.of("jvm1-17.0.15", "jvm2-25.0.3"), sets.stream().map(s -> s.folder().getFileName().toString()).toList());
        assertEquals(run.resolve("mnt-ext4").toAbsolutePath().normalize(), JvmSlots.targetFolder(sets.get(0)));
    }

    @Test
    void byJdkComparesTheOtherJdkWithTheFirstSlotsPoolsRepeatsAndMeasuresTheAaNoise() {
        Path run = dir.resolve("run");
        var slower = syncWrite("FDATASYNC", "NONE", 1);
        slot(run, 1, "17.0.15", 11, onJdk("17.0.15"));
        slot(run, 2, "25.0.3", 12, onJdk("25.0.3").change(slower, 1.2));
        slot(run, 3, "17.0.15", 13, onJdk("17.0.15"));
        slot(run, 4, "25.0.3", 14, onJdk("25.0.3").change(slower, 1.2));
        assertEquals(1, run("compare", run.toString(), "--by", "jdk"), cli.err());
        String t = text();
        assertTrue(t.contains("compared: JDK 17.0.15 (base) -> 25.0.3 (candidate), the thing compared"), t);
        assertTrue(t.contains("JDK 17.0.15 ran in 2 slots (jvm1-17.0.15, jvm3-17.0.15); their forks are pooled"), t);
        assertFalse(t.contains("one block of forks"), "in rounds: no warning about blocks: " + t);
        assertTrue(t.contains("replicates: 24 forks per row on each side"), t);
        assertTrue(t.contains("A/A noise: jvm1-17.0.15 vs jvm3-17.0.15 (JDK 17.0.15 measured twice); jvm2-25.0.3 vs jvm4-25.0.3 "
                + "(JDK 25.0.3 measured twice)"), t);
        assertTrue(t.contains("1 regression, 0 improvements, 40 unchanged"), t);
        assertTrue(t.contains("(A/A changes reached "), t);
        cli.clear();
        run("compare", run.toString(), "--by", "jdk", "--format", "json");
        assertTrue(verdictOf(ROW).startsWith("regression: +2"), verdictOf(ROW));
    }

    /** Two JDKs in one slot each: said to be blocks, with the recipe for rounds. */
    @Test
    void twoJdksInOneBlockEachAreToldToMeasureInRounds() {
        Path run = dir.resolve("run");
        slot(run, 1, "17.0.15", 71, onJdk("17.0.15"));
        slot(run, 2, "25.0.3", 72, onJdk("25.0.3"));
        run("compare", run.toString(), "--by", "jdk");
        for (String jdk : List.of("17.0.15", "25.0.3")) {
            assertTrue(text().contains("JDK " + jdk + " ran in one block of forks per cell: the disk's drift between blocks is not in the"
                    + " test's error term and can pass for a change; to gate on it, measure with this version, whose runs spread every"
                    + " cell's forks over the run in rounds"), text());
        }
    }

    @Test
    void byJdkWithOneJdkRepeatedComparesSlotOneWithSlotTwo() {
        Path run = dir.resolve("run");
        slot(run, 1, "17.0.15", 21, onJdk("17.0.15"));
        slot(run, 2, "17.0.15", 22, onJdk("17.0.15"));
        assertEquals(0, run("compare", run.toString(), "--by", "jdk"), cli.err());
        String t = text();
        assertTrue(t.contains("one JDK (17.0.15) in several slots: jvm1-17.0.15 vs jvm2-17.0.15, an A/A comparison"), t);
        assertTrue(t.contains("in one block of forks each per cell (drift between the blocks can pass for a change; measure in rounds"), t);
        assertTrue(t.contains("0 regressions, 0 improvements, 41 unchanged"), t);
        assertFalse(t.contains("compared: JDK"), "the same JDK is not a thing compared: " + t);
    }

    /** An A/A in rounds (--repeat 4 on one JDK): the odd slots pooled against the even ones, so drift over the run hits both. */
    @Test
    void byJdkWithOneJdkInRoundsPoolsTheOddSlotsAgainstTheEvenOnes() {
        Path run = dir.resolve("run");
        for (int k = 1; k <= 5; k++) slot(run, k, "17.0.15", 60 + k, onJdk("17.0.15"));
        assertEquals(0, run("compare", run.toString(), "--by", "jdk"), cli.err());
        String t = text();
        assertTrue(t.contains("one JDK (17.0.15) in several slots: jvm1-17.0.15, jvm3-17.0.15 vs jvm2-17.0.15, jvm4-17.0.15, an A/A comparison"), t);
        assertFalse(t.contains("one block"), t);
        assertTrue(t.contains("replicates: 24 forks per row on each side"), t);
        assertTrue(t.contains("0 regressions, 0 improvements, 41 unchanged"), t);
    }

    @Test
    void byJdkRefusesWhatItCannotCompare() {
        Path once = dir.resolve("once");
        slot(once, 1, "17.0.15", 31, onJdk("17.0.15"));
        assertEquals(2, run("compare", once.toString(), "--by", "jdk"));
        assertTrue(cli.err().contains("holds one JDK (17.0.15) measured once on mnt-ext4: nothing to compare"), cli.err());

        Path three = dir.resolve("three");
        slot(three, 1, "17.0.15", 32, onJdk("17.0.15"));
        slot(three, 2, "21.0.7", 33, onJdk("21.0.7"));
        slot(three, 3, "25.0.3", 34, onJdk("25.0.3"));
        cli.clear();
        assertEquals(2, run("compare", three.toString(), "--by", "jdk"));
        assertTrue(cli.err().contains("holds 3 JDKs (17.0.15, 21.0.7, 25.0.3); compare two of them by naming their slot folders"),
                cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
    }

    @Test
    void aMultiJdkFolderComparedWithoutByJdkIsRefusedWithTheCommandToUse() {
        Path run = dir.resolve("run");
        slot(run, 1, "17.0.15", 41, onJdk("17.0.15"));
        slot(run, 2, "25.0.3", 42, onJdk("25.0.3"));
        assertEquals(2, run("compare", run.toString(), run.toString()));
        assertTrue(cli.err().contains("holds results of 2 JDKs (17.0.15, 25.0.3): compare them with durabench compare "), cli.err());
        assertTrue(cli.err().contains("--by jdk"), cli.err());
    }

    /**
     * A change that is real (same noise on both sides, one row 8% slower: significant) but no larger
     * than what two runs of the same setup already differed by on that row is never a regression.
     */
    @Test
    void aChangeInsideTheRowsAaNoiseFromAaRunsIsNotARegression() {
        var row = syncWrite("FDATASYNC", "NONE", 1);
        Path base = onJdk("17.0.15").write(dir.resolve("base").resolve("mnt-ext4"), 51);
        Path candidate = onJdk("17.0.15").change(row, 1.08).write(dir.resolve("candidate").resolve("mnt-ext4"), 51);
        assertEquals(1, run("compare", base.toString(), candidate.toString()), "without a floor the 8% is a regression: " + cli.out());
        Path again = onJdk("17.0.15").change(row, 1.10).write(dir.resolve("again").resolve("mnt-ext4"), 51);
        cli.clear();
        assertEquals(0, run("compare", base.toString(), candidate.toString(), "--aa", base.toString(), again.toString(), "--format", "json"),
                cli.err());
        String verdict = verdictOf(ROW);
        assertTrue(verdict.startsWith("A/A noise: +8.0% is significant"), verdict);
        assertTrue(verdict.contains("but inside this row's A/A noise of 10.0%: two runs of the same setup differed as much"), verdict);
        JsonObject summary = JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonObject("summary");
        assertEquals(8.0, summary.get("largestChangeInsideNoisePercent").getAsDouble(), 1e-9);
        assertTrue(summary.get("sentence").getAsString().endsWith("the largest change inside the A/A noise was 8.0% (A/A changes reached 10.0%)"),
                summary.toString());
    }
}
