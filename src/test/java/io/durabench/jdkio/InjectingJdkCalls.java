package io.durabench.jdkio;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.SyncFailedException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDK's calls, recorded in order (from any thread), with at most one fault at the k-th call
 * (1-based, counting every call): the exception the JDK throws when that call's system call fails
 * with an errno, or, for a channel write, a short write (half of what remained is really written,
 * and that count returned).
 *
 * <p>The exceptions are the JDK's own forms, checked against the real JDK by JdkErrnoTest:
 * FileChannel.open throws FileSystemException(path, null, strerror), the stream and
 * RandomAccessFile constructors FileNotFoundException("path (strerror)"), FileDescriptor.sync
 * SyncFailedException("sync failed") whatever the errno, MappedByteBuffer.force an
 * UncheckedIOException around IOException(strerror), every other call IOException(strerror).
 */
public final class InjectingJdkCalls extends ForwardingJdkCalls {
    private final List<JdkCall> calls = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final int failAt;
    private final String errno;
    private final int shortAt;

    private InjectingJdkCalls(int failAt, String errno, int shortAt) {
        super(JdkCalls.real());
        this.failAt = failAt;
        this.errno = errno;
        this.shortAt = shortAt;
    }

    /** Only records. */
    public static InjectingJdkCalls recording() {
        return new InjectingJdkCalls(0, null, 0);
    }

    /** The k-th call fails with {@code errno} (as the JDK reports it). */
    public static InjectingJdkCalls failing(int k, String errno) {
        JdkErrno.text(errno); // an unknown name fails here, not inside the workload
        return new InjectingJdkCalls(k, errno, 0);
    }

    /** The k-th call, a channel write, writes half of what remained and returns that count. */
    public static InjectingJdkCalls shortening(int k) {
        return new InjectingJdkCalls(0, null, k);
    }

    /** Every call so far, in the order they were made. */
    public synchronized List<JdkCall> calls() {
        return List.copyOf(calls);
    }

    /** The thread that made each call, in the same order. */
    public synchronized List<Thread> threads() {
        return List.copyOf(threads);
    }

    /** How many calls of {@code call} were made. */
    public synchronized long count(JdkCall call) {
        return calls.stream().filter(c -> c == call).count();
    }

    private synchronized int record(JdkCall call) {
        calls.add(call);
        threads.add(Thread.currentThread());
        return calls.size();
    }

    @Override
    protected void before(JdkCall call, Path path) throws IOException {
        int n = record(call);
        if (n == shortAt && call != JdkCall.CHANNEL_WRITE) throw new IllegalStateException("call " + n + " is " + call + ", not a channel write");
        if (n == failAt) throw jdkException(call, path, errno);
    }

    @Override
    public int write(FileChannel channel, ByteBuffer src, long position) throws IOException {
        int n = record(JdkCall.CHANNEL_WRITE);
        if (n == failAt) throw jdkException(JdkCall.CHANNEL_WRITE, null, errno);
        if (n != shortAt) return target.write(channel, src, position);
        ByteBuffer part = src.duplicate();
        part.limit(part.position() + src.remaining() / 2);
        int written = target.write(channel, part, position);
        src.position(src.position() + written);
        return written;
    }

    /** What the JDK throws when {@code call}'s system call fails with {@code errno}. */
    static IOException jdkException(JdkCall call, Path path, String errno) {
        String text = JdkErrno.text(errno);
        return switch (call) {
            case CHANNEL_OPEN -> new FileSystemException(path.toString(), null, text);
            case RANDOM_ACCESS_OPEN, STREAM_OPEN -> new FileNotFoundException(path + " (" + text + ")");
            case FD_SYNC -> new SyncFailedException("sync failed");
            default -> new IOException(text);
        };
    }
}
