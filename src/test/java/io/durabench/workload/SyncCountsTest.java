package io.durabench.workload;

import static io.durabench.nativeio.CountingSyscalls.Call.FDATASYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.FSYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.PWRITE;
import static io.durabench.nativeio.CountingSyscalls.Call.SYNC_FILE_RANGE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The syscalls each native sync method really issues, counted on real files on disk and on tmpfs. */
class SyncCountsTest {
    private static final int BLOCK = 4096;

    @ParameterizedTest
    @EnumSource(Medium.class)
    void noneIssuesNoSyncAtAll(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.NONE, BLOCK, 1, Preallocation.NONE))) {
                LoopFds fds = LoopFds.of(sys, loop);
                for (int i = 0; i < 200; i++) loop.writeOne();
                loop.syncPending();
                loop.restart();
                for (int i = 0; i < 50; i++) loop.writeOne();

                assertEquals(0, sys.syncsOnAnyFd(), "NONE must issue no fsync/fdatasync/sync_file_range: " + sys.events());
                assertEquals(250, sys.count(PWRITE, fds.data().fd()));
                assertEquals(0, fds.data().flags() & (OpenFlags.O_DSYNC | OpenFlags.O_SYNC | OpenFlags.O_DIRECT),
                        "NONE's data fd must be opened without sync flags: " + OpenFlags.describe(fds.data().flags()));
                WriteCounters c = loop.counters();
                assertEquals(250, c.writes);
                assertEquals(0, c.syncCalls);
                assertEquals(0, c.syncedWrites);
                assertEquals(0.0, (double) (c.syncCalls + c.syncedWrites) / c.writes);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void fdatasyncBatch100IssuesExactlyOneFdatasyncPer100Writes(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.FDATASYNC, BLOCK, 100, Preallocation.NONE))) {
                int data = LoopFds.of(sys, loop).data().fd();
                for (int i = 1; i <= 1050; i++) {
                    loop.writeOne();
                    assertEquals(i / 100, sys.count(FDATASYNC, data), "fdatasyncs after write " + i);
                }
                assertEquals(10, sys.count(FDATASYNC, data));
                assertEquals(10, sys.syncsOnAnyFd(), "no other sync on any fd: " + sys.events());

                // Each fdatasync follows the 100th pwrite of its batch directly.
                List<CountingSyscalls.Event> dataCalls = sys.events().stream().filter(e -> e.fd() == data).toList();
                long pwritesBefore = 0;
                for (CountingSyscalls.Event e : dataCalls) {
                    if (e.call() == PWRITE) {
                        assertEquals(pwritesBefore * BLOCK, e.offset(), "append: sequential offsets");
                        assertEquals(BLOCK, e.length());
                        pwritesBefore++;
                    } else if (e.call() == FDATASYNC) {
                        assertEquals(0, pwritesBefore % 100, "fdatasync after pwrite " + pwritesBefore);
                    }
                }

                WriteCounters c = loop.counters();
                assertEquals(sys.count(PWRITE, data), c.writes);
                assertEquals(sys.events(PWRITE, data).stream().mapToLong(CountingSyscalls.Event::length).sum(), c.bytes);
                assertEquals(sys.count(FDATASYNC, data), c.syncCalls);
                assertEquals(0, c.syncedWrites);
                assertEquals(10.0 / 1050, (double) (c.syncCalls + c.syncedWrites) / c.writes, 1e-12);

                loop.syncPending(); // the incomplete 11th batch of 50
                assertEquals(11, sys.count(FDATASYNC, data));
                assertEquals(11, c.syncCalls);
            }
        }
    }

    static Stream<Arguments> syncInWriteMethods() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(SyncMethod.O_DSYNC, SyncMethod.O_SYNC).map(s -> Arguments.of(m, s)));
    }

    @ParameterizedTest
    @MethodSource("syncInWriteMethods")
    void oDsyncAndOSyncIssueNoExplicitSyncButOpenWithTheFlag(Medium medium, SyncMethod method) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), method, BLOCK, 1, Preallocation.NONE))) {
                LoopFds fds = LoopFds.of(sys, loop);
                for (int i = 0; i < 100; i++) loop.writeOne();
                loop.syncPending();

                assertEquals(0, sys.syncsOnAnyFd(), method + " must not sync explicitly: " + sys.events());
                int expected = method == SyncMethod.O_SYNC ? OpenFlags.O_SYNC : OpenFlags.O_DSYNC;
                int passed = fds.data().flags();
                int kernel = LoopFds.kernelFlags(fds.data().fd());
                assertEquals(expected, passed & OpenFlags.O_SYNC, "flags passed to open: " + OpenFlags.describe(passed));
                assertEquals(expected, kernel & OpenFlags.O_SYNC, "flags the kernel holds: " + Integer.toOctalString(kernel));
                assertEquals(0, fds.control().flags() & OpenFlags.O_SYNC, "the control fd must not borrow the method's flags");
                WriteCounters c = loop.counters();
                assertEquals(100, c.writes);
                assertEquals(100, c.syncedWrites);
                assertEquals(0, c.syncCalls);
                assertEquals(1.0, (double) (c.syncCalls + c.syncedWrites) / c.writes);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void fsyncBatch10IssuesOneFsyncPer10Writes(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.FSYNC, BLOCK, 10, Preallocation.NONE))) {
                int data = LoopFds.of(sys, loop).data().fd();
                for (int i = 0; i < 100; i++) loop.writeOne();
                assertEquals(10, sys.count(FSYNC, data));
                assertEquals(10, sys.syncsOnAnyFd());
                assertEquals(10, loop.counters().syncCalls);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void syncFileRangeCoversExactlyTheBatchWrittenSinceTheLastSync(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.SYNC_FILE_RANGE, BLOCK, 10, Preallocation.NONE))) {
                int data = LoopFds.of(sys, loop).data().fd();
                for (int i = 0; i < 100; i++) loop.writeOne();
                List<CountingSyscalls.Event> ranges = sys.events(SYNC_FILE_RANGE, data);
                assertEquals(10, ranges.size());
                for (int i = 0; i < ranges.size(); i++) {
                    assertEquals((long) i * 10 * BLOCK, ranges.get(i).offset(), "range " + i + " starts at the last sync");
                    assertEquals(10L * BLOCK, ranges.get(i).length(), "range " + i + " covers its batch");
                }
                assertEquals(0, sys.count(FSYNC) + sys.count(FDATASYNC), "sync_file_range is the method's only sync");
                assertFalse(SyncMethod.SYNC_FILE_RANGE.durable());
                assertEquals(10, loop.counters().syncCalls);
            }
        }
    }
}
