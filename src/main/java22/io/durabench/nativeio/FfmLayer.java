package io.durabench.nativeio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The native layer on java.lang.foreign (JDK 22+): each call one downcall to libc ({@link FfmLibc}),
 * errno captured right after it into this thread's segment ({@link CapturedErrno}). No sun.misc.Unsafe,
 * no jffi: a JVM on this layer runs with {@code --sun-misc-unsafe-memory-access=deny} and loads no jnr
 * class. The same calls as {@link JnrSyscalls} (the witness holds both to the kernel, workload by
 * workload), on the same aligned direct buffers ({@link MemorySegment#ofBuffer}: the buffer's memory
 * itself, no copy).
 *
 * <p>Built from src/main/java22 into the jar's META-INF/versions/22 only; loaded by name
 * ({@link NativeLayers}). A path is passed in the charset the JDK's own file calls use
 * ({@code sun.jnu.encoding}), so a name means the same file to both.
 */
public final class FfmLayer implements NativeLayer {
    private static final FfmLayer INSTANCE = new FfmLayer();
    private static final Charset PATHS = pathCharset();

    private FfmLayer() {
    }

    /** The one instance (NativeLayers calls this by name). */
    public static FfmLayer get() {
        return INSTANCE;
    }

    @Override
    public Kind kind() {
        return Kind.FFM;
    }

    @Override
    public int open(String path, int flags, int mode) {
        try (Arena call = Arena.ofConfined()) {
            return (int) FfmLibc.Open.H.invokeExact(CapturedErrno.segment(), call.allocateFrom(path, PATHS), flags, mode);
        } catch (Throwable t) {
            throw rethrown("open", t);
        }
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        try {
            return (long) FfmLibc.Pwrite.H.invokeExact(CapturedErrno.segment(), fd, MemorySegment.ofBuffer(directBuffer), count, offset);
        } catch (Throwable t) {
            throw rethrown("pwrite", t);
        }
    }

    @Override
    public int fsync(int fd) {
        try {
            return (int) FfmLibc.Fsync.H.invokeExact(CapturedErrno.segment(), fd);
        } catch (Throwable t) {
            throw rethrown("fsync", t);
        }
    }

    @Override
    public int fdatasync(int fd) {
        try {
            return (int) FfmLibc.Fdatasync.H.invokeExact(CapturedErrno.segment(), fd);
        } catch (Throwable t) {
            throw rethrown("fdatasync", t);
        }
    }

    @Override
    public int ftruncate(int fd, long length) {
        try {
            return (int) FfmLibc.Ftruncate.H.invokeExact(CapturedErrno.segment(), fd, length);
        } catch (Throwable t) {
            throw rethrown("ftruncate", t);
        }
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        try {
            return (int) FfmLibc.Fallocate.H.invokeExact(CapturedErrno.segment(), fd, mode, offset, length);
        } catch (Throwable t) {
            throw rethrown("fallocate", t);
        }
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        try {
            return (int) FfmLibc.SyncFileRange.H.invokeExact(CapturedErrno.segment(), fd, offset, nbytes, flags);
        } catch (Throwable t) {
            throw rethrown("sync_file_range", t);
        }
    }

    @Override
    public int close(int fd) {
        try {
            return (int) FfmLibc.Close.H.invokeExact(CapturedErrno.segment(), fd);
        } catch (Throwable t) {
            throw rethrown("close", t);
        }
    }

    @Override
    public int errno() {
        return CapturedErrno.last();
    }

    @Override
    public long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
        try {
            return (long) FfmLibc.Syscall.H.invokeExact(CapturedErrno.segment(), number, a0, a1, a2, a3, a4, a5);
        } catch (Throwable t) {
            throw rethrown("syscall", t);
        }
    }

    @Override
    public long address(ByteBuffer directBuffer) {
        if (!directBuffer.isDirect()) throw new IllegalArgumentException("not a direct buffer: it has no address the kernel can use");
        return MemorySegment.ofBuffer(directBuffer).address();
    }

    /** mmap's MAP_FAILED, (void *) -1. */
    private static final long MAP_FAILED = -1;

    @Override
    public ByteBuffer mmap(int length, int prot, int flags, int fd, long offset) {
        try {
            MemorySegment at = (MemorySegment) FfmLibc.Mmap.H.invokeExact(CapturedErrno.segment(), MemorySegment.NULL, (long) length,
                    prot, flags, fd, offset);
            if (at.address() == MAP_FAILED) return null;
            // The kernel's shared memory, alive until munmap: a global segment of its length, seen as a buffer.
            return at.reinterpret(length).asByteBuffer().order(ByteOrder.nativeOrder());
        } catch (Throwable t) {
            throw rethrown("mmap", t);
        }
    }

    @Override
    public int munmap(ByteBuffer mapping) {
        try {
            return (int) FfmLibc.Munmap.H.invokeExact(CapturedErrno.segment(), MemorySegment.ofBuffer(mapping), (long) mapping.capacity());
        } catch (Throwable t) {
            throw rethrown("munmap", t);
        }
    }

    @Override
    public int flock(int fd, int operation) {
        try {
            return (int) FfmLibc.Flock.H.invokeExact(CapturedErrno.segment(), fd, operation);
        } catch (Throwable t) {
            throw rethrown("flock", t);
        }
    }

    @Override
    public FileStatus fstat(int fd) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment st = call.allocate(StatLayout.SIZE, Long.BYTES);
            int rc = (int) FfmLibc.Fstat.H.invokeExact(CapturedErrno.segment(), fd, st);
            return rc == 0 ? StatLayout.read(st) : null;
        } catch (Throwable t) {
            throw rethrown("fstat", t);
        }
    }

    @Override
    public FileStatus lstat(String path) {
        return stat(FfmLibc.Lstat.H, "lstat", path);
    }

    @Override
    public FileStatus stat(String path) {
        return stat(FfmLibc.Stat.H, "stat", path);
    }

    private static FileStatus stat(java.lang.invoke.MethodHandle call, String name, String path) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment st = arena.allocate(StatLayout.SIZE, Long.BYTES);
            int rc = (int) call.invokeExact(CapturedErrno.segment(), arena.allocateFrom(path, PATHS), st);
            return rc == 0 ? StatLayout.read(st) : null;
        } catch (Throwable t) {
            throw rethrown(name, t);
        }
    }

    @Override
    public int geteuid() {
        try {
            return (int) FfmLibc.Geteuid.H.invokeExact(CapturedErrno.segment());
        } catch (Throwable t) {
            throw rethrown("geteuid", t);
        }
    }

    @Override
    public int getppid() {
        try {
            return (int) FfmLibc.Getppid.H.invokeExact(CapturedErrno.segment());
        } catch (Throwable t) {
            throw rethrown("getppid", t);
        }
    }

    /**
     * invokeExact declares Throwable; a downcall throws nothing of its own, so what comes here is a
     * binding that failed (no such symbol) or an Error: passed on as it is, never swallowed.
     */
    private static RuntimeException rethrown(String call, Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(call + " through java.lang.foreign failed: " + t, t);
    }

    private static Charset pathCharset() {
        String name = System.getProperty("sun.jnu.encoding");
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
