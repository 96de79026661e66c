package io.durabench.workload;

import io.durabench.nativeio.ForwardingSyscalls;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Real calls, each also written down as one line, strace-style ("open(O_RDWR)", "pwrite(8192, 0)", "fsync"). */
final class RecordingSyscalls extends ForwardingSyscalls {
    RecordingSyscalls() {
        super(JnrSyscalls.get());
    }

    final List<String> calls = new ArrayList<>();

    @Override public int open(String path, int flags, int mode) {
        calls.add("open(" + OpenFlags.describe(flags & ~OpenFlags.O_CLOEXEC) + ")");
        return real.open(path, flags, mode);
    }
    @Override public long pwrite(int fd, ByteBuffer b, long count, long offset) {
        calls.add("pwrite(" + count + ", " + offset + ")");
        return real.pwrite(fd, b, count, offset);
    }
    @Override public int fsync(int fd) {
        calls.add("fsync");
        return real.fsync(fd);
    }
    @Override public int fdatasync(int fd) {
        calls.add("fdatasync");
        return real.fdatasync(fd);
    }
    @Override public int ftruncate(int fd, long length) {
        calls.add("ftruncate");
        return real.ftruncate(fd, length);
    }
    @Override public int fallocate(int fd, int mode, long offset, long length) {
        calls.add("fallocate");
        return real.fallocate(fd, mode, offset, length);
    }
    @Override public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        calls.add("sync_file_range");
        return real.syncFileRange(fd, offset, nbytes, flags);
    }
    @Override public int close(int fd) {
        calls.add("close");
        return real.close(fd);
    }
}
