package io.durabench.testing;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.OpenFlags;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Another program filling a filesystem, as happens on a shared disk: one file that takes every free
 * block with fallocate(2) and keeps taking what is freed later (every few milliseconds), until
 * closed, which deletes the file. fallocate reserves the blocks without writing them, so filling
 * hundreds of MiB takes milliseconds. Free space counts root's reserved blocks too (the benchmarks
 * run as root and may use them).
 */
public final class SpaceFiller implements AutoCloseable {
    private static final int ENOSPC = 28;
    private static final long PAGE = 4096;

    private final Path file;
    private final FileStore store;
    private final JnrSyscalls sys = JnrSyscalls.get();
    private final int fd;
    private final Thread topUp;
    private volatile boolean running = true;
    private long bytes;

    private SpaceFiller(Path file) throws IOException {
        this.file = file;
        this.store = Files.getFileStore(file.getParent());
        this.fd = sys.open(file.toString(), OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_EXCL | OpenFlags.O_CLOEXEC, 0644);
        if (fd < 0) throw new NativeCallException("open", sys.errno(), file.toString());
        this.topUp = new Thread(this::keepFull, "space-filler");
        this.topUp.setDaemon(true);
    }

    /** Creates {@code file} and fills its filesystem before returning; from then on keeps it full. */
    public static SpaceFiller fill(Path file) {
        try {
            SpaceFiller f = new SpaceFiller(file);
            f.takeFreeSpace();
            f.topUp.start();
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Bytes taken so far. */
    public synchronized long bytes() {
        return bytes;
    }

    private void keepFull() {
        while (running) {
            takeFreeSpace();
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Extends the file over all free space, in ever smaller pieces when the filesystem cannot give one piece that big. */
    private synchronized void takeFreeSpace() {
        long free;
        try {
            free = store.getUnallocatedSpace() / PAGE * PAGE;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (long piece = free; piece >= PAGE && running; ) {
            if (sys.fallocate(fd, 0, bytes, piece) == 0) {
                bytes += piece;
                continue;
            }
            int errno = sys.errno();
            if (errno != ENOSPC) throw new NativeCallException("fallocate", errno, file.toString());
            piece = piece / 2 / PAGE * PAGE;
        }
    }

    /** Stops filling and deletes the file (the space is free again). */
    @Override
    public void close() {
        running = false;
        topUp.interrupt();
        try {
            topUp.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            sys.close(fd);
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
