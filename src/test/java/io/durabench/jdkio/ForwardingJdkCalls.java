package io.durabench.jdkio;

import java.io.Closeable;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.SyncFailedException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * {@link JdkCalls} that forwards every call to another (the JDK by default), after {@link #before},
 * which subclasses use to record calls and to throw what the JDK would throw. Subclasses override
 * single calls to change what they do (write less, skip a sync).
 */
public abstract class ForwardingJdkCalls implements JdkCalls {
    protected final JdkCalls target;

    protected ForwardingJdkCalls(JdkCalls target) {
        this.target = target;
    }

    /** Before each call; {@code path} is the file for opens, null otherwise. */
    protected void before(JdkCall call, Path path) throws IOException {
    }

    @Override
    public FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException {
        before(JdkCall.CHANNEL_OPEN, path);
        return target.open(path, options);
    }

    @Override
    public int write(FileChannel channel, ByteBuffer src, long position) throws IOException {
        before(JdkCall.CHANNEL_WRITE, null);
        return target.write(channel, src, position);
    }

    @Override
    public void force(FileChannel channel, boolean metaData) throws IOException {
        before(JdkCall.CHANNEL_FORCE, null);
        target.force(channel, metaData);
    }

    @Override
    public MappedByteBuffer map(FileChannel channel, long size) throws IOException {
        before(JdkCall.CHANNEL_MAP, null);
        return target.map(channel, size);
    }

    @Override
    public void force(MappedByteBuffer map, int index, int length) {
        try {
            before(JdkCall.MAPPED_FORCE, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // how the JDK reports a failed msync
        }
        target.force(map, index, length);
    }

    @Override
    public RandomAccessFile openRandomAccess(Path path, String mode) throws IOException {
        before(JdkCall.RANDOM_ACCESS_OPEN, path);
        return target.openRandomAccess(path, mode);
    }

    @Override
    public void seek(RandomAccessFile file, long position) throws IOException {
        before(JdkCall.RANDOM_ACCESS_SEEK, null);
        target.seek(file, position);
    }

    @Override
    public void write(RandomAccessFile file, byte[] b, int length) throws IOException {
        before(JdkCall.RANDOM_ACCESS_WRITE, null);
        target.write(file, b, length);
    }

    @Override
    public FileOutputStream openStream(Path path) throws IOException {
        before(JdkCall.STREAM_OPEN, path);
        return target.openStream(path);
    }

    @Override
    public void position(FileOutputStream stream, long position) throws IOException {
        before(JdkCall.STREAM_POSITION, null);
        target.position(stream, position);
    }

    @Override
    public void write(FileOutputStream stream, byte[] b, int length) throws IOException {
        before(JdkCall.STREAM_WRITE, null);
        target.write(stream, b, length);
    }

    @Override
    public void sync(FileDescriptor fd) throws SyncFailedException {
        try {
            before(JdkCall.FD_SYNC, null);
        } catch (SyncFailedException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("FileDescriptor.sync can only fail with SyncFailedException, not " + e, e);
        }
        target.sync(fd);
    }

    @Override
    public void close(Closeable c) throws IOException {
        before(JdkCall.CLOSE, null);
        target.close(c);
    }
}
