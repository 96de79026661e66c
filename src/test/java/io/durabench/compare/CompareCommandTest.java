package io.durabench.compare;

import static io.durabench.compare.ForkedResults.syncMethod;
import static io.durabench.compare.ForkedResults.syncWrite;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `durabench compare` end to end on pairs made from the real ext4 quick run ({@link ForkedResults}),
 * at the compare profile's replication (12 forks), where the truth is known: one row slowed by 20%,
 * or nothing changed, or the two sides measured differently.
 */
class CompareCommandTest {
    static final int FORKS = 12;
    static final String SLOWED = "SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=NONE syncMethod=FDATASYNC writesPerSync=1 (avgt)";

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    private int run(String... args) {
        return cli.run(args);
    }

    Path side(String name, long seed, ForkedResults results) {
        return results.write(dir.resolve(name).resolve("mnt-ext4"), seed);
    }

    static ForkedResults ext4() {
        return new ForkedResults(ForkedResults.EXT4, FORKS);
    }

    /** Row name → verdict, from compare --format json. */
    Map<String, String> verdicts() {
        Map<String, String> v = new LinkedHashMap<>();
        for (JsonElement e : json().getAsJsonArray("rows")) v.put(e.getAsJsonObject().get("name").getAsString(), e.getAsJsonObject().get("verdict").getAsString());
        return v;
    }

    JsonObject json() {
        return JsonParser.parseString(cli.out()).getAsJsonObject();
    }


    @Test
    void aTrueTwentyPercentSlowdownOfOneRowIsTheOnlyRegressionAndExitsOne() {
        Path base = side("base", 1, ext4());
        Path candidate = side("candidate", 2, ext4().change(syncWrite("FDATASYNC", "NONE", 1), 1.20));
        assertEquals(1, run("compare", base.toString(), candidate.toString(), "--format", "json"), cli.err());
        Map<String, String> v = verdicts();
        assertEquals(41, v.size());
        v.forEach((name, verdict) -> assertEquals(name.equals(SLOWED) ? "regression" : "~", verdict, name));
        assertTrue(cli.err().contains("1 regression counted (--fail-on regression)"), cli.err());
        JsonObject row = json().getAsJsonArray("rows").asList().stream().map(JsonElement::getAsJsonObject)
                .filter(r -> r.get("name").getAsString().equals(SLOWED)).findFirst().orElseThrow();
        assertTrue(row.get("changeLow").getAsDouble() < 20 && 20 < row.get("changeHigh").getAsDouble(), row.toString());
        assertEquals("12 forks", row.get("baseReplicates").getAsString());
        assertTrue(json().getAsJsonObject("summary").get("sentence").getAsString().startsWith("1 regression, 0 improvements, 40 unchanged"));
    }

    @Test
    void twoSamplesOfOneDistributionAreAllUnchangedAndExitZero() {
        Path base = side("base", 3, ext4()), candidate = side("candidate", 4, ext4());
        assertEquals(0, run("compare", base.toString(), candidate.toString()), cli.err());
        String text = cli.out();
        assertTrue(text.contains("0 regressions, 0 improvements, 41 unchanged"), text);
        assertTrue(text.contains("smallest change flagged with 80% power "), text);
        assertTrue(text.contains("replicates:  12 forks per row on each side (one replicate = one fork's mean score"), text);
        assertFalse(text.contains("regression  ") || text.contains(" improvement\n"), text);
        assertEquals("", cli.err());
    }

    @Test
    void theTextTableFitsOneHundredTwentyColumns() {
        Path base = side("base", 5, ext4()), candidate = side("candidate", 6, ext4().change(syncWrite("O_DSYNC", "ZERO_FILL", 1), 1.3));
        run("compare", base.toString(), candidate.toString());
        for (String line : cli.out().lines().toList()) assertTrue(line.length() <= 120, line.length() + ": " + line);
        assertTrue(cli.out().contains("SyncWriteCost.writeBlock, 8192 B, prealloc NONE, 1 write per sync (avgt), us/op\n  NONE "), cli.out());
    }

    @Test
    void anotherFilesystemIsRefusedWithOneLineNamingItAndNothingIsWritten() {
        Path base = side("base", 7, ext4());
        Path candidate = side("candidate", 8, ext4().editEnvironment(env -> env.getAsJsonObject("target").addProperty("filesystem", "xfs")));
        Path outDir = dir.resolve("out");
        cli.assertOneLineError(run("compare", base.toString(), candidate.toString(), "--out", outDir.toString()),
                "filesystem: ext4 (base) vs xfs (candidate)", "--allow-different filesystem");
        assertFalse(Files.exists(outDir));
        assertEquals("", cli.out());
    }

