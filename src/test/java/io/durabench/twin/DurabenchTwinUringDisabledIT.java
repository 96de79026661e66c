package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With io_uring disabled for every process ({@code kernel.io_uring_disabled = 2}) the twin lists its io_uring cell n/a
 * with io_uring_setup's EPERM and the sysctl named, and runs the rest. The sysctl is the machine's: the old value is put
 * back whatever happens, and this IT is not {@code @TimingFree} (beside another test it would take io_uring from it).
 */
class DurabenchTwinUringDisabledIT {
    private static final Path DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    @Test
    void ioUringDisabledMakesTheCellsNotApplicable() throws IOException {
        Requires.root("sets kernel.io_uring_disabled to 2 for one short twin run, then restores it");
        assumeTrue(Files.isWritable(DISABLED), DISABLED + " is missing or read-only here (a kernel before 6.6, or a container)");
        String before = Files.readString(DISABLED).strip();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "uring-off-");
            Path list = Files.writeString(out.resolve("cells.txt"), DurabenchTwinUringTest.CELL.formatted("URING_DSYNC", 1) + "\nNativeCallCost.getppid\n");
            TwinBinary.Run r;
            Files.writeString(DISABLED, "2");
            try {
                r = TwinBinary.run(List.of("--dir", dir.path().toString(), "--out", out.resolve("o").toString(), "--cells",
                        list.toString(), "-wi", "0", "-i", "1", "-r", "10ms"));
            } finally {
                Files.writeString(DISABLED, before);
            }
            assertEquals(0, r.exitCode(), r.stderr());
            JsonArray na = JsonParser.parseString(Files.readString(DurabenchTwinUringTest.onlyFolder(out.resolve("o")).resolve("not-applicable.json")))
                    .getAsJsonArray();
            assertEquals(1, na.size(), na.toString());
            String reason = na.get(0).getAsJsonObject().get("reason").getAsString();
            assertTrue(reason.contains("EPERM") && reason.contains("kernel.io_uring_disabled = 2"), reason);
        }
    }
}
