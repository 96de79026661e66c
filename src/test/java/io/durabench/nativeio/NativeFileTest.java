package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every checked call of the native layer turns -1 into an exception naming the call, errno and path. */
class NativeFileTest {
    private static final int RDWR_CREAT = OpenFlags.O_RDWR | OpenFlags.O_CREAT;

    static Stream<Arguments> everyCallOnEveryMedium() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(Call.values()).map(c -> Arguments.of(m, c)));
    }

    @ParameterizedTest
    @MethodSource("everyCallOnEveryMedium")
    void aFailingCallThrowsNamingTheCallErrnoAndPath(Medium medium, Call call) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            FailingSyscalls sys = new FailingSyscalls(call, 1);
            ByteBuffer block = AlignedBuffers.patterned(4096, 4096);
            try {
                NativeCallException e = assertThrows(NativeCallException.class, () -> {
                    NativeFile opened = NativeFile.open(sys, path, RDWR_CREAT, 0644);
                    try (opened) {
                        switch (call) {
                            case OPEN -> { }
                            case PWRITE -> opened.pwrite(block, 4096, 0);
                            case FSYNC -> opened.fsync();
                            case FDATASYNC -> opened.fdatasync();
                            case FTRUNCATE -> opened.ftruncate(8192);
                            case FALLOCATE -> opened.fallocate(0, 8192);
                            case SYNC_FILE_RANGE -> opened.syncFileRange(0, 4096, NativeFile.SYNC_FILE_RANGE_WAIT_WRITE_WAIT);
                            case CLOSE -> { } // try-with-resources closes it
                        }
                    }
                });
                String name = call == Call.OPEN ? "open(O_RDWR|O_CREAT)" : call == Call.SYNC_FILE_RANGE ? "sync_file_range" : call.name().toLowerCase();
                assertEquals(1, sys.injected());
                assertEquals(name, e.call());
                assertEquals(FailingSyscalls.EIO, e.errno());
                assertEquals("EIO", e.errnoName());
                assertEquals(path.toString(), e.path());
                assertTrue(e.getMessage().startsWith(name + " failed: EIO ("), e.getMessage());
                assertTrue(e.getMessage().endsWith(" on " + path), e.getMessage());
            } finally {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void aRealErrnoIsNamedToo() {
        Path missing = Path.of("/proc/no/such/dir/f");
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> NativeFile.open(JnrSyscalls.get(), missing, RDWR_CREAT, 0644));
        assertEquals("ENOENT", e.errnoName());
        assertTrue(e.getMessage().startsWith("open(O_RDWR|O_CREAT) failed: ENOENT ("), e.getMessage());
        assertTrue(e.getMessage().endsWith(" on " + missing), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void aClosedFileRefusesFurtherCallsAndClosesOnlyOnce(Medium medium) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            CountingSyscalls sys = new CountingSyscalls();
            NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644);
            f.close();
            f.close();
            assertEquals(1, sys.count(Call.CLOSE));
            IllegalStateException e = assertThrows(IllegalStateException.class, f::fsync);
            assertTrue(e.getMessage().contains(path.toString()), e.getMessage());
            Files.delete(path);
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void openAddsCloexecAndWritesReallyLand(Medium medium) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            CountingSyscalls sys = new CountingSyscalls();
            ByteBuffer block = AlignedBuffers.patterned(8192, 4096);
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                f.pwrite(block, 8192, 4096);
                f.fdatasync();
            }
            assertTrue(sys.opens().get(0).has(OpenFlags.O_CLOEXEC), "no fd leaks into JMH's forked children");
            byte[] content = Files.readAllBytes(path);
            assertEquals(4096 + 8192, content.length);
            for (int i = 0; i < 4096; i++) assertEquals(0, content[i]);
            for (int i = 0; i < 8192; i++) assertEquals((byte) ('a' + i % 26), content[4096 + i]);
            Files.delete(path);
        }
    }
}
