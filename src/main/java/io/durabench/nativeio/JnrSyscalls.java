package io.durabench.nativeio;

import com.kenai.jffi.MemoryIO;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jnr.ffi.LastError;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;
import jnr.ffi.annotations.SaveError;
import jnr.posix.FileStat;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * The real system calls through jnr: jnr-posix for what it has, jnr-ffi straight to libc for the
 * rest. The native layer of every JDK 17+; on JDK 23+ it needs {@code --sun-misc-unsafe-memory-access=allow}
 * (jffi reads and writes memory through sun.misc.Unsafe).
 *
 * <p>errno has one home: the calling thread's jnr-ffi "last error", which jnr-posix's own calls fill
 * and {@link #errno()} reads. The two libc calls jnr-posix lacks copy theirs there too (@SaveError,
 * then {@code posix.errno(...)}), so every caller reads every call's errno the same way. Tests that
 * inject a failure go through the same place (a stand-in {@link LibC}, or {@link #failWith}), so
 * that plumbing is what the tests exercise.
 */
public final class JnrSyscalls implements NativeLayer {
    /** The calls jnr-posix lacks. {@code @SaveError} makes jnr-ffi keep errno for us. */
    public interface LibC {
        @SaveError
        int fallocate(int fd, int mode, long offset, long len);

        @SaveError
        int sync_file_range(int fd, long offset, long nbytes, int flags);
    }

    /** getppid, the no-op call, saved errno and all like the calls jnr-posix makes for pwrite and fsync: the same per-call work. */
    public interface NoOp {
        @SaveError
        int getppid();
    }

    /**
     * Raw syscall(2) and the ring mappings of io_uring, saved errno and all. syscall is variadic in C; its
     * arguments are all integers, which x86-64 and aarch64 pass alike either way, in registers.
     */
    public interface RawCalls {
        @SaveError
        long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5);

        /** The address as a Pointer: jnr-ffi passes a Java long first argument to mmap wrongly (glibc refuses it, EINVAL). */
        @SaveError
        Pointer mmap(Pointer address, long length, int prot, int flags, int fd, long offset);

        @SaveError
        int munmap(Pointer address, long length);
    }

    /** Loaded on the first raw call only, as the no-op call is: a run of the classic methods never binds them. */
    private static final class RawHolder {
        static final RawCalls RAW = LibraryLoader.create(RawCalls.class).load("c");
    }

    private static final class Holder {
        static final JnrSyscalls INSTANCE = new JnrSyscalls(null);
    }

    /** Loaded on the first getppid only: a run that measures no no-op call never binds it. */
    private static final class NoOpHolder {
        static final NoOp NO_OP = LibraryLoader.create(NoOp.class).load("c");
    }

    /** mmap's MAP_FAILED, (void *) -1. */
    private static final long MAP_FAILED = -1;

    private final POSIX posix;
    private final LibC libc;
    private final Runtime runtime;

    /** {@code libc} null: the real libc; tests pass a stand-in that fails the way libc does (-1 and errno). */
    JnrSyscalls(LibC libc) {
        posix = POSIXFactory.getNativePOSIX();
        // The pure-Java fallback's "fsync" is not the syscall: a number measured through it would lie.
        if (!posix.isNative()) {
            throw new IllegalStateException("jnr-posix could not load native libc on this platform; "
                    + "durabench measures real syscalls and will not run on the Java fallback");
        }
        runtime = Runtime.getSystemRuntime();
        this.libc = libc != null ? libc : LibraryLoader.create(LibC.class).load("c");
    }

    /** The process-wide instance; loading libc happens once. Production code asks {@link NativeLayers#current()} instead. */
    public static JnrSyscalls get() {
        return Holder.INSTANCE;
    }

    /** The real libc's two extra calls, for a test's stand-in to pass through to. */
    static LibC realLibC() {
        return get().libc;
    }

    @Override
    public Kind kind() {
        return Kind.JNR;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return posix.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return posix.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return posix.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return posix.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return posix.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        int rc = libc.fallocate(fd, mode, offset, length);
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        int rc = libc.sync_file_range(fd, offset, nbytes, flags);
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    @Override
    public int close(int fd) {
        return posix.close(fd);
    }

    @Override
    public int errno() {
        return posix.errno();
    }

    @Override
    public long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
        long rc = RawHolder.RAW.syscall(number, a0, a1, a2, a3, a4, a5);
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    @Override
    public long address(ByteBuffer directBuffer) {
        if (!directBuffer.isDirect()) throw new IllegalArgumentException("not a direct buffer: it has no address the kernel can use");
        return MemoryIO.getInstance().getDirectBufferAddress(directBuffer);
    }

    @Override
    public ByteBuffer mmap(int length, int prot, int flags, int fd, long offset) {
        Pointer at = RawHolder.RAW.mmap(null, length, prot, flags, fd, offset);
        if (at == null || at.address() == MAP_FAILED) {
            posix.errno(LastError.getLastError(runtime));
            return null;
        }
        return MemoryIO.getInstance().newDirectByteBuffer(at.address(), length).order(ByteOrder.nativeOrder());
    }

    @Override
    public int munmap(ByteBuffer mapping) {
        int rc = RawHolder.RAW.munmap(runtime.getMemoryManager().newPointer(address(mapping)), mapping.capacity());
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    /** A call that was not made, failing as the kernel would: this thread's errno set, -1 returned. Tests only. */
    int failWith(int errno) {
        posix.errno(errno);
        return -1;
    }

    @Override
    public int flock(int fd, int operation) {
        return posix.flock(fd, operation);
    }

    @Override
    public FileStatus fstat(int fd) {
        FileStat st = posix.allocateStat();
        return posix.fstat(fd, st) == 0 ? statusOf(st) : null;
    }

    @Override
    public FileStatus lstat(String path) {
        FileStat st = posix.allocateStat();
        return posix.lstat(path, st) == 0 ? statusOf(st) : null;
    }

    @Override
    public FileStatus stat(String path) {
        FileStat st = posix.allocateStat();
        return posix.stat(path, st) == 0 ? statusOf(st) : null;
    }

    @Override
    public int geteuid() {
        return posix.geteuid();
    }

    @Override
    public int getppid() {
        return NoOpHolder.NO_OP.getppid();
    }

    private static FileStatus statusOf(FileStat st) {
        return new FileStatus(st.dev(), st.ino(), st.isFile(), st.blocks());
    }
}
