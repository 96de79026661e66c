package io.durabench.workload;

import io.durabench.jdkio.JdkFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * A memory-mapped log: payload copied into a fixed mapping, made durable with
 * {@code MappedByteBuffer.force(index, length)} (msync MS_SYNC of the dirty range).
 * Mapping extends the file to the region size, so the file is sparse (like FTRUNCATE).
 * A failed msync reaches the caller as a named {@link io.durabench.jdkio.JdkCallException} with the
 * path and errno (the JDK itself throws a bare UncheckedIOException), and is never retried.
 */
final class MappedLogFile implements LogFile {
    private final JdkFile file;
    private final FileChannel channel;
    private final MappedByteBuffer map;

    MappedLogFile(JdkFile file, long regionBytes) {
        if (regionBytes > Integer.MAX_VALUE) throw new IllegalArgumentException("mapped region over 2 GiB: " + regionBytes);
        this.file = file;
        this.channel = file.openChannel(Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE));
        try {
            this.map = file.map(channel, regionBytes);
        } catch (RuntimeException e) {
            try {
                file.close(channel);
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        map.put((int) offset, block, 0, length);
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        file.force(map, (int) fromOffset, (int) (toOffset - fromOffset));
    }

    @Override
    public void close() {
        file.close(channel); // the mapping stays valid until GC; the file is deleted by the caller
    }
}
