package io.durabench.lockstep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * JMH's machine-wide lock ({@code java.io.tmpdir/jmh.lock}, the file JMH's Runner locks before it
 * forks anything), taken by a lock-step run for its whole length: no JMH run starts while the sides
 * measure, and a lock-step run waits (saying so) while a JMH run holds it. Two benchmarks at once
 * measure each other. A lock-step run's sides are not JMH, so only this file keeps them apart.
 */
public final class JmhLock implements AutoCloseable {
    private static final long POLL_MILLIS = 1000;
    private final FileChannel channel;
    private final FileLock lock;

    private JmhLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits for the lock; {@code announce} hears once that another run holds it. */
    public static JmhLock acquire(Consumer<String> announce) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
        boolean announced = false;
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            while (true) {
                FileLock l;
                try {
                    l = ch.tryLock();
                } catch (OverlappingFileLockException e) {
                    l = null; // this JVM holds it already (a JMH run in-process): wait as for another's
                }
                if (l != null) return new JmhLock(ch, l);
                if (!announced) {
                    announce.accept("waiting: another benchmark on this machine holds JMH's lock (" + file
                            + "); two benchmarks at once would measure each other");
                    announced = true;
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    ch.close();
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for JMH's lock", e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open JMH's lock file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release JMH's lock: " + e.getMessage(), e);
        }
    }
}
