package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.FaultInjectingSyscalls.Fault;
import io.durabench.nativeio.FaultInjectingSyscalls.Made;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import jnr.constants.platform.Errno;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NativeFile's retry policy, call by call on real files: a short buffered pwrite is continued and
 * counted, a short O_DIRECT pwrite fails, EINTR on pwrite is retried, and a failed sync (EINTR
 * included) is never made again.
 */
class RetryPolicyTest {
    private static final int RDWR_CREAT = OpenFlags.O_RDWR | OpenFlags.O_CREAT;
    private static final int BLOCK = 8192;

    static Stream<Arguments> retriedFaultsOnEveryMedium() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(Fault.SHORT_WRITE, Fault.of(Errno.EINTR)).map(f -> Arguments.of(m, f)));
    }

    /** A short buffered pwrite is continued from where it stopped; an interrupted one is made again; each is counted. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("retriedFaultsOnEveryMedium")
    void aShortOrInterruptedBufferedWriteIsCompletedAndCounted(Medium medium, Fault fault) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(2, fault);
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 4096);
                assertEquals(fault.shortWrite() ? 1 : 0, f.shortWrites());
                assertEquals(fault.shortWrite() ? 0 : 1, f.interruptedWrites());
            }
            List<Made> calls = sys.calls();
            assertEquals(List.of(Call.OPEN, Call.PWRITE, Call.PWRITE, Call.CLOSE), calls.stream().map(Made::call).toList());
            long done = fault.shortWrite() ? BLOCK / 2 : 0;
            assertEquals(fault.shortWrite() ? BLOCK / 2 : -1, calls.get(1).result(), "the kernel wrote half, or nothing (EINTR)");
            assertEquals(4096 + done, calls.get(2).offset(), "the rest starts where the write stopped");
            assertEquals(BLOCK - done, calls.get(2).length());
            assertPatternAt(path, 4096);
            Files.delete(path);
        }
    }

    @Test
    void aShortODirectWriteFailsTheOperationInsteadOfWritingTheUnalignedRest() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(2, Fault.SHORT_WRITE);
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT | OpenFlags.O_DIRECT, 0644)) {
                NativeCallException e = assertThrows(NativeCallException.class,
                        () -> f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 0));
                assertEquals("pwrite", e.call());
                assertEquals(path.toString(), e.path());
                assertEquals("pwrite failed: short write of 4096 of 8192 bytes at offset 0 through O_DIRECT: the rest would be unaligned, "
                        + "so the block cannot be completed on " + path, e.getMessage());
            }
            assertEquals(List.of(Call.OPEN, Call.PWRITE, Call.CLOSE), sys.calls().stream().map(Made::call).toList(), "no second pwrite");
            Files.delete(path);
        }
    }

    static Stream<Arguments> syncsAndErrnos() {
        return Stream.of(Call.FSYNC, Call.FDATASYNC, Call.SYNC_FILE_RANGE).flatMap(c -> Stream.of(Errno.EINTR, Errno.EIO, Errno.ENOSPC)
                .map(e -> Arguments.of(c, e)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("syncsAndErrnos")
    void aFailedSyncIsThrownAndNeverMadeAgainEintrIncluded(Call sync, Errno errno) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(3, Fault.of(errno));
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 0);
                Runnable call = switch (sync) {
                    case FSYNC -> f::fsync;
                    case FDATASYNC -> f::fdatasync;
                    default -> () -> f.syncFileRange(0, BLOCK, NativeFile.SYNC_FILE_RANGE_WAIT_WRITE_WAIT);
                };
                NativeCallException e = assertThrows(NativeCallException.class, call::run);
                assertEquals(errno.name(), e.errnoName());
                assertEquals(sync == Call.SYNC_FILE_RANGE ? "sync_file_range" : sync.name().toLowerCase(), e.call());
            }
            assertEquals(List.of(Call.OPEN, Call.PWRITE, sync, Call.CLOSE), sys.calls().stream().map(Made::call).toList(),
                    "after the failed sync only the close: no retry");
            Files.delete(path);
        }
    }

    /** The errno of libc's fallocate travels LastError -> JnrSyscalls -> posix.errno -> errno(), as in production. */
    @Test
    void eopnotsuppFromFallocateIsNamedThroughJnrSyscallsOwnErrnoPlumbing() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(2, Fault.of(Errno.EOPNOTSUPP));
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                NativeCallException e = assertThrows(NativeCallException.class, () -> f.fallocate(0, BLOCK));
                assertEquals("fallocate", e.call());
                assertEquals("EOPNOTSUPP", e.errnoName());
                assertTrue(e.getMessage().startsWith("fallocate failed: EOPNOTSUPP (Operation not supported) on " + path), e.getMessage());
            }
            Files.delete(path);
        }
    }

    @Test
    void aWriteThatMakesNoProgressFailsRatherThanLoop() throws IOException {
        FaultInjectingSyscalls sys = assertPwriteFails(FaultInjectingSyscalls.failing(2, Fault.NO_PROGRESS),
                "pwrite failed: no progress: 0 of the remaining 8192 bytes written at offset 0 (0 of 8192 written before) on ");
        assertEquals(List.of(Call.OPEN, Call.PWRITE, Call.CLOSE), sys.calls().stream().map(Made::call).toList());
    }

    @Test
    void endlessInterruptionsFailAfterAHundredInARow() throws IOException {
        FaultInjectingSyscalls sys = assertPwriteFails(FaultInjectingSyscalls.failingFrom(2, Fault.of(Errno.EINTR)),
                "pwrite failed: interrupted (EINTR) 100 times in a row at offset 0 on ");
        assertEquals(NativeFile.MAX_INTERRUPTS, sys.calls().stream().filter(c -> c.call() == Call.PWRITE).count());
    }

    private static FaultInjectingSyscalls assertPwriteFails(FaultInjectingSyscalls sys, String messageStart) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = dir.path().resolve("f");
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                NativeCallException e = assertThrows(NativeCallException.class, () -> f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 0));
                assertEquals(messageStart + path, e.getMessage());
            }
            Files.delete(path);
        }
        return sys;
    }

    private static void assertPatternAt(Path path, int offset) throws IOException {
        byte[] content = Files.readAllBytes(path);
        assertEquals(offset + BLOCK, content.length);
        byte[] expected = new byte[BLOCK];
        AlignedBuffers.patterned(BLOCK, 4096).get(0, expected);
        byte[] actual = new byte[BLOCK];
        System.arraycopy(content, offset, actual, 0, BLOCK);
        assertArrayEquals(expected, actual, "the block is whole and in place");
    }
}
