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
import java.nio.ByteBuffer;
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

    @ParameterizedTest
    @EnumSource(Medium.class)
    void aShortBufferedWriteIsContinuedFromWhereItStoppedAndCounted(Medium medium) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(2, Fault.SHORT_WRITE);
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 4096);
                assertEquals(1, f.shortWrites());
                assertEquals(0, f.interruptedWrites());
            }
            List<Made> calls = sys.calls();
            assertEquals(List.of(Call.OPEN, Call.PWRITE, Call.PWRITE, Call.CLOSE), calls.stream().map(Made::call).toList());
            assertEquals(BLOCK / 2, calls.get(1).result(), "the kernel wrote half");
            assertEquals(4096 + BLOCK / 2, calls.get(2).offset(), "the rest starts where the short write stopped");
            assertEquals(BLOCK / 2, calls.get(2).length());
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

    @ParameterizedTest
    @EnumSource(Medium.class)
    void eintrOnPwriteIsRetriedAndCounted(Medium medium) throws IOException {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Path path = dir.path().resolve("f");
            FaultInjectingSyscalls sys = FaultInjectingSyscalls.failing(2, Fault.of(Errno.EINTR));
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 4096);
                assertEquals(1, f.interruptedWrites());
                assertEquals(0, f.shortWrites());
            }
            List<Made> calls = sys.calls();
            assertEquals(List.of(Call.OPEN, Call.PWRITE, Call.PWRITE, Call.CLOSE), calls.stream().map(Made::call).toList());
            assertEquals("EINTR", NativeCallException.errnoName(calls.get(1).errno()));
            assertTrue(calls.get(2).sameCallAs(calls.get(1)), "the same pwrite again: " + calls);
            assertPatternAt(path, 4096);
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
        assertPwriteFails(sys -> new Wrapper(sys) {
            @Override
            public long pwrite(int fd, ByteBuffer buf, long count, long offset) {
                return 0;
            }
        }, "pwrite failed: no progress: 0 of the remaining 8192 bytes written at offset 0 (0 of 8192 written before) on ");
    }

    @Test
    void endlessInterruptionsFailAfterAHundredInARow() throws IOException {
        int[] calls = {0};
        assertPwriteFails(sys -> new Wrapper(sys) {
            @Override
            public long pwrite(int fd, ByteBuffer buf, long count, long offset) {
                calls[0]++;
                return sys.failWith(Errno.EINTR.intValue());
            }
        }, "pwrite failed: interrupted (EINTR) 100 times in a row at offset 0 on ");
        assertEquals(NativeFile.MAX_INTERRUPTS, calls[0]);
    }

    private static void assertPwriteFails(java.util.function.Function<JnrSyscalls, Syscalls> wrap, String messageStart) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = dir.path().resolve("f");
            Syscalls sys = wrap.apply(JnrSyscalls.get());
            try (NativeFile f = NativeFile.open(sys, path, RDWR_CREAT, 0644)) {
                NativeCallException e = assertThrows(NativeCallException.class, () -> f.pwrite(AlignedBuffers.patterned(BLOCK, 4096), BLOCK, 0));
                assertEquals(messageStart + path, e.getMessage());
            }
            Files.delete(path);
        }
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

    /** The real calls, for a test to override one. */
    private static class Wrapper implements Syscalls {
        final JnrSyscalls sys;

        Wrapper(JnrSyscalls sys) {
            this.sys = sys;
        }

        @Override
        public int open(String path, int flags, int mode) {
            return sys.open(path, flags, mode);
        }

        @Override
        public long pwrite(int fd, ByteBuffer buf, long count, long offset) {
            return sys.pwrite(fd, buf, count, offset);
        }

        @Override
        public int fsync(int fd) {
            return sys.fsync(fd);
        }

        @Override
        public int fdatasync(int fd) {
            return sys.fdatasync(fd);
        }

        @Override
        public int ftruncate(int fd, long length) {
            return sys.ftruncate(fd, length);
        }

        @Override
        public int fallocate(int fd, int mode, long offset, long length) {
            return sys.fallocate(fd, mode, offset, length);
        }

        @Override
        public int syncFileRange(int fd, long offset, long nbytes, int flags) {
            return sys.syncFileRange(fd, offset, nbytes, flags);
        }

        @Override
        public int close(int fd) {
            return sys.close(fd);
        }

        @Override
        public int errno() {
            return sys.errno();
        }
    }
}
