package io.durabench.jdkio;

import java.io.Closeable;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.SyncFailedException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * The raw JDK file calls of durabench's JDK paths, one method per {@link JdkCall}, each exactly the
 * JDK's own call with the JDK's own exceptions: the seam that {@link io.durabench.nativeio.Syscalls}
 * is for the native paths. No checking and no policy here; {@link JdkFile} names failures, the
 * workloads decide what a short write or a failed sync means.
 *
 * <p>An interface so that tests can record the calls a JDK-path workload makes, and fail the k-th
 * one the way the JDK fails it (an IOException carrying the errno's text, a SyncFailedException
 * without one) or make a channel write short, without a faulty disk.
 */
public interface JdkCalls {
    /** {@link JdkCall#CHANNEL_OPEN}: {@code FileChannel.open(path, options)}. */
    FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException;

    /** {@link JdkCall#CHANNEL_WRITE}: one positional {@code FileChannel.write}; may write less than remains. */
    int write(FileChannel channel, ByteBuffer src, long position) throws IOException;

    /** {@link JdkCall#CHANNEL_FORCE}: {@code FileChannel.force(metaData)}. */
    void force(FileChannel channel, boolean metaData) throws IOException;

    /** {@link JdkCall#CHANNEL_MAP}: a READ_WRITE mapping of {@code [0, size)}. */
    MappedByteBuffer map(FileChannel channel, long size) throws IOException;

    /** {@link JdkCall#MAPPED_FORCE}: {@code MappedByteBuffer.force(index, length)}; the JDK reports msync's failure as an UncheckedIOException. */
    void force(MappedByteBuffer map, int index, int length);

    /** {@link JdkCall#RANDOM_ACCESS_OPEN}: {@code new RandomAccessFile(path, mode)}. */
    RandomAccessFile openRandomAccess(Path path, String mode) throws IOException;

    /** {@link JdkCall#RANDOM_ACCESS_SEEK}. */
    void seek(RandomAccessFile file, long position) throws IOException;

    /** {@link JdkCall#RANDOM_ACCESS_WRITE}: {@code write(b, 0, length)}; the JDK itself continues a short write. */
    void write(RandomAccessFile file, byte[] b, int length) throws IOException;

    /** {@link JdkCall#STREAM_OPEN}: {@code new FileOutputStream(path)} (truncates, as that constructor does). */
    FileOutputStream openStream(Path path) throws IOException;

    /** {@link JdkCall#STREAM_POSITION}: moves the stream's file position through its channel. */
    void position(FileOutputStream stream, long position) throws IOException;

    /** {@link JdkCall#STREAM_WRITE}: {@code write(b, 0, length)}; the JDK itself continues a short write. */
    void write(FileOutputStream stream, byte[] b, int length) throws IOException;

    /** {@link JdkCall#FD_SYNC}: {@code FileDescriptor.sync()} (fsync); its failure carries no errno. */
    void sync(FileDescriptor fd) throws SyncFailedException;

    /** {@link JdkCall#CLOSE}. */
    void close(Closeable c) throws IOException;

    /** The JDK itself. */
    static JdkCalls real() {
        return RealJdkCalls.INSTANCE;
    }

    /**
     * Implemented by the {@code Syscalls} a workload is opened with when its JDK calls should go
     * elsewhere than {@link #real()} (tests): the workloads take one seam object today, so the second
     * travels with the first.
     */
    interface Provider {
        JdkCalls jdkCalls();
    }
}
