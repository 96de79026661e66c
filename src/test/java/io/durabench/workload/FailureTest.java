package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.FailingSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call that fails (EIO injected into a real call sequence) fails the operation with a message
 * naming the call, the errno and the file, is never counted as done, and leaves no file behind:
 * the loop deletes it itself before the exception leaves (it fails closed), so no caller has to.
 * InjectedFaultsTest does the same for every call of every workload; these are the readable cases.
 */
class FailureTest {

    enum Stage { OPEN, WRITE, CLOSE }

    record Case(SyncMethod method, Preallocation prealloc, Call failing, int occurrence, Stage stage, String call) {
        @Override
        public String toString() {
            return method + "/" + prealloc + ": " + failing + " #" + occurrence + " -> " + call + " in " + stage;
        }
    }

    static final List<Case> CASES = List.of(
            new Case(SyncMethod.FDATASYNC, Preallocation.NONE, Call.FDATASYNC, 1, Stage.WRITE, "fdatasync"),
            new Case(SyncMethod.FSYNC, Preallocation.NONE, Call.FSYNC, 1, Stage.WRITE, "fsync"),
            new Case(SyncMethod.SYNC_FILE_RANGE, Preallocation.NONE, Call.SYNC_FILE_RANGE, 1, Stage.WRITE, "sync_file_range"),
            new Case(SyncMethod.FDATASYNC, Preallocation.NONE, Call.PWRITE, 1, Stage.WRITE, "pwrite"),
            new Case(SyncMethod.O_DSYNC, Preallocation.NONE, Call.PWRITE, 1, Stage.WRITE, "pwrite"),
            // The loop opens a plain control fd first, then the method's data fd.
            new Case(SyncMethod.FDATASYNC, Preallocation.NONE, Call.OPEN, 1, Stage.OPEN, "open(O_RDWR)"),
            new Case(SyncMethod.O_DSYNC, Preallocation.NONE, Call.OPEN, 2, Stage.OPEN, "open(O_RDWR|O_CREAT|O_DSYNC)"),
            new Case(SyncMethod.FDATASYNC, Preallocation.FTRUNCATE, Call.FTRUNCATE, 1, Stage.OPEN, "ftruncate"),
            new Case(SyncMethod.FDATASYNC, Preallocation.FTRUNCATE, Call.FSYNC, 1, Stage.OPEN, "fsync"),
            new Case(SyncMethod.FDATASYNC, Preallocation.FALLOCATE, Call.FALLOCATE, 1, Stage.OPEN, "fallocate"),
            new Case(SyncMethod.NONE, Preallocation.ZERO_FILL, Call.PWRITE, 1, Stage.OPEN, "pwrite"),
            new Case(SyncMethod.NONE, Preallocation.ZERO_FILL, Call.FDATASYNC, 1, Stage.OPEN, "fdatasync"),
            new Case(SyncMethod.FDATASYNC, Preallocation.NONE, Call.CLOSE, 1, Stage.CLOSE, "close"));

    static Stream<Arguments> cases() {
        return Stream.of(Medium.values()).flatMap(m -> CASES.stream().map(c -> Arguments.of(m, c)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aFailedCallFailsTheOperationNamingCallErrnoAndPath(Medium medium, Case c) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            FailingSyscalls sys = new FailingSyscalls(c.failing(), c.occurrence());
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), c.method(), 4096, 1, c.prealloc());
            NativeCallException e;
            if (c.stage() == Stage.OPEN) {
                e = assertThrows(NativeCallException.class, () -> DurableWriteLoop.open(sys, cfg));
            } else {
                DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg);
                if (c.stage() == Stage.WRITE) {
                    e = assertThrows(NativeCallException.class, loop::writeOne);
                    WriteCounters counters = loop.counters();
                    assertEquals(0, counters.syncCalls, "a failed sync is not counted as done");
                    assertEquals(0, counters.syncedWrites, "a failed synchronous write is not counted as done");
                    assertEquals(c.failing() == Call.PWRITE ? 0 : 1, counters.writes);
                    assertEquals(List.of(), dir.listing(), "the loop deleted its file before the exception left it");
                    assertThrows(IllegalStateException.class, loop::writeOne, "a failed loop refuses further writes");
                    loop.close(); // a no-op now
                } else {
                    e = assertThrows(NativeCallException.class, loop::close);
                }
            }
            assertEquals(1, sys.injected(), "the failure was injected once");
            assertEquals(c.call(), e.call());
            assertEquals("EIO", e.errnoName());
            Path file = Path.of(e.path());
            assertEquals(dir.path(), file.getParent(), "names the log file: " + e.getMessage());
            assertTrue(file.getFileName().toString().startsWith("durabench-"), e.getMessage());
            assertTrue(e.getMessage().startsWith(c.call() + " failed: EIO (Input/output error) on " + file), e.getMessage());
            assertFalse(Files.exists(file), "the failed trial's file is deleted");
            assertEquals(List.of(), dir.listing());
        }
    }

    /** A failure in a later batch, after successful ones, still surfaces (not only the first call). */
    @ParameterizedTest
    @MethodSource("io.durabench.workload.FailureTest#media")
    void theFifthFdatasyncOfBatch100FailsTheFiveHundredthWrite(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            FailingSyscalls sys = new FailingSyscalls(Call.FDATASYNC, 5);
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.FDATASYNC, 4096, 100, Preallocation.NONE))) {
                for (int i = 1; i < 500; i++) loop.writeOne();
                NativeCallException e = assertThrows(NativeCallException.class, loop::writeOne);
                assertEquals(List.of(), dir.listing(), "deleted before the exception left the loop");
                assertEquals("fdatasync", e.call());
                assertEquals(loop.path().toString(), e.path());
                assertEquals(4, loop.counters().syncCalls);
                assertEquals(500, loop.counters().writes);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    static Stream<Medium> media() {
        return Stream.of(Medium.values());
    }
}
