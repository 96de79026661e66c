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

/** {@link JdkCalls} as the JDK makes them: one JDK call per method, nothing added. */
final class RealJdkCalls implements JdkCalls {
    static final RealJdkCalls INSTANCE = new RealJdkCalls();

    private RealJdkCalls() {
    }

    @Override
    public FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException {
        return FileChannel.open(path, options);
    }

    @Override
    public int write(FileChannel channel, ByteBuffer src, long position) throws IOException {
        return channel.write(src, position);
    }

    @Override
    public void force(FileChannel channel, boolean metaData) throws IOException {
        channel.force(metaData);
    }

    @Override
    public MappedByteBuffer map(FileChannel channel, long size) throws IOException {
        return channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
    }

    @Override
    public void force(MappedByteBuffer map, int index, int length) {
        map.force(index, length);
    }

    @Override
    public RandomAccessFile openRandomAccess(Path path, String mode) throws IOException {
        return new RandomAccessFile(path.toFile(), mode);
    }

    @Override
    public void seek(RandomAccessFile file, long position) throws IOException {
        file.seek(position);
    }

    @Override
    public void write(RandomAccessFile file, byte[] b, int length) throws IOException {
        file.write(b, 0, length);
    }

    @Override
    public FileOutputStream openStream(Path path) throws IOException {
        return new FileOutputStream(path.toFile());
    }

    @Override
    public void position(FileOutputStream stream, long position) throws IOException {
        stream.getChannel().position(position);
    }

    @Override
    public void write(FileOutputStream stream, byte[] b, int length) throws IOException {
        stream.write(b, 0, length);
    }

    @Override
    public void sync(FileDescriptor fd) throws SyncFailedException {
        fd.sync();
    }

    @Override
    public void close(Closeable c) throws IOException {
        c.close();
    }
}
