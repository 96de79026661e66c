package io.durabench.witness;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import io.durabench.child.JvmFlags;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The kernel's witness for a workload's counters: runs the cells' workloads for a fixed number of
 * operations in a separate JVM under {@code strace -f}, then checks every count against the system
 * calls the kernel saw between each cell's markers (each family's
 * {@link io.durabench.catalogue.SyscallRules} say what it must see; {@link ExpectationCheck} compares).
 *
 * <pre>
 * Cell cell = Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(SyncWriteCostFamily.SYNC_METHOD, SyncMethod.FDATASYNC)
 *         .with(SyncWriteCostFamily.BLOCK_SIZE, 4096).with(SyncWriteCostFamily.WRITES_PER_SYNC, 10)
 *         .with(SyncWriteCostFamily.PREALLOCATION, Preallocation.ZERO_FILL);
 * WitnessReport r = SyscallWitness.in(dir).verify(SizedCell.of(cell));
 * if (!r.passed()) System.err.println(r.describe());
 * </pre>
 * All cells of one call share one JVM (its start dominates the cost); each opens its own workload,
 * so one cannot disturb another's tally; one whose workload fails is reported as not witnessed.
 *
 * <p>The witnessed JVM is a {@link ChildProcess} with strace as its command prefix: its output and
 * trace go to its private folder, deleted afterwards, its
 * whole process tree is killed when it outlives the timeout (strace detaches from what it traces
 * rather than killing it), and any {@code durabench-*} file it left in
 * the target directory is deleted and reported. No other file is touched.
 *
 * @param layer            the witnessed JVM's native layer; null: the one it gets by default on its classpath
 * @param timeout          the whole witnessed run's time limit; null: {@link #DEFAULT_TIMEOUT_JVM} + {@link #DEFAULT_TIMEOUT_PER_CELL} per cell
 * @param main             the main class of the witnessed JVM and any arguments of its own before WitnessMain's
 * @param straceSearchPath where to look for the strace binary (a PATH value)
 */
