package io.durabench.witness;

import io.durabench.catalogue.WorkloadSize;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A real witnessed run captured on this project's machine (Linux 6.18, ext4, strace 6.1), once per
 * JDK, kept as test resources: the strace output ({@code strace-JDK.txt.gz}) and the witnessed JVM's
 * stdout ({@code stdout-JDK.txt}). Four cells, 6 measured operations and 1 warmup each:
 * FDATASYNC (2 writes per sync, ZERO_FILL, 16 KiB region in 8 KiB chunks: zero fills and a recycle
 * inside the window), O_DSYNC with FALLOCATE, MMAP_FORCE (3 writes per msync), and file creation
 * with the directory fsync, in {@value #DIR}. Since the capture the stdout's result lines carry the
 * spec text of {@code CellSpec} and the prefix of {@code ResultLines} (the witness's own prefix before
 * it moved onto the child package) and the status every child's answer carries ({@code ChildStatus}:
 * ok); their counters are as captured, and the trace's writes to fd 1
 * keep the captured lengths (nothing reads those).
 */
final class CapturedRun {
    static final String DIR = "/work/wt-witness/target/witness-capture";
    static final int OPS = 6;
    /** The workloads' size in the capture: a 16 KiB region in 8 KiB zero-fill chunks. */
    static final WorkloadSize SIZE = new WorkloadSize(16 << 10, 8 << 10);

    private CapturedRun() {
    }

    /** The marker token of the capture. */
    static String token(String jdk) {
        return switch (jdk) {
            case "jdk17" -> "9d6f2a811c9d64ee";
            case "temurin25" -> "20af337e6b6ead40";
            default -> throw new IllegalArgumentException(jdk);
        };
    }

    static List<String> traceLines(String jdk) {
        try (InputStream in = new GZIPInputStream(resource("strace-" + jdk + ".txt.gz"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> stdoutLines(String jdk) {
        try (InputStream in = resource("stdout-" + jdk + ".txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = CapturedRun.class.getResourceAsStream("/witness/" + name);
        if (in == null) throw new IllegalStateException("test resource /witness/" + name + " is missing");
        return in;
    }
}
