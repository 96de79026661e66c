package io.durabench.workload;

import static io.durabench.nativeio.CountingSyscalls.Call.FDATASYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.FSYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.PWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.PgTestFsyncLoop.Method;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pg_test_fsync equivalent rewrites 8 KiB at offset 0 of a pre-written, fsynced 16 MiB file. */
class PgTestFsyncLoopTest {

    static Stream<Arguments> cases() {
        // open_datasync/open_sync use O_DIRECT like pg_test_fsync on Linux: on the disk only, as
        // tmpfs before Linux 6.6 refuses O_DIRECT.
        return Stream.concat(
                Stream.of(Medium.values()).flatMap(m -> Stream.of(Method.FDATASYNC, Method.FSYNC, Method.WRITE).map(x -> Arguments.of(m, x))),
                Stream.of(Method.OPEN_DATASYNC, Method.OPEN_SYNC).map(x -> Arguments.of(Medium.DISK, x)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void rewritesOffsetZeroOnlyAndTheFileStays16MiB(Medium medium, Method method) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            Path file;
            try (PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, dir.path(), method)) {
                List<String> listing = dir.listing();
                assertEquals(1, listing.size());
                file = dir.path().resolve(listing.get(0));
                List<CountingSyscalls.Open> opens = sys.opensOf(file.toString());
                assertEquals(2, opens.size(), "one fd to pre-write, one for the method");
                CountingSyscalls.Open prewrite = opens.get(0);
                CountingSyscalls.Open data = opens.get(1);

                // Pre-written like pg_test_fsync: the whole 16 MiB, then fsync.
                assertEquals(PgTestFsyncLoop.FILE_BYTES, sys.events(PWRITE, prewrite).stream().mapToLong(CountingSyscalls.Event::length).sum());
                assertEquals(1, sys.count(FSYNC, prewrite));
                assertEquals(PgTestFsyncLoop.FILE_BYTES, Files.size(file));

                int expectedFlags = switch (method) {
                    case OPEN_DATASYNC -> OpenFlags.O_DSYNC | OpenFlags.O_DIRECT;
                    case OPEN_SYNC -> OpenFlags.O_SYNC | OpenFlags.O_DIRECT;
                    default -> 0;
                };
                assertEquals(expectedFlags, LoopFds.kernelFlags(data.fd()) & (OpenFlags.O_SYNC | OpenFlags.O_DIRECT));

                for (int i = 0; i < 50; i++) loop.writeOne();

                List<CountingSyscalls.Event> writes = sys.events(PWRITE, data);
                assertEquals(50, writes.size());
                writes.forEach(w -> {
                    assertEquals(0, w.offset());
                    assertEquals(PgTestFsyncLoop.BLOCK_BYTES, w.length());
                });
                assertEquals(method == Method.FDATASYNC ? 50 : 0, sys.count(FDATASYNC, data));
                assertEquals(method == Method.FSYNC ? 50 : 0, sys.count(FSYNC, data));
                assertEquals(PgTestFsyncLoop.FILE_BYTES, Files.size(file), "rewrites never grow the file");

                WriteCounters c = loop.counters();
                assertEquals(50, c.writes);
                assertEquals(sys.count(FDATASYNC, data) + sys.count(FSYNC, data), c.syncCalls);
                assertEquals(method.name().startsWith("OPEN_") ? 50 : 0, c.syncedWrites);
                assertEquals(method.durable() ? 1.0 : 0.0, c.syncsPerWrite());
            }
            assertEquals(false, Files.exists(file), "close deletes the file");
            assertEquals(List.of(), dir.listing());
        }
    }
}
