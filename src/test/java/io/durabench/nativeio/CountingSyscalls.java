package io.durabench.nativeio;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The real system calls, recorded: every call is passed to {@link JnrSyscalls} and logged in
 * order with its fd and arguments, so a test can prove what a workload really issued (how many
 * fdatasyncs, on which fd, with which open flags, where each pwrite landed).
 */
public final class CountingSyscalls extends ForwardingSyscalls {
    public CountingSyscalls() {
        super(JnrSyscalls.get());
    }


    public enum Call { OPEN, PWRITE, FSYNC, FDATASYNC, FTRUNCATE, FALLOCATE, SYNC_FILE_RANGE, CLOSE }

    /**
     * One successful or failed call. {@code offset}/{@code length}: pwrite's offset and count,
     * ftruncate's length (in length), fallocate's and sync_file_range's range; -1 where meaningless.
     * {@code openSeq}: which recorded open the fd came from (fd numbers are reused after close).
     */
    public record Event(Call call, int fd, long offset, long length, long result, int openSeq) {
    }

    /** An open(2): the flags as passed (O_CLOEXEC included), the fd it returned, its place among the opens. */
    public record Open(String path, int flags, int fd, int seq) {
        public boolean has(int flag) {
            return (flags & flag) == flag;
        }
    }

    private final List<Event> events = new ArrayList<>();
    private final List<Open> opens = new ArrayList<>();
    private final Map<Integer, Integer> openSeqByFd = new HashMap<>();

    @Override
    public int open(String path, int flags, int mode) {
        int fd = real.open(path, flags, mode);
        int seq = opens.size();
        opens.add(new Open(path, flags, fd, seq));
        if (fd >= 0) openSeqByFd.put(fd, seq);
        events.add(new Event(Call.OPEN, fd, -1, -1, fd, fd >= 0 ? seq : -1));
        return fd;
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return log(Call.PWRITE, fd, offset, count, real.pwrite(fd, directBuffer, count, offset));
    }

    @Override
    public int fsync(int fd) {
        return (int) log(Call.FSYNC, fd, -1, -1, real.fsync(fd));
    }

    @Override
    public int fdatasync(int fd) {
        return (int) log(Call.FDATASYNC, fd, -1, -1, real.fdatasync(fd));
    }

    @Override
    public int ftruncate(int fd, long length) {
        return (int) log(Call.FTRUNCATE, fd, -1, length, real.ftruncate(fd, length));
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return (int) log(Call.FALLOCATE, fd, offset, length, real.fallocate(fd, mode, offset, length));
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return (int) log(Call.SYNC_FILE_RANGE, fd, offset, nbytes, real.syncFileRange(fd, offset, nbytes, flags));
    }

    @Override
    public int close(int fd) {
        int rc = (int) log(Call.CLOSE, fd, -1, -1, real.close(fd));
        openSeqByFd.remove(fd);
        return rc;
    }


    private long log(Call call, int fd, long offset, long length, long result) {
        events.add(new Event(call, fd, offset, length, result, openSeqByFd.getOrDefault(fd, -1)));
        return result;
    }

    /** Every call so far, in the order issued. */
    public List<Event> events() {
        return List.copyOf(events);
    }

    public List<Event> events(Call call, int fd) {
        return events.stream().filter(e -> e.call() == call && e.fd() == fd).toList();
    }

    /** The calls made on the fd of one particular open (not on a later reuse of its number). */
    public List<Event> events(Call call, Open open) {
        return events.stream().filter(e -> e.call() == call && e.openSeq() == open.seq()).toList();
    }

    public long count(Call call, Open open) {
        return events(call, open).size();
    }

    public long count(Call call) {
        return events.stream().filter(e -> e.call() == call).count();
    }

    public long count(Call call, int fd) {
        return events(call, fd).size();
    }

    /** fsync + fdatasync + sync_file_range on any fd. */
    public long syncsOnAnyFd() {
        return count(Call.FSYNC) + count(Call.FDATASYNC) + count(Call.SYNC_FILE_RANGE);
    }

    public long syncs(int fd) {
        return count(Call.FSYNC, fd) + count(Call.FDATASYNC, fd) + count(Call.SYNC_FILE_RANGE, fd);
    }

    public List<Open> opens() {
        return List.copyOf(opens);
    }

    /** The successful opens of {@code path}, in order. */
    public List<Open> opensOf(String path) {
        return opens.stream().filter(o -> o.path().equals(path) && o.fd() >= 0).toList();
    }

    /** The single successful open of {@code path} matching {@code which}; fails the test otherwise. */
    public Open onlyOpen(String path, Predicate<Open> which, String what) {
        List<Open> found = opensOf(path).stream().filter(which).toList();
        if (found.size() != 1) throw new AssertionError("expected exactly one " + what + " open of " + path + ", got " + found);
        return found.get(0);
    }

}
