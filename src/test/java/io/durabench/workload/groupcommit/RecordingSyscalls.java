package io.durabench.workload.groupcommit;

import io.durabench.nativeio.FaultInjectingSyscalls;
import io.durabench.nativeio.ForwardingSyscalls;
import io.durabench.workload.LogFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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
 * prefix it covered when it started and the moment it completed; every event carries the file's
 * epoch (how many times it was truncated to zero: a recycle) and every write its thread. Can also
 * hold the next sync at a gate and make it fail with an injected errno, to test the failure and
 * shutdown paths. A JDK data path (FileChannel) makes no call here: {@link #recording} wraps it so
 * its writes and forces are recorded the same way, under a descriptor number of its own.
 */
final class RecordingSyscalls extends ForwardingSyscalls {
    /** One sync call: what it could cover (written prefix at its start), when it started and returned, and the file's epoch. */
    record SyncEvent(int fd, long coveredAtStart, long startedSeq, long completedSeq, boolean succeeded, int epoch) {
    }

    /** One pwrite that returned, when, from which thread, in which epoch of the file. */
    record WriteEvent(int fd, long offset, long length, long completedSeq, long thread, int epoch) {
    }

    /** Descriptor numbers for wrapped JDK data paths: negative, so they never meet a real fd. */
    private static final int FIRST_JDK_PATH = -1000;

    /** One clock for syncs here and commit returns in the tests: a total order of events. */
    final AtomicLong clock = new AtomicLong();
    private final Map<Integer, String> paths = new HashMap<>();
    private final Map<Integer, Prefix> written = new HashMap<>();
    private final Map<String, Integer> epochs = new HashMap<>();
    private int nextJdkPath = FIRST_JDK_PATH;
    private final List<SyncEvent> syncs = new ArrayList<>();
    private final List<WriteEvent> writes = new ArrayList<>();

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
        if (n > 0) wrote(fd, offset, n);
        return n;
    }

    private synchronized void wrote(int fd, long offset, long n) {
        written.get(fd).add(offset, offset + n);
        writes.add(new WriteEvent(fd, offset, n, clock.incrementAndGet(), Thread.currentThread().getId(), epochs.getOrDefault(paths.get(fd), 0)));
    }

    @Override
    public int fsync(int fd) {
        return sync(fd, () -> real.fsync(fd));
    }

    @Override
    public int fdatasync(int fd) {
        return sync(fd, () -> real.fdatasync(fd));
    }

    /**
     * A JDK data path of the log at {@code path}, recorded as if it were a descriptor: each write once it
     * returned, each sync (force, msync) with what it could cover when it started; held and failed like
     * a native sync. The descriptor number it records under is {@link #fdOf}.
     */
    synchronized LogFile recording(Path path, LogFile data) {
        int fd = nextJdkPath--;
        paths.put(fd, path.toString());
        written.put(fd, new Prefix());
        jdkPaths.put(data, fd);
        return new LogFile() {
            @Override
            public void write(ByteBuffer block, int length, long offset) {
                data.write(block, length, offset);
                wrote(fd, offset, length);
            }

            @Override
            public void sync(long fromOffset, long toOffset) {
                RuntimeException[] thrown = {null};
                int rc = RecordingSyscalls.this.sync(fd, () -> {
                    try {
                        data.sync(fromOffset, toOffset);
                        return 0;
                    } catch (RuntimeException e) {
                        thrown[0] = e;
                        return -1;
                    }
                });
                if (thrown[0] != null) throw thrown[0];
                if (rc != 0) throw new java.io.UncheckedIOException(new java.io.IOException("injected: force failed with errno " + errno()));
            }

            @Override
            public void close() {
                data.close();
            }
        };
    }

    /** The descriptor number a wrapped JDK data path records under. */
    synchronized int fdOf(LogFile data) {
        return jdkPaths.get(data);
    }

    private final Map<LogFile, Integer> jdkPaths = new HashMap<>();

    private int sync(int fd, java.util.function.IntSupplier realSync) {
        long covered;
        long started;
        CountDownLatch myGate;
        CountDownLatch myEntered;
        int myErrno;
        int epoch;
        synchronized (this) {
            covered = written.get(fd).prefix();
            started = clock.incrementAndGet();
            epoch = epochs.getOrDefault(paths.get(fd), 0);
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
            rc = FaultInjectingSyscalls.failLikeTheKernel(myErrno);
        } else {
            rc = realSync.getAsInt();
        }
        long seq = clock.incrementAndGet();
        synchronized (this) {
            syncs.add(new SyncEvent(fd, covered, started, seq, rc == 0, epoch));
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
                if (length == 0) epochs.merge(p, 1, Integer::sum); // a recycle: offsets start over
            }
        }
        return rc;
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
