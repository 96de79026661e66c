package io.durabench.witness;

import static io.durabench.witness.WitnessAssertions.assumeStrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.Counters;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.child.ChildStatus;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.NativeSide;
import io.durabench.lockstep.Side;
import io.durabench.lockstep.Order;
import io.durabench.lockstep.Placement;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.ScratchDir;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A lock-step side under the syscall witness: side A of a real fork pair runs under strace with its
 * marker calls around each cell's measured blocks, and the kernel must see exactly what its counters
 * say, by the same rules that judge a cell alone (so the hand-off adds no call on the cell's files
 * and the untimed settle after a recycled file is an fsync the counters know of); and per operation
 * the side makes the same calls as the witness sees of the cell alone.
 */
class LockStepWitnessTest {
    /** A region of 8 blocks: the append cells start their file over every 8 units, so settle runs. */
    private static final WorkloadSize SMALL = new WorkloadSize(8 * 8192, 16384);

    @Test
    void aSideInLockStepMakesTheCallsItsCountersSayAndTheSameCallsPerOperationAsAlone() throws Exception {
        assertWitnessedSideA(new ForkPair.Program.Jvm(JvmFacts.current()));
    }

    /** The C twin as the witnessed side A (its marker calls are LockStepSide's): the same rules hold it, call for call. */
    @Test
    void theTwinAsASideMakesTheCallsItsCountersSayToo() throws Exception {
        assumeTrue(onPath("cc"), "no cc on PATH: the C twin cannot be built here");
        assertWitnessedSideA(NativeSide.twin());
    }

    private static void assertWitnessedSideA(ForkPair.Program programA) throws Exception {
        assumeStrace();
        List<Cell> cells = List.of(Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE),
                Cells.syncWrite(SyncMethod.FSYNC, 8192, 1, Preallocation.ZERO_FILL),
                Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 1, Preallocation.NONE),
                Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 4, Preallocation.ZERO_FILL));
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path work = Files.createTempDirectory("durabench-lockstep-witness-");
            Path trace = work.resolve("trace.txt");
            String token = "lockstepwitness" + ProcessHandle.current().pid();
            String realDir = dir.path().toRealPath().toString();
            try {
                List<ForkPair.CellPair> pairs = cells.stream().map(c -> new ForkPair.CellPair(c, c, 6, SMALL)).toList();
                LockStepSettings s = new LockStepSettings(4, 6, 25, 1, Order.ALTERNATE, LockStepSettings.QUIET_BLOCKS, 50, 6);
                ForkPair.SideSetup a = new ForkPair.SideSetup(programA, dir.path(), List.of(), 0, new ForkPair.Witnessed(
                        SyscallWitness.tracer(SyscallWitness.findStrace(System.getenv().getOrDefault("PATH", "")), trace), token));
                ForkPair.Outcome o = ForkPair.run(a, ForkPair.SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), dir.path()),
                        Side.A, pairs, s, Placement.lastCpu(), "the witnessed pair");
                List<FileCall> calls = FileCalls.of(StraceTrace.read(trace));
                List<SizedCell> sized = cells.stream().map(c -> new SizedCell(c, SMALL)).toList();
                WitnessReport alone = SyscallWitness.in(dir.path()).withOps(24, 6).verify(sized);
                assertTrue(alone.passed(), alone.describe());
                for (int i = 0; i < cells.size(); i++) {
                    SideRecord side = o.a().get(i);
                    assertNull(side.error(), "cell " + i + ": " + side.error());
                    assertNull(o.b().get(i).error());
                    long ops = side.blocks().stream().mapToLong(b -> b.operations()).sum();
                    List<JsonObject> results = new ArrayList<>();
                    for (int k = 0; k < cells.size(); k++) results.add(k == i ? result(i, sized.get(i), side.counters()) : null);
                    CellVerdict v = new WitnessJudge(calls, token, realDir, (int) ops).judge(sized, results).get(i);
                    assertTrue(v.passed(), "in lock-step: " + v.describe());
                    Map<String, Long> c = side.counters();
                    Map<String, Long> a1 = alone.verdicts().get(i).counters();
                    assertEquals(perWrite(a1, Counters.SYNC_CALLS) + perWrite(a1, Counters.SYNCED_WRITES),
                            perWrite(c, Counters.SYNC_CALLS) + perWrite(c, Counters.SYNCED_WRITES), 1e-9,
                            cells.get(i) + ": flushes per write in lock-step and alone");
                }
                // Were the settle fsyncs not counted, the kernel's extra fsyncs would be named: the judge can fail.
                SideRecord first = o.a().get(0);
                Map<String, Long> hidden = new java.util.LinkedHashMap<>(first.counters());
                hidden.put(Counters.SETTLE_SYNCS, hidden.get(Counters.SETTLE_SYNCS) - 1);
                List<JsonObject> lying = new ArrayList<>();
                for (int k = 0; k < cells.size(); k++) lying.add(k == 0 ? result(0, sized.get(0), hidden) : null);
                long firstOps = first.blocks().stream().mapToLong(b -> b.operations()).sum();
                CellVerdict caught = new WitnessJudge(calls, token, realDir, (int) firstOps).judge(sized, lying).get(0);
                assertTrue(!caught.passed() && caught.describe().contains("fsync"), caught.describe());
                SideRecord append = o.a().get(0);
                assertTrue(append.counters().get(Counters.RECYCLES) > 0, "the append cell started its file over");
                assertEquals(append.counters().get(Counters.RECYCLES), append.counters().get(Counters.SETTLE_SYNCS),
                        "one untimed settle fsync after each unit that started the file over");
            } finally {
                Files.deleteIfExists(trace);
                Files.deleteIfExists(work);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && java.nio.file.Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }

    private static double perWrite(Map<String, Long> counters, String name) {
        return (double) counters.getOrDefault(name, 0L) / counters.get(Counters.WRITES);
    }

    /** The side's counters as the witness's result line for cell {@code i}. */
    private static JsonObject result(int i, SizedCell cell, Map<String, Long> counters) {
        JsonObject r = ChildStatus.OK.answer();
        r.addProperty("cell", i);
        r.addProperty("spec", cell.spec());
        JsonObject c = new JsonObject();
        counters.forEach(c::addProperty);
        r.add("counters", c);
        return r;
    }
}