    @Test
    void otherJmhSettingsAreRefusedNamingTheSetting() {
        Path base = side("base", 9, ext4());
        Path candidate = side("candidate", 10, ext4().editEntries(e -> e.addProperty("measurementTime", "1 s")));
        cli.assertOneLineError(run("compare", base.toString(), candidate.toString()), "iteration-time: 300 ms (base) vs 1 s (candidate)",
                "--allow-different iteration-time");
    }

    @Test
    void anotherDeviceIsRefusedButALoopDeviceOfAnotherNumberOnTheSameDiskIsNot() {
        Path base = side("base", 11, ext4());
        Path renumbered = side("renumbered", 12, ext4().editEnvironment(env -> env.getAsJsonObject("device").addProperty("name", "loop7")));
        assertEquals(0, run("compare", base.toString(), renumbered.toString()), cli.err());
        Path otherDisk = side("other", 13, ext4().editEnvironment(env -> env.getAsJsonObject("device").getAsJsonObject("loop")
                .getAsJsonObject("backingDevice").addProperty("name", "nvme0n1")));
        cli.assertOneLineError(run("compare", base.toString(), otherDisk.toString()), "device: loop over vda (base) vs loop over nvme0n1 (candidate)");
    }

    @Test
    void allowDifferentComparesAcrossTheDifferenceAndSaysSo() {
        Path base = side("base", 14, ext4());
        Path candidate = side("candidate", 15, ext4().editEnvironment(env -> env.getAsJsonObject("target").addProperty("filesystem", "xfs"))
                .editEnvironment(env -> env.getAsJsonObject("kernel").addProperty("release", "6.19.0")));
        assertEquals(0, run("compare", base.toString(), candidate.toString(), "--allow-different", "filesystem"), cli.err());
        assertTrue(cli.out().contains("differs:     filesystem: ext4 (base) vs xfs (candidate) [allowed by --allow-different]"), cli.out());
        assertTrue(cli.out().contains("kernel: 6.18.44-fc-v657 (base) vs 6.19.0 (candidate) [noted]"), cli.out());
    }

    /** Same seed on both sides: every row draws the same noise, so only the true change can move a verdict. */
    @Test
    void failOnDecidesWhatExitsOne() {
        Path base = side("base", 16, ext4());
        Path faster = side("faster", 16, ext4().change(syncWrite("FDATASYNC", "NONE", 1), 0.8));
        assertEquals(0, run("compare", base.toString(), faster.toString()), "an improvement does not fail by default:\n" + cli.out());
        assertTrue(cli.out().contains("improvement"), cli.out());
        assertEquals(1, run("compare", base.toString(), faster.toString(), "--fail-on", "any"));
        Path slower = side("slower", 16, ext4().change(syncWrite("FDATASYNC", "NONE", 1), 1.2));
        assertEquals(0, run("compare", base.toString(), slower.toString(), "--fail-on", "never"));
        assertEquals(1, run("compare", base.toString(), slower.toString(), "--fail-on", "regression"));
    }

