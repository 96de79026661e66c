package io.durabench.lockstep;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where both sides of every fork pair run: both on the same CPUs (taskset), or both left to the
 * scheduler. Never one pinned and one not, and never changed within a fork pair: the disk's
 * interrupt lands on one CPU, and a side that shares that CPU pays less for its flushes (measured
 * here: pinned with the interrupt 245 µs per fdatasync of 8 KiB, pinned away from it 430 µs).
 * Unpinned, two JVMs did not share the CPUs evenly: A/A ratios of 0.94 to 1.02 from pair to pair,
 * and B faster on average; pinned to one CPU, 0.985 to 1.016.
 *
 * @param cpus  taskset's CPU list ("1", "0-1"); null for unpinned
 */
public record Placement(String cpus) {
    public static final Placement UNPINNED = new Placement(null);

    /** What --pin takes: "none" for unpinned, or taskset's CPU list. */
    public static Placement parse(String text) {
        if (text.equals("none")) return UNPINNED;
        if (!text.matches("[0-9]+([-,][0-9]+)*")) {
            throw new IllegalArgumentException("--pin " + text + ": give a CPU list as taskset takes it (1, 0-1, 0,2) or none");
        }
        return new Placement(text);
    }

    /** The default: both sides on this machine's last CPU (on this project's machine, the one the disk's interrupt lands on). */
    public static Placement lastCpu() {
        return new Placement(Integer.toString(Runtime.getRuntime().availableProcessors() - 1));
    }

    /** The command prefix that places a side. */
    public List<String> prefix() {
        if (cpus == null) return List.of();
        return List.of(taskset(), "-c", cpus);
    }

    public String words() {
        return cpus == null ? "unpinned" : "both sides pinned to CPU " + cpus;
    }

    /** taskset's path; a missing taskset is bad input with the fix. */
    static String taskset() {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(d.isEmpty() ? "." : d, "taskset");
            if (Files.isExecutable(p)) return p.toString();
        }
        throw new IllegalArgumentException("taskset is not on PATH (apt-get install util-linux), or run with --pin none");
    }
}
