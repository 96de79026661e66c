package io.durabench.witness;

import io.durabench.jdkio.ForwardingJdkCalls;
import io.durabench.jdkio.JdkCalls;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.SyncFailedException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * A lying JDK layer: the k-th sync (FileChannel.force, FileDescriptor.sync or MappedByteBuffer.force,
 * setup and warmup included) is silently not made and returns; or the durability options are quietly
 * left out (a channel opened without DSYNC or SYNC, a RandomAccessFile "rwd"/"rws" opened "rw").
 * Everything else is the JDK's call. Test code only.
 */
final class LyingJdkCalls extends ForwardingJdkCalls {
    private final int droppedSync;
    private final boolean stripSyncOptions;
    private int syncs;

    private LyingJdkCalls(int droppedSync, boolean stripSyncOptions) {
        super(JdkCalls.real());
        this.droppedSync = droppedSync;
        this.stripSyncOptions = stripSyncOptions;
    }

    static LyingJdkCalls droppingSync(int occurrence) {
        return new LyingJdkCalls(occurrence, false);
    }

    static LyingJdkCalls strippingSyncOptions() {
        return new LyingJdkCalls(0, true);
    }

    private synchronized boolean drop() {
        return ++syncs == droppedSync;
    }

    @Override
    public void force(FileChannel channel, boolean metaData) throws IOException {
        if (!drop()) super.force(channel, metaData);
    }

    @Override
    public void force(MappedByteBuffer map, int index, int length) {
        if (!drop()) super.force(map, index, length);
    }

    @Override
    public void sync(FileDescriptor fd) throws SyncFailedException {
        if (!drop()) super.sync(fd);
    }

    @Override
    public FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException {
        Set<OpenOption> o = new HashSet<>(options);
        if (stripSyncOptions) o.removeAll(Set.of(StandardOpenOption.DSYNC, StandardOpenOption.SYNC));
        return super.open(path, o);
    }

    @Override
    public RandomAccessFile openRandomAccess(Path path, String mode) throws IOException {
        return super.openRandomAccess(path, stripSyncOptions ? "rw" : mode);
    }
}
