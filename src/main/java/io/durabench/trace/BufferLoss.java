package io.durabench.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether an instance's ring buffer lost events, from its per-CPU {@code stats}: "overrun" (events overwritten
 * in overwrite mode), "commit overrun" (events lost while being written, under nesting) and "dropped events"
 * (events refused by a full buffer when not overwriting). Any of them makes a capture incomplete.
 */
final class BufferLoss {
    private static final List<String> LOSSES = List.of("overrun", "commit overrun", "dropped events");

    private BufferLoss() {
    }

    /** Empty when nothing was lost, else "cpu1: dropped events 312" per CPU that lost any, joined. */
    static String of(Path instance) {
        List<String> losses = new ArrayList<>();
        try (DirectoryStream<Path> cpus = Files.newDirectoryStream(instance.resolve("per_cpu"), "cpu*")) {
            for (Path cpu : cpus) {
                String lost = lossesIn(TraceFiles.lines(cpu.resolve("stats")));
                if (!lost.isEmpty()) losses.add(cpu.getFileName() + ": " + lost);
            }
        } catch (IOException e) {
            throw new TraceFailedException("listing " + instance.resolve("per_cpu") + " failed: " + TraceFiles.errno(e));
        }
        return String.join("; ", losses);
    }

    /** "dropped events 312, overrun 4" from one CPU's stats lines; empty when all are 0. */
    static String lossesIn(List<String> stats) {
        List<String> out = new ArrayList<>();
        for (String line : stats) {
            int colon = line.indexOf(':');
            if (colon < 0) continue;
            String name = line.substring(0, colon).strip();
            if (!LOSSES.contains(name)) continue;
            long n = Long.parseLong(line.substring(colon + 1).strip());
            if (n != 0) out.add(name + " " + n);
        }
        return String.join(", ", out);
    }
}
