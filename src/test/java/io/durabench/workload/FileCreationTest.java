package io.durabench.workload;

import static io.durabench.nativeio.CountingSyscalls.Call.CLOSE;
import static io.durabench.nativeio.CountingSyscalls.Call.FSYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.FailingSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Creating durable files: one fsync per file, plus one of the directory when asked. */
class FileCreationTest {
    private static final int BLOCK = 8192;

    static Stream<Arguments> cases() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(false, true).map(s -> Arguments.of(m, s)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void countsFileAndDirectorySyncs(Medium medium, boolean syncDirectory) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (FileCreation creation = new FileCreation(sys, dir.path(), BLOCK, syncDirectory)) {
                for (int i = 0; i < 5; i++) creation.createOne();

                List<CountingSyscalls.Open> dirOpens = sys.opensOf(dir.path().toString());
                assertEquals(syncDirectory ? 1 : 0, dirOpens.size(), "the directory is opened once, only to sync it");
                dirOpens.forEach(o -> assertEquals(OpenFlags.O_DIRECTORY, o.flags() & OpenFlags.O_DIRECTORY));
                long dirSyncs = dirOpens.isEmpty() ? 0 : sys.count(FSYNC, dirOpens.get(0).fd());
                assertEquals(syncDirectory ? 5 : 0, dirSyncs);
                assertEquals(5, sys.count(FSYNC) - dirSyncs, "one fsync per file");
                assertEquals(5 + (syncDirectory ? 1 : 0), sys.count(OPEN));
                assertEquals(5, sys.count(CLOSE), "each file closed after its sync; the directory stays open");

                WriteCounters c = creation.counters();
                assertEquals(5, c.writes);
                assertEquals(5L * BLOCK, c.bytes);
                assertEquals(sys.count(FSYNC), c.syncCalls);
                assertEquals(syncDirectory ? 2.0 : 1.0, (double) (c.syncCalls + c.syncedWrites) / c.writes);

                assertEquals(5, creation.outstanding());
                List<String> files = dir.listing();
                assertEquals(5, files.size());
                for (String f : files) assertEquals(BLOCK, Files.size(dir.path().resolve(f)));

                creation.deleteCreated();
                assertEquals(0, creation.outstanding());
                assertEquals(List.of(), dir.listing());
                creation.createOne(); // left for close() to delete
            }
            assertEquals(syncDirectory ? 7 : 6, sys.count(CLOSE), "close() closes the directory fd");
            assertEquals(List.of(), dir.listing());
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void aFailedDirectorySyncNamesTheDirectory(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            FailingSyscalls sys = new FailingSyscalls(FSYNC, 2); // the file's fsync succeeds, the directory's fails
            try (FileCreation creation = new FileCreation(sys, dir.path(), BLOCK, true)) {
                NativeCallException e = assertThrows(NativeCallException.class, creation::createOne);
                assertEquals("fsync", e.call());
                assertEquals("EIO", e.errnoName());
                assertEquals(dir.path().toString(), e.path());
                // What completed is counted (the write and the file's fsync), the failed directory sync is not.
                assertEquals(1, creation.counters().writes);
                assertEquals(1, creation.counters().syncCalls);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void aMissingDirectoryIsRefusedUpFront(Medium medium) {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path missing = dir.path().resolve("missing");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FileCreation(new CountingSyscalls(), missing, BLOCK, true));
            assertEquals(true, e.getMessage().contains(missing.toString()), e.getMessage());
        }
    }
}
