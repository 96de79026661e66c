package io.durabench.child;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One started child process, as every durabench parent runs one: stdout and stderr go to files in a
 * private temporary folder (so the parent does nothing at all while the child measures, and a child
 * that prints much never blocks on a full pipe), stdin is /dev/null unless the caller writes to it,
 * {@link #await} waits at most a given time, and the process tree is killed when it outlives that or
 * the parent is interrupted. {@link #close} kills what still runs and deletes the folder. A child
 * that serves the parent over pipes for as long as the parent keeps it is {@link #startPiped}.
 *
 * <pre>
 * try (ChildProcess p = ChildProcess.start(jvm.command(), "fork 3 of etcd-check")) {
 *     ChildProcess.Exit e = p.await(Duration.ofMinutes(5));
 *     for (JsonObject r : ResultLines.parse(e.stdout())) ...
 * }
 * </pre>
 */
public final class ChildProcess implements AutoCloseable {
    private static final File DEV_NULL = new File("/dev/null");

    private final Process process;
    private final Path folder;
    private final String what;
    private final boolean merged;

    /** How the child ended: its exit code and everything it printed on stdout and on stderr. */
    public record Exit(int code, List<String> stdout, List<String> stderr) {
        public Exit {
            stdout = List.copyOf(stdout);
            stderr = List.copyOf(stderr);
        }

        /** "exit 3: the end of stderr" for messages ({@link #stderrTail}). */
        public String describe() {
            String tail = stderrTail();
            return "exit " + code + (tail.isEmpty() ? "" : ": " + tail);
        }

        /**
         * The last few lines of stderr, joined on one line ("" when it printed nothing). A stack
         * trace's frames are left out: the end of a JVM's uncaught exception is frames, and its
         * message and causes are what says why.
         */
        public String stderrTail() {
            return tail(stderr);
        }
    }

    private ChildProcess(Process process, Path folder, String what, boolean merged) {
        this.process = process;
        this.folder = folder;
        this.what = what;
        this.merged = merged;
    }

    /** Starts {@code command}; {@code what} names it in messages ("side B of fork pair 2"). Stdin is /dev/null. */
    public static ChildProcess start(List<String> command, String what) {
        return start(command, what, false);
    }

    /** As {@link #start(List, String)}; with {@code keepStdin} the caller writes to {@link #stdin()} and closes it. */
    public static ChildProcess start(List<String> command, String what, boolean keepStdin) {
        return start(folder -> command, what, keepStdin);
    }

    /**
     * As {@link #start(List, String, boolean)}, for a command that writes a file of its own (strace's
     * {@code -o}): {@code commandIn} is given the private folder to name it in, and {@link #file} reads
     * it back before {@link #close} deletes it with the rest. The names stdout and stderr are taken.
     */
    public static ChildProcess start(Function<Path, List<String>> commandIn, String what, boolean keepStdin) {
        return inFolder(commandIn, what, keepStdin, false);
    }

    /**
     * As {@link #start(List, String)}, stderr going into the stdout file as the child prints them, for a
     * tool whose last or first words may come on either stream (a JVM's {@code -version}, taskset):
     * the {@link Exit}'s stdout and stderr are then the same lines, both streams in order.
     */
    public static ChildProcess startMerged(List<String> command, String what) {
        return inFolder(folder -> command, what, false, true);
    }

    /**
     * Starts {@code command} to talk with over pipes, for as long as the parent keeps it (JMH's host):
     * the caller writes to {@link #stdin()} and reads {@link #stdout()}; its stderr is this JVM's own, so
     * the user sees it as it comes and nothing is kept to name. The end of its stdin is the child's cue
     * to exit, and a parent that dies closes it too. {@link #close} kills the tree if it still runs.
     */
    public static ChildProcess startPiped(List<String> command, String what) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new ChildProcess(p, null, what, false);
        } catch (IOException e) {
            throw new ChildFailedException("cannot start " + what + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
    }

    private static ChildProcess inFolder(Function<Path, List<String>> commandIn, String what, boolean keepStdin, boolean merged) {
        Path folder;
        try {
            folder = TempFolders.create("durabench-child-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary folder for " + what + ": " + e.getMessage(), e);
        }
        List<String> command;
        try {
            command = commandIn.apply(folder);
        } catch (RuntimeException e) {
            deleteTree(folder);
            throw e;
        }
        try {
            ProcessBuilder b = new ProcessBuilder(command).redirectOutput(folder.resolve("stdout").toFile());
            if (merged) b.redirectErrorStream(true);
            else b.redirectError(folder.resolve("stderr").toFile());
            if (!keepStdin) b.redirectInput(ProcessBuilder.Redirect.from(DEV_NULL));
            return new ChildProcess(b.start(), folder, what, merged);
        } catch (IOException e) {
            deleteTree(folder);
            throw new ChildFailedException("cannot start " + what + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
    }

    /** A file the command was told to write in the private folder ({@link #start(Function, String, boolean)}). */
    public Path file(String name) {
        return folder.resolve(name);
    }

    public java.io.OutputStream stdin() {
        return process.getOutputStream();
    }

    /** What a {@link #startPiped} child writes to the parent. */
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** The exit code of a child that has ended ({@link #isAlive} false). */
    public int exitCode() {
        return process.exitValue();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits for the child to end, at most {@code limit}; then reads what it printed. A child still
     * running then is killed (with its descendants) and is a {@link ChildFailedException} naming
     * it, the limit and the end of its stderr; so is an interrupt of the waiting thread (which is
     * interrupted again).
     */
    public Exit await(Duration limit) {
        boolean done;
        try {
            done = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
            throw new ChildFailedException("interrupted while " + what + " ran; killed it", e);
        }
        if (!done) throw outlived(limit);
        return exit();
    }

    /**
     * As {@link #await}, but an interrupt does not end the wait (it is kept for the caller): for what
     * must run to its end even from an interrupted thread, such as the lab's teardown. The limit
     * still holds.
     */
    public Exit awaitUninterruptibly(Duration limit) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (true) {
                try {
                    if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) throw outlived(limit);
                    return exit();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private ChildFailedException outlived(Duration limit) {
        kill();
        return new ChildFailedException(what + " did not finish within " + limit.toSeconds() + " s; killed it" + tailText());
    }

    private Exit exit() {
        List<String> out = lines("stdout");
        return new Exit(process.exitValue(), out, merged ? out : lines("stderr"));
    }

    /** Kills the child and everything it started, and waits (briefly) for them to go. */
    public void kill() {
        List<ProcessHandle> tree = new ArrayList<>(process.toHandle().descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        for (ProcessHandle h : tree) h.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> h).join();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The end of stderr so far, as {@link Exit#stderrTail} says it. */
    public String stderrTail() {
        return tail(lines(merged ? "stdout" : "stderr"));
    }

    private static String tail(List<String> stderr) {
        List<String> err = stderr.stream().map(String::strip).filter(s -> !s.isEmpty() && !isFrame(s)).toList();
        return String.join(" | ", err.subList(Math.max(0, err.size() - 3), err.size()));
    }

    /** "at pkg.Class.method(File.java:12)" or "... 4 more". */
    private static boolean isFrame(String stripped) {
        return stripped.startsWith("at ") || stripped.matches("\\.\\.\\. \\d+ more");
    }

    private String tailText() {
        String t = stderrTail();
        return t.isEmpty() ? "" : " (its stderr: " + t + ")";
    }

    private List<String> lines(String name) {
        if (folder == null) return List.of(); // piped: nothing kept
        try {
            Path f = folder.resolve(name);
            return Files.exists(f) ? Files.readAllLines(f, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + name + " of " + what + ": " + e.getMessage(), e);
        }
    }

    /** Kills the child if it still runs, and deletes its output files. */
    @Override
    public void close() {
        if (process.isAlive()) kill();
        if (folder != null) deleteTree(folder);
    }

    private static void deleteTree(Path root) {
        TempFolders.delete(root);
    }
}
