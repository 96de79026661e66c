package io.durabench.lockstep;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Where the two sides' measuring threads run: both on the same CPUs, or both left to the
 * scheduler, never one pinned and one not, never changed within a fork pair. Only the thread that
 * runs the units is pinned (the side pins itself, {@link #pinThisThread}); the JVM's other threads
 * (JIT compilers, GC) stay free. Why: the disk's interrupt lands on one CPU, so what a flush costs
 * depends on the CPU, and two unpinned JVMs do not share the CPUs evenly; pinning whole JVMs would
 * put each side's background JIT compilation on the CPU the other side measures on.
 * docs/lockstep.md (Placement) has the figures.
 *
 * @param cpus taskset's CPU list ("1", "0-1"); null for unpinned
 */
public record Placement(String cpus) {
    public static final Placement UNPINNED = new Placement(null);
    /** taskset -p is one system call; a side that cannot pin itself within this is stuck, not slow. */
    static final Duration TASKSET_LIMIT = Duration.ofSeconds(10);

    /** What --pin takes: "none" for unpinned, or taskset's CPU list. */
    public static Placement parse(String text) {
        if (text.equals("none")) return UNPINNED;
        if (!text.matches("[0-9]+([-,][0-9]+)*")) {
            throw new IllegalArgumentException("--pin " + text + ": give a CPU list as taskset takes it (1, 0-1, 0,2) or none");
        }
        return new Placement(text);
    }

    /** The default: both measuring threads on the machine's last CPU (docs/lockstep.md, Placement, says why). */
    public static Placement lastCpu() {
        return new Placement(Integer.toString(Runtime.getRuntime().availableProcessors() - 1));
    }

    /** The side's arguments that place its measuring thread (none when unpinned). */
    public List<String> sideArgs() {
        return cpus == null ? List.of() : List.of("--pin-thread", cpus);
    }

    /** How the sides were placed, and the run's own CPU limit where it had one (a launcher under taskset, a cgroup). */
    public String words() {
        return words(allowedCpus(), onlineCpus());
    }

    /**
     * With {@code allowed} (this JVM's CPUs, which the sides inherit) narrower than {@code online}, the sides' every
     * thread is held there too: said, because where the JIT and GC threads run moves a comparison between two kinds
     * of side (docs/lockstep.md, Placement).
     */
    String words(String allowed, String online) {
        String placed = cpus == null ? "unpinned" : "both measuring threads pinned to CPU " + cpus + " (JIT and GC threads free)";
        if (allowed.equals(online) || allowed.equals("unknown") || online.equals("unknown")) return placed;
        return placed + "; every thread of both sides held to CPU " + allowed + " of " + online + " (the run's own CPU affinity, inherited)";
    }

    /** The machine's online CPUs, as the kernel lists them ("0-1"). */
    private static String onlineCpus() {
        try {
            return Files.readString(Path.of("/sys/devices/system/cpu/online")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** taskset's path; a missing taskset is bad input with the fix. */
    public void requireTaskset() {
        if (cpus != null) taskset();
    }

    /**
     * Pins the calling thread to {@code cpus} (taskset -p on its thread id) and returns the CPUs the
     * kernel then allows it, read back from /proc/thread-self/status: what the side reports.
     */
    static String pinThisThread(String cpus) {
        String tid;
        try {
            tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pin the measuring thread to CPU " + cpus + ": " + e.getMessage(), e);
        }
        String what = "taskset -p -c " + cpus + " " + tid;
        try (ChildProcess p = ChildProcess.startMerged(List.of(taskset(), "-p", "-c", cpus, tid), what)) {
            ChildProcess.Exit e = p.await(TASKSET_LIMIT);
            if (e.code() != 0) throw new IllegalStateException(what + " failed: " + String.join("\n", e.stdout()).strip());
        } catch (ChildFailedException e) {
            if (Thread.currentThread().isInterrupted()) throw new IllegalStateException("interrupted while pinning the measuring thread", e);
            throw new IllegalStateException("cannot pin the measuring thread to CPU " + cpus + ": " + e.getMessage(), e);
        }
        return allowedCpus();
    }

    /** The CPUs the calling thread may run on, as the kernel lists them ("1", "0-1"). */
    static String allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) return line.substring("Cpus_allowed_list:".length()).strip();
            }
            return "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String taskset() {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(d.isEmpty() ? "." : d, "taskset");
            if (Files.isExecutable(p)) return p.toString();
        }
        throw new IllegalArgumentException("taskset is not on PATH (apt-get install util-linux), or run with --pin none");
    }
}
