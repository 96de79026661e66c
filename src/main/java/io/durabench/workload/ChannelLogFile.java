package io.durabench.workload;

import com.sun.nio.file.ExtendedOpenOption;
import io.durabench.jdkio.JdkCall;
import io.durabench.jdkio.JdkFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * The JDK's channel path a Java application would use: positional FileChannel.write, then force,
 * or a channel opened with DSYNC, SYNC or DIRECT (ExtendedOpenOption, JDK 10+).
 *
 * <p>Short writes, as FileChannel.write allows: a buffered write is continued from where it stopped
 * until the block is written (as databases do), and each continuation is counted. A direct write is
 * not continued: the rest could start unaligned, which O_DIRECT refuses, and a direct write is
 * expected whole, so a short one fails the operation with the counts. A failed force is thrown as
 * it came and never retried (after a failed fsync the kernel may have dropped the dirty pages, so a
 * retry that succeeds proves nothing). DIRECT's alignment is the JDK's: it refuses a position,
 * buffer address or length that is not a multiple of the file store's block size before any system
 * call (EINVAL, see {@link io.durabench.jdkio.JdkErrno}); the blocks come from aligned direct buffers.
 */
final class ChannelLogFile implements LogFile {
    private final JdkFile file;
    private final SyncMethod method;
    private final boolean direct;
    private final FileChannel channel;
    private long continuedShortWrites;

    ChannelLogFile(JdkFile file, SyncMethod method) {
        this.file = file;
        this.method = method;
        Set<OpenOption> options = options(method);
        this.direct = options.contains(ExtendedOpenOption.DIRECT);
        this.channel = file.openChannel(options);
    }

    /** The JDK open options of each channel method. */
    static Set<OpenOption> options(SyncMethod method) {
        Set<OpenOption> o = new HashSet<>(Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE));
        switch (method) {
            case CHANNEL_DSYNC, CHANNEL_DSYNC_VIRTUAL, CHANNEL_DSYNC_PLATFORM -> o.add(StandardOpenOption.DSYNC);
            case CHANNEL_SYNC -> o.add(StandardOpenOption.SYNC);
            case CHANNEL_DIRECT -> o.add(ExtendedOpenOption.DIRECT);
            case CHANNEL_DIRECT_DSYNC -> {
                o.add(ExtendedOpenOption.DIRECT);
                o.add(StandardOpenOption.DSYNC);
            }
            case CHANNEL_FORCE_DATA, CHANNEL_FORCE_ALL, CHANNEL_FORCE_DATA_VIRTUAL, CHANNEL_FORCE_ALL_VIRTUAL,
                    CHANNEL_FORCE_DATA_PLATFORM, CHANNEL_FORCE_ALL_PLATFORM -> { }
            default -> throw new IllegalArgumentException(method + " is not a FileChannel method");
        }
        return o;
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        ByteBuffer src = block.duplicate().position(0).limit(length);
        long pos = offset;
        while (src.hasRemaining()) {
            int n = file.write(channel, src, pos);
            if (src.hasRemaining()) {
                if (direct) {
                    throw file.problem(JdkCall.CHANNEL_WRITE, "short direct write: " + n + " of " + length + " bytes at offset "
                            + pos + "; the rest could be unaligned, so a direct write is not continued");
                }
                if (n <= 0) {
                    throw file.problem(JdkCall.CHANNEL_WRITE, "wrote " + n + " of " + (src.remaining() + Math.max(n, 0))
                            + " remaining bytes at offset " + pos + ": no progress");
                }
                continuedShortWrites++;
            }
            pos += n;
        }
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        switch (method.sync()) {
            case FORCE_DATA -> file.force(channel, false);
            case FORCE_ALL -> file.force(channel, true);
            case IN_WRITE, NONE -> { }
            default -> throw new IllegalStateException(method + " is not a FileChannel sync");
        }
    }

    @Override
    public long continuedShortWrites() {
        return continuedShortWrites;
    }

    @Override
    public void close() {
        file.close(channel);
    }
}
