package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.results.LockStepFile;
import io.durabench.results.RunManifest;
import io.durabench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gate's control design for real, on /dev/shm: an empty history's first run takes the control
 * by default, so after its rounds the one FDATASYNC cell is measured beside its C twin in lock-step
 * (5 fork pairs into the target's control/lockstep.json), run.json says so, and gate.json is written
 * beside gate.txt; a later run cannot drop the control without starting over. The judging of ratios
 * is tested on the committed histories (GateControlHistoryTest).
 */
class GateControlIT {
    @BeforeAll
    static void allowConcurrentJmh() {
        System.setProperty("jmh.ignoreLock", "true");
    }

    private final CliRun cli = new CliRun();

    @Test
    void anEmptyHistoryTakesTheControlAndMeasuresEachRowBesideItsCTwin() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "gate-control-it-").toAbsolutePath();
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "gate-control-");
        try {
            Path history = work.resolve("history"), out = work.resolve("run1");
            List<String> args = new ArrayList<>(List.of("gate", "--history", history.toString(), "--dir", shm.toString(), "--out", out.toString(),
                    "--profile", "quick", "--"));
            args.addAll(GateHistoryIT.TINY);
            assertEquals(0, cli.run(args), cli.out() + cli.err());
            assertTrue(cli.out().contains("each row also beside its C twin in lock-step"), cli.out());
            assertEquals(RunManifest.Options.C_TWIN, RunManifest.read(out.resolve("run.json")).options().control());
            Path target;
            try (Stream<Path> s = Files.list(out)) {
                target = s.filter(p -> Files.isDirectory(p.resolve("control"))).findFirst().orElseThrow(() -> new AssertionError(cli.out()));
            }
            LockStepFile control = LockStepFile.read(target.resolve("control"));
            assertEquals(1, control.cells().size());
            assertTrue(control.cells().get(0).specB().contains("FDATASYNC"), control.cells().get(0).specB());
            assertEquals(5, control.cells().get(0).measured().size(), "every control fork pair measured");
            assertTrue(control.sides().a().version().contains("C"), control.sides().a().version());
            JsonObject gate = JsonParser.parseString(Files.readString(out.resolve("gate").resolve("gate.json"))).getAsJsonObject();
            assertEquals("durabench-gate/1", gate.get("schema").getAsString());
            assertFalse(gate.get("judged").getAsBoolean());
            assertEquals("c-twin", gate.get("control").getAsString());

            cli.clear();
            assertEquals(2, cli.run(List.of("gate", "--history", history.toString(), "--dir", shm.toString(), "--out", work.resolve("run2").toString(),
                    "--control", "none")), cli.err());
            assertTrue(cli.err().contains("was measured with --control c-twin, not none"), cli.err());
            assertEquals(1, cli.err().lines().count(), cli.err());
            assertFalse(Files.exists(work.resolve("run2")), "refused before running: nothing written");
        } finally {
            try (Stream<Path> walk = Files.walk(shm)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
