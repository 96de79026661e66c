package io.durabench.workload;

import io.durabench.errno.LinuxErrno;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.ownership.OwnedFiles;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * pg_test_fsync's test file: made once by its test_open() ({@code openat(O_RDWR|O_CREAT)}, one
 * {@code write} of 16 MiB, {@code fsync}, close) and then opened by every test in turn. The pg
 * loops open it with their own flags and never delete it; whoever made it closes it, which deletes it.
 * `durabench pg` makes one per fork and runs every line on it in pg_test_fsync's order, as
 * pg_test_fsync does; a JMH trial makes its own.
 */
public final class PgTestFile implements AutoCloseable {
    public static final int BLOCK_BYTES = 8192;
    public static final int FILE_BYTES = 16 << 20;
    private static final int EINVAL = LinuxErrno.EINVAL;

    private final Syscalls sys;
    private final Path path;
    private boolean closed;

    private PgTestFile(Syscalls sys, Path path) {
        this.sys = sys;
        this.path = path;
    }

    /** test_open(): a new owned file in {@code dir}, 16 MiB written and fsynced. */
    public static PgTestFile create(Syscalls sys, Path dir) {
        WorkloadFiles.requireDirectory(dir);
        Path path = OwnedFiles.in(dir).newFile("pg", ".out");
        try (NativeFile f = NativeFile.open(sys, path, OpenFlags.O_RDWR, 0)) {
            f.pwrite(PrewriteBuffer.WHOLE, FILE_BYTES, 0);
            f.fsync();
        } catch (RuntimeException | Error e) {
            WorkloadFiles.discard(e, path);
            throw e;
        }
        return new PgTestFile(sys, path);
    }

    /**
     * What pg_test_fsync's first test (open_datasync) leaves behind for the later ones when they run
     * alone: offset 0 written once through O_DSYNC|O_DIRECT, which drops the cached pages there (see
     * {@link PgTestFsyncLoop}). Where O_DIRECT is refused (EINVAL) pg_test_fsync's open_datasync is
     * n/a and writes nothing, so neither does this.
     */
    public void asAfterTheFirstTest() {
        NativeFile direct;
        try {
            direct = NativeFile.open(sys, path, OpenFlags.O_RDWR | OpenFlags.O_DSYNC | OpenFlags.O_DIRECT, 0);
        } catch (NativeCallException e) {
            if (e.errno() == EINVAL) return;
            throw e;
        }
        try (direct) {
            direct.pwrite(AlignedBuffers.patterned(BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT), BLOCK_BYTES, 0);
        }
    }

    /** A new descriptor on the file with {@code flags} added to O_RDWR. */
    public NativeFile open(int flags) {
        return NativeFile.open(sys, path, OpenFlags.O_RDWR | flags, 0);
    }

    public Path path() {
        return path;
    }

    /**
     * After a pg loop's operation failed: closes its descriptor and, when the loop made the file
     * ({@code owned} not null), deletes it; any failure doing so is attached to {@code primary}.
     */
    static void discardAfterFailure(Throwable primary, NativeFile fd, PgTestFile owned) {
        if (owned != null) {
            owned.closed = true;
            WorkloadFiles.discard(primary, owned.path, fd);
        } else {
            try {
                fd.close();
            } catch (RuntimeException e) {
                primary.addSuppressed(e);
            }
        }
    }

    /** A pg loop's normal teardown: its descriptor, then the file when the loop made it (both attempted). */
    static void closeAll(NativeFile fd, PgTestFile owned) {
        if (owned == null) {
            fd.close();
            return;
        }
        owned.closed = true;
        WorkloadFiles.closeAndDelete(owned.path, fd);
    }

    /** Deletes the file; idempotent. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        WorkloadFiles.closeAndDelete(path);
    }

    /**
     * The 16 MiB of the prewrite, made once per JVM: only ever read from, and making it anew for
     * every workload (the probe, the witness, tests open many) costs direct memory the JVM frees
     * only after a GC.
     */
    private static final class PrewriteBuffer {
        static final ByteBuffer WHOLE = AlignedBuffers.patterned(FILE_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
    }
}
