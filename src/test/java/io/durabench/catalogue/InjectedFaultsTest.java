package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.FaultInjectingSyscalls;
import io.durabench.nativeio.FaultInjectingSyscalls.Fault;
import io.durabench.nativeio.FaultInjectingSyscalls.Made;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jnr.constants.platform.Errno;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Injected faults at every native call site, exhaustively: each workload (every family, opened the
 * way the probe and the witness open it, through {@link BenchmarkFamily#open}) runs once with every
 * call recorded; then, for every k, it runs again with the k-th call failing, once per fault that
 * call can meet: EIO, ENOSPC, EDQUOT and EINTR everywhere, EOPNOTSUPP for fallocate, a short write
 * for pwrite. Whatever the call (setup, a payload write, a sync, a recycle's ftruncate, a zero-fill
 * chunk, a pg_test_fsync prewrite, a directory fsync, a close), the outcome is one of two:
 * <ul>
 *   <li>retried by policy (EINTR on pwrite, a short buffered pwrite): the very next call is the same
 *       pwrite (or its rest), the run succeeds and counts exactly what the undisturbed run counted,
 *       plus the retry in interruptedWrites / shortWrites;</li>
 *   <li>failed: the exception names the call, the errno and the file; the workload's counters are
 *       exactly what they were just before the failed call (nothing counted for it or after it); the
 *       directory is already empty when the exception leaves the workload (it fails closed); the
 *       failed call is not made again (the next call is never the same one); and closing the
 *       workload afterwards makes no call at all.</li>
 * </ul>
 */
class InjectedFaultsTest {
    private static final int BLOCK = 4096;
    /** Five blocks, so the log recycles twice in twelve writes, a batch of three pending each time. */
    private static final WorkloadSize SMALL = new WorkloadSize(5L * BLOCK, 2 * BLOCK);
    /** Where the O_DIRECT cells run: tmpfs when it takes O_DIRECT (Linux 6.6+), which keeps this test fast; the disk otherwise. */
    private static final Medium DIRECT_IO = tmpfsTakesDirectIo() ? Medium.SHM : Medium.DISK;
    private static final List<Fault> EVERYWHERE = List.of(Fault.of(Errno.EIO), Fault.of(Errno.ENOSPC), Fault.of(Errno.EDQUOT), Fault.of(Errno.EINTR));

    /** A cell, where it runs, how many operations, and a call its undisturbed run must make (so the sites that matter are covered). */
    record Case(String name, Cell cell, Medium medium, int ops, String mustMake, java.util.function.Predicate<List<Made>> makes) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        SyncWriteCostFamily sw = Catalogue.SYNC_WRITE_COST;
        for (SyncMethod m : SyncMethod.availableOn(Runtime.version()).toList()) { // virtual threads: JDK 21+
            for (Preallocation p : Preallocation.values()) {
                int batch = m.takesBatches() ? 3 : 1;
                Cell cell = Cell.of(sw.writeBlock()).with(SyncWriteCostFamily.SYNC_METHOD, m).with(SyncWriteCostFamily.BLOCK_SIZE, BLOCK)
                        .with(SyncWriteCostFamily.WRITES_PER_SYNC, batch).with(SyncWriteCostFamily.PREALLOCATION, p);
                if (sw.invalidCombination(cell).isPresent()) continue;
                boolean wraps = m.api() == SyncMethod.Api.MMAP;
                cases.add(new Case("SyncWriteCost " + m + " batch " + batch + " " + p, cell, m.usesDirectIo() ? DIRECT_IO : Medium.SHM, 12,
                        wraps ? "its control open" : "two recycles' ftruncate(0)" + (p == Preallocation.ZERO_FILL ? " and zero-fill chunks" : ""),
                        calls -> wraps ? count(calls, Call.OPEN) >= 1 : calls.stream().filter(c -> c.call() == Call.FTRUNCATE && c.length() == 0).count() == 2
                                && (p != Preallocation.ZERO_FILL || count(calls, Call.FDATASYNC) >= 3 + (m == SyncMethod.FDATASYNC ? 4 : 0))));
            }
        }
        for (PgTestFsyncLoop.Method m : PgTestFsyncLoop.Method.values()) {
            Cell cell = Cell.of(Catalogue.PG_TEST_FSYNC.benchmark()).with(PgTestFsyncFamily.PG_METHOD, m);
            cases.add(new Case("PgTestFsyncEquivalent " + m, cell, m.usesDirectIo() ? DIRECT_IO : Medium.SHM, 3, "the 16 MiB prewrite and its fsync",
                    calls -> calls.get(1).call() == Call.PWRITE && calls.get(1).length() == PgTestFsyncLoop.FILE_BYTES && calls.get(2).call() == Call.FSYNC));
        }
        for (boolean syncDir : new boolean[] {false, true}) {
            Cell cell = Cell.of(Catalogue.FILE_CREATE.createWriteSync()).with(SyncWriteCostFamily.BLOCK_SIZE, BLOCK)
                    .with(FileCreateFamily.SYNC_DIRECTORY, syncDir);
            cases.add(new Case("FileCreateCost syncDirectory=" + syncDir, cell, Medium.SHM, 3, syncDir ? "three directory fsyncs" : "three file fsyncs",
                    calls -> count(calls, Call.FSYNC) == (syncDir ? 6 : 3)));
        }
        GroupCommitFamily gc = Catalogue.GROUP_COMMIT;
        for (Benchmark b : gc.benchmarks()) {
            for (SyncMethod m : GroupCommitConfig.GROUPABLE) {
                for (Preallocation p : GroupCommitConfig.PREALLOCATIONS) {
                    Cell cell = Cell.of(b).with(GroupCommitFamily.COMMITTERS, 1).with(GroupCommitFamily.RECORD_SIZE, BLOCK)
                            .with(GroupCommitFamily.SYNC_METHOD, m).with(GroupCommitFamily.PREALLOCATION, p);
                    if (b.has(GroupCommitFamily.COMMIT_DELAY)) cell = cell.with(GroupCommitFamily.COMMIT_DELAY, 0L).with(GroupCommitFamily.COMMIT_SIBLINGS, 1);
                    cases.add(new Case(b.shortName() + " " + m + " " + p, cell, Medium.SHM, 12, "a recycle's ftruncate(0)"
                            + (p == Preallocation.ZERO_FILL ? " and zero-fill chunks" : ""),
                            calls -> calls.stream().anyMatch(c -> c.call() == Call.FTRUNCATE && c.length() == 0)
                                    && (p != Preallocation.ZERO_FILL || count(calls, Call.FDATASYNC) >= 3)));
                }
            }
        }
        return cases.stream();
    }

    /** Per family: cells, calls recorded, faults injected (what the report to the lead quotes). */
    private static final Map<String, long[]> TALLY = new java.util.TreeMap<>();

    @org.junit.jupiter.api.AfterAll
    static void sayWhatWasCovered() {
        TALLY.forEach((family, t) -> System.out.println("InjectedFaultsTest " + family + ": " + t[0] + " cells, " + t[1]
                + " calls, " + t[2] + " faults injected"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyCallFailsInTurnAndEachFailureIsNamedUncountedNotRetriedAndLeavesNothing(Case c) {
        try (ScratchDir dir = ScratchDir.on(c.medium())) {
            Cell cell = c.cell().with(Catalogue.TARGET_DIR, dir.path().toString());
            Run undisturbed = Run.of(cell, FaultInjectingSyscalls.recording(), c.ops(), dir);
            assertNull(undisturbed.failure, c + " must run undisturbed: " + undisturbed.failure);
            assertEquals(List.of(), dir.listing());
            assertTrue(c.makes().test(undisturbed.calls), c + " must make " + c.mustMake() + ": " + undisturbed.calls);
            long[] tally = TALLY.computeIfAbsent(cell.family().simpleName(), k -> new long[3]);
            tally[0]++;
            tally[1] += undisturbed.calls.size();
            for (Made call : undisturbed.calls) {
                for (Fault fault : faultsFor(call)) {
                    Run run = Run.of(cell, FaultInjectingSyscalls.failing(call.index(), fault), c.ops(), dir);
                    String what = c + ", " + fault + " in call " + call;
                    Made injected = run.sys.injected();
                    assertNotNull(injected, what + ": never reached");
                    assertTrue(injected.sameCallAs(call), what + ": the run diverged before the fault, it hit " + injected);
                    if (retriedByPolicy(injected, fault)) {
                        assertRetried(what, undisturbed, run, injected, fault);
                    } else {
                        assertFailedCleanly(what, run, injected, fault);
                    }
                    assertEquals(List.of(), dir.listing(), what + ": files left");
                    tally[2]++;
                }
            }
        }
    }

    private static long count(List<Made> calls, Call call) {
        return calls.stream().filter(c -> c.call() == call).count();
    }

    private static boolean tmpfsTakesDirectIo() {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path probe = dir.path().resolve("probe");
            try (NativeFile f = NativeFile.open(JnrSyscalls.get(), probe, OpenFlags.O_RDWR | OpenFlags.O_CREAT | OpenFlags.O_DIRECT, 0644)) {
                return true;
            } catch (NativeCallException e) {
                return false;
            } finally {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    static List<Fault> faultsFor(Made call) {
        List<Fault> faults = new ArrayList<>(EVERYWHERE);
        if (call.call() == Call.FALLOCATE) faults.add(Fault.of(Errno.EOPNOTSUPP));
        if (call.call() == Call.PWRITE && call.length() >= 2) faults.add(Fault.SHORT_WRITE);
        return faults;
    }

    /** EINTR on pwrite is made again; a short pwrite through a buffered fd is continued. */
    private static boolean retriedByPolicy(Made injected, Fault fault) {
        if (injected.call() != Call.PWRITE) return false;
        return fault.shortWrite() ? !injected.throughDirectIo() : fault.errno() == Errno.EINTR.intValue();
    }

    private static void assertRetried(String what, Run undisturbed, Run run, Made injected, Fault fault) {
        assertNull(run.failure, what + ": retried by policy, the run must succeed, but " + run.failure);
        Made next = run.after(injected);
        assertNotNull(next, what + ": nothing after it");
        assertEquals(Call.PWRITE, next.call(), what + ": the next call continues the write: " + next);
        assertEquals(injected.fd(), next.fd(), what);
        long done = fault.shortWrite() ? injected.result() : 0;
        assertEquals(injected.offset() + done, next.offset(), what + ": continues where the write stopped");
        assertEquals(injected.length() - done, next.length(), what);
        String retryCounter = fault.shortWrite() ? Counters.SHORT_WRITES : Counters.INTERRUPTED_WRITES;
        Map<String, Long> expected = new HashMap<>(undisturbed.countersAtEnd);
        Map<String, Long> actual = new HashMap<>(run.countersAtEnd);
        long retries = actual.remove(retryCounter);
        expected.remove(retryCounter);
        assertEquals(expected, actual, what + ": everything else counted as without the fault");
        // Setup writes outside the workload's own descriptors (pg_test_fsync's prewrite) are not counted.
        assertTrue(retries == 1 || (retries == 0 && injected.countersBefore() == null), what + ": " + retryCounter + " " + retries);
    }

    private static void assertFailedCleanly(String what, Run run, Made injected, Fault fault) {
        assertNotNull(run.failure, what + ": the run must fail");
        NativeCallException e = nativeCause(run.failure);
        assertNotNull(e, what + ": the failure names no system call: " + run.failure);
        if (fault.shortWrite()) {
            assertEquals("pwrite", e.call(), what);
            assertTrue(e.getMessage().contains("short write of " + injected.result() + " of " + injected.length() + " bytes")
                    && e.getMessage().contains("O_DIRECT"), what + ": " + e.getMessage());
        } else {
            assertEquals(fault.name(), e.errnoName(), what + ": " + e.getMessage());
            assertTrue(e.call().startsWith(callName(injected.call())), what + ": call named " + e.call());
            assertTrue(e.getMessage().contains(fault.name() + " ("), what + ": " + e.getMessage());
        }
        assertEquals(injected.path(), e.path(), what);
        assertTrue(run.failure.getMessage().contains(e.getMessage()), what + ": the error the caller sees names it: " + run.failure.getMessage());
        assertEquals(List.of(), run.leftWhenItFailed, what + ": files left when the exception left the workload");
        if (injected.countersBefore() != null && run.countersWhenItFailed != null) {
            assertEquals(injected.countersBefore(), run.countersWhenItFailed, what + ": counted something for the failed call or after it");
        }
        Made next = run.after(injected);
        if (next != null) {
            boolean again = next.call() == injected.call() && next.path().equals(injected.path()) && next.fd() == injected.fd()
                    && next.offset() == injected.offset() && next.length() == injected.length();
            assertFalse(again, what + ": the failed call was made again: " + next);
        }
        assertNull(run.closeAfterFailure, what + ": closing after the failure threw " + run.closeAfterFailure);
        assertEquals(run.callsWhenItFailed, run.calls.size(), what + ": closing after the failure made calls: " + run.calls);
    }

    private static String callName(Call call) {
        return switch (call) {
            case OPEN -> "open(";
            case SYNC_FILE_RANGE -> "sync_file_range";
            default -> call.name().toLowerCase();
        };
    }

    private static NativeCallException nativeCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof NativeCallException n) return n;
        }
        return null;
    }

    /** One run of a cell's workload: open, the operations, finish, close; what it did and how it ended. */
    private static final class Run {
        FaultInjectingSyscalls sys;
        List<Made> calls;
        Throwable failure;
        List<String> leftWhenItFailed;
        Map<String, Long> countersWhenItFailed;
        Map<String, Long> countersAtEnd;
        int callsWhenItFailed;
        Throwable closeAfterFailure;

        static Run of(Cell cell, FaultInjectingSyscalls sys, int ops, ScratchDir dir) {
            Run r = new Run();
            r.sys = sys;
            OperationLoop[] loop = {null};
            sys.countersFrom(() -> loop[0] == null ? null : loop[0].counters());
            boolean closing = false;
            try {
                loop[0] = cell.family().open(sys, cell, SMALL);
                for (int i = 0; i < ops; i++) loop[0].operate();
                loop[0].finish();
                r.countersAtEnd = loop[0].counters();
                closing = true;
                loop[0].close();
            } catch (RuntimeException | AssertionError e) {
                if (e instanceof AssertionError) throw e;
                r.failure = e;
                r.leftWhenItFailed = dir.listing();
                r.countersWhenItFailed = loop[0] == null ? null : loop[0].counters();
                r.callsWhenItFailed = sys.calls().size();
                if (loop[0] != null && !closing) {
                    try {
                        loop[0].close();
                    } catch (RuntimeException again) {
                        r.closeAfterFailure = again;
                    }
                }
            }
            r.calls = sys.calls();
            return r;
        }

        Made after(Made injected) {
            return calls.stream().filter(m -> m.index() == injected.index() + 1).findFirst().orElse(null);
        }
    }
}
