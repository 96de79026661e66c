package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cells;
import io.durabench.child.ChildStatus;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.ScratchDir;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The witnessed process's own contract, run in this JVM (no strace): result lines, errors per cell, usage. */
class WitnessMainTest {

    @Test
    void printsTheCountersOfTheMeasuredOperationsOnlyAndDeletesItsFiles() {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Output o = run("--dir", dir.path().toString(), "--token", "0123456789abcdef", "--ops", "7", "--warmup", "3",
                    SizedCell.of(Cells.syncWrite(SyncMethod.FSYNC, 4096, 2, Preallocation.NONE)).spec(),
                    SizedCell.of(Cells.fileCreate(false, 4096)).spec());
            assertEquals(0, o.exit);
            List<JsonObject> results = WitnessProcessOutput.results(o.stdout.lines().toList(), 2);
            JsonObject c = results.get(0).getAsJsonObject("counters");
            // 3 warmup writes (1 sync, 1 pending) then 7 measured: syncs after writes 4, 6, 8, 10 -> 4 in the window.
            assertEquals(7, c.get("writes").getAsLong());
            assertEquals(4, c.get("syncCalls").getAsLong());
            assertEquals(7, results.get(1).getAsJsonObject("counters").get("writes").getAsLong());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aCellThatFailsIsReportedAndTheNextStillRuns() {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            // O_DIRECT of 100 bytes: the kernel refuses the unaligned write with EINVAL.
            Output o = run("--dir", dir.path().toString(), "--token", "0123456789abcdef", "--ops", "2",
                    SizedCell.of(Cells.syncWrite(SyncMethod.O_DIRECT, 100, 1, Preallocation.NONE)).spec(),
                    SizedCell.of(Cells.syncWrite(SyncMethod.NONE, 4096, 1, Preallocation.NONE)).spec());
            assertEquals(0, o.exit);
            List<JsonObject> results = WitnessProcessOutput.results(o.stdout.lines().toList(), 2);
            assertEquals(ChildStatus.FAILED, ChildStatus.of(results.get(0)), results.get(0).toString());
            assertTrue(ChildStatus.reason(results.get(0)).startsWith("pwrite failed: EINVAL"), results.get(0).toString());
            assertEquals(2, results.get(1).getAsJsonObject("counters").get("writes").getAsLong());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        Output o = run("--dir", "/x", "--token", "UPPER", "--ops", "1", "FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=1");
        assertEquals(2, o.exit);
        assertEquals("witness: marker token 'UPPER' must be 8-64 of [a-z0-9]\n", o.stderr);
        Output noOps = run("--dir", "/x", "--token", "0123456789abcdef", "--ops", "0", "FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=1");
        assertEquals("witness: --ops must be a positive whole number, not '0'\n", noOps.stderr);
        Output badSize = run("--dir", "/x", "--token", "0123456789abcdef", "--ops", "1", "--size", "64k", "FileCreateCost.createWriteSync:syncDirectory=true,blockSizeBytes=1");
        assertEquals("witness: --size takes REGION:CHUNK in bytes (65536:16384), not '64k'\n", badSize.stderr);
        Output badCell = run("--dir", "/x", "--token", "0123456789abcdef", "--ops", "1", "Nope");
        assertEquals(2, badCell.exit);
        assertTrue(badCell.stderr.startsWith("witness: unknown benchmark 'Nope'"), badCell.stderr);
        assertEquals("", badCell.stdout);
    }

    private record Output(int exit, String stdout, String stderr) {
    }

    private static Output run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = WitnessMain.run(args, (cell, dir) -> WitnessWorkloads.open(cell, dir, JnrSyscalls.get()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Output(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
