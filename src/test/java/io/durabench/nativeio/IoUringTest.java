package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A completion the kernel fails is the ring's failure, named with its errno and path: a write through a
 * read-only descriptor completes with -EBADF, and the sync linked or drained behind it (ECANCELED, or its
 * own result) does not hide it. The ring stays usable for the next batch.
 */
class IoUringTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aFailedWriteIsReportedWithItsErrnoAndPathNotTheSyncBehindIt(int writes) throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Syscalls sys = NativeLayers.current();
            Path p = Files.writeString(dir.path().resolve("read-only"), "");
            ByteBuffer block = AlignedBuffers.patterned(4096, 4096);
            try (NativeFile f = NativeFile.open(sys, p, OpenFlags.O_RDONLY, 0); IoUring ring = IoUring.open(sys, writes + 1, p.toString())) {
                for (int i = 0; i < writes; i++) ring.queueWrite(f, block, 4096, i * 4096L, 0, writes == 1 ? IoUring.IOSQE_IO_LINK : 0);
                ring.queueFsync(f, IoUring.IORING_FSYNC_DATASYNC, writes == 1 ? 0 : IoUring.IOSQE_IO_DRAIN);
                NativeCallException e = assertThrows(NativeCallException.class, ring::submitAndWait);
                assertEquals("io_uring write failed: EBADF (Bad file descriptor) on " + p, e.getMessage());
                assertEquals(1, ring.enters(), "one io_uring_enter submitted the batch and waited for it");

                ring.queueFsync(f, IoUring.IORING_FSYNC_DATASYNC, 0);
                ring.submitAndWait();
                assertEquals(2, ring.enters(), "the ring takes the next batch");
            } finally {
                Files.delete(p);
            }
        }
    }
}
