package io.durabench.workload.groupcommit;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real system calls, plus a record of what a log did with them, from the kernel's side: for
 * every fd the byte prefix [0, n) whose pwrites have all returned, and for every fsync/fdatasync the
 * prefix it covered when it started and the moment it completed. Can also hold the next sync at a
 * gate and make it fail with an injected errno, to test the failure and shutdown paths.
 */
final class RecordingSyscalls implements Syscalls {
    /** One sync call: what it could cover (written prefix at its start), when it started and returned. */
    record SyncEvent(int fd, long coveredAtStart, long startedSeq, long completedSeq, boolean succeeded) {
    }

    /** One pwrite that returned, and when. */
    record WriteEvent(int fd, long offset, long length, long completedSeq) {
    }

    private final Syscalls real = JnrSyscalls.get();
    /** One clock for syncs here and commit returns in the tests: a total order of events. */
    final AtomicLong clock = new AtomicLong();
    private final Map<Integer, String> paths = new HashMap<>();
    private final Map<Integer, Prefix> written = new HashMap<>();
    private final List<SyncEvent> syncs = new ArrayList<>();
    private final List<WriteEvent> writes = new ArrayList<>();
    private final ThreadLocal<Integer> injectedErrno = new ThreadLocal<>();

    private CountDownLatch gate;
    private CountDownLatch gateEntered;
    private int failErrno;

    /** The next sync blocks until {@code gate} opens; returns a latch counted down when a sync reaches it. */
    synchronized CountDownLatch holdNextSync(CountDownLatch gate) {
        this.gate = gate;
        this.gateEntered = new CountDownLatch(1);
        return gateEntered;
    }

    /** The next sync fails with this errno (after any gate), without reaching the kernel. */
    synchronized void failNextSync(int errno) {
        this.failErrno = errno;
    }

    synchronized List<SyncEvent> syncs() {
        return List.copyOf(syncs);
    }

    synchronized List<WriteEvent> writes() {
        return List.copyOf(writes);
    }

    @Override
    public int open(String path, int flags, int mode) {
        int fd = real.open(path, flags, mode);
        if (fd >= 0) {
            synchronized (this) {
                paths.put(fd, path);
                written.put(fd, new Prefix());
            }
        }
        return fd;
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        long n = real.pwrite(fd, directBuffer, count, offset);
        if (n > 0) {
            synchronized (this) {
                written.get(fd).add(offset, offset + n);
                writes.add(new WriteEvent(fd, offset, n, clock.incrementAndGet()));
            }
        }
        return n;
    }

    @Override
    public int fsync(int fd) {
        return sync(fd, true);
    }

    @Override
    public int fdatasync(int fd) {
        return sync(fd, false);
    }

    private int sync(int fd, boolean full) {
        long covered;
        long started;
        CountDownLatch myGate;
        CountDownLatch myEntered;
        int myErrno;
        synchronized (this) {
            covered = written.get(fd).prefix();
            started = clock.incrementAndGet();
            myGate = gate;
            myEntered = gateEntered;
            gate = null;
            myErrno = failErrno;
            failErrno = 0;
        }
        if (myGate != null) {
            myEntered.countDown();
            try {
                // Bounded, so a test whose code never opens the gate fails instead of hanging.
                if (!myGate.await(60, TimeUnit.SECONDS)) throw new AssertionError("sync gate never opened");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int rc;
        if (myErrno != 0) {
            injectedErrno.set(myErrno);
            rc = -1;
        } else {
            rc = full ? real.fsync(fd) : real.fdatasync(fd);
        }
        long seq = clock.incrementAndGet();
        synchronized (this) {
            syncs.add(new SyncEvent(fd, covered, started, seq, rc == 0));
        }
        return rc;
    }

    @Override
    public int ftruncate(int fd, long length) {
        int rc = real.ftruncate(fd, length);
        if (rc == 0) {
            synchronized (this) {
                String p = paths.get(fd);
                paths.forEach((f, path) -> {
                    if (path.equals(p)) written.get(f).truncate(length);
                });
            }
        }
        return rc;
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return real.fallocate(fd, mode, offset, length);
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return real.syncFileRange(fd, offset, nbytes, flags);
    }

    @Override
    public int close(int fd) {
        return real.close(fd);
    }

    @Override
    public int errno() {
        Integer injected = injectedErrno.get();
        if (injected != null) {
            injectedErrno.remove();
            return injected;
        }
        return real.errno();
    }

    /** The prefix [0, n) of a file written through one fd with no gap; later ranges wait for the gap. */
    private static final class Prefix {
        private final TreeMap<Long, Long> beyond = new TreeMap<>();
        private long end;

        void add(long from, long to) {
            if (from > end) {
                beyond.merge(from, to, Math::max);
                return;
            }
            end = Math.max(end, to);
            while (!beyond.isEmpty() && beyond.firstKey() <= end) end = Math.max(end, beyond.pollFirstEntry().getValue());
        }

        long prefix() {
            return end;
        }

        void truncate(long length) {
            end = Math.min(end, length);
            beyond.tailMap(length, true).clear();
        }
    }
}
