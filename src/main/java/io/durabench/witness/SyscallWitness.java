package io.durabench.witness;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

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
 * All cells of one call share one JVM (its start dominates the cost); each cell opens its own
 * workload, so one cell cannot disturb another's tally. A cell whose workload fails is reported as
 * not witnessed, with the workload's own message.
 *
 * <p>Process hygiene: stdout, stderr and the trace go to files in a fresh temporary directory that
 * is deleted afterwards (copy the trace out with {@link #withTraceCopy}); the process tree is killed
 * when it outlives the timeout; any {@code durabench-*} file the process created in the target
 * directory and left behind is deleted and reported. No other file is touched.
 */
public final class SyscallWitness {
    public static final int DEFAULT_OPS = 100;
    public static final int DEFAULT_WARMUP_OPS = 10;
    /** Default time allowed per cell: 100 fsyncs on a slow disk take a second, pg_test_fsync's setup writes 16 MiB. */
    public static final Duration DEFAULT_TIMEOUT_PER_CELL = Duration.ofSeconds(30);
    /** Default time allowed for the JVM to start and stop under strace, on top of the cells'. */
    public static final Duration DEFAULT_TIMEOUT_JVM = Duration.ofSeconds(60);
    /** JVM options of the witnessed process: no hsperfdata file, fewer GC threads, quicker start; none changes a workload's calls. */
    private static final List<String> JVM_OPTIONS = List.of("-XX:-UsePerfData", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final Path dir;
    private final Path java;
    private final String classpath;
    private final int ops;
    private final int warmupOps;
    private final Duration timeout;
    /** The main class of the witnessed JVM and any arguments of its own before WitnessMain's. */
    private final List<String> main;
    private final String straceSearchPath;
    private final Path traceCopy;

    private SyscallWitness(Path dir, Path java, String classpath, int ops, int warmupOps, Duration timeout,
                           List<String> main, String straceSearchPath, Path traceCopy) {
        this.dir = dir;
        this.java = java;
        this.classpath = classpath;
        this.ops = ops;
        this.warmupOps = warmupOps;
        this.timeout = timeout;
        this.main = main;
        this.straceSearchPath = straceSearchPath;
        this.traceCopy = traceCopy;
    }

    /** A witness for workloads in {@code dir}, run by this JVM's java on this JVM's classpath. */
    public static SyscallWitness in(Path dir) {
        return new SyscallWitness(dir, Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), DEFAULT_OPS, DEFAULT_WARMUP_OPS, null,
                List.of(WitnessMain.class.getName()), System.getenv().getOrDefault("PATH", ""), null);
    }

    /** Another JVM for the workloads (e.g. a JDK under test): its {@code bin/java}. */
    public SyscallWitness withJava(Path javaExecutable) {
        return new SyscallWitness(dir, javaExecutable, classpath, ops, warmupOps, timeout, main, straceSearchPath, traceCopy);
    }

    /** The classpath of the witnessed JVM (must hold durabench and its dependencies, e.g. benchmarks.jar). */
    public SyscallWitness withClasspath(String cp) {
        return new SyscallWitness(dir, java, cp, ops, warmupOps, timeout, main, straceSearchPath, traceCopy);
    }

    /** Measured operations per cell (between the markers), and unmeasured ones before them. */
    public SyscallWitness withOps(int measured, int warmup) {
        if (measured < 1 || warmup < 0) throw new IllegalArgumentException("need at least 1 measured and 0+ warmup operations");
        return new SyscallWitness(dir, java, classpath, measured, warmup, timeout, main, straceSearchPath, traceCopy);
    }

    /** The whole witnessed run's time limit (default: {@link #DEFAULT_TIMEOUT_JVM} + {@link #DEFAULT_TIMEOUT_PER_CELL} per cell). */
    public SyscallWitness withTimeout(Duration t) {
        return new SyscallWitness(dir, java, classpath, ops, warmupOps, t, main, straceSearchPath, traceCopy);
    }

    /** Also keep the raw strace output in {@code file} (for a failing verdict, it is the evidence). */
    public SyscallWitness withTraceCopy(Path file) {
        return new SyscallWitness(dir, java, classpath, ops, warmupOps, timeout, main, straceSearchPath, file);
    }

    /** Tests only: run another main class (a deliberately lying workload) on the test classpath, with its own leading arguments. */
    SyscallWitness withMainClass(String name, String... args) {
        List<String> m = new ArrayList<>(List.of(name));
        m.addAll(List.of(args));
        return new SyscallWitness(dir, java, classpath, ops, warmupOps, timeout, List.copyOf(m), straceSearchPath, traceCopy);
    }

    /** Tests only: where to look for the strace binary (the PATH value). */
    SyscallWitness withStraceSearchPath(String path) {
        return new SyscallWitness(dir, java, classpath, ops, warmupOps, timeout, main, path, traceCopy);
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
        Path work;
        try {
            realDir = dir.toRealPath().toString();
            work = Files.createTempDirectory("durabench-witness-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the witness: " + e.getMessage(), e);
        }
        try {
            return run(strace, realDir, work, cells);
        } finally {
            deleteTree(work);
        }
    }

    private WitnessReport run(Path strace, String realDir, Path work, List<SizedCell> cells) {
        HexFormat hex = HexFormat.of();
        String token = hex.toHexDigits(ThreadLocalRandom.current().nextLong()) + hex.toHexDigits(ThreadLocalRandom.current().nextLong());
        Path trace = work.resolve("trace.txt");
        File stdout = work.resolve("stdout.txt").toFile();
        File stderr = work.resolve("stderr.txt").toFile();
        List<String> command = command(strace, trace, realDir, token, cells);
        Duration limit = timeout != null ? timeout : DEFAULT_TIMEOUT_JVM.plus(DEFAULT_TIMEOUT_PER_CELL.multipliedBy(cells.size()));
        long start = System.nanoTime();
        Process p;
        try {
            p = new ProcessBuilder(command).redirectOutput(stdout).redirectError(stderr).start();
        } catch (IOException e) {
            throw new WitnessUnavailableException("cannot start " + strace + ": " + e.getMessage(), e);
        }
        boolean finished;
        try {
            finished = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            killTree(p);
            Thread.currentThread().interrupt();
            throw unavailable("interrupted while the witnessed JVM ran; killed it", trace, realDir, stderr);
        } finally {
            if (p.isAlive()) killTree(p);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        if (traceCopy != null && Files.exists(trace)) copy(trace, traceCopy);
        if (!finished) throw unavailable("the witnessed JVM did not finish within " + limit.toSeconds() + " s; killed it", trace, realDir, stderr);
        if (p.exitValue() != 0) throw unavailable("the witnessed JVM (under strace) exited with " + p.exitValue(), trace, realDir, stderr);
        List<FileCall> calls;
        try {
            calls = FileCalls.of(StraceTrace.read(trace));
        } catch (IllegalArgumentException e) {
            throw new WitnessUnavailableException("the trace of the witnessed JVM is not readable: " + e.getMessage(), e);
        }
        List<String> problems = WitnessLeftovers.removeCreatedFiles(calls, realDir);
        List<CellVerdict> verdicts = new WitnessJudge(calls, token, realDir, ops)
                .judge(cells, WitnessProcessOutput.results(stdout, cells.size()));
        return new WitnessReport(verdicts, problems, java.toString(), elapsed);
    }

    /** No verdict: says why, with the end of the JVM's stderr, after deleting what the process left behind. */
    private static WitnessUnavailableException unavailable(String why, Path trace, String realDir, File stderr) {
        List<String> left = WitnessLeftovers.removeCreatedFiles(WitnessLeftovers.callsOfKilledRun(trace), realDir);
        return new WitnessUnavailableException(why + WitnessProcessOutput.tail(stderr) + (left.isEmpty() ? "" : "; " + String.join("; ", left)));
    }

    /** strace and its options, writing {@code trace}: what runs a witnessed JVM (this witness's, or a lock-step side's). */
    static List<String> tracer(Path strace, Path trace) {
        return List.of(strace.toString(), "-f", "-y", "-qq", "-s", "0", "--seccomp-bpf",
                "-e", "signal=none", "-e", "trace=" + String.join(",", StraceTrace.TRACED_CALLS), "-o", trace.toString());
    }

    List<String> command(Path strace, Path trace, String realDir, String token, List<SizedCell> cells) {
        List<String> c = new ArrayList<>(tracer(strace, trace));
        c.add(java.toString());
        c.addAll(JVM_OPTIONS);
        c.addAll(List.of("-cp", classpath));
        c.addAll(main);
        c.addAll(List.of("--dir", realDir, "--token", token,
                "--ops", String.valueOf(ops), "--warmup", String.valueOf(warmupOps)));
        for (SizedCell cell : cells) c.addAll(List.of(WitnessMain.SIZE, WitnessMain.sizeText(cell.size()), cell.spec()));
        return c;
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

    /** The JVM first (strace detaches from, rather than kills, what it traces), then strace. */
    private static void killTree(Process p) {
        List<ProcessHandle> tree = new ArrayList<>(p.toHandle().descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        for (ProcessHandle h : tree) h.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> h).join();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the trace to " + to + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the witness's temporary files in " + root + ": " + e.getMessage(), e);
        }
    }
}
