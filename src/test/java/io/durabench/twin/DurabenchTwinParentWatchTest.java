package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cells;
import io.durabench.catalogue.CellSpec;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The twin's lock-step side watches the process --parent names, as a child JVM of durabench's does:
 * here a side A waits for a side B that never comes, its parent is killed, and the side ends at
 * once (not after its 60 s connect limit) as on SIGTERM, saying why, with nothing of it left.
 */
class DurabenchTwinParentWatchTest {

    @Test
    void aSideWhoseParentIsGoneEndsAsOnSigtermAndLeavesNothing() throws Exception {
        Path binary = TwinBinary.build();
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Process parent = new ProcessBuilder("sleep", "60").start();
            Path stderr = Files.createTempFile(Path.of("target"), "twin-parent-watch-", ".err");
            try {
                String spec = CellSpec.of(Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE));
                Process side = new ProcessBuilder(binary.toString(), "--lock-step-side", "A", "--parent", Long.toString(parent.pid()),
                        "--socket", dir.path().resolve("hand-off").toString(), "--dir", dir.path().toString(), "--blocks", "4", "--block-ms", "25",
                        "--grain", "1", "--order", "alternate", "--warmup", "3:50:6", spec)
                        .redirectErrorStream(false).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(stderr.toFile()).start();
                Thread.sleep(500);
                assertTrue(side.isAlive(), "the side waits for its partner while its parent lives");
                parent.destroyForcibly().waitFor();
                assertTrue(side.waitFor(5, TimeUnit.SECONDS), "the side ended within 5 s of its parent");
                assertEquals(128 + 15, side.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8));
                assertTrue(Files.readString(stderr, StandardCharsets.UTF_8).contains("its parent, process " + parent.pid() + ", is gone"),
                        Files.readString(stderr, StandardCharsets.UTF_8));
                assertEquals(List.of(), dir.listing(), "its owner lock and socket removed");
            } finally {
                parent.destroyForcibly();
                Files.deleteIfExists(stderr);
            }
        }
    }
}
