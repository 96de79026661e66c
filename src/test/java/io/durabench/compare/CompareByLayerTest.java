package io.durabench.compare;

import static io.durabench.compare.ForkedResults.syncWrite;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native layer in compare: one JDK on two layers is two JVMs (never an A/A pair, never pooled), the layer
 * the thing compared; a JDK upgrade that changed the layer too says it measured both at once; a folder from
 * before there were two layers counts as jnr.
 */
class CompareByLayerTest {
    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    private static ForkedResults on(String version, String layer) {
        return CompareByJdkTest.onJdk(version).editEnvironment(env -> {
            if (layer != null) env.getAsJsonObject("jdk").addProperty("nativeLayer", layer);
        });
    }

    private Path slot(Path run, int k, String version, long seed, ForkedResults results) {
        return results.write(run.resolve("mnt-ext4").resolve("jvm" + k + "-" + version), seed);
    }

    private String text() {
        return cli.out().replaceAll("\\s+", " ");
    }

    @Test
    void oneJdkOnTwoLayersComparesTheLayersNotAnAaPair() {
        Path run = dir.resolve("run");
        slot(run, 1, "25.0.3", 81, on("25.0.3", "jnr"));
        slot(run, 2, "25.0.3", 82, on("25.0.3", "ffm").change(syncWrite("FDATASYNC", "NONE", 1), 1.2));
        assertEquals(1, cli.run("compare", run.toString(), "--by", "jdk"), cli.err());
        String t = text();
        assertTrue(t.contains("compared: native layer jnr (base) -> ffm (candidate), the thing compared"), t);
        assertFalse(t.contains("an A/A comparison") || t.contains("A/A noise: jvm"), "two layers are two JVMs, not one measured twice: " + t);
        assertTrue(t.contains("1 regression"), t);
    }

    @Test
    void aJdkUpgradeThatChangedTheLayerSaysItMeasuredBothTogether() {
        Path run = dir.resolve("run");
        slot(run, 1, "17.0.15", 91, on("17.0.15", "jnr"));
        slot(run, 2, "25.0.3", 92, on("25.0.3", "ffm"));
        cli.run("compare", run.toString(), "--by", "jdk");
        assertTrue(text().contains("compared: JDK 17.0.15 (base) -> 25.0.3 (candidate) and native layer jnr (base) -> ffm (candidate), together:"
                + " this comparison measures the JDK and the native layer at once, not the JDK alone"), text());
    }

    @Test
    void aFolderFromBeforeThereWereTwoLayersWasMeasuredThroughJnr() {
        Path old = on("17.0.15", null).write(dir.resolve("old").resolve("mnt-ext4"), 101);
        Path now = on("17.0.15", "jnr").write(dir.resolve("now").resolve("mnt-ext4"), 102);
        Path ffm = on("25.0.3", "ffm").write(dir.resolve("ffm").resolve("mnt-ext4"), 103);
        cli.run("compare", old.toString(), now.toString());
        assertTrue(text().contains("native-layer jnr"), "the same layer on both sides: " + text());
        assertFalse(text().contains("compared: native layer"), text());
        cli.clear();
        cli.run("compare", old.toString(), ffm.toString());
        assertTrue(text().contains("and native layer jnr (base) -> ffm (candidate), together"), text());
    }
}
