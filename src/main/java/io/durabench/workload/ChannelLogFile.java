package io.durabench.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;

/** The JDK's own path a Java application would use: FileChannel.write, force, or DSYNC. */
final class ChannelLogFile implements LogFile {
    private final FileChannel channel;
    private final SyncMethod method;
    private final String path;

    ChannelLogFile(Path path, SyncMethod method) {
        this.method = method;
        this.path = path.toString();
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
        if (method == SyncMethod.CHANNEL_DSYNC) options.add(StandardOpenOption.DSYNC);
        try {
            this.channel = FileChannel.open(path, options);
        } catch (IOException e) {
            throw new UncheckedIOException("FileChannel.open " + options + " failed on " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        ByteBuffer src = block.duplicate().position(0).limit(length);
        try {
            long pos = offset;
            while (src.hasRemaining()) pos += channel.write(src, pos);
        } catch (IOException e) {
            throw new UncheckedIOException("FileChannel.write failed on " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        try {
            switch (method.sync()) {
                case FORCE_DATA -> channel.force(false);
                case FORCE_ALL -> channel.force(true);
                case IN_WRITE, NONE -> { }
                default -> throw new IllegalStateException(method + " is not a FileChannel sync");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("FileChannel.force failed on " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("FileChannel.close failed on " + path + ": " + e.getMessage(), e);
        }
    }
}
