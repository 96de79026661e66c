package io.durabench.jdkio;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * The JDK calls on one file, each checked: whatever the JDK throws becomes a
 * {@link JdkCallException} naming the call, the errno where there is one, and this file's path.
 * No policy: a short channel write is returned as the JDK returned it, nothing is retried.
 */
public final class JdkFile {
    private final JdkCalls calls;
    private final Path path;

    public JdkFile(JdkCalls calls, Path path) {
        this.calls = calls;
        this.path = path;
    }

    public FileChannel openChannel(Set<? extends OpenOption> options) {
        try {
            return calls.open(path, options);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.CHANNEL_OPEN, path, e);
        }
    }

    /** One positional write; the count the JDK returned (possibly less than remained). */
    public int write(FileChannel channel, ByteBuffer src, long position) {
        try {
            return calls.write(channel, src, position);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.CHANNEL_WRITE, path, e);
        }
    }

    public void force(FileChannel channel, boolean metaData) {
        try {
            calls.force(channel, metaData);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.CHANNEL_FORCE, path, e);
        }
    }

    public MappedByteBuffer map(FileChannel channel, long size) {
        try {
            return calls.map(channel, size);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.CHANNEL_MAP, path, e);
        }
    }

    public void force(MappedByteBuffer map, int index, int length) {
        try {
            calls.force(map, index, length);
        } catch (UncheckedIOException e) {
            // The JDK passes msync's failure on unchecked, without the file: add it.
            throw JdkCallException.of(JdkCall.MAPPED_FORCE, path, e.getCause());
        }
    }

    public RandomAccessFile openRandomAccess(String mode) {
        try {
            return calls.openRandomAccess(path, mode);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.RANDOM_ACCESS_OPEN, path, e);
        }
    }

    public void seek(RandomAccessFile file, long position) {
        try {
            calls.seek(file, position);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.RANDOM_ACCESS_SEEK, path, e);
        }
    }

    public void write(RandomAccessFile file, byte[] b, int length) {
        try {
            calls.write(file, b, length);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.RANDOM_ACCESS_WRITE, path, e);
        }
    }

    public FileOutputStream openStream() {
        try {
            return calls.openStream(path);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.STREAM_OPEN, path, e);
        }
    }

    public void position(FileOutputStream stream, long position) {
        try {
            calls.position(stream, position);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.STREAM_POSITION, path, e);
        }
    }

    public void write(FileOutputStream stream, byte[] b, int length) {
        try {
            calls.write(stream, b, length);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.STREAM_WRITE, path, e);
        }
    }

    /** {@code stream.getFD().sync()}: fsync of the stream's file. */
    public void sync(FileOutputStream stream) {
        try {
            calls.sync(stream.getFD());
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.FD_SYNC, path, e);
        }
    }

    public void close(Closeable c) {
        try {
            calls.close(c);
        } catch (IOException e) {
            throw JdkCallException.of(JdkCall.CLOSE, path, e);
        }
    }

    /** A failure of {@code call} that the JDK did not throw but the caller cannot accept. */
    public JdkCallException problem(JdkCall call, String problem) {
        return JdkCallException.problem(call, path, problem);
    }
}
