package io.durabench.cli;

import io.durabench.env.PathKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Paths that are neither files nor folders, for the bad-input tests: a FIFO made here, this machine's block devices. */
final class SpecialFiles {
    private SpecialFiles() {
    }

    /** A named pipe at {@code path}, made with mkfifo (coreutils; Java has no call for it). */
    static Path fifo(Path path) {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException("mkfifo failed: " + out);
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The first block device node directly in /dev (a disk or loop device), or null where there is none. */
    static Path blockDevice() {
        try (Stream<Path> dev = Files.list(Path.of("/dev"))) {
            return dev.sorted(Comparator.naturalOrder()).filter(p -> PathKind.of(p) == PathKind.BLOCK_DEVICE).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }
}
