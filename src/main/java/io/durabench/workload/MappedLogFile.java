package io.durabench.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A memory-mapped log: payload copied into a fixed mapping, made durable with
 * {@code MappedByteBuffer.force(index, length)} (msync MS_SYNC of the dirty range).
 * Mapping extends the file to the region size, so the file is sparse (like FTRUNCATE).
 */
final class MappedLogFile implements LogFile {
    private final FileChannel channel;
    private final MappedByteBuffer map;
    private final String path;

    MappedLogFile(Path path, long regionBytes) {
        this.path = path.toString();
        if (regionBytes > Integer.MAX_VALUE) throw new IllegalArgumentException("mapped region over 2 GiB: " + regionBytes);
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
            map = channel.map(FileChannel.MapMode.READ_WRITE, 0, regionBytes);
        } catch (IOException e) {
            throw new UncheckedIOException("mmap of " + regionBytes + " bytes failed on " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        map.put((int) offset, block, 0, length);
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        // force(index, length) throws UncheckedIOException itself when msync fails.
        map.force((int) fromOffset, (int) (toOffset - fromOffset));
    }

    @Override
    public void close() {
        try {
            channel.close(); // the mapping stays valid until GC; the file is deleted by the caller
        } catch (IOException e) {
            throw new UncheckedIOException("FileChannel.close failed on " + path + ": " + e.getMessage(), e);
        }
    }
}