    @Test
    void rowsOnOneSideOnlyAreListedWithWhyTheOtherSideHasNoNumber() throws IOException {
        Path base = side("base", 19, ext4().without(syncWrite("MMAP_FORCE", "NONE", 1)));
        Files.writeString(base.resolve("not-applicable.json"), "{\"failed\": [{\"benchmark\": \""
                + io.durabench.catalogue.Catalogue.SYNC_WRITE_COST.writeBlock().jmhName() + "\", \"params\": {\"syncMethod\": \"MMAP_FORCE\", "
                + "\"blockSizeBytes\": \"8192\", \"writesPerSync\": \"1\", \"preallocation\": \"NONE\", \"targetDir\": \"/mnt/x\"}, "
                + "\"reason\": \"msync failed: EIO (5)\"}]}");
        Path candidate = side("candidate", 20, ext4().without(syncWrite("O_SYNC", "ZERO_FILL", 1)));
        assertEquals(0, run("compare", base.toString(), candidate.toString()), cli.err());
        String text = cli.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("only in candidate: SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=NONE syncMethod=MMAP_FORCE"), text);
        assertTrue(text.contains("(FAILED in base: msync failed: EIO (5))"), text);
        assertTrue(text.contains("only in base: SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=ZERO_FILL syncMethod=O_SYNC "
                + "writesPerSync=1 (avgt) (no such row in candidate)"), text);
        assertTrue(text.contains("0 regressions, 0 improvements, 39 unchanged"), text);
    }

    @Test
    void whenTheBaselineItselfChangedRatiosAreMarkedUnreliableAndTheAbsoluteCostIsShown() {
        Path base = side("base", 21, ext4());
        Path candidate = side("candidate", 21, ext4().change(syncMethod("NONE"), 1.5));
        run("compare", base.toString(), candidate.toString());
        String text = cli.out().replaceAll("\\s+", " ");
        // NONE runs at batch 1 only: the batch-100 groups measure against it too.
        assertTrue(text.contains("The baseline (NONE) itself changed in 4 groups, so ratios to it are unreliable"), text);
        assertTrue(text.contains("Ratio change (unreliable)"), text);
        cli.clear();
        run("compare", base.toString(), candidate.toString(), "--format", "json");
        JsonArray costs = json().getAsJsonArray("durabilityCost");
        assertEquals(32, costs.size(), "every other method of the four groups (append, zero-fill; batch 1, 100): " + costs);
        for (JsonElement e : costs) {
            JsonObject c = e.getAsJsonObject();
            assertFalse(c.get("ratioReliable").getAsBoolean());
            assertTrue(c.get("reason").getAsString().startsWith("the baseline NONE itself changed (+"), c.toString());
        }
        JsonObject fdatasync = costs.asList().stream().map(JsonElement::getAsJsonObject)
                .filter(c -> c.get("method").getAsString().equals("FDATASYNC") && c.get("group").getAsString().contains("prealloc NONE, 1 write"))
                .findFirst().orElseThrow();
        // FDATASYNC did not change, NONE got 50% dearer: the ratio falls by a third, the absolute cost barely moves.
        assertTrue(fdatasync.get("ratioChangePercent").getAsDouble() < -25, fdatasync.toString());
        assertTrue(Math.abs(fdatasync.get("costChangePercent").getAsDouble()) < 5, fdatasync.toString());
    }

    @Test
    void csvAndJsonCarryTheSameFields() {
        Path base = side("base", 23, ext4()), candidate = side("candidate", 24, ext4());
        run("compare", base.toString(), candidate.toString(), "--format", "csv");
        String header = cli.out().lines().findFirst().orElseThrow();
        cli.clear();
        run("compare", base.toString(), candidate.toString(), "--format", "json");
        JsonObject first = json().getAsJsonArray("rows").get(0).getAsJsonObject();
        assertEquals(String.join(",", first.keySet()), header);
        assertEquals("durabench-compare/1", json().get("schema").getAsString());
    }

    @Test
    void htmlIsTheMarkdownAsOnePage() {
        Path base = side("base", 27, ext4()), candidate = side("candidate", 28, ext4());
        run("compare", base.toString(), candidate.toString(), "--format", "html");
        String page = cli.out();
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<table class=\"sortable\">"), page);
        assertTrue(page.contains("<th>Row</th>"), page);
    }

    @Test
    void outWritesMarkdownCsvAndJson() throws IOException {
        Path base = side("base", 25, ext4()), candidate = side("candidate", 26, ext4());
        Path outDir = dir.resolve("cmp");
        assertEquals(0, run("compare", base.toString(), candidate.toString(), "--out", outDir.toString()));
        for (String f : new String[] {"compare.md", "compare.csv", "compare.json"}) assertTrue(Files.size(outDir.resolve(f)) > 0, f);
        String md = Files.readString(outDir.resolve("compare.md"));
        assertTrue(md.contains("### SyncWriteCost.writeBlock, 8192 B, prealloc NONE, 1 write per sync (avgt), us/op"), md);
        assertTrue(md.contains("| Row | Base median [95%] |"), md);
        assertTrue(cli.err().contains("wrote " + outDir.resolve("compare.md")), cli.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Path base = side("base", 27, ext4());
        cli.assertOneLineError(run("compare", base.toString()), "name BASE and CANDIDATE");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), dir.resolve("nope").toString()), "no such file");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--allow-different", "colour"), "--allow-different colour",
                "filesystem, mount-options");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--allow-different", "kernel"), "not a setting that can stop");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--threshold", "-1"), "--threshold");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--alpha", "2"), "--alpha 2.0");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--by", "jdk"), "--by jdk compares the JDKs inside one run folder");
        cli.clear();
        cli.assertOneLineError(run("compare", base.toString(), base.toString(), "--fail-on", "sometimes"), "--fail-on");
    }

    @Test
    void theSameFolderAgainstItselfIsUnchanged() {
        Path base = side("base", 28, ext4());
        assertEquals(0, run("compare", base.toString(), base.toString()), cli.err());
        assertTrue(cli.out().contains("0 regressions, 0 improvements, 41 unchanged"), cli.out());
    }
}