public record SyscallWitness(Path dir, JvmFacts jvm, NativeLayer.Kind layer, String classpath, int ops, int warmupOps, Duration timeout,
                             List<String> main, String straceSearchPath) {
    public static final int DEFAULT_OPS = 100;
    public static final int DEFAULT_WARMUP_OPS = 10;
    /** Default time allowed per cell: 100 fsyncs on a slow disk take a second, pg_test_fsync's setup writes 16 MiB. */
    public static final Duration DEFAULT_TIMEOUT_PER_CELL = Duration.ofSeconds(30);
    /** Default time allowed for the JVM to start and stop under strace, on top of the cells'. */
    public static final Duration DEFAULT_TIMEOUT_JVM = Duration.ofSeconds(60);
    /** JVM options of the witnessed process: no hsperfdata file, fewer GC threads, quicker start; none changes a workload's calls. */
    private static final List<String> JVM_OPTIONS = List.of("-XX:-UsePerfData", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** strace's output file, in the child's private folder. */
    private static final String TRACE = "trace.txt";

    /** A witness for workloads in {@code dir}, run by this JVM's java on this JVM's classpath. */
    public static SyscallWitness in(Path dir) {
        return new SyscallWitness(dir, JvmFacts.current(), null,
                System.getProperty("java.class.path"), DEFAULT_OPS, DEFAULT_WARMUP_OPS, null,
                List.of(WitnessMain.class.getName()), System.getenv().getOrDefault("PATH", ""));
    }

    /** Another JVM for the workloads (e.g. a JDK under test); its release and layer decide its flags ({@link JvmFlags}). */
    public SyscallWitness withJvm(JvmFacts other) {
        return new SyscallWitness(dir, other, layer, classpath, ops, warmupOps, timeout, main, straceSearchPath);
    }

    /** The witnessed JVM on {@code kind}, whatever its default (the layer matrix of the witness tests, a run's slot). */
    public SyscallWitness withLayer(NativeLayer.Kind kind) {
        return new SyscallWitness(dir, jvm, kind, classpath, ops, warmupOps, timeout, main, straceSearchPath);
    }

    /** The classpath of the witnessed JVM (must hold durabench and its dependencies, e.g. benchmarks.jar). */
    public SyscallWitness withClasspath(String cp) {
        return new SyscallWitness(dir, jvm, layer, cp, ops, warmupOps, timeout, main, straceSearchPath);
    }

    /** Measured operations per cell (between the markers), and unmeasured ones before them. */
    public SyscallWitness withOps(int measured, int warmup) {
        if (measured < 1 || warmup < 0) throw new IllegalArgumentException("need at least 1 measured and 0+ warmup operations");
        return new SyscallWitness(dir, jvm, layer, classpath, measured, warmup, timeout, main, straceSearchPath);
    }

    /** The whole witnessed run's time limit (default: {@link #DEFAULT_TIMEOUT_JVM} + {@link #DEFAULT_TIMEOUT_PER_CELL} per cell). */
    public SyscallWitness withTimeout(Duration t) {
        return new SyscallWitness(dir, jvm, layer, classpath, ops, warmupOps, t, main, straceSearchPath);
    }

    public WitnessReport verify(SizedCell... cells) {
        return verify(List.of(cells));
    }

    /**
     * Runs every cell in one witnessed JVM and returns the verdicts.
     *
     * @throws WitnessUnavailableException when nothing could be witnessed: strace missing, the
     *         directory missing, the JVM failing or timing out, or its trace unreadable
     */
    public WitnessReport verify(List<SizedCell> cells) {
        if (cells.isEmpty()) throw new IllegalArgumentException("no cells to witness");
        Path strace = findStrace();
        if (!Files.isDirectory(dir)) {
            throw new WitnessUnavailableException("target directory " + dir + " does not exist or is not a directory: create it or pass another");
        }
        String realDir;
        try {
            realDir = dir.toRealPath().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the witness: " + e.getMessage(), e);
        }
        return run(strace, realDir, cells);
    }

    private WitnessReport run(Path strace, String realDir, List<SizedCell> cells) {
        HexFormat hex = HexFormat.of();
        String token = hex.toHexDigits(ThreadLocalRandom.current().nextLong()) + hex.toHexDigits(ThreadLocalRandom.current().nextLong());
        Duration limit = timeout != null ? timeout : DEFAULT_TIMEOUT_JVM.plus(DEFAULT_TIMEOUT_PER_CELL.multipliedBy(cells.size()));
        long start = System.nanoTime();
        try (ChildProcess p = start(folder -> command(strace, folder.resolve(TRACE), realDir, token, cells))) {
            Path trace = p.file(TRACE);
            ChildProcess.Exit exit;
            try {
                exit = p.await(limit);
            } catch (ChildFailedException e) {
                // Timed out or interrupted, and killed: the trace so far shows what it left behind.
                throw unavailable(e.getMessage(), trace, realDir);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            if (exit.code() != 0) {
                String tail = exit.stderrTail();
                throw unavailable("the witnessed JVM (under strace) exited with " + exit.code() + (tail.isEmpty() ? "" : ": " + tail), trace, realDir);
            }
            List<FileCall> calls;
            try {
                calls = FileCalls.of(StraceTrace.read(trace));
            } catch (IllegalArgumentException e) {
                throw new WitnessUnavailableException("the trace of the witnessed JVM is not readable: " + e.getMessage(), e);
            }
            List<String> problems = WitnessLeftovers.removeCreatedFiles(calls, realDir);
            List<CellVerdict> verdicts = new WitnessJudge(calls, token, realDir, ops)
                    .judge(cells, WitnessProcessOutput.results(exit.stdout(), cells.size()));
            return new WitnessReport(verdicts, problems, jvm.java().toString(), elapsed);
        }
    }

    private static ChildProcess start(Function<Path, List<String>> command) {
        try {
            return ChildProcess.start(command, "the witnessed JVM", false);
        } catch (ChildFailedException e) {
            throw new WitnessUnavailableException(e.getMessage(), e);
        }
    }

    /** No verdict: says why (with the end of the JVM's stderr), after deleting what the process left behind. */
    private static WitnessUnavailableException unavailable(String why, Path trace, String realDir) {
        List<String> left = WitnessLeftovers.removeCreatedFiles(WitnessLeftovers.callsOfKilledRun(trace), realDir);
        return new WitnessUnavailableException(why + (left.isEmpty() ? "" : "; " + String.join("; ", left)));
    }

    /** strace and its options, writing {@code trace}: what runs a witnessed JVM (this witness's, or a lock-step side's). */
    static List<String> tracer(Path strace, Path trace) {
        return List.of(strace.toString(), "-f", "-y", "-qq", "-s", "0", "--seccomp-bpf",
                "-e", "signal=none", "-e", "trace=" + String.join(",", StraceTrace.TRACED_CALLS), "-o", trace.toString());
    }

    /** strace -f over the witnessed JVM: this witness's JVM with the flags of its release, its options, its main class and the cells. */
    List<String> command(Path strace, Path trace, String realDir, String token, List<SizedCell> cells) {
        List<String> args = new ArrayList<>(main.subList(1, main.size()));
        args.addAll(List.of("--dir", realDir, "--token", token, "--ops", String.valueOf(ops), "--warmup", String.valueOf(warmupOps)));
        for (SizedCell cell : cells) args.addAll(List.of(WitnessMain.SIZE, WitnessMain.sizeText(cell.size()), cell.spec()));
        NativeLayer.Kind kind = layer != null ? layer : LayerChoice.ofChild(jvm.feature(), classpath);
        return new ChildJvm(tracer(strace, trace), jvm.java(), JvmFlags.ours(jvm.feature(), kind), JVM_OPTIONS, classpath, main.get(0), args)
                .command();
    }

    private Path findStrace() {
        return findStrace(straceSearchPath);
    }

    /** strace on {@code searchPath} (a PATH value); a WitnessUnavailableException with the fix when there is none. */
    static Path findStrace(String searchPath) {
        for (String d : searchPath.split(File.pathSeparator)) {
            if (d.isEmpty()) continue;
            Path candidate = Path.of(d, "strace");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return candidate;
        }
        throw new WitnessUnavailableException("strace not found: apt-get install strace");
    }
}
