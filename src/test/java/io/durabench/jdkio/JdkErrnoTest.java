package io.durabench.jdkio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.nio.file.ExtendedOpenOption;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The JDK's real exceptions, from real failing system calls (/dev/full refuses writes with ENOSPC
 * and fsync with EINVAL; a missing directory gives ENOENT), named with call, errno and path; and
 * the faults the tests inject have exactly the JDK's form.
 */
class JdkErrnoTest {
    private static final Path FULL = Path.of("/dev/full");
    private final JdkFile full = new JdkFile(JdkCalls.real(), FULL);

    @Test
    void aChannelWriteThatTheKernelRefusesIsNamedWithItsErrno() throws IOException {
        try (FileChannel ch = full.openChannel(Set.of(StandardOpenOption.WRITE))) {
            JdkCallException e = assertThrows(JdkCallException.class, () -> full.write(ch, ByteBuffer.allocateDirect(4096), 0));
            assertEquals("FileChannel.write failed: ENOSPC (No space left on device) on /dev/full", e.getMessage());
            assertEquals(JdkCall.CHANNEL_WRITE, e.call());
            assertEquals("ENOSPC", e.errnoName());
            assertEquals(FULL, e.path());
        }
    }

    @Test
    void aFailedForceIsNamedWithItsErrno() throws IOException {
        try (FileChannel ch = full.openChannel(Set.of(StandardOpenOption.WRITE))) {
            JdkCallException e = assertThrows(JdkCallException.class, () -> full.force(ch, false));
            assertEquals("FileChannel.force failed: EINVAL (Invalid argument) on /dev/full", e.getMessage());
        }
    }

    @Test
    void javaIoWritesAreNamedWithTheirErrno() throws IOException {
        try (RandomAccessFile raf = full.openRandomAccess("rw")) {
            JdkCallException e = assertThrows(JdkCallException.class, () -> full.write(raf, new byte[4096], 4096));
            assertEquals("RandomAccessFile.write failed: ENOSPC (No space left on device) on /dev/full", e.getMessage());
        }
        try (FileOutputStream out = full.openStream()) {
            JdkCallException e = assertThrows(JdkCallException.class, () -> full.write(out, new byte[4096], 4096));
            assertEquals("FileOutputStream.write failed: ENOSPC (No space left on device) on /dev/full", e.getMessage());
        }
    }

    @Test
    void fileDescriptorSyncGivesNoErrnoAndNoneIsInvented() throws IOException {
        try (FileOutputStream out = full.openStream()) {
            JdkCallException e = assertThrows(JdkCallException.class, () -> full.sync(out));
            assertEquals("FileDescriptor.sync failed: SyncFailedException \"sync failed\" (the JDK gives no errno) on /dev/full", e.getMessage());
            assertNull(e.errnoName());
        }
    }

    @Test
    void opensOfAMissingDirectoryAreEnoentWhicheverApiOpens() {
        Path missing = Path.of("/nonexistent-durabench-dir/x.log");
        JdkFile f = new JdkFile(JdkCalls.real(), missing);
        String tail = "ENOENT (No such file or directory) on " + missing;
        assertEquals("FileChannel.open failed: " + tail,
                assertThrows(JdkCallException.class, () -> f.openChannel(Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE))).getMessage());
        assertEquals("new RandomAccessFile failed: " + tail, assertThrows(JdkCallException.class, () -> f.openRandomAccess("rwd")).getMessage());
        assertEquals("new FileOutputStream failed: " + tail, assertThrows(JdkCallException.class, f::openStream).getMessage());
    }

    @Test
    void theJdksOwnDirectAlignmentRefusalIsEinvalAsTheKernelWouldSay() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path p = dir.path().resolve("direct.log");
            JdkFile f = new JdkFile(JdkCalls.real(), p);
            int alignment = Math.toIntExact(Files.getFileStore(dir.path()).getBlockSize());
            try (FileChannel ch = f.openChannel(Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE, ExtendedOpenOption.DIRECT))) {
                ByteBuffer half = ByteBuffer.allocateDirect(2 * alignment).alignedSlice(alignment).limit(alignment / 2);
                JdkCallException e = assertThrows(JdkCallException.class, () -> f.write(ch, half, 0));
                assertEquals("EINVAL", e.errnoName());
                assertEquals("FileChannel.write failed: EINVAL (refused by the JDK before the kernel, which would say EINVAL: Number of remaining bytes ("
                        + alignment / 2 + ") is not a multiple of the block size (" + alignment + ")) on " + p, e.getMessage());
            } finally {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void injectedFaultsHaveTheJdksOwnForm() throws IOException {
        IOException real = null;
        try (FileChannel ch = FileChannel.open(FULL, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(10), 0);
        } catch (IOException e) {
            real = e;
        }
        IOException injected = InjectingJdkCalls.jdkException(JdkCall.CHANNEL_WRITE, null, "ENOSPC");
        assertEquals(real.getClass(), injected.getClass());
        assertEquals(real.getMessage(), injected.getMessage());
        try (FileOutputStream out = new FileOutputStream(FULL.toFile())) {
            out.getFD().sync();
            throw new AssertionError("fsync of /dev/full succeeded");
        } catch (IOException e) {
            IOException sync = InjectingJdkCalls.jdkException(JdkCall.FD_SYNC, null, "EIO");
            assertEquals(e.getClass(), sync.getClass());
            assertEquals(e.getMessage(), sync.getMessage());
        }
    }

    @Test
    void aMessageThatIsNoErrnosTextGetsNoErrno() {
        assertEquals(Optional.empty(), JdkErrno.of(new IOException("Stream Closed")));
        assertEquals(Optional.of(new JdkErrno.Named("EDQUOT", "Disk quota exceeded")), JdkErrno.of(new IOException("Disk quota exceeded")));
        assertTrue(JdkErrno.of(new IOException((String) null)).isEmpty());
    }
}
