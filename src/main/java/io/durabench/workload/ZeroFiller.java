package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import java.nio.ByteBuffer;

/**
 * ZERO_FILL's rolling preallocation (the Dolt WAL scheme, background section 4): real zeros are
 * written and fdatasynced ahead of the log, one chunk at a time, through the plain control fd, so
 * that payload writes land in already-allocated, already-sized space and stay in-place overwrites.
 *
 * <p>Not thread-safe: its owner decides who fills when (the durable-write loop is single-threaded;
 * the group-commit log lets one committer at a time fill, outside its lock).
 */
public final class ZeroFiller {
    private final NativeFile control;
    private final ByteBuffer zeros;
    private final int chunkBytes;
    private final long regionBytes;
    private long zeroedUpTo;

    public ZeroFiller(NativeFile control, int chunkBytes, long regionBytes, int alignmentBytes) {
        this.control = control;
        this.chunkBytes = chunkBytes;
        this.regionBytes = regionBytes;
        this.zeros = AlignedBuffers.allocate(chunkBytes, alignmentBytes);
    }

    /** End of the zeroed (and synced) space, from the file start. */
    public long zeroedUpTo() {
        return zeroedUpTo;
    }

    /** True when bytes up to {@code end} are not zeroed yet and the region still has room to zero. */
    public boolean needsFillFor(long end) {
        return end > zeroedUpTo && zeroedUpTo < regionBytes;
    }

    /**
     * Writes the next chunk of zeros (shorter at the region's end) and fdatasyncs it, so the zeros
     * are durable before a payload write relies on them. Returns the bytes written.
     */
    public int fillNextChunk() {
        int len = (int) Math.min(chunkBytes, regionBytes - zeroedUpTo);
        control.pwrite(zeros, len, zeroedUpTo);
        control.fdatasync();
        zeroedUpTo += len;
        return len;
    }

    /** Fills chunk after chunk until bytes up to {@code end} are zeroed (or the region is); returns the chunks (= fdatasyncs). */
    public int fillUpTo(long end) {
        int chunks = 0;
        while (needsFillFor(end)) {
            fillNextChunk();
            chunks++;
        }
        return chunks;
    }

    /** The file was truncated to zero: nothing is zeroed any more. */
    public void forgetZeroed() {
        zeroedUpTo = 0;
    }
}
